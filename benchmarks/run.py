"""Throughput and clone cost for every registered game; prints JSON with --json.

    python benchmarks/run.py --json [--games nuclear-war,wsdv] [--seconds 3] [--peers] [--extras ismcts]

Per game and player count: random-playout games/s and actions/s, and for a mid-game
state the cost of ``clone()`` beside ``copy.deepcopy`` (content shared in both, so the
comparison is like for like) and of ``determinize`` (a quiet world drawn with a
``Sampler``, as bots sample it) as a multiple of ``clone()``. ``arena_overhead``: per game at its default player count,
random bots in the arena (a seat context per decision) beside bare random playouts, as
a ratio of actions/s measured in this run (1.0: the arena costs nothing). Runs on one
core (one process). Every ``bench_*.py`` beside this file adds its own section: it
defines ``run(args) -> dict`` (``--extras`` picks some or ``none``). ``--peers`` adds the
section ``peers``: OpenSpiel's games and ISMCTS measured beside realpolitik's in this
process (benchmarks/peers.py).
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.engine import Rng, Sampler  # noqa: E402
from realpolitik.games import registry  # noqa: E402
from realpolitik.sim import arena_options, play_game  # noqa: E402


def _load(path: Path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extra_benchmarks() -> dict:
    """``run(args) -> dict`` of every ``bench_*.py`` beside this file, by its name."""
    return {path.stem.removeprefix("bench_"): _load(path).run
            for path in sorted(Path(__file__).parent.glob("bench_*.py"))}


def playouts(game, players: int, seconds: float) -> dict:
    """Random playouts for about ``seconds``: game ``k`` dealt from seed ``k``, the moves drawn by one
    ``Sampler`` as a search's uniform playouts draw them (nothing in a record depends on them)."""
    options = dict(game.conformance_options)
    games = actions = 0
    rng = Sampler(0)
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games < 5:
        state = game.new_state(players, options, seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
            "avg_actions": round(actions / games, 1), "games": games}


def arena_playouts(game, players: int, seconds: float) -> dict:
    """Arena games between random bots for about ``seconds``: each decision through a seat context."""
    options = arena_options(game)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 5:
        actions += play_game(game.id, ["random"] * players, games, options, games).plies
        games += 1
    return {"actions_per_s": round(actions / (time.perf_counter() - start)), "games": games}


def arena_overhead(game, seconds: float) -> dict:
    """Random-bot arena actions/s beside bare random-playout actions/s, measured one after the other."""
    players = game.default_players()
    bare = playouts(game, players, seconds)["actions_per_s"]
    arena = arena_playouts(game, players, seconds)["actions_per_s"]
    return {"players": players, "bare_actions_per_s": bare, "arena_actions_per_s": arena,
            "ratio": round(arena / bare, 3)}


def mid_game(game, players: int):
    """The state halfway through a seeded random game."""
    options = dict(game.conformance_options)
    state = game.new_state(players, options, 12345)
    rng = Rng(1)
    actions = []
    while not state.is_over():
        act = rng.choice(state.legal_actions())
        actions.append(act)
        state.apply(act)
    state = game.new_state(players, options, 12345)
    for act in actions[: len(actions) // 2]:
        state.apply(act)
    return state


def clone_cost(game, players: int, seconds: float = 3.0) -> dict:
    """µs per clone(), per copy.deepcopy() and per determinize() of a mid-game state, 200 of
    each at the default 3 ``seconds`` of playouts (fewer, in proportion, for a shorter run).

    Clones and determinizations take turns in rounds and their ratio is the median of the
    rounds' ratios, so a load that comes and goes skews it little.
    """
    state = mid_game(game, players)
    shared = {id(getattr(state, f)): getattr(state, f) for f in ("game", "content") if hasattr(state, f)}
    seat, rng = state.to_act, Sampler(5)  # what bots pass (engine/rng.py)
    m = max(10, round(200 * seconds / 3.0))
    clones, worlds = [], []
    for _ in range(10):
        t = time.process_time()
        for _ in range(m):
            state.clone()
        clones.append((time.process_time() - t) / m * 1e6)
        t = time.process_time()
        for _ in range(m):
            state.determinize(seat, rng, quiet=True)
        worlds.append((time.process_time() - t) / m * 1e6)
    t = time.process_time()
    for _ in range(m):
        copy.deepcopy(state, dict(shared))
    deep_us = (time.process_time() - t) / m * 1e6
    clone_us, determinize_us = statistics.median(clones), statistics.median(worlds)
    return {"clone_us": round(clone_us, 2), "deepcopy_us": round(deep_us, 2),
            "clone_share_of_deepcopy": round(clone_us / deep_us, 4), "determinize_us": round(determinize_us, 2),
            "determinize_per_clone": round(statistics.median(w / c for w, c in zip(worlds, clones, strict=True)), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of playouts per game and player count")
    parser.add_argument("--peers", action="store_true", help="also measure OpenSpiel beside realpolitik (extra bench)")
    parser.add_argument("--rounds", type=int, default=3, help="--peers: turns each subject takes")
    parser.add_argument("--extras", default="all", help="comma-separated bench_*.py sections, all or none")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g]
    out: dict = {"python": sys.version.split()[0], "games": {}, "arena_overhead": {}}
    for game in registry():
        if wanted and game.id not in wanted:
            continue
        counts = sorted({game.min_players, game.default_players(), game.max_players})
        out["games"][game.id] = {
            str(n): {**playouts(game, n, args.seconds), **clone_cost(game, n, args.seconds)} for n in counts
        }
        out["arena_overhead"][game.id] = arena_overhead(game, args.seconds)
    extras = {"all": None, "none": set()}.get(args.extras, set(args.extras.split(",")))
    for name, bench in extra_benchmarks().items():
        if extras is None or name in extras:
            out[name] = bench(args)
    peers = _load(Path(__file__).with_name("peers.py")) if args.peers else None
    if peers:
        out["peers"] = peers.run(args)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for gid, per in out["games"].items():
            for n, row in per.items():
                print(f"{gid:14} {n}p  {row['games_per_s']:8.1f} games/s  {row['actions_per_s']:8d} actions/s"
                      f"  clone {row['clone_us']:7.2f} µs  deepcopy {row['deepcopy_us']:8.2f} µs"
                      f"  determinize {row['determinize_per_clone']:5.1f}× clone")
        for gid, row in out["arena_overhead"].items():
            print(f"{gid:14} arena/bare {row['ratio']:.2f}  ({row['arena_actions_per_s']} vs "
                  f"{row['bare_actions_per_s']} actions/s, {row['players']}p random bots)")
        if peers:
            print(peers.table(out["peers"]))


if __name__ == "__main__":
    main()
