"""The Wir sind das Volk! game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Game
from realpolitik.games import LEVELS
from realpolitik.i18n import Text, t

from . import action_texts, heuristic, measures, setup
from .content import load
from .layout import BASE, Layout
from .options import WsdvOptions
from .state import WsdvState

#: what players call each seat of a layout
SEAT_TITLES = {"west": t("West"), "east": t("East"), "usa": t("USA"), "ussr": t("Soviet Union")}


class Wsdv(Game):
    """Wir sind das Volk! (Histogame 2014), the two-player base game: West against East."""

    id = "wsdv"
    title = "Wir sind das Volk!"
    rules_version = "1"
    min_players = 2
    max_players = 2
    layout: Layout = BASE
    summary = t("West Germany against East Germany over four decades: build up the economy, raise living "
                "standards and keep unrest down. A state with four mass protests collapses.")
    length = t("about 2–3 hours")
    Options = WsdvOptions
    levels = LEVELS
    bots = {"heuristic": heuristic.HeuristicBot}
    evaluate = staticmethod(heuristic.win_chances)
    measures = measures
    action_texts = staticmethod(action_texts.every_text)
    #: about a second of CPU per decision (the engine's 60 000 apply calls took 2.6–3.6 s)
    bot_defaults = {"ismcts": {"budget": 20000}}
    #: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
    #: ``python tools/calibrate_review.py wsdv --fit --games 30 --seed 1000 --workers 2``
    pseudo_playouts = 4

    def seat_labels(self, players: int) -> tuple[str, ...]:
        return self.layout.seats

    def seat_titles(self, players: int) -> tuple[Text, ...]:
        return tuple(SEAT_TITLES[seat] for seat in self.layout.seats)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> WsdvState:
        st = WsdvState.__new__(WsdvState)
        st._init_base(self, players, options, seed)
        st.content = load(st.opts.content)
        st.layout = self.layout
        setup.setup(st)
        return st
