"""Play and judge the bots' strength targets (realpolitik.sim.targets), a chunk at a time.

    python tools/targets.py run "e1815 2p" "wsdv 2p" --hours 2     # adds games, resumes where it stopped
    python tools/targets.py run "e1815 2p" --shard 1/2             # a second runner beside one with 0/2
    python tools/targets.py report                                # where every target stands
    python tools/targets.py report --write docs/bots/strength.md  # the table between the markers
    python tools/targets.py list

Games go to lab/data/targets.jsonl (``--file``), one line each, written as each chunk
ends; Ctrl-C or SIGTERM keeps what finished. ``run`` plays the named targets one after the
other until each holds its games (the target's own count, 200 for most, or ``--games``) of
today's configuration (counted in the file
before each chunk, so runners on other shards count too) or ``--hours`` pass.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.sim import store, targets  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "lab" / "data" / "targets.jsonl"
BEGIN, END = "<!-- targets:begin -->", "<!-- targets:end -->"


def _stored(path: Path) -> list[dict]:
    return store.load(path.read_text(encoding="utf-8").splitlines()) if path.exists() else []


def run(names: list[str], path: Path, games: int | None, hours: float | None, shard: tuple[int, int]) -> int:
    deadline = None if hours is None else time.monotonic() + hours * 3600

    def more(target: targets.Target) -> bool:  # other shards write to the same file
        config = targets.configuration(target)
        return ((deadline is None or time.monotonic() < deadline)
                and len(targets.games_of(_stored(path), target, config)) < (games or target.games))

    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for name in names:
            target = targets.TARGETS[name]
            played = targets.play_chunks(target, _stored(path), games or target.games, partial(store.append, path),
                                         partial(more, target), shard)
            print(f"{name}: {played} games played", flush=True)
    except KeyboardInterrupt:
        print("stopped; the games that finished are stored", flush=True)
        return 130
    return 0


def table(verdicts: list[targets.Verdict]) -> str:
    rows = ["| target | games | ismcts | share or ratio (95 %) | bar | CPU s / decision (slowest) | met |",
            "|---|---|---|---|---|---|---|"]
    for v in verdicts:
        t = v.target
        if t.kind == "seat":
            base_wins, base_seats = v.baseline or (0, 0)
            won = f"{v.wins} of {v.trials} seats; a heuristic seat alone: {base_wins} of {base_seats}"
            value = f"{v.value:.2f}× ({v.low:.2f}–{v.high:.2f})"
            bar = f"≥ {t.bar}×"
        else:
            won = f"{v.wins} of {v.trials} {'games' if t.kind == 'team' else 'seats'}"
            value = f"{100 * v.value:.1f} % ({100 * v.low:.1f}–{100 * v.high:.1f})"
            bar = f"> {100 * t.bar:.0f} %"
        met = "yes" if v.met else (f"not yet: fewer than {t.games} games" if not v.enough else "no")
        rows.append(f"| {t.name} | {v.games} | {won} | {value} | {bar} | "
                    f"{v.cpu_per_decision:.2f} ({v.slowest:.2f}) | {met} |")
    return "\n".join(rows)


def write(doc: Path, text: str) -> None:
    body = doc.read_text(encoding="utf-8")
    if BEGIN not in body or END not in body:
        raise SystemExit(f"{doc}: no {BEGIN} … {END} markers to write between")
    head, rest = body.split(BEGIN, 1)
    doc.write_text(f"{head}{BEGIN}\n{text}\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")


def _shard(text: str) -> tuple[int, int]:
    index, _, count = text.partition("/")
    try:
        shard = int(index), int(count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not I/N, e.g. 0/2") from None
    if not 0 <= shard[0] < shard[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: I must be from 0 to N-1")
    return shard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=FILE, help="the results file (JSON lines)")
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="play chunks of the named targets")
    go.add_argument("names", nargs="+", metavar="TARGET")
    go.add_argument("--games", type=int, default=None,
                    help="games per target to reach (default: the target's own, 200 for most)")
    go.add_argument("--hours", type=float, default=None, help="start no chunk after this long")
    go.add_argument("--shard", type=_shard, default=(0, 1), metavar="I/N",
                    help="play only chunks k with k %% N == I: N runners on one file share the targets")
    rep = sub.add_parser("report", help="where each target stands")
    rep.add_argument("names", nargs="*", metavar="TARGET")
    rep.add_argument("--json", action="store_true")
    rep.add_argument("--write", type=Path, help="put the table between the markers of this file")
    sub.add_parser("list", help="the targets")
    args = parser.parse_args()
    unknown = [n for n in getattr(args, "names", []) if n not in targets.TARGETS]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r} (see: list)")
    if args.command == "list":
        for name, t in targets.TARGETS.items():
            print(f"{name}: {t.game}, seats {','.join(t.seats)} ({t.kind})")
        return 0
    if args.command == "run":
        return run(args.names, args.file, args.games, args.hours, args.shard)
    verdicts = targets.verdicts(_stored(args.file), args.names or None)
    if args.json:
        print(json.dumps([v.to_dict() for v in verdicts], indent=1))
    elif args.write:
        write(args.write, table(verdicts))
    else:
        print(table(verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
