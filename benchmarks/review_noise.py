"""How much a game review's numbers depend on its search's seed: reviews the same records with
two seeds and prints JSON — the mean and largest difference of a ply's chance (per seat and
ply), how often the second seed's chance falls in the first's 95 % interval and how wide that
is, the share of turning points both reviews name (by action), and how often they prefer the
same move there — for the review's turning points (after its second pass) and, beside them, for
the first pass's moves of largest point loss (``by_loss``: every move short of the preferred one
by any amount, largest first) — and the CPU seconds of each pass, summed over both seeds.

    python benchmarks/review_noise.py wsdv --records 3 [--first F] [--budget B] [--seeds 0 1] [--plies 60]
        [--spec S] [--bot B]

The records are games of ``--bot`` in every seat (seeds ``--first`` …, 0 unless told, so that
records may be reviewed by several runs side by side; the game's heuristic unless told), as
``tools/calibrate_review.py`` plays them — in 1815 the heuristics play the same game whatever the
seed, so there ``--bot ismcts:budget=300`` (a record that repeats an earlier one is said on stderr);
``--plies`` reviews only each record's first actions
(turning points among those), to bound the run; ``--budget``: the review's budget (default: the
game's, as ``realpolitik review``). After each record its own figures go to stderr as a JSON
line, so a run stopped early still says what it measured. Not a ``bench_*`` file: it runs for
minutes, so ``benchmarks/run.py`` does not pick it up.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from calibrate_review import play  # noqa: E402

from realpolitik.analysis import review as core  # noqa: E402
from realpolitik.games import get  # noqa: E402


def reviewed(record, budget: int, seed: int, spec: str | None, plies: int | None, cpu: dict[str, float]) -> core.Review:
    """The review of the record's first ``plies`` actions with both passes; adds each pass's CPU
    seconds to ``cpu``."""
    started = time.process_time()
    done = core.start(record, get, None, budget, seed, spec)
    done.plies = list(islice(core.plies(record, get, None, budget, seed, spec), plies))
    cpu["first_pass"] += time.process_time() - started
    started = time.process_time()
    done.verdicts = core.rejudged(done.second_pass(record), get)
    cpu["second_pass"] += time.process_time() - started
    return done


def by_loss(review: core.Review) -> dict[int, str]:
    """The turning points ranked by their point loss alone: each one's action and preferred move."""
    found = []
    for p in review.plies:
        e = p.evaluation
        if e is None or p.action == e.best or min(e.visits.get(p.action, 0), e.visits[e.best]) < core.MIN_VISITS:
            continue
        loss = e.values[e.best] - e.values[p.action]
        if loss > 0:
            found.append((-loss, p.ply, e.best))
    return {ply: best for _, ply, best in sorted(found)[:core.TURNING_POINTS]}


def agreement(first: dict[int, str], second: dict[int, str]) -> tuple[int, int, int]:
    """Turning points (the larger set), those both name, and those where both prefer the same move."""
    both = first.keys() & second.keys()
    return max(len(first), len(second)), len(both), sum(first[ply] == second[ply] for ply in both)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--records", type=int, default=3)
    parser.add_argument("--first", type=int, default=0, help="the seed of the first record")
    parser.add_argument("--budget", type=int, default=None, help="apply calls per search (default: the game's)")
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 1))
    parser.add_argument("--plies", type=int, default=None, help="review only each record's first actions")
    parser.add_argument("--spec", default=None, help="the review's ismcts spec (default: the game's)")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat of the records")
    args = parser.parse_args()
    players = args.players or get(args.game).default_players()
    budget = args.budget or core.budget_for(get(args.game))
    started = time.monotonic()
    gaps, inside, widths = [], 0, []
    counts = {"turning_points": [0, 0, 0], "by_loss": [0, 0, 0]}
    cpu = {"first_pass": 0.0, "second_pass": 0.0}
    played: set[tuple[str, ...]] = set()
    for index in range(args.first, args.first + args.records):
        record = play(args.game, players, index, args.bot)
        if tuple(record.actions) in played:
            print(f"record {index} repeats an earlier one: {args.bot} plays the same game whatever the seed "
                  "(try --bot ismcts:budget=300)", file=sys.stderr, flush=True)
        played.add(tuple(record.actions))
        spent = dict(cpu)
        first, second = (reviewed(record, budget, seed, args.spec, args.plies, cpu) for seed in args.seeds)
        own = []
        for a, b in zip(first.plies, second.plies, strict=True):
            own += [abs(x - y) for x, y in zip(a.chances, b.chances, strict=True)]
            inside += sum(low <= y <= high for (low, high), y in zip(a.intervals, b.chances, strict=True))
            widths += [high - low for low, high in a.intervals]
        gaps += own
        points = agreement(*({tp.ply: tp.best for tp in r.turning_points()} for r in (first, second)))
        counts["turning_points"] = [a + b for a, b in zip(counts["turning_points"], points, strict=True)]
        found = agreement(by_loss(first), by_loss(second))
        counts["by_loss"] = [a + b for a, b in zip(counts["by_loss"], found, strict=True)]
        print(json.dumps({"record": index, "actions": len(first.plies), "chances": len(own),
                          "mean_difference": round(sum(own) / len(own), 4), "max_difference": round(max(own), 4),
                          "turning_points": dict(zip(("named", "shared", "same_best_where_shared"), points,
                                                     strict=True)),
                          "cpu_seconds": {name: round(cpu[name] - spent[name], 1) for name in cpu},
                          "seconds": round(time.monotonic() - started)}), file=sys.stderr, flush=True)
    print(json.dumps({"game": args.game, "players": players, "records": args.records, "first": args.first,
                      "bot": args.bot,
                      "budget": budget,
                      "spec": args.spec, "seeds": list(args.seeds), "plies": args.plies, "chances": len(gaps),
                      "mean_difference": round(sum(gaps) / len(gaps), 4), "max_difference": round(max(gaps), 4),
                      "inside_interval": round(inside / len(gaps), 3),
                      "mean_interval_width": round(sum(widths) / len(widths), 4),
                      **{name: {"named": n, "shared": shared, "shared_share": round(shared / n, 3) if n else None,
                                "same_best_where_shared": same} for name, (n, shared, same) in counts.items()},
                      "cpu_seconds": {name: round(seconds, 1) for name, seconds in cpu.items()},
                      "seconds": round(time.monotonic() - started)}, indent=1))


if __name__ == "__main__":
    main()
