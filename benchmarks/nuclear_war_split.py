"""Which of its decisions make Nuclear War's search stronger than the heuristic? Prints JSON.

    python benchmarks/nuclear_war_split.py --leave place,show,hide --games 200 --seed 1
    python benchmarks/nuclear_war_split.py --leave target,intercept,no,strike --games 200 --seed 2

One seat plays ``ismcts`` (the game's ``bot_defaults`` plus ``--bot``'s parameters) among
three ``heuristic`` seats, as in the arena (the same deals, bot seeds and rotating seats as
``realpolitik arena nuclear-war --seats ismcts,heuristic,heuristic,heuristic``), except that
every decision offering an action whose verb ``--leave`` names is left to the heuristic:
``place,show,hide`` leaves it the turn's placements, ``target,intercept,no,strike`` the
fights — naming targets, intercepting, the final retaliation. What the seat wins then,
against the plain search on the same deals, tells where the search's edge lies.
Not a ``bench_*`` file: it runs for minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import arena_options, bot_seed, game_seed, play, seating  # noqa: E402
from realpolitik.sim.stats import wilson  # noqa: E402


class Split:
    """The search, but the heuristic decides wherever an action's verb is in ``leave``."""

    def __init__(self, search, heuristic, leave: frozenset[str]) -> None:
        self.search, self.heuristic, self.leave = search, heuristic, leave
        self.left = self.searched = 0

    def choose(self, ctx: SeatContext) -> str:
        if any(action.split(" ", 1)[0] in self.leave for action in ctx.legal_actions):
            self.left += 1
            return self.heuristic.choose(ctx)
        self.searched += 1
        return self.search.choose(ctx)


def play_one(job: tuple) -> tuple[str, int, int]:
    """``won``, ``nobody`` or ``other`` for the split seat in game ``index``, and its decisions
    left to the heuristic and searched."""
    index, seed, params, leave = job
    game = get("nuclear-war")
    seats = seating(["split", "heuristic", "heuristic", "heuristic"], index)
    spec = "ismcts" + (f":{params}" if params else "")
    state = game.new_state(4, arena_options(game), game_seed(seed, index, 4))
    bots = [Split(make_bot(spec, game, bot_seed(seed, index, s)), make_bot("heuristic", game, bot_seed(seed, index, s)),
                  leave) if label == "split" else make_bot(label, game, bot_seed(seed, index, s))
            for s, label in enumerate(seats)]
    winners = play(state, bots, seats, seed, index).winners
    me = bots[seats.index("split")]
    end = "won" if seats.index("split") in winners else ("nobody" if not winners else "other")
    return end, me.left, me.searched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leave", required=True, help="verbs whose decisions the heuristic takes, comma-separated")
    parser.add_argument("--bot", default="", help="ismcts parameters, as after 'ismcts:' in a seat spec")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    leave = frozenset(v for v in args.leave.split(",") if v)
    jobs = [(i, args.seed, args.bot, leave) for i in range(args.games)]
    with Pool(args.workers) as pool:
        results = pool.map(play_one, jobs)
    ends = Counter(end for end, _, _ in results)
    low, high = wilson(ends["won"], args.games)
    print(json.dumps({"bot": "ismcts" + (f":{args.bot}" if args.bot else ""), "leave": sorted(leave),
                      "games": args.games, "seed": args.seed, **{k: ends[k] for k in ("won", "nobody", "other")},
                      "won_share": round(ends["won"] / args.games, 3), "won_95": [round(low, 3), round(high, 3)],
                      "decisions_left": sum(r[1] for r in results), "decisions_searched": sum(r[2] for r in results)},
                     indent=1))


if __name__ == "__main__":
    main()
