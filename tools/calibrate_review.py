"""Measure how honest game reviews are: play seeded bot games, review each, and report the Brier
score of the reviews' chances against the results, a reliability plot, and how often a turning
point keeps its verdict with ten times the budget.

    python tools/calibrate_review.py nuclear-war --players 3 --games 20 --budget 300 \
        --png docs/bots/review-reliability.png

The games are played by ``--bot`` (the game's heuristic by default) in every seat, seeds
``--seed`` … ``--seed + games - 1``, by ``--workers`` processes; the figures go to stdout as
JSON. With ``--store FILE`` each reviewed game is kept there as a JSON line with what it
depends on (game, count, bot, budget, rules version, options, lean), so a long calibration can
be made over several runs: Ctrl-C, SIGTERM or ``--hours H`` stop a run and keep what finished
(exit 130), and the same command reviews only the games still missing.

    python tools/calibrate_review.py nuclear-war --fit --games 40 --seed 1000

reviews other games (seeds from 1000, apart from the calibration's) and prints the Brier score
their chances would get under each weight of ``Game.pseudo_playouts`` (how far a chance leans
toward the rest of its search, ``bots/evaluate.py``) and the best of them.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from matplotlib.figure import Figure  # noqa: E402

from realpolitik.analysis import calibration  # noqa: E402
from realpolitik.analysis import review as core  # noqa: E402
from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Record, Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import Interrupted, collect  # noqa: E402
from realpolitik.sim.store import append, config_key, load  # noqa: E402

#: digits a stored chance keeps (a Brier score moves by far less than its last shown digit)
DIGITS = 6


@dataclass(frozen=True)
class Reviewed:
    """One reviewed game: its seed (``index``, as the arena's stream of results needs), its
    (chance, result) pairs, its turning points' verdicts with ten times the budget, its rewards."""

    index: int
    estimate: list[tuple[float, float]]
    hindsight: list[tuple[float, float]]
    kept: list[bool]
    rewards: tuple[float, ...]


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


def reviewed(game_id: str, players: int, seed: int, bot: str, budget: int) -> Reviewed:
    """One seeded game, reviewed."""
    record = play(game_id, players, seed, bot)
    done = core.review(record, get, budget=budget, seed=seed)
    rewards = tuple(record.replay(get).outcome().rewards)
    print(f"game {seed}: {len(record.actions)} actions", file=sys.stderr, flush=True)
    pairs = calibration.forecasts([(done, rewards)])
    exact = [[(round(p, DIGITS), r) for p, r in found] for found in (pairs.estimate, pairs.hindsight)]
    return Reviewed(seed, *exact, calibration.verdicts_kept(record, done, get), rewards)


def store_key(game_id: str, players: int, bot: str, budget: int) -> dict:
    """What a stored review depends on, so that reviews of other rules, options or leans are never pooled."""
    game = get(game_id)
    return {"game": game_id, "players": players, "bot": bot, "budget": budget, "rules_version": game.rules_version,
            "options": dict(game.conformance_options), "pseudo_playouts": game.pseudo_playouts}


def stored(store: Path | None, key: dict) -> dict[int, Reviewed]:
    """The reviews kept in ``store`` under ``key``, by seed."""
    if store is None or not store.exists():
        return {}
    wanted = config_key(key)
    return {g["index"]: Reviewed(g["index"], [tuple(p) for p in g["estimate"]], [tuple(p) for p in g["hindsight"]],
                                 g["kept"], tuple(g["rewards"]))
            for g in (entry["game"] for entry in load(store.read_text(encoding="utf-8").splitlines())
                      if config_key(entry["key"]) == wanted)}


def calibrated(args: argparse.Namespace, players: int) -> list[Reviewed]:
    """Every game of the calibration, those kept in ``--store`` read back and the others reviewed
    (each appended to the store as it finishes); raises :class:`Interrupted` when stopped."""
    key = store_key(args.game, players, args.bot, args.budget)
    seeds = range(args.seed, args.seed + args.games)
    have = {seed: done for seed, done in stored(args.store, key).items() if seed in seeds}
    tasks = [(args.game, players, seed, args.bot, args.budget) for seed in seeds if seed not in have]
    deadline = None if args.hours is None else time.monotonic() + args.hours * 3600

    def keep(done: Reviewed) -> None:
        if args.store is not None:
            append(args.store, {"key": key, "game": asdict(done)})
        if deadline is not None and time.monotonic() > deadline:
            raise KeyboardInterrupt

    fresh = collect(tasks, args.workers, keep, play=reviewed)
    return sorted([*have.values(), *fresh], key=lambda r: r.index)


def fitted(game_id: str, players: int, seed: int, bot: str, budget: int) -> tuple[dict[float, float], int]:
    """One seeded game, reviewed: the Brier score of its chances under each weight of the lean,
    and how many chances it scored."""
    record = play(game_id, players, seed, bot)
    done = core.review(record, get, budget=budget, seed=seed)
    print(f"game {seed}: {len(record.actions)} actions", file=sys.stderr, flush=True)
    return calibration.fit([(done, tuple(record.replay(get).outcome().rewards))]), len(done.plies) * players


def fit(args: argparse.Namespace, players: int, results: list[tuple[dict[float, float], int]]) -> dict:
    """The figures of ``--fit``: the Brier score per weight over all games, and the best weight."""
    count = sum(n for _, n in results)
    scores = {w: round(sum(found[w] * n for found, n in results) / count, 4) for w in calibration.WEIGHTS}
    return {"game": args.game, "players": players, "games": args.games, "seed": args.seed, "budget": args.budget,
            "bot": args.bot, "now": get(args.game).pseudo_playouts, "brier_by_weight": scores,
            "best": min(scores, key=scores.get)}


def figures(args: argparse.Namespace, players: int, results: list[Reviewed]) -> dict:
    """The calibration's figures over ``results``; ``--png`` draws its reliability plot."""
    pairs = calibration.Forecasts([p for r in results for p in r.estimate], [p for r in results for p in r.hindsight])
    kept = [k for r in results for k in r.kept]
    base = sum(r for _, r in pairs.estimate) / len(pairs.estimate)  # a seat's share of wins, over all predictions
    sides = [(len(r.estimate) // players, r.rewards) for r in results]  # each seat's predictions and reward per game
    # a seat's even share: winners per game with a winner over the seats (allies who win together: a team's share)
    won = [sum(r.rewards) for r in results if sum(r.rewards) > 0]
    even = (sum(won) / len(won) if won else 1) / players
    if args.png is not None:
        plot(pairs, f"{args.game}, {players} players: {args.games} games, budget {args.budget}", args.png)
    return {"game": args.game, "players": players, "games": len(results), "budget": args.budget, "bot": args.bot,
            "pseudo_playouts": get(args.game).pseudo_playouts,
            "predictions": len(pairs.estimate), "brier": round(calibration.brier(pairs.estimate), 4),
            "brier_hindsight": round(calibration.brier(pairs.hindsight), 4),
            "brier_even": round(calibration.brier([(even, r) for _, r in pairs.estimate]), 4),
            "brier_base_rate": round(calibration.brier([(base, r) for _, r in pairs.estimate]), 4),
            "brier_side_base_rate": round(calibration.brier_base_rates(sides), 4),
            "side_base_rates": [round(rate, 4) for rate in calibration.base_rates(sides)],
            "turning_points": len(kept), "kept_with_10x_budget": sum(kept),
            "reliability": calibration.reliability(pairs.estimate)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--workers", type=int, default=1, help="processes reviewing games side by side")
    parser.add_argument("--png", type=Path, default=None)
    parser.add_argument("--store", type=Path, default=None,
                        help="keep each reviewed game here (JSON lines) and review only the games it lacks")
    parser.add_argument("--hours", type=float, default=None, help="stop after this long, keeping what finished")
    parser.add_argument("--fit", action="store_true",
                        help="instead: the Brier score under each weight of Game.pseudo_playouts, and the best")
    args = parser.parse_args(argv)
    players = args.players or get(args.game).default_players()
    if args.fit:
        jobs = [(args.game, players, seed, args.bot, args.budget) for seed in range(args.seed, args.seed + args.games)]
        with ProcessPoolExecutor(max(args.workers, 1)) as pool:
            results = list(pool.map(fitted, *zip(*jobs)))
        print(json.dumps(fit(args, players, results), indent=1))
        return 0
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        results = calibrated(args, players)
    except Interrupted as stop:
        print(f"calibrate_review: stopped; {len(stop.results)} more games kept in {args.store}; run the same "
              "command again to go on", file=sys.stderr)
        return 130
    print(json.dumps(figures(args, players, results), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
