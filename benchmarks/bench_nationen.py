"""Das Spiel der Nationen: how long games run, random and heuristic, at the round limit of 60.

Random players go broke within a few rounds, so random playouts rarely meet the limit;
heuristic self-play shows the cost of games that last. Figures per three-player game.
"""

from __future__ import annotations

import time

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get

OPTIONS = {"round_limit": 60}


def _random(game, seconds: float) -> dict:
    games = actions = rounds = limited = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 5:
        state = game.new_state(3, OPTIONS, games)
        rng = Rng(games)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        rounds += state.round
        limited += state.outcome().limit
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 1), "avg_actions": round(actions / games, 1),
            "avg_rounds": round(rounds / games, 1), "share_ended_by_limit": round(limited / games, 3)}


def _heuristic(game, seconds: float) -> dict:
    games = decisions = rounds = limited = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        state = game.new_state(3, OPTIONS, games)
        bots = [make_bot("heuristic", game, games * 3 + i) for i in range(3)]
        rng = Rng(games)
        while not state.is_over():
            seat = state.to_act
            state.apply(bots[seat].choose(SeatContext.of(state, seat, rng.fork())))
            decisions += 1
        rounds += state.round
        limited += state.outcome().limit
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 2), "ms_per_decision": round(elapsed / decisions * 1e3, 2),
            "avg_rounds": round(rounds / games, 1), "share_ended_by_limit": round(limited / games, 3)}


def run(args) -> dict:
    """Random and heuristic three-player games at round limit 60."""
    game = get("nationen")
    seconds = getattr(args, "seconds", 3.0)
    return {"round_limit": 60, "random_3p": _random(game, seconds), "heuristic_3p": _heuristic(game, seconds)}
