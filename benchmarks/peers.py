"""realpolitik beside OpenSpiel, measured in one process: ``benchmarks/run.py --peers``.

    python benchmarks/peers.py [--games nuclear-war] [--seconds 3] [--rounds 3]

Random playouts: player actions per second (chance outcomes are drawn but not counted, as
realpolitik draws chance inside ``apply``; the moves are drawn by a ``Sampler``, a
``random.Random``, as OpenSpiel's are by ``random.Random.choice``) of every realpolitik game at its default player
count, of OpenSpiel's Python games (``python_kuhn_poker``, ``python_liars_poker``,
``python_tic_tac_toe``) and of its C++ games (``leduc_poker``, ``hearts``, ``liars_dice``).
ISMCTS: iterations (simulations) per second of realpolitik's ``ISMCTSBot`` (random
rollouts) at each game's mid-game position, of OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts``) and its C++ ``pyspiel.ISMCTSBot``, both with one
random rollout per simulation, at the first decision of ``leduc_poker`` and ``hearts``;
also apply calls per second (OpenSpiel's estimated as simulations × the player actions a
random playout from the searched position still takes, since a simulation plays to the end).
Every subject runs ``--rounds`` times for ``seconds / rounds`` each, the subjects taking
turns, so a busy machine slows all of them alike; ratios are realpolitik ÷ peer.
Needs the ``bench`` extra (open-spiel); without it the section says so.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.bots import ISMCTSBot  # noqa: E402
from realpolitik.engine import Rng, Sampler, SeatContext  # noqa: E402
from realpolitik.games import registry  # noqa: E402

PYTHON_GAMES = ("python_kuhn_poker", "python_liars_poker", "python_tic_tac_toe")
CPP_GAMES = ("leduc_poker", "hearts", "liars_dice")
ISMCTS_GAMES = ("leduc_poker", "hearts")
#: apply calls per realpolitik search and simulations per OpenSpiel search: one unit of work
SEARCH_APPLIES = 3000
SEARCH_SIMULATIONS = {"python": 40, "cpp": 400}
UCT_C = 0.7

#: one unit of work: returns how many actions (playouts) or iterations and apply calls (searches) it did
Work = Callable[[], tuple[int, int]]


def _rp_playout(game, players: int) -> Work:
    options = dict(game.conformance_options)
    seed = iter(range(1 << 30))
    rng = Sampler(0)  # the moves drawn as a search's uniform playouts draw them (run.py's playouts)

    def work() -> int:
        s = next(seed)
        state, n = game.new_state(players, options, s), 0
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        return n, n

    return work


def _os_playout(os_game, rnd: random.Random) -> Work:
    def work() -> int:
        state, n = os_game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                n += 1
        return n, n

    return work


def _rp_search(game) -> Work:
    spec = importlib.util.spec_from_file_location("bench_ismcts", Path(__file__).with_name("bench_ismcts.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state, _ = module.position(game, game.default_players(), 0.5)
    bot = ISMCTSBot(seed=1, budget=SEARCH_APPLIES, rollout="random")

    def work() -> int:
        bot.choose(SeatContext.of(state, state.to_act, Rng(3)))
        return bot.last.iterations, bot.last.applies

    return work


def _first_decision(os_game, rnd: random.Random):
    state = os_game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rnd.choices(outcomes, probs)[0])
    return state


def _os_search(pyspiel, os_game, kind: str) -> Work:
    state = _first_decision(os_game, random.Random(5))
    simulations = SEARCH_SIMULATIONS[kind]
    applies = round(simulations * _length_after(state, random.Random(6)))
    if kind == "cpp":
        bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 2), UCT_C, simulations)
    else:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        bot = ismcts.ISMCTSBot(os_game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)), UCT_C,
                               simulations, random_state=np.random.RandomState(1))

    def work() -> int:
        bot.step(state)
        return simulations, applies

    return work


def _length_after(state, rnd: random.Random, games: int = 200) -> float:
    """Player actions left after ``state`` in random playouts, on average: an OpenSpiel search's apply
    calls per simulation (tree descent and rollout together play the game to its end)."""
    total = 0
    for _ in range(games):
        world, n = state.clone(), 0
        while not world.is_terminal():
            if world.is_chance_node():
                outcomes, probs = zip(*world.chance_outcomes(), strict=True)
                world.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                world.apply_action(rnd.choice(world.legal_actions()))
                n += 1
        total += n
    return total / games


def _alternate(subjects: dict[str, Work], seconds: float, rounds: int) -> dict[str, dict]:
    """Each subject's rates over ``rounds`` turns of ``seconds / rounds``, the subjects taking turns."""
    done = {name: [0, 0] for name in subjects}
    spent = dict.fromkeys(subjects, 0.0)
    share = seconds / rounds
    for _ in range(rounds):
        for name, work in subjects.items():
            start = time.perf_counter()
            while True:
                count, applies = work()
                done[name][0] += count
                done[name][1] += applies
                elapsed = time.perf_counter() - start
                if elapsed >= share:
                    break
            spent[name] += elapsed
    return {name: {"per_s": round(done[name][0] / spent[name], 1), "count": done[name][0],
                   "applies_per_s": round(done[name][1] / spent[name])} for name in subjects}


