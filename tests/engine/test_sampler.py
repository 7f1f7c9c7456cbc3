"""The bots' faster generator (engine/rng.py ``Sampler``): reproducible, uniform, and never a state's RNG."""

from collections import Counter
from itertools import permutations

import pytest

from realpolitik.engine import Rng, Sampler
from realpolitik.games import get


def test_a_sampler_is_reproducible_from_its_seed_and_copies_its_position():
    a, b, c = Sampler(7), Sampler(7), Sampler(8)
    draws = [a.below(1000) for _ in range(20)]
    assert draws == [b.below(1000) for _ in range(20)]
    assert draws != [c.below(1000) for _ in range(20)]
    twin = a.copy()
    items, again = list(range(30)), list(range(30))
    a.shuffle(items)
    twin.shuffle(again)
    assert items == again and sorted(items) == list(range(30)) and items != list(range(30))


def test_sampler_draws_are_uniform_enough():
    rng = Sampler(1)
    orders = Counter()
    for _ in range(6000):
        items = ["a", "b", "c"]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert set(orders) == set(permutations("abc"))
    assert all(850 < n < 1150 for n in orders.values()), orders
    faces = Counter(rng.below(6) for _ in range(6000))
    assert set(faces) == set(range(6)) and all(850 < n < 1150 for n in faces.values())
    assert all(0 <= rng.next64() < 1 << 64 for _ in range(100))
    assert rng.choice("xyz") in "xyz"


def test_sampler_refuses_what_rng_refuses():
    with pytest.raises(ValueError):
        Sampler(1).below(0)
    with pytest.raises(ValueError):
        Sampler(1).choice([])


def test_a_world_drawn_with_a_sampler_gets_a_splitmix_rng_of_its_own():
    st = get("nuclear-war").new_state(4, seed=1)
    world = st.determinize(st.to_act, Sampler(3), quiet=True)
    assert type(world.rng) is Rng
    again = st.determinize(st.to_act, Sampler(3), quiet=True)
    assert world.snapshot() == again.snapshot()
