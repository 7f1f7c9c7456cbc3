"""The Wir sind das Volk! game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import Game, Option
from realpolitik.i18n import Text, t

from . import setup
from .content import load
from .layout import BASE, Layout
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
    options = (
        Option("setup", "2016", "set-up and special-card rules: version 2.0 of January 2016 (2/3 unrest, 1 "
               "socialist, special-card drawback) or the original 2014 rules (docs/games/wsdv.md)", ("2016", "2014"),
               label=t("Rules edition"),
               about=t("Version 2.0 of January 2016: less unrest in three western provinces at the start, one "
                       "socialist in the holding box and special cards with a drawback; or the first edition of "
                       "2014."),
               choice_labels=(t("version 2.0 (2016)"), t("first edition (2014)"))),
        Option("ls_top_up", "split", "card points topping up the economy for living standard may be split over "
               "several provinces, at most 2 each, or go to one province only (decision 2 of docs/games/wsdv.md)",
               ("split", "one-province"),
               label=t("Topping up the economy"),
               about=t("Card points that top up the economy when you raise living standards may be split over "
                       "several provinces, at most 2 each, or go to one province only."),
               choice_labels=(t("split, at most 2 per province"), t("one province only"))),
        Option("berlin_tolerance", "same", "internal comparison: West Berlin tolerates 1 LS below the top like "
               "every province, or none as the reference implementation does (decision 4 of docs/games/wsdv.md)",
               ("same", "none"),
               label=t("West Berlin in the internal comparison"),
               about=t("In the internal comparison West Berlin may lie 1 living standard below the top like every "
                       "province, or not at all."),
               choice_labels=(t("like every province"), t("no lower than the top"))),
        Option("protest_removal", "to-three", "the 'remove mass protest' icon sets the province to 3 unrest, or "
               "removes 4 unrest (decision 6 of docs/games/wsdv.md)", ("to-three", "one"),
               label=t("Ending a mass protest"),
               about=t("When a card's icon ends a mass protest, the province goes back to 3 unrest, or loses 4 "
                       "unrest."),
               choice_labels=(t("back to 3 unrest"), t("4 unrest less"))),
        Option("supplier_protests", True, "a new West Berlin mass protest also puts one into a supplier province "
               "East names (decision 5 of docs/games/wsdv.md)",
               label=t("Protests spread to a supplier"),
               about=t("A new mass protest in West Berlin also starts one in a supplier province that East names.")),
        Option("content", "", "path of an own cards file replacing the built-in cards (same format as "
               "data/cards.toml)", local_file=True, label=t("Own cards"),
               about=t("Your own cards from a file, instead of the built-in ones.")),
    )

    def seat_labels(self, players: int) -> tuple[str, ...]:
        return self.layout.seats

    def seat_titles(self, players: int) -> tuple[Text, ...]:
        return tuple(SEAT_TITLES[seat] for seat in self.layout.seats)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> WsdvState:
        st = WsdvState.__new__(WsdvState)
        st._init_base(self, players, options, seed)
        st.content = load(options["content"])
        st.layout = self.layout
        setup.setup(st)
        return st
