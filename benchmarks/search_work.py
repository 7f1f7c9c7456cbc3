"""One fixed search, for instruction counts and bytecode profiles: the same work on any tree.

    python benchmarks/search_work.py GAME PLAYERS BUDGET [--src DIR] [--opcodes N] [--rollout POLICY]

Plays one seeded random game of GAME with PLAYERS, goes back to its middle (the first
real choice from there) and searches that position once with ``ismcts`` (``budget``
apply calls, ``rollout=auto`` unless ``--rollout`` names another policy, seed 1). ``--src``
imports realpolitik from another source tree (a ``git archive`` of an older commit), so
both trees do exactly the same work.
Prints JSON: iterations, apply calls, seconds.

Instruction counts (docs/performance.md, *How to measure*) take the difference of two
budgets so that the start-up cancels::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/search_work.py e1815 4 3000

``--opcodes N`` adds the N functions that ran most bytecodes (a ``sys.settrace`` opcode
count, per function without its callees). It finds pure-Python hot spots; it misleads
where C does the work (copies, hashing, allocation), which costs many instructions per
bytecode — confirm with instruction counts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def middle(game, players: int):
    """The first decision with a real choice from the middle of a seeded random game."""
    from realpolitik.engine import Rng

    options = dict(game.conformance_options)
    probe, rng, actions = game.new_state(players, options, 12345), Rng(1), []
    while not probe.is_over():
        actions.append(rng.choice(probe.legal_actions()))
        probe.apply(actions[-1])
    state = game.new_state(players, options, 12345)
    for act in actions[: len(actions) // 2]:
        state.apply(act)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def opcode_counter(counts: Counter):
    """A trace function counting executed bytecodes per (file, first line, function)."""
    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename.rpartition("/src/")[2], code.co_firstlineno, code.co_name)] += 1
        return trace
    return trace


def ranked(counts: Counter, n: int) -> list[dict]:
    """The ``n`` functions of ``counts`` (``opcode_counter``'s) that ran most bytecodes, with their shares."""
    total = sum(counts.values())
    return [{"where": f"{file}:{line} {name}", "bytecodes": k, "share": round(k / total, 4)}
            for (file, line, name), k in counts.most_common(n)]


def run(game_id: str, players: int, budget: int, opcodes: int = 0, rollout: str = "auto") -> dict:
    from realpolitik.bots import ISMCTSBot
    from realpolitik.engine import Rng, SeatContext
    from realpolitik.games import get

    state = middle(get(game_id), players)
    bot = ISMCTSBot(seed=1, budget=budget, rollout=rollout)
    ctx = SeatContext.of(state, state.to_act, Rng(3))
    counts: Counter = Counter()
    if opcodes:
        sys.settrace(opcode_counter(counts))
    start = time.perf_counter()
    try:
        bot.choose(ctx)
    finally:
        sys.settrace(None)
    out = {"game": game_id, "players": players, "budget": budget, "iterations": bot.last.iterations,
           "applies": bot.last.applies, "seconds": round(time.perf_counter() - start, 3)}
    if opcodes:
        out["bytecodes"] = sum(counts.values())
        out["top"] = ranked(counts, opcodes)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("budget", type=int)
    parser.add_argument("--src", type=Path, default=SRC, help="the source tree to import realpolitik from")
    parser.add_argument("--opcodes", type=int, default=0, help="also list the N functions that ran most bytecodes")
    parser.add_argument("--rollout", default="auto", help="the playouts' policy (``random`` compares Nuclear War "
                                                          "with trees older than its heuristic playouts)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    print(json.dumps(run(args.game, args.players, args.budget, args.opcodes, args.rollout), indent=1))


if __name__ == "__main__":
    main()