def run(args) -> dict:
    """The ``peers`` section: rates of realpolitik and OpenSpiel and their ratios."""
    if importlib.util.find_spec("pyspiel") is None:
        return {"skipped": "open-spiel is not installed: pip install 'realpolitik[bench]'"}
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers the python_* games)

    wanted = [g for g in (getattr(args, "games", "") or "").split(",") if g]
    seconds = getattr(args, "seconds", 3.0)
    rounds = max(1, getattr(args, "rounds", 3))
    ours = [g for g in registry() if not wanted or g.id in wanted]
    rnd = random.Random(0)
    playouts: dict[str, Work] = {f"realpolitik/{g.id}": _rp_playout(g, g.default_players()) for g in ours}
    for kind, names in (("python", PYTHON_GAMES), ("cpp", CPP_GAMES)):
        for name in names:
            playouts[f"openspiel-{kind}/{name}"] = _os_playout(pyspiel.load_game(name), rnd)
    searches: dict[str, Work] = {f"realpolitik/{g.id}": _rp_search(g) for g in ours}
    for name in ISMCTS_GAMES:
        for kind in ("python", "cpp"):
            searches[f"openspiel-{kind}/{name}"] = _os_search(pyspiel, pyspiel.load_game(name), kind)
    play = _alternate(playouts, seconds, rounds)
    search = _alternate(searches, seconds, rounds)
    return {
        "rounds": rounds, "seconds_per_subject": seconds,
        "playouts": {k: {"actions_per_s": v["per_s"], "actions": v["count"]} for k, v in play.items()},
        "ismcts": {k: {"iterations_per_s": v["per_s"], "iterations": v["count"],
                       "applies_per_s": v["applies_per_s"]} for k, v in search.items()},
        "ratios": {"playouts": _ratios({k: v["per_s"] for k, v in play.items()}),
                   "ismcts": _ratios({k: v["per_s"] for k, v in search.items()}),
                   "ismcts_applies": _ratios({k: v["applies_per_s"] for k, v in search.items()})},
    }


def _ratios(rates: dict[str, float]) -> dict[str, float]:
    """realpolitik ÷ peer for every pair, keyed ``GAME vs KIND/PEER``."""
    ours = {k.removeprefix("realpolitik/"): v for k, v in rates.items() if k.startswith("realpolitik/")}
    peers = {k: v for k, v in rates.items() if not k.startswith("realpolitik/")}
    return {f"{g} vs {p}": round(mine / theirs, 3) for g, mine in ours.items() for p, theirs in peers.items() if theirs}


def table(section: dict) -> str:
    """The ratios as lines of text (what ``run.py --peers`` prints without ``--json``)."""
    if "skipped" in section:
        return f"peers: {section['skipped']}"
    lines = []
    for what, key, unit in (("playouts", "playouts", "actions_per_s"), ("ismcts", "ismcts", "iterations_per_s"),
                            ("ismcts_applies", "ismcts", "applies_per_s")):
        lines.append(f"{what} ({unit.replace('_per_s', '')}/s):")
        lines += [f"  {name:34} {row[unit]:12,.1f}" for name, row in section[key].items()]
        lines.append(f"{what}: realpolitik ÷ peer")
        lines += [f"  {pair:60} {ratio:8.3f}" for pair, ratio in section["ratios"][what].items()]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated realpolitik game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per subject, over all rounds")
    parser.add_argument("--rounds", type=int, default=3, help="turns each subject takes")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    out = run(args)
    print(json.dumps(out, indent=1) if args.json else table(out))


if __name__ == "__main__":
    main()
