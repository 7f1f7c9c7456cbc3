"""How a review's chance depends on its search's seed at several budgets: at positions of the
same records, every seat's chance from its own search (as a review makes it) under several seeds,
and the mean difference over every pair of seeds, per budget; prints JSON with each budget's CPU
seconds a search.

    python benchmarks/review_budgets.py nuclear-war --budgets 6000,24000,48000,72000 \
        [--seeds 4] [--records 2] [--plies 40] [--every 8]

The positions are those after actions 4, 4 + every, … among each record's first ``--plies``
(records as ``benchmarks/review_noise.py`` plays them: the heuristic in every seat, seeds 0 …).
Cheaper than a whole review of two seeds: it makes no second pass and no hindsight, so it picks
the budget that ``review_noise.py`` then checks. Not a ``bench_*`` file: it runs for minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from calibrate_review import play  # noqa: E402

from realpolitik.analysis import review as core  # noqa: E402
from realpolitik.games import get  # noqa: E402


def means(gaps: dict[int, list[float]]) -> dict[str, float]:
    """Each budget's mean difference between two seeds' chances so far."""
    return {str(budget): round(sum(found) / len(found), 4) for budget, found in gaps.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--budgets", required=True, help="apply calls per search, comma-separated")
    parser.add_argument("--seeds", type=int, default=4, help="search seeds 0 … N-1 at every position")
    parser.add_argument("--records", type=int, default=2)
    parser.add_argument("--plies", type=int, default=40, help="positions among each record's first actions")
    parser.add_argument("--every", type=int, default=8, help="a position every N actions, from the fourth")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat of the records")
    args = parser.parse_args()
    if args.seeds < 2:
        parser.error("--seeds must be 2 or more: the differences are between seeds")
    budgets = [int(b) for b in args.budgets.split(",")]
    players = get(args.game).default_players()
    gaps: dict[int, list[float]] = {b: [] for b in budgets}
    cpu = dict.fromkeys(budgets, 0.0)
    searches = 0
    for index in range(args.records):
        record = play(args.game, players, index, args.bot)
        state = record.initial_state(get)
        for ply, action in enumerate(record.actions[:args.plies]):
            state.apply(action)
            if ply % args.every != 3 or state.is_over():
                continue
            for budget in budgets:
                for seat in range(players):
                    started = time.process_time()
                    chances = [core.searched(state, seat, budget, seed, None).chances[seat]
                               for seed in range(args.seeds)]
                    cpu[budget] += time.process_time() - started
                    gaps[budget] += [abs(a - b) for a, b in combinations(chances, 2)]
            searches += players * args.seeds
            print(json.dumps({"record": index, "action": ply + 1, **means(gaps)}), file=sys.stderr, flush=True)
    print(json.dumps({"game": args.game, "players": players, "records": args.records, "plies": args.plies,
                      "every": args.every, "seeds": args.seeds, "searches_a_budget": searches,
                      "mean_difference": means(gaps),
                      "cpu_seconds_a_search": {str(b): round(cpu[b] / searches, 3) for b in budgets}}, indent=1))


if __name__ == "__main__":
    main()
