"""Measure how honest game reviews are: play seeded bot games, review each, and report the Brier
score of the reviews' chances against the results, a reliability plot, and how often a turning
point keeps its verdict with ten times the budget.

    python tools/calibrate_review.py nuclear-war --players 3 --games 20 --budget 300 \
        --png docs/bots/review-reliability.png

The games are played by ``--bot`` (the game's heuristic by default) in every seat, seeds
``--seed`` … ``--seed + games - 1``; the figures go to stdout as JSON. The issue asks for 200
games per title; a shared machine runs fewer (docs/bots/review.md says how many).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from matplotlib.figure import Figure  # noqa: E402

from realpolitik.analysis import calibration  # noqa: E402
from realpolitik.analysis import review as core  # noqa: E402
from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Record, Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402


def play(game_id: str, players: int, seed: int, bot: str) -> Record:
    """One seeded game of ``bot`` in every seat, as a finished record."""
    game = get(game_id)
    state = game.new_state(players, dict(game.conformance_options), seed)
    record = Record.start(state, seed, [bot] * players)
    bots = [make_bot(bot, game, seed * 31 + s, players=players) for s in range(players)]
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act
        ctx = SeatContext.of(state, seat, rng.fork())
        action = bots[seat].choose(ctx)
        ctx.close()
        state.apply(action)
        record.actions.append(action)
    record.finish(state)
    return record


def plot(pairs: calibration.Forecasts, title: str, path: Path) -> None:
    """The reliability plot: mean result against mean chance per bin, estimate and hindsight."""
    fig = Figure(figsize=(4.8, 4.2))
    fig.set_layout_engine("constrained")
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color="#999", linewidth=0.8, linestyle=":")
    for name, found, colour in (("estimate", pairs.estimate, "#3b6ea5"), ("hindsight", pairs.hindsight, "#c8553d")):
        rows = calibration.reliability(found)
        ax.plot([r["predicted"] for r in rows], [r["observed"] for r in rows], marker="o", color=colour,
                label=f"{name} (Brier {calibration.brier(found):.3f})")
    ax.set_xlabel("chance predicted")
    ax.set_ylabel("share of wins")
    ax.set_title(title, fontsize="medium")
    ax.legend(fontsize="small")
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--png", type=Path, default=None)
    args = parser.parse_args()
    players = args.players or get(args.game).default_players()
    reviewed, kept = [], []
    for seed in range(args.seed, args.seed + args.games):
        record = play(args.game, players, seed, args.bot)
        done = core.review(record, get, budget=args.budget, seed=seed)
        reviewed.append((done, tuple(record.replay(get).outcome().rewards)))
        kept += calibration.verdicts_kept(record, done, get)
        print(f"game {seed}: {len(record.actions)} actions", file=sys.stderr)
    pairs = calibration.forecasts(reviewed)
    figures = {"game": args.game, "players": players, "games": args.games, "budget": args.budget, "bot": args.bot,
               "predictions": len(pairs.estimate), "brier": round(calibration.brier(pairs.estimate), 4),
               "brier_hindsight": round(calibration.brier(pairs.hindsight), 4),
               "turning_points": len(kept), "kept_with_10x_budget": sum(kept),
               "reliability": calibration.reliability(pairs.estimate)}
    if args.png is not None:
        plot(pairs, f"{args.game}, {players} players: {args.games} games, budget {args.budget}", args.png)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
