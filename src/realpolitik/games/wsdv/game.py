"""The Wir sind das Volk! game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Game, Option

from . import rules
from .content import load
from .layout import BASE, Layout
from .state import WsdvState


class Wsdv(Game):
    """Wir sind das Volk! (Histogame 2014), the two-player base game: West against East."""

    id = "wsdv"
    title = "Wir sind das Volk!"
    rules_version = "1"
    min_players = 2
    max_players = 2
    layout: Layout = BASE
    options = (
        Option("setup", "2016", "set-up and special-card rules: version 2.0 of January 2016 (2/3 unrest, 1 "
               "socialist, special-card drawback) or the original 2014 rules (spec §2.2)", ("2016", "2014")),
        Option("ls_top_up", "split", "card points topping up the economy for living standard may be split over "
               "several provinces, at most 2 each, or go to one province only (spec §11.1 #2)",
               ("split", "one-province")),
        Option("berlin_tolerance", "same", "internal comparison: West Berlin tolerates 1 LS below the top like "
               "every province, or none as the reference implementation does (spec §11.1 #4)",
               ("same", "none")),
        Option("protest_removal", "to-three", "the 'remove mass protest' icon sets the province to 3 unrest, or "
               "removes 4 unrest (spec §11.1 #6)", ("to-three", "one")),
        Option("supplier_protests", True, "a new West Berlin mass protest also puts one into a supplier province "
               "East names (spec §6.3, §11.1 #5)"),
        Option("content", "", "path of an own cards file replacing the built-in cards (same format as "
               "data/cards.toml)", local_file=True),
    )

    def seat_labels(self, players: int) -> tuple[str, ...]:
        return self.layout.seats

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> WsdvState:
        st = WsdvState.__new__(WsdvState)
        st._init_base(self, players, options, seed)
        st.content = load(options["content"])
        st.layout = self.layout
        rules.setup(st)
        return st
