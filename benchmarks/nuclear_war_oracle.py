"""How much could search win in Nuclear War if nothing were hidden from it? Prints JSON.

    python benchmarks/nuclear_war_oracle.py --games 80 --reveal hands --bot budget=10000:opponents=policy:model=random
    python benchmarks/nuclear_war_oracle.py --games 40 --reveal all --opponent heuristic \\
        --bot budget=10000:opponents=policy:model=heuristic

An analysis of the game, not a bot anyone can seat: the ``ismcts`` search (the game's
``bot_defaults`` plus ``--bot``'s parameters) is handed worlds cut from the *true* state
instead of its seat's information set. ``--reveal hands``: every hand, face-down row and
population value is known, the draw pile is reshuffled and the dice reseeded for each
world. ``--reveal all``: the draw order and the dice too, so with ``model`` set to the
opponents' own policy the search plans in the very game it plays (the ``heuristic`` is
deterministic given its view; ``random`` opponents keep only their own coin flips). No belief
rearranges those worlds (``worlds=uniform``, whatever the game's defaults say).
The other reveals start from an honest world of the seat and make one part true:
``population`` the population cards' values, ``anti-missiles`` the anti-missiles in the
other hands (the bound of what reading them from interceptions not made could bring),
``rows`` the other seats' face-down rows (the hands dealt again).
Whatever this searcher wins bounds what an honest search at the same budget can hope
for: the games without a winner — the last nations wiping each other out in final
retaliation (spec §12) — stay. Same deals and seeds as the arena, seats rotating.
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
from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.engine.log import NullLog  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.sim.arena import arena_options, bot_seed, game_seed, play, seating  # noqa: E402
from realpolitik.sim.stats import wilson  # noqa: E402

REVEALS = ("population", "anti-missiles", "rows", "hands", "all")


class Revealed(SeatContext):
    """A context whose worlds are the true state (``_world``), with chance redrawn unless ``reveal``
    is ``all``; with ``population``, ``anti-missiles`` or ``rows`` an honest world that holds that
    part true."""

    __slots__ = ("reveal",)

    def __init__(self, seat, view, legal_actions, world, reveal: str = "hands") -> None:
        super().__init__(seat, view, legal_actions, world)
        self.reveal = reveal

    def sample(self, rng: Rng):
        if self.reveal == "population":
            world = super().sample(rng)
            world.pop = [list(holding) for holding in self._world.pop]
            return world
        if self.reveal == "anti-missiles":
            return true_anti_missiles(super().sample(rng), self._world, self.seat, rng)
        if self.reveal == "rows":
            return true_rows(super().sample(rng), self._world, self.seat, rng)
        world = self._world.clone()
        world.log = NullLog()
        if self.reveal != "all":
            rng.shuffle(world.draw)
            world.rng = Rng(rng.next64())
        return world


def true_anti_missiles(world, truth, seat: int, rng: Rng):
    """``world`` with every other hand's true anti-missiles, its other hidden cards dealt again.

    The other hands get the true anti-missiles and cards that are not anti-missiles; the hidden
    face-down cards and the draw pile get what is left, the Secrets anywhere in the pile.
    """
    cards = world.content.cards
    others = [s for s in range(len(world.seats)) if s != seat]
    secrets = [k for k in world.draw if k in world.content.secrets]
    pool = [k for k in world.draw if k not in world.content.secrets]
    slots = [(s, i) for s in others for i, shown in enumerate(world.exposed[s]) if not shown]
    for s in others:
        pool += world.hands[s]
    pool += [world.queues[s][i] for s, i in slots]
    kept = {s: [k for k in truth.hands[s] if cards[k].kind == "anti-missile"] for s in others}
    for s in others:
        for k in kept[s]:
            pool.remove(k)
    rng.shuffle(pool)
    plain = [k for k in pool if cards[k].kind != "anti-missile"]
    rest = [k for k in pool if cards[k].kind == "anti-missile"]
    for s in others:
        need = len(world.hands[s]) - len(kept[s])
        world.hands[s], plain = kept[s] + plain[:need], plain[need:]
    rest += plain
    rng.shuffle(rest)
    for s, i in slots:
        world.queues[s][i] = rest.pop()
    for k in secrets:
        rest.insert(rng.below(len(rest) + 1), k)
    world.draw = rest
    return world


def true_rows(world, truth, seat: int, rng: Rng):
    """``world`` with every other seat's true face-down row, the hands and the draw pile dealt again."""
    secrets = world.content.secrets
    others = [s for s in range(len(world.seats)) if s != seat]
    pool = [k for k in world.draw if k not in secrets] + [k for s in others for k in world.hands[s]]
    pool += [k for s in others for k, shown in zip(world.queues[s], world.exposed[s]) if not shown]
    for s in others:
        for k, shown in zip(truth.queues[s], truth.exposed[s]):
            if not shown:
                pool.remove(k)
        world.queues[s] = list(truth.queues[s])
    rng.shuffle(pool)
    for s in others:
        n = len(world.hands[s])
        world.hands[s], pool = pool[:n], pool[n:]
    for k in [k for k in world.draw if k in secrets]:
        pool.insert(rng.below(len(pool) + 1), k)
    world.draw = pool
    return world


class Seer:
    """Seats ``bot`` at the table with ``Revealed`` contexts cut from ``state``, the game being played."""

    def __init__(self, bot, state, reveal: str) -> None:
        self.bot, self.state, self.reveal = bot, state, reveal

    def choose(self, ctx: SeatContext) -> str:
        return self.bot.choose(Revealed(ctx.seat, ctx.view, ctx.legal_actions, self.state, self.reveal))


def play_one(job: tuple) -> str:
    """``won``, ``nobody`` or ``other`` for the revealed searcher in game ``index``."""
    index, seed, opponent, params, reveal = job
    game = get("nuclear-war")
    seats = seating(["oracle", opponent, opponent, opponent], index)
    spec = "ismcts:" + (f"{params}:" if params else "") + "worlds=uniform"  # no belief may rearrange the truth
    state = game.new_state(4, arena_options(game), game_seed(seed, index, 4))
    bots = [Seer(make_bot(spec, game, bot_seed(seed, index, s)), state, reveal) if label == "oracle"
            else make_bot(label, game, bot_seed(seed, index, s)) for s, label in enumerate(seats)]
    winners = play(state, bots, seats, seed, index).winners
    return "won" if seats.index("oracle") in winners else ("nobody" if not winners else "other")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="budget=10000:opponents=policy:model=random",
                        help="ismcts parameters, as after 'ismcts:' in a seat spec")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--reveal", choices=REVEALS, default="hands")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if "worlds=" in args.bot:
        parser.error("--bot: the worlds are cut from the true state; a belief may not rearrange them (no worlds=)")
    jobs = [(i, args.seed, args.opponent, args.bot, args.reveal) for i in range(args.games)]
    with Pool(args.workers) as pool:
        ends = Counter(pool.map(play_one, jobs))
    low, high = wilson(ends["won"], args.games)
    print(json.dumps({"bot": f"ismcts:{args.bot}", "reveal": args.reveal, "opponents": [args.opponent] * 3,
                      "games": args.games, "seed": args.seed, **{k: ends[k] for k in ("won", "nobody", "other")},
                      "won_share": round(ends["won"] / args.games, 3),
                      "won_95": [round(low, 3), round(high, 3)]}, indent=1))


if __name__ == "__main__":
    main()
