"""The arena on Ray: games/s with 1 and 2 Ray workers beside one local process.

    python benchmarks/bench_cluster.py [--games 400] [--seats heuristic,random,random]

Each Ray run starts a private Ray instance (``--cluster local``) with that many CPUs; its
games/s count from the moment the instance is ready, so the start-up (reported apart)
is left out. Needs Ray (``pip install 'realpolitik[cluster]'``); without it the section
says so. The machine's other load counts: figures from a busy machine are low.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.sim import run_arena  # noqa: E402

GAME = "nuclear-war"
SEATS = "heuristic,random,random"
GAMES = 400


def _timed(games: int, seats: list[str], cluster: str | None = None, workers: int = 1) -> dict:
    ready: list[float] = []
    start = time.perf_counter()
    results = run_arena(GAME, seats, games, seed=1, workers=workers, cluster=cluster,
                        on_cluster=lambda _: ready.append(time.perf_counter()))
    end = time.perf_counter()
    begun = ready[0] if ready else start
    out = {"games_per_s": round(len(results) / (end - begun), 1), "seconds": round(end - begun, 2)}
    if ready:
        out["startup_s"] = round(begun - start, 2)
    return out


def run(args) -> dict:
    """Games/s of one local process and of a private Ray instance with 1 and 2 workers."""
    games = getattr(args, "cluster_games", GAMES)
    seats = getattr(args, "cluster_seats", SEATS).split(",")
    out: dict = {"game": GAME, "seats": seats, "games": games, "local_1_process": _timed(games, seats)}
    if importlib.util.find_spec("ray") is None:
        return {**out, "ray": "not installed: pip install 'realpolitik[cluster]'"}
    for workers in (1, 2):
        out[f"ray_{workers}_workers"] = _timed(games, seats, "local", workers)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, dest="cluster_games", help="games per run")
    parser.add_argument("--seats", default=SEATS, dest="cluster_seats", help="bots, one per seat")
    print(json.dumps(run(parser.parse_args()), indent=1))


if __name__ == "__main__":
    main()
