"""The 2+2 game definition: four seats in two teams, the base game's options and the expansion's."""

from __future__ import annotations

from copy import copy
from typing import Any

from realpolitik.engine import Game
from realpolitik.i18n import Text, t

from ..game import Wsdv
from ..layout import TWO_PLUS_TWO
from . import action_texts, heuristic, measures, setup
from .content import load
from .options import TwoPlusTwoOptions
from .state import TwoPlusTwoState


class TwoPlusTwo(Wsdv):
    """Wir sind das Volk! 2+2 (Histogame 2017): USA and West against the Soviet Union and East."""

    id = "wsdv-2p2"
    title = "Wir sind das Volk! 2+2"
    #: 2: the active player chooses which superpower draws its arms-race card first when both draw, and a
    #: superpower in the red cannot ignore the income of the dual event it triggered (§8, §6.6); records of
    #: version 1 (the active side's superpower first, the income ignorable) replay (``at_version``)
    rules_version = "2"
    older_versions = ("1",)
    #: rules version 2's readings (§8, §6.6); version 1 has neither
    active_orders_draws = True
    red_keeps_income = True
    min_players = 4
    max_players = 4
    layout = TWO_PLUS_TWO
    summary = t("Wir sind das Volk! for four in two teams: USA and West against the Soviet Union and East. The "
                "superpowers add the arms race, the space race and global dominance; only one player wins.")
    length = t("about 3 hours")
    Options = TwoPlusTwoOptions
    bots = {"heuristic": heuristic.HeuristicBot}
    evaluate = staticmethod(heuristic.win_chances)
    measures = measures
    action_texts = staticmethod(action_texts.every_text)
    #: measured: longer random 2+2 playouts drown the estimate; 12 000 apply calls take about
    #: a second of CPU per decision (60 000 took 4.7–5.9 s)
    bot_defaults = {"ismcts": {"depth": 10, "budget": 12000}}
    #: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
    #: ``python tools/calibrate_review.py wsdv-2p2 --fit --games 15 --seed 1000 --workers 2``
    pseudo_playouts = 2

    def at_version(self, version: str) -> Game | None:
        """Version 1 plays without version 2's two readings."""
        if version != "1":
            return super().at_version(version)
        other = copy(self)
        other.rules_version, other.active_orders_draws, other.red_keeps_income = version, False, False
        return other

    def teams(self, players: int) -> tuple[int, ...]:
        """Yellow (USA, West) against red (Soviet Union, East)."""
        return tuple(self.layout.side)

    def team_titles(self, players: int) -> tuple[Text, ...]:
        """By side, West's (0) then East's (1): the yellow players (USA, West), the red ones (Soviet Union, East)."""
        return t("yellow team"), t("red team")

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> TwoPlusTwoState:
        st = TwoPlusTwoState.__new__(TwoPlusTwoState)
        st._init_base(self, players, options, seed)
        st.content = load(st.opts.content, st.opts.expansion)
        st.layout = self.layout
        setup.setup(st)
        return st
