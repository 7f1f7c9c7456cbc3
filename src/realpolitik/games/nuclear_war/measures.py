"""What the balance lab reads of a Nuclear War game (``realpolitik analyze``): each nation's
population, sampled at every turn, and the card each ``place`` action puts into play or each
``intercept`` fires (secret cards play themselves when drawn: nobody chooses them).

Population cards lie face down at the table; the lab reads them after the game, out of every
seat's sight (bots never see what it reads), as it reads cards placed face down that the
game turns up later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import parse
from realpolitik.i18n import Text, t

if TYPE_CHECKING:
    from .state import NuclearWarState as S

CLOCK = t("turn")
TRACKS = {"population": t("population (millions)")}


def clock(st: S) -> int:
    """The turn: one step for every turn a nation takes."""
    return st.tick


def tracks(st: S) -> dict[str, dict[str, float]]:
    """Each nation's population in millions."""
    return {"population": {label: st.population(s) for s, label in enumerate(st.seats)}}


def card(st: S, action: str) -> tuple[str, Text] | None:
    """The card ``action`` places (from the hand or the deterrent force) or intercepts with: its key and name."""
    verb, args = parse(action)
    if verb in ("place", "intercept") and args:
        key = str(args[-1])
        return key, st.name(key)
    return None
