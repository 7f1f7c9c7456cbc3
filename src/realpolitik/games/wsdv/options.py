"""Wir sind das Volk!'s rule options (``st.opts``): the rules edition, decisions where the rule book
is not available to us (docs/games/wsdv.md) and an own cards file."""

from __future__ import annotations

from dataclasses import dataclass

from realpolitik.engine import OptionChoices, Options, option
from realpolitik.i18n import t


class Edition(OptionChoices):
    """The set-up and special-card rules (each a ``setups`` entry of the cards file)."""

    VERSION_2016 = "2016"
    FIRST_2014 = "2014"


class LsTopUp(OptionChoices):
    SPLIT = "split"
    ONE_PROVINCE = "one-province"


class BerlinTolerance(OptionChoices):
    SAME = "same"
    NONE = "none"


class ProtestRemoval(OptionChoices):
    TO_THREE = "to-three"
    ONE = "one"


@dataclass(frozen=True, slots=True)
class WsdvOptions(Options):
    """The options of a game of Wir sind das Volk!."""

    setup: str = option(
        Edition.VERSION_2016, "set-up and special-card rules: version 2.0 of January 2016 (2/3 unrest, 1 "
        "socialist, special-card drawback) or the original 2014 rules (docs/games/wsdv.md)",
        choices=Edition,
        label=t("Rules edition"),
        about=t("Version 2.0 of January 2016: less unrest in three western provinces at the start, one "
                "socialist in the holding box and special cards with a drawback; or the first edition of "
                "2014."),
        choice_labels=(t("version 2.0 (2016)"), t("first edition (2014)")))
    ls_top_up: str = option(
        LsTopUp.SPLIT, "card points topping up the economy for living standard may be split over several "
        "provinces, at most 2 each, or go to one province only (decision 2 of docs/games/wsdv.md)",
        choices=LsTopUp,
        label=t("Topping up the economy"),
        about=t("Card points that top up the economy when you raise living standards may be split over "
                "several provinces, at most 2 each, or go to one province only."),
        choice_labels=(t("split, at most 2 per province"), t("one province only")))
    berlin_tolerance: str = option(
        BerlinTolerance.SAME, "internal comparison: West Berlin tolerates 1 LS below the top like every province, "
        "or none as the reference implementation does (decision 4 of docs/games/wsdv.md)",
        choices=BerlinTolerance,
        label=t("West Berlin in the internal comparison"),
        about=t("In the internal comparison West Berlin may lie 1 living standard below the top like every "
                "province, or not at all."),
        choice_labels=(t("like every province"), t("no lower than the top")))
    protest_removal: str = option(
        ProtestRemoval.TO_THREE, "the 'remove mass protest' icon sets the province to 3 unrest, or removes 4 "
        "unrest (decision 6 of docs/games/wsdv.md)",
        choices=ProtestRemoval,
        label=t("Ending a mass protest"),
        about=t("When a card's icon ends a mass protest, the province goes back to 3 unrest, or loses 4 "
                "unrest."),
        choice_labels=(t("back to 3 unrest"), t("4 unrest less")))
    supplier_protests: bool = option(
        True, "a new West Berlin mass protest also puts one into a supplier province East names (decision 5 of "
        "docs/games/wsdv.md)",
        label=t("Protests spread to a supplier"),
        about=t("A new mass protest in West Berlin also starts one in a supplier province that East names."))
    content: str = option(
        "", "path of an own cards file replacing the built-in cards (same format as data/cards.toml)",
        local_file=True,
        label=t("Own cards"),
        about=t("Your own cards from a file, instead of the built-in ones."))
