"""Actions that ask for a second thought in Wir sind das Volk! (and 2+2): one that surely
ends the game — only the end of a decade can (§8), so only an action within it or one that
takes the last card of the decade's display may —, and removing unrest with a card not of
your own colour, which costs one of your build points: a dismantling the rules demand right
after it (§4.1, §4.2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine.foresight import ends_the_game
from realpolitik.i18n import Text, t

from . import grammar
from .sequence import costs_a_build_point

if TYPE_CHECKING:
    from .state import WsdvState as S


def decade_may_end(st: S) -> bool:
    """Whether the end of the decade is under way or may begin within the next action: the last
    sub-decade's display is down to the card whose taking ends it (§3.4)."""
    last_half = st.half == len(st.layout.display)
    return st.eod >= 0 or (last_half and len(st.display) <= st.layout.last_cards + 1)


def grave(st: S, action: str) -> Text | None:
    if decade_may_end(st) and ends_the_game(st, action):
        return t("This ends the game.")
    verb, *args = grammar.words(action)
    if verb in ("take", "play") and len(args) == 2 and args[1] == "calm" and args[0] in st.content.cards:
        if costs_a_build_point(st.card(args[0]), st.side(st.to_act)):
            return t("This card is not of your colour: removing unrest with it costs you one of your build "
                     "points, which you dismantle right after.")
    return None
