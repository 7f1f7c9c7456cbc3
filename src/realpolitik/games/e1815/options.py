"""1815's rule options (``st.opts``): those of the base game, and the team variant's on top.

Both games play the same rules, so the base game's options hold the team variant's too, at the
values the base game plays by without offering them (a plain default, no ``option``): the 1815
map, no loyalty, the last team action within the 1½ move. Their order is the team variant's.
"""

from __future__ import annotations

from dataclasses import dataclass

from realpolitik.engine import OptionChoices, Options, option
from realpolitik.i18n import t

from .content import load_rules


class Map(OptionChoices):
    """The built-in maps (``data/map_<name>.toml``)."""

    EUROPE_1815 = "1815"
    NORTH_AMERICA_1715 = "1715"


class StartPlayer(OptionChoices):
    ROTATE = "rotate"
    FIXED = "fixed"


class LastTeamAction(OptionChoices):
    BEFORE_HALF = "before-half"
    AFTER_HALF = "after-half"


@dataclass(frozen=True, slots=True)
class E1815Options(Options):
    """The options of a game of 1815 (every player for himself)."""

    map: str = Map.EUROPE_1815
    max_years: int = option(
        load_rules().scoring.max_years, "year limit (U27), after which the most SP win; 0 = none",
        minimum=0, maximum=100,
        label=t("Year limit"),
        about=t("After this many years whoever has the most SP wins. 0: no limit."))
    start_player: str = option(
        load_rules().turn.start_player, "who opens a year: rotate (the last summer player, who had the 1½ move, "
        "opens the next one) or fixed (always p1)",
        choices=StartPlayer,
        label=t("Who opens a year"),
        about=t("The last summer player, who had the 1½ move, opens the next year; or Player 1 always "
                "opens."),
        choice_labels=(t("the last summer player"), t("always Player 1")))
    loyalty: bool = False
    last_team_action: str = LastTeamAction.BEFORE_HALF
    map_file: str = option(
        "", "path of an own map file replacing the built-in (stand-in) map", local_file=True,
        label=t("Own map"),
        about=t("Your own map from a file, instead of the built-in stand-in map."))


@dataclass(frozen=True, slots=True)
class E1815TwoVsTwoOptions(E1815Options):
    """The options of a game of 1815 2vs2: the base game's and the team variant's own."""

    map: str = option(
        Map.EUROPE_1815, "the map: 1815 (Europe) or 1715 (North America, with loyalty)",
        choices=Map,
        label=t("Map"),
        about=t("1815: Europe. 1715: North America, where each player first chooses a power and the crown "
                "demands loyalty."),
        choice_labels=(t("1815 — Europe"), t("1715 — North America")))
    loyalty: bool = option(
        True, "1715: the crown's demands and the loyalty roll (U28)",
        label=t("Loyalty (1715)"),
        about=t("On the 1715 map: the crown's demands and the loyalty roll."))
    last_team_action: str = option(
        LastTeamAction.BEFORE_HALF, "the last summer player's team action comes between the 1 and the ½ of his move "
        "(as we read the 1815 2vs2 rules) or after the ½, before the SP distribution",
        choices=LastTeamAction,
        label=t("The last team action of a year"),
        about=t("The last summer player's team action comes between the 1 and the ½ of his 1½ move, or "
                "after the ½, before the SP distribution."),
        choice_labels=(t("within the 1½ move"), t("after the 1½ move")))
