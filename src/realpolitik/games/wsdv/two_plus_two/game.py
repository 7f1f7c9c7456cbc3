"""The 2+2 game definition: four seats in two teams, the base game's options and the expansion's."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Option

from ..game import Wsdv
from ..layout import TWO_PLUS_TWO
from . import rules
from .content import load
from .state import TwoPlusTwoState


class TwoPlusTwo(Wsdv):
    """Wir sind das Volk! 2+2 (Histogame 2017): USA and West against the Soviet Union and East."""

    id = "wsdv-2p2"
    title = "Wir sind das Volk! 2+2"
    rules_version = "1"
    min_players = 4
    max_players = 4
    layout = TWO_PLUS_TWO
    options = Wsdv.options + (
        Option("expansion", "", "path of an own 2+2 content file replacing the stand-in cards, decks and tracks "
               "(same format as two_plus_two/data/expansion.toml; check it with `realpolitik content validate`)",
               local_file=True),
        Option("table_talk", "none", "how much partners may talk (seed 001 §14): not at all, or hints and "
               "advice between partners — never about hand cards", ("none", "partners")),
    )

    def teams(self, players: int) -> tuple[int, ...]:
        """Yellow (USA, West) against red (Soviet Union, East)."""
        return tuple(self.layout.side)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> TwoPlusTwoState:
        st = TwoPlusTwoState.__new__(TwoPlusTwoState)
        st._init_base(self, players, options, seed)
        st.content = load(options["content"], options["expansion"])
        st.layout = self.layout
        rules.setup(st)
        return st
