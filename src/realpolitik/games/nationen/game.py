"""The Das Spiel der Nationen game definition: seats, rule options and set-up."""

from __future__ import annotations

from typing import Any

from realpolitik.engine import ContentError, Game
from realpolitik.games import LEVELS
from realpolitik.i18n import t

from . import action_texts, heuristic, measures, setup
from .content import load
from .options import NationenOptions
from .state import NationenState


class Nationen(Game):
    """Das Spiel der Nationen (Parker, 1974; Waddingtons' The Game of Nations), 2–4 players."""

    id = "nationen"
    title = "Das Spiel der Nationen"
    rules_version = "1"
    min_players = 2
    max_players = 4
    hidden_information = False  # only the order of the undrawn cards is unknown, to everyone alike
    conformance_options = {"round_limit": 60}  # the bots' games (arena, levels, targets, golden records)
    summary = t("Great powers place heads of state on the oil states of the continent Kark, earn from oil, buy "
                "tankers and pipelines and attack each other's capitals. The last power left wins.")
    length = t("about 2 hours")
    Options = NationenOptions
    levels = LEVELS
    bots = {"heuristic": heuristic.HeuristicBot}
    evaluate = staticmethod(heuristic.evaluate)
    rollout_policy = staticmethod(heuristic.rollout_policy)
    measures = measures
    action_texts = staticmethod(action_texts.every_text)
    #: measured (lab/strength.md, *Das Spiel der Nationen*): random playouts spend money as no
    #: power would, so the heuristic plays the playouts (``rollout_policy``: the bot's own rule of thumb, asked in
    #: the sampled world), cut after 20 plies and scored by ``evaluate``; 3000 apply calls then
    #: take about 1.2–1.3 s of CPU a decision with two and three players (1000 had been level
    #: with the heuristic; 3000 won four games in five against it)
    bot_defaults = {"ismcts": {"rollout": "game", "depth": 20, "budget": 3000}}
    #: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
    #: ``python tools/calibrate_review.py nationen --fit --games 6 --seed 1000 --workers 2``
    pseudo_playouts = 1
    #: measured (lab/reviews.md, ``benchmarks/review_noise.py nationen``): at the standard 6000 apply
    #: calls two seeds' chances differed by 0.023 on average per seat and action, above the review's
    #: bar of 0.02; the noise falls about as one over the root of the budget, so half as much again
    #: (at 9000: 0.018 on three records, 13 of 15 turning points named by both, 1.5 times the CPU)
    review_budget = 9000

    def default_players(self) -> int:
        return 3

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> NationenState:
        st = NationenState.__new__(NationenState)
        st._init_base(self, players, options, seed)
        content = load(st.opts.board, st.opts.cards)
        if len(content.board.states) < players:
            raise ContentError(f"{content.board.source}: {len(content.board.states)} states are too few "
                               f"for {players} players")
        st.content = content
        setup.setup(st)
        return st
