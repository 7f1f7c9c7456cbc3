"""Every action text 1815 and 1815 2vs2 can write (``Game.action_texts``): lands and powers by key, unit
groups by count and kind, from the map and the rules with the game's own ``grammar`` builders.

A move or a commitment names up to a player's whole supply of a kind (``rules.supply``); a supply
(Nachschub) names every group worth at most ``rules.nachschub.ep`` EP; ``spend`` names up to the
marker cap.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import TYPE_CHECKING

from . import grammar
from .content import KINDS

if TYPE_CHECKING:
    from .state import E1815State as S


def every_text(st: S) -> Iterator[str]:
    """The texts in a fixed order, for a freshly set-up ``st`` (read for its content only)."""
    rules, board = st.content.rules, st.content.board
    lands = [land.key for land in board.lands]
    most = (rules.supply.inf, rules.supply.cav, rules.supply.art)
    yield from (grammar.power(p.key) for p in board.powers)
    for verb in (grammar.capital, grammar.claim, grammar.fortify, grammar.convert, grammar.buy, grammar.attack,
                 grammar.to, grammar.general_to, grammar.cede, grammar.transfer):
        yield from (verb(key) for key in lands)
    yield from (grammar.meddle(key, kind) for key in lands for kind in KINDS)
    yield from (grammar.place(key, kind) for key in lands for kind in KINDS)
    budget, ep = rules.nachschub.ep, st.content.ep
    groups = [g for g in product(*(range(min(m, budget // e) + 1) for m, e in zip(most, ep, strict=True)))
              if 0 < sum(n * e for n, e in zip(g, ep, strict=True)) <= budget]
    yield from (grammar.supply(key, g) for key in lands for g in groups)
    for verb, general in ((grammar.move, grammar.move_general), (grammar.commit, grammar.commit_general)):
        for key in lands:
            for kind, m in zip(KINDS, most, strict=True):
                yield from (verb(key, n, kind) for n in range(1, m + 1))
            yield general(key)
    yield from (grammar.spend(k) for k in range(rules.markers.cap + 1))
    yield from (grammar.RELOCATE, grammar.END_TURN, grammar.END_RELOCATION, grammar.DONE, grammar.GO,
                grammar.GIVE_MARKER, grammar.NO_TEAM_ACTION)
