"""Actions that ask for a second thought in Wir sind das Volk! (and 2+2): removing unrest
with a card not of your own colour, which costs one of your build points — a dismantling
the rules demand right after it (§4.1, §4.2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import Text, t

from . import grammar
from .rules import costs_a_build_point

if TYPE_CHECKING:
    from .state import WsdvState as S


def grave(st: S, action: str) -> Text | None:
    verb, *args = grammar.words(action)
    if verb in ("take", "play") and len(args) == 2 and args[1] == "calm" and args[0] in st.content.cards:
        if costs_a_build_point(st.card(args[0]), st.side(st.to_act)):
            return t("This card is not of your colour: removing unrest with it costs you one of your build "
                     "points, which you dismantle right after.")
    return None
