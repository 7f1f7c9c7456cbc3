"""The 1815 game definitions: ``e1815`` (every player for himself) and ``e1815-2vs2``."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game
from realpolitik.games import LEVELS
from realpolitik.i18n import t

from . import action_texts, heuristic, measures, setup
from .content import load
from .options import E1815Options, E1815TwoVsTwoOptions
from .state import NEUTRAL, E1815State


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
    Options = E1815Options
    levels = LEVELS
    bots = {"heuristic": heuristic.HeuristicBot}
    evaluate = staticmethod(heuristic.evaluate)
    rollout_policy = staticmethod(heuristic.rollout_policy)
    measures = measures
    action_texts = staticmethod(action_texts.every_text)
    #: CPU per decision at the engine's 60 000 apply calls: 2.3–3.9 s; this takes about 1 s
    bot_defaults = {"ismcts": {"budget": 20000}}
    #: with four players each for himself the search leaves the others' moves to the playout
    #: policy; with three, searching them measured better (docs/bots/strength.md, "1815 with
    #: three and four players")
    bot_defaults_by_players = {4: {"ismcts": {"opponents": "policy"}}}
    #: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
    #: ``python tools/calibrate_review.py GAME --fit --games 20 --bot ismcts:budget=300 --seed 1000 --workers 2``
    pseudo_playouts = 1
    hidden_information = False
    conformance_options: dict[str, Any] = {}  # games end by SP within a few years anyway

    def default_players(self) -> int:
        return 4

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> E1815State:
        st = E1815State.__new__(E1815State)
        st._init_base(self, players, options, seed)
        content = load(st.opts.map, st.opts.map_file)
        board = content.board
        if board.powers and sum(not p.indian for p in board.powers) < players:
            raise ContentError(f"{board.source}: powers: too few to choose from for {players} players")
        if str(players) not in content.rules.scoring.sp_by_rank:
            raise ContentError(f"rules.toml: scoring.sp_by_rank has no row for {players} players")
        r = content.rules
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
    Options = E1815TwoVsTwoOptions
    #: about 1.7 s of CPU per decision (the engine's 60 000 apply calls took more than 2.3 s)
    bot_defaults = {"ismcts": {"budget": 30000}}
    #: the base game's four-player setting is for four players each for himself, not two teams
    bot_defaults_by_players: dict = {}
    pseudo_playouts = 2

    def teams(self, players: int) -> tuple[int, ...]:
        """Seated so that no two allies act in a row [sure]: p1 + p3 against p2 + p4."""
        return tuple(s % 2 for s in range(players))
