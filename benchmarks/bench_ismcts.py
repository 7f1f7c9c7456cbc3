"""ISMCTS search speed: iterations and apply calls per second, one core, per game.

    python benchmarks/bench_ismcts.py [--games nuclear-war] [--budget 30000]

For each registered game at its default player count, three positions from one seeded
random game (early: the first real decision, mid: halfway, late: three quarters in) are
searched once with a fixed budget of apply calls; iterations per second depend on how
long the playouts from a position still are, so all three are reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import ISMCTSBot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import registry  # noqa: E402

BUDGET = 30_000
POSITIONS = {"early": 0.0, "mid": 0.5, "late": 0.75}


def position(game, players: int, share: float):
    """The first decision with a real choice after ``share`` of a seeded random game."""
    options = dict(game.conformance_options)
    probe = game.new_state(players, options, 2024)
    rng = Rng(7)
    actions = []
    while not probe.is_over():
        actions.append(rng.choice(probe.legal_actions()))
        probe.apply(actions[-1])
    state = game.new_state(players, options, 2024)
    for act in actions[: int(len(actions) * share)]:
        state.apply(act)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state, len(actions) - state.ply


def search(game, players: int, share: float, budget: int) -> dict:
    """One search from the position; its speed and size."""
    state, left = position(game, players, share)
    bot = ISMCTSBot(seed=1, budget=budget)
    ctx = SeatContext.of(state, state.to_act, Rng(3))
    start = time.perf_counter()
    bot.choose(ctx)
    seconds = time.perf_counter() - start
    s = bot.last
    return {"ply": state.ply, "plies_left_in_sample_game": left, "legal_actions": len(state.legal_actions()),
            "iterations": s.iterations, "applies": s.applies, "seconds": round(seconds, 3),
            "iterations_per_s": round(s.iterations / seconds), "applies_per_s": round(s.applies / seconds),
            "applies_per_iteration": round(s.applies / s.iterations, 1)}


def run(args) -> dict:
    """ISMCTS speed per game (default player count) at the early, mid and late positions."""
    wanted = [g for g in (getattr(args, "games", "") or "").split(",") if g]
    budget = getattr(args, "budget", BUDGET)
    out = {"budget_applies": budget}
    for game in registry():
        if wanted and game.id not in wanted:
            continue
        players = game.default_players()
        out[game.id] = {"players": players,
                        **{name: search(game, players, share, budget) for name, share in POSITIONS.items()}}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--budget", type=int, default=BUDGET, help="apply calls per search")
    print(json.dumps(run(parser.parse_args()), indent=1))


if __name__ == "__main__":
    main()
