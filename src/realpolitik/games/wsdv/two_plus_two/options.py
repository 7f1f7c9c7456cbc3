"""Wir sind das Volk! 2+2's rule options (``st.opts``): the base game's and the expansion's own."""

from __future__ import annotations

from dataclasses import dataclass

from realpolitik.engine import OptionChoices, option
from realpolitik.i18n import t

from ..options import WsdvOptions


class TableTalk(OptionChoices):
    NONE = "none"
    PARTNERS = "partners"


@dataclass(frozen=True, slots=True)
class TwoPlusTwoOptions(WsdvOptions):
    """The options of a game of 2+2: the base game's, then the expansion's."""

    expansion: str = option(
        "", "path of an own 2+2 content file replacing the stand-in cards, decks and tracks (same format as "
        "two_plus_two/data/expansion.toml; check it with `realpolitik content validate`)",
        local_file=True,
        label=t("Own 2+2 content"),
        about=t("Your own 2+2 cards, decks and tracks from a file, instead of the stand-in ones."))
    table_talk: str = option(
        TableTalk.NONE, "how much partners may talk (the 2+2 rule book, §14): not at all, or hints and advice "
        "between partners — never about hand cards",
        choices=TableTalk,
        label=t("Table talk"),
        about=t("How much partners may talk: not at all, or hints and advice in the team chat — never "
                "about hand cards."),
        choice_labels=(t("no talk"), t("partners may talk")))
