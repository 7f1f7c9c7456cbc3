"""How well Nuclear War's beliefs place the cards a seat cannot see. Prints JSON.

    python benchmarks/nuclear_war_belief.py --games 100 --seed 1000

Plays games of four ``heuristic`` bots and, every ``--every`` plies, takes the seat to act: from its
context (``SeatContext.of``, the seat's view and history only) each belief draws ``--worlds`` worlds —
``uniform`` (``SeatContext.sample``), ``rows_as_placed`` (the same, rearranged by ``Game.belief``) and
``particles`` (``Game.particles``, the belief from play) — and they are compared with the true state
(an analysis only; no bot reads it), per place of another living seat's unseen cards:

- ``exact``: the share of those cards a world holds in the same place — the same face-down slot
  (``row``), or the same hand (``hand``: the cards of the true hand the world's hand holds, card for
  card); ``anti-missiles``: that share for the anti-missiles in the true hands alone;
- ``loglik``: the mean natural log of the chance the belief gives the true card in its place, the
  share of its worlds that hold it there with one world's weight more of a uniform deal (the card's
  copies among the cards the seat cannot see, times the hand's size for a hand), so a card no world
  holds keeps a finite chance. Higher is better; ``uniform`` stands near the log of a blind guess.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from math import log
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.engine import Rng, SeatContext  # noqa: E402
from realpolitik.games import get  # noqa: E402
from realpolitik.games.nuclear_war.heuristic import HeuristicBot  # noqa: E402

BELIEFS = ("uniform", "rows_as_placed", "particles")
PLACES = ("hand", "row", "anti-missiles")


def worlds(game, ctx: SeatContext, how: str, count: int, rng: Rng) -> list:
    """``count`` worlds of the belief ``how`` for the context's seat."""
    if how == "particles":
        sampler = game.particles(ctx, rng)
        return [sampler(rng) for _ in range(count)]
    out = [ctx.sample(rng) for _ in range(count)]
    if how == "rows_as_placed":
        for world in out:
            game.belief(world, ctx.seat, rng)
    return out


def score(st, seat: int, drawn: list, into: Counter, how: str) -> None:
    """Add how well ``drawn`` places each unseen card of the other living seats in ``st`` to ``into``."""
    unseen = list(st.draw)
    for s in range(len(st.seats)):
        if s != seat:
            unseen += st.hands[s] + [k for k, shown in zip(st.queues[s], st.exposed[s]) if not shown]
    copies, whole, m = Counter(unseen), len(unseen), len(drawn)
    anti = {k for k, c in st.content.cards.items() if c.kind == "anti-missile"}
    for s in range(len(st.seats)):
        if s == seat or not st.alive[s]:
            continue
        for i, (true, shown) in enumerate(zip(st.queues[s], st.exposed[s])):
            if not shown:
                held = sum(w.queues[s][i] == true for w in drawn)
                _add(into, how, "row", held / m, (held + copies[true] / whole) / (m + 1))
        hand = Counter(st.hands[s])
        hands = [Counter(w.hands[s]) for w in drawn]
        for key, n in hand.items():
            for j in range(n):  # the j-th copy of ``key`` in the true hand
                held = sum(h[key] > j for h in hands)
                prior = min(1.0, len(st.hands[s]) * (copies[key] - j) / whole)
                places = ("hand", "anti-missiles") if key in anti else ("hand",)
                for place in places:
                    _add(into, how, place, held / m, (held + prior) / (m + 1))


def _add(into: Counter, how: str, place: str, exact: float, chance: float) -> None:
    into[how, place, "cards"] += 1
    into[how, place, "exact"] += exact
    into[how, place, "loglik"] += log(chance)


def measure(games: int, seed: int, every: int, count: int) -> dict:
    game = get("nuclear-war")
    into: Counter = Counter()
    positions = 0
    for index in range(games):
        st, rng = game.new_state(4, None, seed + index), Rng(seed + index)
        bots = [HeuristicBot(s) for s in range(4)]
        while not st.is_over():
            seat = st.to_act
            if st.ply % every == 0:
                positions += 1
                for how in BELIEFS:
                    ctx = SeatContext.of(st, seat, Rng(st.ply))
                    score(st, seat, worlds(game, ctx, how, count, Rng(seed + index + st.ply)), into, how)
                    ctx.close()
            ctx = SeatContext.of(st, seat, rng)
            st.apply(bots[seat].choose(ctx))
            ctx.close()
    out = {how: {place: {"cards": into[how, place, "cards"],
                         "exact": round(into[how, place, "exact"] / max(into[how, place, "cards"], 1), 3),
                         "loglik": round(into[how, place, "loglik"] / max(into[how, place, "cards"], 1), 3)}
                 for place in PLACES} for how in BELIEFS}
    return {"positions": positions, "beliefs": out}


def run(args) -> dict:
    """The comparison of ``args.games`` games from ``args.seed`` (``every`` plies, ``worlds`` worlds)."""
    every, count = getattr(args, "every", 5), getattr(args, "worlds", 16)
    return {"games": args.games, "seed": args.seed, "every": every, "worlds": count,
            **measure(args.games, args.seed, every, count)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--every", type=int, default=5, help="measure at every this many plies")
    parser.add_argument("--worlds", type=int, default=16, help="worlds each belief draws per position")
    print(json.dumps(run(parser.parse_args()), indent=1))


if __name__ == "__main__":
    main()
