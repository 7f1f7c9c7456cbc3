"""Where the other players keep the cards a seat cannot see (``Game.belief``, ``ismcts:worlds=game``).

A world drawn uniformly from a seat's information set deals every unseen card anywhere: a
face-down row then holds whatever the deal puts there. Players do not place at random: they
pick each face-down card from their hand by a plan — a warhead behind a carrier, propaganda
in peace. This belief plays the heuristic's plan backwards: each other seat's face-down
cards are picked again, front first, from its hand and those cards taken together, as the
heuristic's placement rule (``placement_score``) picks them. Every card stays unseen and in
the same seat, and the seat's view does not change.

In games of four heuristics (``benchmarks/nuclear_war_kinds.py``, ``guessed``) a uniform world
guesses the kind of another seat's face-down card about one time in three, this belief three
times in five in peace and three in four at war (docs/bots/nuclear-war.md, *What the others' cards
are worth*); as a search's worlds it won no more than uniform ones.
"""

from __future__ import annotations

from realpolitik.engine import Rng

from .heuristic import Sight, placement_score, waiting_carrier


def rows_as_placed(world, seat: int, rng: Rng) -> None:
    """Each other seat's face-down cards picked again from its hand and those cards together, front
    first, as the heuristic's placement rule would have picked them (``rng`` is not needed: the
    rule is deterministic)."""
    cards, secrets, war = world.content.cards, world.content.secrets, world.at_war
    for s in range(len(world.seats)):
        row, exposed, hand = world.queues[s], world.exposed[s], world.hands[s]
        if s == seat or not world.alive[s] or all(exposed):
            continue
        pool = [k for k, shown in zip(row, exposed) if not shown] + hand
        if not secrets.isdisjoint(pool):  # the opening round: a Secret dealt stays where it is
            continue
        up = world.face_up[s]
        payload = world.payload[s] if up else 0
        for j, shown in enumerate(exposed):
            if shown:
                continue
            carrier, room = waiting_carrier(Sight(cards, war, {}, up, payload, row[:j]))
            megatons = [cards[k].megatons for k in pool if cards[k].kind == "warhead"]
            scores = [placement_score(cards[k], carrier, room, megatons, war) for k in pool]
            row[j] = pool.pop(scores.index(max(scores)))
        hand[:] = pool
