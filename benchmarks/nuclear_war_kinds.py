"""What kinds of card Nuclear War players keep face down and in hand, against a uniform deal, and how
often a search's world guesses the others' face-down cards. Prints JSON.

    python benchmarks/nuclear_war_kinds.py --games 200 --seed 1000

Plays games of four ``heuristic`` bots and, at every other ply, reads the true state of each
seat that is not to act: the kind of every face-down card not placed openly, by war or
peace and by what lies in front of it (``carrier``: the face-up carrier or a carrier card
just ahead in the row; ``none``: anything else), and the kind of every card in hand. Beside
each share stands the share in a world drawn uniformly for the seat to act
(``SeatContext.sample``), which is what a search assumes without a belief. ``guessed``: of the
other seats' face-down cards not placed openly, the share whose kind, and whose very card, that
uniform world holds in the same place, and the same world rearranged by the game's belief
(``games/nuclear_war/belief.py``, ``ismcts:worlds=game``), in peace and at war.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.games.nuclear_war.heuristic import HeuristicBot  # noqa: E402

KINDS = ("warhead", "carrier", "propaganda", "anti-missile")


def tally(st, seat: int, into: Counter) -> None:
    """Count the kinds of the unseen cards of every seat but ``seat`` in ``st``."""
    cards = st.content.cards
    for s in range(len(st.seats)):
        if s == seat or not st.alive[s]:
            continue
        front = "carrier" if st.face_up[s] else "none"
        for key, shown in zip(st.queues[s], st.exposed[s]):
            kind = cards[key].kind
            if not shown:
                into[st.at_war, front, kind] += 1
            front = "carrier" if kind == "carrier" else "none"
        for key in st.hands[s]:
            into[st.at_war, "hand", cards[key].kind] += 1


def guess(st, world, seat: int, how: str, into: Counter) -> None:
    """Count the others' face-down cards in ``st`` whose kind and card ``world`` holds in the same place."""
    cards, when = st.content.cards, "war" if st.at_war else "peace"
    for s in range(len(st.seats)):
        if s == seat or not st.alive[s]:
            continue
        for true, guessed, shown in zip(st.queues[s], world.queues[s], st.exposed[s]):
            if not shown:
                into[how, when, "cards"] += 1
                into[how, when, "kind"] += cards[true].kind == cards[guessed].kind
                into[how, when, "card"] += true == guessed


def measure(games: int, seed: int) -> tuple[dict, dict]:
    game = get("nuclear-war")
    played, uniform, guessed = Counter(), Counter(), Counter()
    for index in range(games):
        st, rng = game.new_state(4, None, seed + index), Rng(seed + index)
        bots = [HeuristicBot(s) for s in range(4)]
        while not st.is_over():
            seat = st.to_act
            if st.ply % 2 == 0:
                tally(st, seat, played)
                world = SeatContext.of(st, seat, Rng(st.ply)).sample(Rng(seed + index + st.ply))
                tally(world, seat, uniform)
                guess(st, world, seat, "uniform", guessed)
                game.belief(world, seat, Rng(st.ply))
                guess(st, world, seat, "belief", guessed)
            ctx = SeatContext.of(st, seat, rng)
            st.apply(bots[seat].choose(ctx))
            ctx.close()
    out = {}
    for war in (False, True):
        for where in ("none", "carrier", "hand"):
            n = sum(played[war, where, k] for k in KINDS)
            m = sum(uniform[war, where, k] for k in KINDS)
            out[f"{'war' if war else 'peace'} {where}"] = {
                "cards": n,
                "per_mille": {k: round(1000 * played[war, where, k] / max(n, 1)) for k in KINDS},
                "uniform_per_mille": {k: round(1000 * uniform[war, where, k] / max(m, 1)) for k in KINDS},
            }
    shares = {f"{how} {when}": {what: round(guessed[how, when, what] / max(guessed[how, when, "cards"], 1), 3)
                                for what in ("kind", "card")}
              for how in ("uniform", "belief") for when in ("peace", "war")}
    return out, shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    kinds, guessed = measure(args.games, args.seed)
    print(json.dumps({"games": args.games, "seed": args.seed, "kinds": kinds, "guessed": guessed}, indent=1))


if __name__ == "__main__":
    main()
