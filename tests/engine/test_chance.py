"""Chance no seat can foresee (issue 76): the keyed generator of secret seeds, and why the
attack on the old server seeds fails against it.

The old server drew a game's seed below 2³¹ and dealt with splitmix64: a player who searched
the seeds for the one whose deal shows his own first view knew every hand and every card to
come. :func:`first_view_search` is that attack, run on a range small enough for a test; it
finds an old-style seed, and finds nothing when the seed is a secret key — whose space,
2²⁵⁶, no search covers.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from realpolitik.engine import Record, Rng, generator, secret_seed
from realpolitik.engine.rng import _MASK, _MIX1, _MIX2, KEYED, SECRET_BITS, Keyed
from realpolitik.games import get, registry
from realpolitik.testing import random_playout

#: seeds the attack below tries: the old server's space was 2**31 of them (91–141 s on two cores)
SEARCHED = 3000


def first_view_search(game_id: str, players: int, seat: int, seen: dict, seeds: range) -> list[int]:
    """Every seed of ``seeds`` whose new game shows ``seat`` the first view ``seen``."""
    game = get(game_id)
    return [s for s in seeds if _plain(game.new_state(players, {}, s).view(seat)) == seen]


def _plain(view: dict) -> dict:
    return json.loads(json.dumps(view))


def _unmix(x: int) -> int:
    """splitmix64's state before the step that gave the output ``x``: each step of its mix undone."""
    x ^= x >> 31 ^ x >> 62
    x = x * pow(_MIX2, -1, 1 << 64) & _MASK
    x ^= x >> 27 ^ x >> 54
    x = x * pow(_MIX1, -1, 1 << 64) & _MASK
    return x ^ x >> 30 ^ x >> 60


def test_the_old_attack_finds_a_small_seed_and_then_sees_every_hand():
    true_seed = 2417  # as the old server drew them, only from a smaller range
    truth = get("nuclear-war").new_state(4, {}, true_seed)
    found = first_view_search("nuclear-war", 4, 0, _plain(truth.view(0)), range(SEARCHED))
    assert found == [true_seed]
    cheat = get("nuclear-war").new_state(4, {}, found[0])
    assert [cheat.private_view(s) for s in range(4)] == [truth.private_view(s) for s in range(4)]


def test_a_secret_seed_is_out_of_any_search():
    seed = secret_seed()
    truth = get("nuclear-war").new_state(4, {}, seed)
    assert isinstance(truth.rng, Keyed)
    assert first_view_search("nuclear-war", 4, 0, _plain(truth.view(0)), range(SEARCHED)) == []
    assert seed >= KEYED and SECRET_BITS >= 128  # the space to search: 2**256 keys


def test_secret_seeds_carry_their_full_randomness():
    seeds = [secret_seed() for _ in range(64)]
    assert len(set(seeds)) == 64 and all(s >= KEYED for s in seeds)
    varied = 0
    for s in seeds[1:]:
        varied |= (s ^ seeds[0]) >> 65
    assert varied == (1 << SECRET_BITS) - 1  # every one of the key's bits differs between some two seeds


def test_splitmix_outputs_give_the_next_one_away_but_keyed_outputs_do_not():
    old = Rng(123456789)
    seen = old.next64()
    following = Rng(_unmix(seen))
    assert following.next64() == old.next64()  # one output told the whole state
    new = generator(secret_seed())
    for _ in range(50):
        seen = new.next64()
        assert Rng(_unmix(seen)).next64() != new.copy().next64()


def test_the_seed_picks_the_generator_and_old_streams_stay_as_they_were():
    assert type(generator(0)) is Rng and type(generator(KEYED - 1)) is Rng
    assert type(generator(KEYED)) is Keyed
    assert [generator(7).next64() for _ in range(2)] == [Rng(7).next64()] * 2
    for bad in (KEYED - 1, 1 << 512):
        with pytest.raises(ValueError):
            Keyed(bad)


def test_keyed_streams_are_reproducible_and_copies_independent():
    seed = secret_seed()
    a, b = Keyed(seed), Keyed(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert a.state == 20
    twin = a.copy()
    ahead = [a.below(1000) for _ in range(30)]
    assert [twin.below(1000) for _ in range(30)] == ahead and twin.state == a.state
    assert Keyed(seed + (1 << 100)).next64() != Keyed(seed).next64()
    child = a.fork()
    assert isinstance(child, Keyed) and child.next64() != a.copy().next64()


def test_keyed_draws_are_uniform():
    rng = Keyed(secret_seed())
    dice = Counter(rng.below(6) for _ in range(60_000))
    assert _chi_square(dice, 6, 60_000) < 20.5  # 5 degrees of freedom: p = 0.001
    orders = Counter()
    for _ in range(12_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert _chi_square(orders, 6, 12_000) < 20.5
    assert Counter(rng.choice("ab") for _ in range(10_000))["a"] in range(4_800, 5_200)
    assert all(1 <= rng.randint(1, 10) <= 10 for _ in range(1000))


def _chi_square(counts: Counter, cells: int, total: int) -> float:
    expected = total / cells
    assert len(counts) == cells
    return sum((n - expected) ** 2 / expected for n in counts.values())


@pytest.mark.parametrize("game_id", registry().ids())
def test_games_of_secret_seeds_play_replay_and_clone(game_id, tmp_path):
    game = get(game_id)
    options = getattr(game, "conformance_options", {})
    for i in range(3):
        players = game.min_players + i % (game.max_players - game.min_players + 1)
        seed = secret_seed()
        state = game.new_state(players, options, seed)
        twin = state.clone()
        record = Record.start(state, seed, ["random"] * players)
        record.actions = random_playout(state, Rng(i), 20_000)
        record.finish(state)
        path = tmp_path / f"{i}.json"
        record.save(path)
        assert Record.load(path).replay(get).snapshot() == state.snapshot()  # the digest is checked too
        for action in record.actions:  # the clone drew nothing meanwhile: it plays the same game
            twin.apply(action)
        assert twin.snapshot() == state.snapshot()


def test_the_bots_of_two_secret_seeded_games_draw_differently():
    """A server bot's own seed mixes the game's seed in: every word of a key, not its lowest 64
    bits alone (which are the same, 0, for every secret seed)."""
    from realpolitik.bots.worker import _mix

    one, other = secret_seed(), secret_seed()
    assert one & (2**64 - 1) == other & (2**64 - 1)
    assert _mix(one, 0, 7) != _mix(other, 0, 7)
    assert _mix(5, 1, 2) == _mix(5, 1, 2) != _mix(6, 1, 2)
