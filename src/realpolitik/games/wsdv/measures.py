"""What the balance lab reads of a Wir sind das Volk! game (``realpolitik analyze``): the four
tracks, unrest and mass protests per German state, sampled at every half decade, and the card
each ``play``/``take`` action plays. Everything read here lies open on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import parse
from realpolitik.i18n import t

from . import board, common
from .content import EAST, SIDES, WEST

if TYPE_CHECKING:
    from .state import WsdvState as S

#: what the clock counts: decades, a half decade being half of one
CLOCK = t("decade")
#: the tracks, by the keys :func:`tracks` gives them
TRACKS = {"prestige": t("prestige"), "currency": t("currency"), "socialism": t("socialism"), "flight": t("flight"),
          "unrest": t("unrest"), "mass_protests": t("mass protests")}
#: parts of a decade the clock steps by
PARTS = 2


def clock(st: S) -> float:
    """The decade, counting each part of it as a fraction (1, 1.5, 2, …)."""
    return part_of_decade(st, PARTS)


def part_of_decade(st: S, parts: int) -> float:
    """The decade and the part of it under way; a new decade's part is still the last one's until
    its deal (after the discards before it), and counts as its start."""
    if any(isinstance(frame, st.Deal) for frame in st.stack):
        return float(st.decade)
    return round(st.decade + (max(st.half, 1) - 1) / parts, 3)


def tracks(st: S) -> dict[str, dict[str, float]]:
    """The four tracks and, per German state, its unrest and its mass protests."""
    unrest = {SIDES[s]: sum(st.unrest[p] for p in st.content.of_side[s]) for s in (WEST, EAST)}
    return {"prestige": {"": st.prestige}, "currency": {"": st.currency}, "socialism": {"": st.socialism},
            "flight": {"": st.flight}, "unrest": unrest,
            "mass_protests": {SIDES[s]: board.side_protests(st, s) for s in (WEST, EAST)}}


def card(st: S, action: str) -> tuple[str, str] | None:
    """The card ``action`` plays (``play`` or ``take`` from the display): its key and name."""
    verb, args = parse(action)
    key = str(args[0]) if args else ""
    if verb in ("play", "take") and key in st.content.cards:
        return key, common.name(st, key)
    return None
