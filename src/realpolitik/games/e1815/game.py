"""The 1815 game definitions: ``e1815`` (every player for himself) and ``e1815-2vs2``."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game, Option
from realpolitik.i18n import t

from . import setup
from .content import MAPS, load, load_rules
from .state import NEUTRAL, E1815State

_MAX_YEARS = Option("max_years", load_rules().scoring.max_years,
                    "year limit (U27), after which the most SP win; 0 = none", minimum=0, maximum=100,
                    label=t("Year limit"),
                    about=t("After this many years whoever has the most SP wins. 0: no limit."))
_START = Option("start_player", load_rules().turn.start_player, "who opens a year: rotate (the last summer "
                "player, who had the 1½ move, opens the next one) or fixed (always p1)", ("rotate", "fixed"),
                label=t("Who opens a year"),
                about=t("The last summer player, who had the 1½ move, opens the next year; or Player 1 always "
                        "opens."),
                choice_labels=(t("the last summer player"), t("always Player 1")))
_MAP_FILE = Option("map_file", "", "path of an own map file replacing the built-in (stand-in) map",
                   local_file=True, label=t("Own map"),
                   about=t("Your own map from a file, instead of the built-in stand-in map."))


class E1815(Game):
    """1815 (strandfabrik), reconstructed as rule set 1815-R v0; 2–4 players, each for himself."""

    id = "e1815"
    title = "1815"
    summary = t("Europe after Napoleon: found a capital, take lands with troops, generals and fortresses, and win "
                "by SP. Every player for himself.")
    length = t("about 2 hours")
    rules_version = "1"
    min_players = 2
    max_players = 4
    options = (_MAX_YEARS, _START, _MAP_FILE)
    hidden_information = False
    conformance_options: dict[str, Any] = {}  # games end by SP within a few years anyway

    def default_players(self) -> int:
        return 4

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> E1815State:
        content = load(options.get("map", "1815"), options["map_file"])
        board = content.board
        if board.powers and sum(not p.indian for p in board.powers) < players:
            raise ContentError(f"{board.source}: powers: too few to choose from for {players} players")
        if str(players) not in content.rules.scoring.sp_by_rank:
            raise ContentError(f"rules.toml: scoring.sp_by_rank has no row for {players} players")
        r = content.rules
        st = E1815State.__new__(E1815State)
        st._init_base(self, players, options, seed)
        st.content = content
        teams = self.teams(players)
        st.team_of = teams
        st.ally = tuple(
            next((o for o in range(players) if o != s and teams[o] == teams[s]), NEUTRAL) if teams else NEUTRAL
            for s in range(players))
        n_lands = len(board.lands)
        st.owner = [NEUTRAL] * n_lands
        st.held = st.held_masks = st.strongholds = None
        st.units = [[0] * n_lands for _ in range(3)]
        st.fort = [0] * n_lands
        st.capital = [NEUTRAL] * players
        st.general = [NEUTRAL] * players
        st.pool = [[r.supply.inf] * players, [r.supply.cav] * players, [r.supply.art] * players]
        st.forts_left = [r.supply.fortresses] * players
        st.sp = [0] * players
        st.markers = [0] * players
        st.completed = [0] * players
        st.power = [NEUTRAL] * players
        st.loyalty = [r.loyalty.start] * players
        st.demand = [NEUTRAL] * players
        st.conquered = [0] * players
        st.year = 0
        st.season = "start"
        st.order = tuple(range(players))
        st.turn_seat = NEUTRAL
        st.actions_left = 0
        st.military_left = 0
        st.acted = 0
        st.half = False
        st.stack = []
        st.result = None
        setup.setup(st)
        return st


class E1815TwoVsTwo(E1815):
    """1815 2vs2 (the 1815 2vs2 rules): four players in two teams, seated alternately; also on the 1715 map."""

    id = "e1815-2vs2"
    title = "1815 2vs2"
    summary = t("1815 for two teams of two: allies never harm each other, help each other with team actions and "
                "count their SP together. Also on the 1715 map of North America.")
    length = t("about 2–3 hours")
    min_players = 4
    max_players = 4
    options = (
        Option("map", "1815", "the map: 1815 (Europe) or 1715 (North America, with loyalty)", MAPS,
               label=t("Map"),
               about=t("1815: Europe. 1715: North America, where each player first chooses a power and the crown "
                       "demands loyalty."),
               choice_labels=(t("1815 — Europe"), t("1715 — North America"))),
        _MAX_YEARS,
        _START,
        Option("loyalty", True, "1715: the crown's demands and the loyalty roll (U28)",
               label=t("Loyalty (1715)"),
               about=t("On the 1715 map: the crown's demands and the loyalty roll.")),
        Option("last_team_action", "before-half", "the last summer player's team action comes between the 1 "
               "and the ½ of his move (as we read the 1815 2vs2 rules) or after the ½, before the SP distribution",
               ("before-half", "after-half"),
               label=t("The last team action of a year"),
               about=t("The last summer player's team action comes between the 1 and the ½ of his 1½ move, or "
                       "after the ½, before the SP distribution."),
               choice_labels=(t("within the 1½ move"), t("after the 1½ move"))),
        _MAP_FILE,
    )

    def teams(self, players: int) -> tuple[int, ...]:
        """Seated so that no two allies act in a row [sure]: p1 + p3 against p2 + p4."""
        return tuple(s % 2 for s in range(players))
