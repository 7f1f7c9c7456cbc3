"""How much could search win in Nuclear War if nothing were hidden from it? Prints JSON.

    python benchmarks/nuclear_war_oracle.py --games 80 --reveal hands --bot budget=10000:opponents=policy:model=random
    python benchmarks/nuclear_war_oracle.py --games 40 --reveal all --opponent heuristic \\
        --bot budget=10000:opponents=policy:model=heuristic

An analysis of the game, not a bot anyone can seat: the ``ismcts`` search (the game's
``bot_defaults`` plus ``--bot``'s parameters) is handed worlds cut from the *true* state
instead of its seat's information set. ``--reveal hands``: every hand, face-down row and
population value is known, the draw pile is reshuffled and the dice reseeded for each
world. ``--reveal population``: an honest world of the seat but for the population
cards, which hold their true values. ``--reveal all``: the draw order and the dice too,
so with ``model`` set to the opponents' own policy the search plans in the very game it plays (the ``heuristic`` is
deterministic given its view; ``random`` opponents keep only their own coin flips).
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

REVEALS = ("population", "hands", "all")


class Revealed(SeatContext):
    """A context whose worlds are the true state (``_world``), with chance redrawn unless ``reveal``
    is ``all``; with ``population`` an honest world that holds the true population cards."""

    __slots__ = ("reveal",)

    def __init__(self, seat, view, legal_actions, world, reveal: str = "hands") -> None:
        super().__init__(seat, view, legal_actions, world)
        self.reveal = reveal

    def sample(self, rng: Rng):
        if self.reveal == "population":
            world = super().sample(rng)
            world.pop = [list(holding) for holding in self._world.pop]
            return world
        world = self._world.clone()
        world.log = NullLog()
        if self.reveal != "all":
            rng.shuffle(world.draw)
            world.rng = Rng(rng.next64())
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
    spec = "ismcts" + (f":{params}" if params else "")
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
