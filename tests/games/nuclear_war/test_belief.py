"""The belief a search may draw its worlds from (``Game.belief``): face-down rows picked as players place them."""

from __future__ import annotations

from collections import Counter

from realpolitik.engine import Rng, SeatContext
from realpolitik.engine.rng import Sampler
from realpolitik.games import get
from realpolitik.games.nuclear_war.belief import rows_as_placed
from realpolitik.games.nuclear_war.heuristic import rollout_policy
from tests.games.nuclear_war.scenario import build


def every_card(world) -> Counter:
    return Counter(world.draw + [k for s in range(len(world.seats)) for k in world.hands[s] + world.queues[s]])


def test_a_rearranged_world_looks_the_same_to_the_searching_seat():
    # Only cards the seat cannot see move, and only within another seat's hand and row: its
    # view, every seat's cards taken together and the draw pile stay as they were.
    game = get("nuclear-war")
    checked = moved = 0
    for seed in range(12):
        players = 2 + seed % 5
        state, rng = game.new_state(players, None, seed), Rng(seed)
        while not state.is_over():
            if state.ply % 7 == 3:
                seat = state.to_act
                world = SeatContext.of(state, seat, Rng(state.ply)).sample(Rng(seed))
                seen, cards, draw = world.view(seat, log_from=None), every_card(world), list(world.draw)
                held = [Counter(world.hands[s] + world.queues[s]) for s in range(players)]
                rows = [list(q) for q in world.queues]
                rows_as_placed(world, seat, Sampler(state.ply))
                assert world.view(seat, log_from=None) == seen
                assert every_card(world) == cards and world.draw == draw
                assert [Counter(world.hands[s] + world.queues[s]) for s in range(players)] == held
                assert [len(q) for q in world.queues] == [len(q) for q in rows]
                moved += world.queues != rows
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100 and moved > checked // 4


def fronts(state, seat: int = 0, other: int = 1, worlds: int = 300):
    """(front card, hand and row taken together) of ``other`` in rearranged worlds of ``seat``."""
    ctx, rng = SeatContext.of(state, seat, Rng(1)), Sampler(4)
    for _ in range(worlds):
        world = ctx.sample(rng)
        pool = world.queues[other] + world.hands[other]
        rows_as_placed(world, seat, rng)
        yield world.card(world.queues[other][0]), [world.card(k) for k in pool]


def deck(n: int = 60) -> list[str]:
    """A draw pile with plenty of every kind."""
    return (["10mt", "20mt", "50mt", "atlas", "polaris", "saturn", "propaganda-10", "propaganda-25", "anti-a",
             "anti-p"] * n)[:n]


def test_in_peace_the_biggest_propaganda_lies_in_front():
    # The heuristic's placement: in peace, with no carrier waiting, propaganda before
    # anything else, the most people first; so a pool holding propaganda puts it in front.
    st = build(3, draw=deck(), hands=[["10mt"] * 7] * 3, queues=[["10mt", "10mt"]] * 3)
    with_propaganda = 0
    for front, pool in fronts(st):
        propaganda = [c.people for c in pool if c.kind == "propaganda"]
        if propaganda:
            with_propaganda += 1
            assert front.kind == "propaganda" and front.people == max(propaganda)
    assert with_propaganda > 200


def test_behind_a_waiting_carrier_lies_the_biggest_warhead_it_can_carry():
    st = build(3, draw=deck(), hands=[["10mt"] * 7] * 3, queues=[["10mt", "10mt"]] * 3,
               face_up=[None, "polaris", None], war=True)
    room = st.payload[1]
    fitting = 0
    for front, pool in fronts(st):
        carried = [c.megatons for c in pool if c.kind == "warhead" and c.megatons <= room]
        if carried:
            fitting += 1
            assert front.kind == "warhead" and front.megatons == max(carried)
        else:
            assert front.kind != "warhead" or front.megatons > room
    assert fitting > 200


def kinds_guessed(belief, games: int = 6) -> float:
    """Share of the others' face-down cards whose kind a world guesses right, in games of heuristics."""
    game, right, slots = get("nuclear-war"), 0, 0
    for seed in range(games):
        state, rng = game.new_state(4, None, 500 + seed), Rng(seed)
        while not state.is_over():
            state.apply(rollout_policy(state, rng))
            if state.ply % 5 or state.is_over():
                continue
            me, cards = state.to_act, state.content.cards
            world = SeatContext.of(state, me, Rng(state.ply)).sample(rng)
            if belief:
                belief(world, me, rng)
            for s in range(4):
                for j, shown in enumerate(state.exposed[s] if s != me and state.alive[s] else ()):
                    if not shown:
                        slots += 1
                        right += cards[state.queues[s][j]].kind == cards[world.queues[s][j]].kind
    return right / slots


def test_the_belief_guesses_the_kind_of_a_face_down_card_far_more_often_than_a_uniform_world():
    uniform, believed = kinds_guessed(None), kinds_guessed(rows_as_placed)
    assert uniform < 0.45 and believed > uniform + 0.2, (uniform, believed)
