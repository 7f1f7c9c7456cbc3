"""Balance of Wir sind das Volk! 2+2 in heuristic self-play; prints JSON.

    python benchmarks/wsdv_2p2_balance.py --games 1000 [--jobs 2] [--seed 0] [-o expansion=FILE]

Per game all four seats are heuristic bots. Reports the wins per side (a nuclear war counts
for its winners' side) and per seat (shared winners count half each), how often nuclear war
ended the game, the endings, the decade games ended in, the superpowers' victory points,
the final track positions (positive: the Soviet Union's side) and the time per game. The
issue's targets for the stand-in content: no side above 60 %, no seat above 40 %, nuclear
war under 15 %. Not a ``bench_*`` file: it runs for
many minutes, so ``benchmarks/run.py`` does not pick it up.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import make_bot  # noqa: E402
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402


def play(job: tuple[int, dict]) -> dict:
    """One heuristic game; returns what the report counts."""
    seed, options = job
    game = get("wsdv-2p2")
    state = game.new_state(4, options, seed)
    bots = [make_bot("heuristic", game, seed * 31 + i) for i in range(4)]
    rng = Rng(seed ^ 0x5EED)
    while not state.is_over():
        seat = state.to_act
        state.apply(bots[seat].choose(SeatContext.of(state, seat, rng.fork())))
    out = state.outcome()
    return {"winners": [state.seats[s] for s in out.winners], "ending": out.details["ending"],
            "side": out.details.get("winning_side"), "decade": state.decade,
            "reason": str(out.reason).split(":")[0].split(" (")[0].split(" at the end")[0],
            "vp": out.details["victory_points"], "plies": state.ply,
            "tracks": {"arms_race": state.arms, "space_race": state.space, "dominance": state.dominance,
                       "doves": state.doves}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", "-o", action="append", default=[], help="rule option name=value")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    jobs = [(args.seed + i, options) for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=4))
    else:
        results = [play(j) for j in jobs]
    elapsed = time.perf_counter() - start
    n = len(results)
    seats, sides, endings, reasons, decades = Counter(), Counter(), Counter(), Counter(), Counter()
    for r in results:
        for w in r["winners"]:
            seats[w] += 1 / len(r["winners"])
        side = r["side"] or ("west" if r["winners"][0] in ("usa", "west") else "east")
        sides["yellow" if side == "west" else "red"] += 1
        endings[r["ending"]] += 1
        reasons[r["reason"]] += 1
        decades[r["decade"]] += 1
    print(json.dumps({
        "games": n,
        "side_wins": {k: round(sides[k] / n, 3) for k in ("yellow", "red")},
        "seat_wins": {k: round(seats[k] / n, 3) for k in ("usa", "ussr", "west", "east")},
        "nuclear_war": round(endings["nuclear war"] / n, 3),
        "endings": {k: round(v / n, 3) for k, v in endings.most_common()},
        "reasons": dict(reasons.most_common()),
        "ended_in_decade": dict(sorted(decades.items())),
        "mean_vp": {k: round(sum(r["vp"][k] for r in results) / n, 2) for k in ("usa", "ussr")},
        "mean_tracks": {k: round(sum(r["tracks"][k] for r in results) / n, 2)
                        for k in ("arms_race", "space_race", "dominance", "doves")},
        "mean_plies": round(sum(r["plies"] for r in results) / n),
        "seconds_per_game": round(elapsed * max(1, args.jobs) / n, 2),
    }, indent=1))


if __name__ == "__main__":
    main()
