"""1815 extras: random playouts of 2vs2 on the 1715 map, and the heuristic bot's speed.

``run.py`` covers both registered games with default options (the 1815 map); this adds
the 1715 option and the cost of a heuristic decision (view + determinize + choice).
"""

from __future__ import annotations

import time

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get


def _playouts(options: dict, seconds: float) -> dict:
    game = get("e1815-2vs2")
    games = actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 5:
        st = game.new_state(4, options, seed)
        rng = Rng(seed)
        while not st.is_over():
            st.apply(rng.choice(st.legal_actions()))
            actions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
            "avg_actions": round(actions / games, 1), "games": games}


def _heuristic(seconds: float) -> dict:
    game = get("e1815-2vs2")
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        st = game.new_state(4, {}, games)
        bots = [make_bot("heuristic", game, games * 4 + i) for i in range(4)]
        rng = Rng(games)
        while not st.is_over():
            seat = st.to_act
            st.apply(bots[seat].choose(SeatContext.of(st, seat, rng.fork())))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"heuristic_games_per_s": round(games / elapsed, 2),
            "heuristic_decisions_per_s": round(decisions / elapsed), "games": games}


def run(args) -> dict:
    wanted = [g for g in getattr(args, "games", "").split(",") if g]
    if wanted and not {"e1815", "e1815-2vs2"} & set(wanted):
        return {}
    seconds = getattr(args, "seconds", 3.0)
    return {"2vs2_map_1715_random": _playouts({"map": "1715"}, seconds),
            "2vs2_heuristic_self_play": _heuristic(seconds)}
