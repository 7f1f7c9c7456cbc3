"""Fixed random playouts, for instruction counts and bytecode profiles: the same work on any tree.

    python benchmarks/playout_work.py GAME PLAYERS [--seeds 2-13] [--src DIR] [--no-gc] [--draw sampler]
        [--opcodes N]

Plays one game first (content and tables are loaded then), then one uniformly random game
per seed, its moves drawn with a splitmix ``Rng(seed)`` — or, with ``--draw sampler``, all
games' moves by one ``random.Random`` scaled to the list, as ``benchmarks/run.py``'s playouts
draw them with a ``Sampler`` (written out here, as older trees have no ``Sampler``).
``--src`` imports realpolitik from another source tree (a ``git archive`` of an older
commit), so both trees play exactly the same games. Prints JSON: the actions played.

Instructions per action (docs/performance.md, *How to measure*) are the difference of a
run with the seeds and one without, divided by the actions::

    for s in 2-13 none; do PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null .venv/bin/python benchmarks/playout_work.py e1815 4 --seeds $s \\
        --no-gc; done

``--no-gc`` turns the cyclic garbage collector off after the first game: when it runs depends
on every allocation before, so a change anywhere moves its work between games by a thousand
instructions an action or so, more than many changes are worth. ``--opcodes N`` adds the N
functions that ran most bytecodes (``search_work.opcode_counter``).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def seeds_of(text: str) -> list[int]:
    """``2-13``, ``2,3,7`` or ``none``."""
    if text == "none":
        return []
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


def run(game_id: str, players: int, seeds: list[int], no_gc: bool = False, opcodes: int = 0,
        draw: str = "splitmix") -> dict:
    from realpolitik.engine import Rng
    from realpolitik.games import get

    game = get(game_id)
    options = dict(game.conformance_options)
    state, rng = game.new_state(players, options, 1), Rng(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    if no_gc:
        gc.disable()
    counts: Counter = Counter()
    if opcodes:
        from search_work import opcode_counter, ranked

        sys.settrace(opcode_counter(counts))
    actions = 0
    rand = random.Random(seeds[0] if seeds else 0).random  # made in both runs, so its cost cancels

    def sampled(items):  # ``Sampler.choice`` written out
        return items[int(rand() * len(items))]

    try:
        for seed in seeds:
            state = game.new_state(players, options, seed)
            pick = sampled if draw == "sampler" else Rng(seed).choice
            while not state.is_over():
                state.apply(pick(state.legal_actions()))
                actions += 1
    finally:
        sys.settrace(None)
    out: dict = {"game": game_id, "players": players, "seeds": len(seeds), "actions": actions}
    if opcodes:
        out["bytecodes_per_action"] = round(sum(counts.values()) / max(actions, 1))
        out["top"] = ranked(counts, opcodes)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--seeds", default="2-13", help="a range (2-13), a list (2,3,7) or none")
    parser.add_argument("--src", type=Path, default=SRC, help="the source tree to import realpolitik from")
    parser.add_argument("--no-gc", action="store_true", help="no cyclic garbage collection after the first game")
    parser.add_argument("--draw", choices=("splitmix", "sampler"), default="splitmix",
                        help="the moves drawn by a splitmix Rng(seed) per game, or by one random.Random for the run")
    parser.add_argument("--opcodes", type=int, default=0, help="also list the N functions that ran most bytecodes")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    print(json.dumps(run(args.game, args.players, seeds_of(args.seeds), args.no_gc, args.opcodes, args.draw), indent=1))


if __name__ == "__main__":
    main()
