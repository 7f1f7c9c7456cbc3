"""A pilot of a search setting on the deals of the Nuclear War seat target, its games kept. Prints JSON.

    python benchmarks/nuclear_war_pilot.py --spec ismcts:worlds=particles \\
        --store lab/data/nuclear-war-particles.jsonl --hours 1.3

Plays chunks of the strength target ``nuclear-war 4p`` (``sim/targets.py``: chunk ``k`` is the deal of
seed 7000 + k in every rotation of the seats, one process) with ``--spec`` in the search's seat and the
heuristics in the others, lowest chunks first. Every finished game is kept in ``--store`` as the targets
keep theirs, so a run stopped by ``--hours``, Ctrl-C or SIGTERM goes on with the same command. The
verdict is the target's: the seat's win share over a heuristic seat's at the all-heuristic table, read
from ``--baseline`` (``lab/data/targets.jsonl``), with Katz's 95 % interval; beside it, the default
search's wins on the same chunks in that file (the same deals and seatings), where it holds them.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.sim import store, targets  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TARGET = "nuclear-war 4p"


def _stored(path: Path) -> list[dict]:
    return store.load(path.read_text(encoding="utf-8").splitlines()) if path.exists() else []


def run(args) -> dict:
    """Play up to ``args.games`` games of the pilot (until ``args.hours`` pass), then judge what is kept."""
    target = targets.TARGETS[TARGET]
    pilot = replace(target, name=f"{TARGET} {args.spec}", seats=(args.spec, *target.seats[1:]), games=args.games)
    deadline = None if args.hours is None else time.monotonic() + args.hours * 3600
    stopped = False
    try:
        targets.play_chunks(pilot, _stored(args.store), args.games, lambda line: store.append(args.store, line),
                            lambda: deadline is None or time.monotonic() < deadline)
    except KeyboardInterrupt:
        stopped = True
    mine = targets.games_of(_stored(args.store), pilot, targets.configuration(pilot))
    known = _stored(args.baseline)
    base = targets.TARGETS[target.baseline]
    verdict = targets.judge(pilot, mine, targets.games_of(known, base, targets.configuration(base)))
    chunks = {g["chunk"] for g in mine}
    default = [g for g in targets.games_of(known, target, targets.configuration(target)) if g["chunk"] in chunks]
    same = targets.judge(target, default) if default else None
    return {"spec": args.spec, "stopped": stopped, "chunks": len(chunks), **verdict.to_dict(),
            "default_on_these_deals": None if same is None else {"games": same.games, "wins": same.wins,
                                                                 "trials": same.trials}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="ismcts:worlds=particles", help="the search's seat (an ismcts spec)")
    parser.add_argument("--games", type=int, default=targets.NUCLEAR_WAR_GAMES, help="games to reach")
    parser.add_argument("--hours", type=float, default=None, help="start no chunk after this long")
    parser.add_argument("--store", type=Path, required=True, help="where the games are kept (JSON lines)")
    parser.add_argument("--baseline", type=Path, default=ROOT / "lab" / "data" / "targets.jsonl",
                        help="the targets' games: the all-heuristic baseline and the default search's")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    print(json.dumps(run(args), indent=1))


if __name__ == "__main__":
    main()
