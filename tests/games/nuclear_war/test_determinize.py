"""Nuclear War's sampled worlds: what the seat knows stays, everything else is redealt fairly."""

from collections import Counter

from realpolitik.engine import Rng, Sampler
from realpolitik.games import get


def _position(players: int, plies: int, seed: int = 3):
    st = get("nuclear-war").new_state(players, seed=seed)
    rng = Rng(seed)
    while not st.is_over() and st.ply < plies:
        st.apply(rng.choice(st.legal_actions()))
    return st


def _hidden_cards(st, seat):
    others = [s for s in range(len(st.seats)) if s != seat]
    return Counter(st.draw + [k for s in others for k in st.hands[s]]
                   + [k for s in others for k, x in zip(st.queues[s], st.exposed[s]) if not x])


def test_a_world_keeps_the_seat_s_cards_and_redeals_the_same_hidden_cards():
    for players in (2, 4, 6):
        st = _position(players, 40)
        seat = st.to_act
        world = st.determinize(seat, Sampler(players))
        assert world.hands[seat] == st.hands[seat] and world.queues[seat] == st.queues[seat]
        assert world.pop[seat] == st.pop[seat] and world.shown == st.shown and world.exposed == st.exposed
        assert _hidden_cards(world, seat) == _hidden_cards(st, seat)
        assert [len(h) for h in world.hands] == [len(h) for h in st.hands] and len(world.draw) == len(st.draw)
        assert all(k == w for s in range(players) for k, w, x in zip(st.queues[s], world.queues[s], st.exposed[s]) if x)
        assert not any(k in st.content.secrets for h in world.hands for k in h)
        notes = [sum(p) for p in world.pop]
        assert notes == [sum(p) for p in st.pop]
        assert [sum(col) for col in zip(*world.pop)] == [sum(col) for col in zip(*st.pop)]


def test_secrets_in_the_draw_pile_land_anywhere_in_it():
    st = _position(2, 20)
    seat = st.to_act
    secrets = [k for k in st.draw if k in st.content.secrets]
    assert secrets
    top = Counter()
    rng = Sampler(5)
    for _ in range(600):
        world = st.determinize(seat, rng, quiet=True)
        top[world.draw[-1] in st.content.secrets] += 1  # the next card drawn
    share = len(secrets) / len(st.draw)
    assert abs(top[True] / 600 - share) < 0.06, (top, share)


def test_population_values_of_three_or_more_others_are_redealt():
    st = _position(4, 10)
    seat = st.to_act
    worlds = {tuple(map(tuple, st.determinize(seat, Sampler(i), quiet=True).pop)) for i in range(20)}
    assert len(worlds) > 1


def test_secrets_land_anywhere_in_the_pile_and_every_other_card_anywhere_else():
    # The pool is shuffled whole and dealt from the top, passing over the Secrets, which go
    # back anywhere in the rest: each Secret must be as likely at any depth of the pile,
    # and each other card as likely in the other hand as in any other place.
    st = _position(2, 20)
    seat, secret = st.to_act, st.content.secrets
    other = 1 - seat
    size, hand = len(st.draw), len(st.hands[other])
    deals = sum(k in secret for k in st.draw)
    assert deals > 5 and hand > 2
    depth, held, rng, worlds = Counter(), Counter(), Sampler(8), 4000
    for _ in range(worlds):
        world = st.determinize(seat, rng, quiet=True)
        depth.update(i * 4 // size for i, k in enumerate(world.draw) if k in secret)
        held.update(world.hands[other])
        assert len(world.draw) == size and sum(k in secret for k in world.draw) == deals
    for quarter in range(4):
        places = sum(1 for i in range(size) if i * 4 // size == quarter)
        expected = worlds * deals * places / size
        assert abs(depth[quarter] - expected) < 0.06 * expected, (quarter, depth, expected)
    plain = Counter(k for k in _hidden_cards(st, seat).elements() if k not in secret)
    total = sum(plain.values())
    for key, copies in plain.items():
        expected = worlds * hand * copies / total
        assert abs(held[key] - expected) < 0.25 * expected + 10, (key, held[key], expected)


def test_in_the_opening_round_a_secret_in_another_hand_is_dealt_like_any_card():
    for seed in range(40):
        st = get("nuclear-war").new_state(4, seed=seed)
        seat = st.to_act
        if any(k in st.content.secrets for s in range(4) if s != seat for k in st.hands[s]):
            break
    else:
        raise AssertionError("no opening with a Secret in another hand")
    assert not any(st.queues)
    held = Counter()
    for i in range(200):
        world = st.determinize(seat, Sampler(i), quiet=True)
        assert _hidden_cards(world, seat) == _hidden_cards(st, seat)
        assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
        held.update(k for s in range(4) if s != seat for k in world.hands[s] if k in st.content.secrets)
    assert held, "a Secret still unplayed in a hand may be in any other hand"
