"""The engine contract, checked the same way for every registered game (our ``api_test``).

Per game: at least 200 seeded random playouts over its player counts end with an
outcome; records replay to the same final state; clones share no mutable data and
evolve independently; illegal actions are refused with the state unchanged; every
seat's view is unchanged when everything hidden from it is resampled, and resampling
does change what other seats see (so the check is not empty).
"""

from __future__ import annotations

import json

import pytest

from realpolitik.engine import IllegalAction, Record, Rng, normalize
from realpolitik.games import get, registry
from realpolitik.testing import random_playout, shared_mutables

PLAYOUTS = 200
MAX_PLIES = 20_000
GAME_IDS = registry().ids()


def conformance_options(game_id: str) -> dict:
    """Options that keep random playouts finite (games with a round limit turn it on)."""
    game = get(game_id)
    return getattr(game, "conformance_options", {})


def player_counts(game_id: str) -> list[int]:
    game = get(game_id)
    return list(range(game.min_players, game.max_players + 1))


def new_game(game_id: str, i: int):
    counts = player_counts(game_id)
    game = get(game_id)
    return game.new_state(counts[i % len(counts)], conformance_options(game_id), seed=1000 + i)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_end_with_an_outcome(game_id):
    for i in range(PLAYOUTS):
        state = new_game(game_id, i)
        random_playout(state, Rng(i), MAX_PLIES)
        outcome = state.outcome()
        assert outcome is not None
        n = len(state.seats)
        assert len(outcome.places) == n and all(1 <= p <= n for p in outcome.places)
        assert all(outcome.places[w] == 1 for w in outcome.winners)
        assert outcome.reason
        json.dumps(state.view(None))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_records_replay_to_the_same_state(game_id, tmp_path):
    for i in range(10):
        state = new_game(game_id, i)
        record = Record.start(state, 1000 + i, ["random"] * len(state.seats))
        record.actions = random_playout(state, Rng(i), MAX_PLIES)
        record.finish(state)
        path = tmp_path / f"{i}.json"
        record.save(path)
        replayed = Record.load(path).replay(get)
        assert replayed.snapshot() == state.snapshot()
        assert replayed.outcome() == state.outcome()


def _sample_states(game_id: str, games: int, every: int):
    """States met in a few random playouts, cloned for inspection."""
    for i in range(games):
        state = new_game(game_id, i)
        rng = Rng(50 + i)
        while not state.is_over():
            if state.ply % every == 0:
                yield state.clone(), rng.fork()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clones_are_independent(game_id):
    for state, rng in _sample_states(game_id, 6, 7):
        twin = state.clone()
        assert shared_mutables(state, twin) == []
        before = state.snapshot()
        assert twin.snapshot() == before
        for _ in range(5):
            if twin.is_over():
                break
            twin.apply(rng.choice(twin.legal_actions()))
        assert state.snapshot() == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_are_refused_and_change_nothing(game_id):
    for state, rng in _sample_states(game_id, 4, 5):
        before = state.snapshot()
        legal = state.legal_actions()
        assert all(normalize(a) == a for a in legal), "action texts must be canonical"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        actor = state.to_act
        other = next(s for s in range(len(state.seats)) if s != actor)
        for bad, seat in (("frobnicate the enemy", None), ("", None), (legal[0], other)):
            with pytest.raises(IllegalAction) as err:
                state.apply(bad, seat)
            assert str(err.value)
            assert state.snapshot() == before
            assert state.legal_actions() == legal
        state.apply(rng.choice(legal).upper().replace(" ", "  "))  # typed forms are accepted


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_hide_what_a_seat_cannot_know(game_id):
    changed = checked = 0
    previous = None  # the ply and log size of the game's previous sample: each log line is read once
    for state, rng in _sample_states(game_id, 4, 3):
        start = previous[1] if previous is not None and previous[0] < state.ply else 0
        previous = (state.ply, state.log.size)
        seats = range(len(state.seats))
        spectator = state.view(None, log_from=start)
        json.dumps(spectator)
        for seat in seats:
            view = state.view(seat, log_from=start)
            json.dumps(view)
            world = state.determinize(seat, rng)
            assert world.view(seat, log_from=start) == view, f"{state.seats[seat]}'s view depends on hidden data"
            assert world.view(None, log_from=start) == spectator
            assert world.legal_actions() == state.legal_actions() or state.to_act != seat
            for other in seats:
                if other != seat:
                    checked += 1
                    changed += world.private_view(other) != state.private_view(other)
    if get(game_id).hidden_information:
        assert changed > checked // 10, "determinize never resamples what other seats hold"
