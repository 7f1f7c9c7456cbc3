"""The belief a search may draw its worlds from (``Game.belief``): the kinds of unseen cards as players keep them."""

from __future__ import annotations

from collections import Counter

from realpolitik.engine import Rng, SeatContext
from realpolitik.engine.rng import Sampler
from realpolitik.games import get
from realpolitik.games.nuclear_war.belief import SHARES, kinds_as_played
from tests.games.nuclear_war.scenario import build


def every_card(world) -> Counter:
    return Counter(world.draw + [k for s in range(len(world.seats)) for k in world.hands[s] + world.queues[s]])


def test_a_rearranged_world_looks_the_same_to_the_searching_seat():
    # Only cards the seat cannot see move, among themselves: its view, the number of cards in
    # every hand and row, the cards in play taken together and the Secrets' places in the
    # draw pile stay as they were.
    game = get("nuclear-war")
    checked = 0
    for seed in range(12):
        players = 2 + seed % 5
        state, rng = game.new_state(players, None, seed), Rng(seed)
        while not state.is_over():
            if state.ply % 7 == 3:
                seat = state.to_act
                world = SeatContext.of(state, seat, Rng(state.ply)).sample(Rng(seed))
                seen, cards = world.view(seat, log_from=None), every_card(world)
                sizes = [(len(world.hands[s]), len(world.queues[s])) for s in range(players)]
                secrets = [(i, k) for i, k in enumerate(world.draw) if k in world.content.secrets]
                kinds_as_played(world, seat, Sampler(state.ply))
                assert world.view(seat, log_from=None) == seen
                assert every_card(world) == cards
                assert [(len(world.hands[s]), len(world.queues[s])) for s in range(players)] == sizes
                assert [(i, k) for i, k in enumerate(world.draw) if k in world.content.secrets] == secrets
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def kinds_seen(state, seat: int, other: int, worlds: int = 1500) -> tuple[Counter, Counter, Counter]:
    """Kinds of ``other``'s first and second face-down card and of its hand over rearranged worlds."""
    rng, cards = Sampler(3), state.content.cards
    first, second, hand = Counter(), Counter(), Counter()
    ctx = SeatContext.of(state, seat, Rng(1))
    for _ in range(worlds):
        world = ctx.sample(rng)
        kinds_as_played(world, seat, rng)
        first[cards[world.queues[other][0]].kind] += 1
        second[cards[world.queues[other][1]].kind] += 1
        hand.update(cards[k].kind for k in world.hands[other])
    return first, second, hand


def shares(counts: Counter) -> dict[str, float]:
    n = sum(counts.values())
    return {kind: counts[kind] / n for kind in ("warhead", "carrier", "propaganda", "anti-missile")}


def deck(n: int = 60) -> list[str]:
    """A draw pile with plenty of every kind."""
    return (["10mt", "20mt", "50mt", "atlas", "polaris", "saturn", "propaganda-10", "propaganda-25", "anti-a",
             "anti-p"] * n)[:n]


def test_in_peace_most_face_down_cards_are_propaganda_and_hands_keep_the_weapons():
    st = build(3, draw=deck(), hands=[["10mt"] * 7] * 3, queues=[["10mt", "10mt"]] * 3)
    first, second, hand = kinds_seen(st, 0, 1)
    for kind, share in shares(first).items():
        assert abs(share - SHARES[False, "none"][kind] / 1000) < 0.04, kind
    carrier, after = SHARES[False, "none"]["carrier"] / 1000, SHARES[False, "carrier"]["propaganda"] / 1000
    expected = (1 - carrier) * SHARES[False, "none"]["propaganda"] / 1000 + carrier * after
    assert abs(shares(second)["propaganda"] - expected) < 0.04, "behind a carrier comes a warhead, else propaganda"
    assert abs(shares(hand)["propaganda"] - SHARES[False, "hand"]["propaganda"] / 1000) < 0.03


def test_a_waiting_carrier_is_followed_by_a_warhead_it_can_carry():
    st = build(3, draw=deck(), hands=[["10mt"] * 7] * 3, queues=[["10mt", "10mt"]] * 3,
               face_up=[None, "polaris", None], war=True)
    first, second, _ = kinds_seen(st, 0, 1, worlds=600)
    assert shares(first)["warhead"] > 0.85
    ctx, rng = SeatContext.of(st, 0, Rng(1)), Sampler(4)
    for _ in range(200):
        world = ctx.sample(rng)
        kinds_as_played(world, 0, rng)
        card = world.card(world.queues[1][0])
        assert card.kind != "warhead" or card.megatons <= st.payload[1], "a Polaris carries 10 megatons at most"
    assert abs(shares(second)["carrier"] - SHARES[True, "none"]["carrier"] / 1000) < 0.07
