"""Side win rates of two bots playing Wir sind das Volk! against each other; prints JSON.

    python benchmarks/wsdv_win_rates.py --games 500 [--west heuristic --east heuristic] [--seed 0]

Not a ``bench_*`` file: it runs for minutes, so ``benchmarks/run.py`` does not pick it up.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402


def play(game, kinds: list[str], seed: int) -> tuple[str, str, int]:
    """One game; returns the winning side, the reason's head and the decade it ended in."""
    state = game.new_state(2, {}, seed)
    bots = [make_bot(kind, game, seed * 31 + i) for i, kind in enumerate(kinds)]
    rng = Rng(seed ^ 0x5EED)
    while not state.is_over():
        seat = state.to_act
        state.apply(bots[seat].choose(SeatContext.of(state, seat, rng.fork())))
    out = state.outcome()
    return out.details["winner"], str(out.reason).split(":")[0].split(" at ")[0].split(" (")[0], state.decade


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--west", default="heuristic")
    parser.add_argument("--east", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get("wsdv")
    wins, reasons, decades = Counter(), Counter(), Counter()
    start = time.perf_counter()
    for i in range(args.games):
        winner, reason, decade = play(game, [args.west, args.east], args.seed + i)
        wins[winner] += 1
        reasons[reason] += 1
        decades[decade] += 1
    n = args.games
    print(json.dumps({
        "games": n, "west": args.west, "east": args.east,
        "win_rate": {side: round(wins[side] / n, 3) for side in ("west", "east")},
        "reasons": dict(reasons.most_common()), "ended_in_decade": dict(sorted(decades.items())),
        "seconds_per_game": round((time.perf_counter() - start) / n, 3),
    }, indent=1))


if __name__ == "__main__":
    main()
