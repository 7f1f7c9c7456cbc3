"""Every action text 2+2 can write (``Game.action_texts``): the base game's (``wsdv/action_texts.py``)
with 2+2's uses, arrows and bonus tracks, and the texts of its own rules.

The prestige/dominance split names arrows of up to ``ARROW_STEPS`` steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .. import grammar
from ..action_texts import shared_texts
from .content import ARROWS

if TYPE_CHECKING:
    from .state import TwoPlusTwoState as S

#: the longest arrow a 2+2 card prints (a prestige arrow may be split between two markers)
ARROW_STEPS = 6
#: the 2+2 tracks an event step may shift, and the colours of their markers
SHIFTS = (("dominance", "prestige"), ("yellow", "red"))


def every_text(st: S) -> Iterator[str]:
    """The texts in a fixed order, for a freshly set-up ``st`` (read for its content only)."""
    c = st.content
    longest = max(len(spaces) for track in (c.prestige, *c.track_icons.values()) for spaces in track)
    yield from shared_texts(st, grammar.USES, ARROWS, longest)
    yield from (grammar.ignore(f"{track}-{colour}") for track in ARROWS for colour in SHIFTS[1])
    yield from (grammar.shift(track, colour) for track in SHIFTS[0] for colour in SHIFTS[1])
    yield from (grammar.convert(n - d, d) for n in range(1, ARROW_STEPS + 1) for d in range(n + 1))
    yield from (grammar.YELLOW_DRAWS, grammar.INCOME)
    yield from (grammar.first(power) for power in ("usa", "ussr"))
