"""The OpenSpiel adapter: loading, OpenSpiel's own checks, its ISMCTS, and what a seat may see."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from realpolitik.engine import OptionError, Rng  # noqa: E402
from realpolitik.games import get, registry  # noqa: E402
from realpolitik.interop import openspiel as adapter  # noqa: E402
from realpolitik.interop.actions import table  # noqa: E402

from .conftest import SHORT, ids, setups  # noqa: E402


def _load(game_id: str, players: int, options: dict | None = None, seed: int = 0):
    name = adapter.short_name(get(game_id))
    return pyspiel.load_game(name, {"players": players, "seed": seed, **SHORT.get(game_id, {}), **(options or {})})


def _sampler(seed: int):
    rng = Rng(seed)
    return lambda: rng.next64() / 2**64


def test_every_game_is_registered_under_a_valid_name():
    names = set(pyspiel.registered_names())
    for game in registry():
        assert adapter.short_name(game) in names
        assert adapter.short_name(game).isidentifier()
    assert adapter.short_name(get("wsdv-2p2")) == "realpolitik_wsdv_2p2"


@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_every_game_loads_with_players_and_options(setup):
    game_id, players, options = setup
    game = _load(game_id, players, options)
    assert game.num_players() == players
    assert game.num_distinct_actions() == len(table(get(game_id), players, game.options))
    state = game.new_initial_state()
    assert state.current_player() in range(players)
    assert all(0 <= a < game.num_distinct_actions() for a in state.legal_actions())


def test_bad_parameters_are_refused():
    with pytest.raises(OptionError, match="2–6 players, not 7"):
        pyspiel.load_game("realpolitik_nuclear_war", {"players": 7})
    with pytest.raises(OptionError, match="'refill'"):
        pyspiel.load_game("realpolitik_nuclear_war", {"refill": "bogus"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'wizard'"):
        pyspiel.load_game("realpolitik_nuclear_war", {"wizard": 1})


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_openspiel_random_simulation_checks_pass(game_id):
    game = _load(game_id, get(game_id).max_players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_openspiel_random_simulation_checks_pass_over_many_games(setup):
    game_id, players, options = setup
    game = pyspiel.load_game(adapter.short_name(get(game_id)), {"players": players, **options})
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_chance_is_sampled_from_the_games_own_seeded_rng():
    game = _load("nuclear-war", 3, seed=5)
    first = [game.new_initial_state().truth.digest() for _ in range(3)]
    again = _load("nuclear-war", 3, seed=5)
    assert [again.new_initial_state().truth.digest() for _ in range(3)] == first
    assert len(set(first)) == 3
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert not game.new_initial_state().is_chance_node()


def test_a_clone_is_independent_and_keeps_the_history():
    state = _load("wsdv", 2).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    assert twin.history() == state.history() and twin.truth.digest() == state.truth.digest()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.truth.digest() != state.truth.digest() and len(state.history()) == 1


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_returns_are_the_outcome_rewards(game_id):
    game = _load(game_id, get(game_id).min_players)
    state, rng = game.new_initial_state(), np.random.RandomState(3)
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == list(state.truth.outcome().rewards)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_a_seat_sees_the_same_in_every_world_it_cannot_tell_apart(game_id):
    """Only what other seats may hide changes in a resampled world: the seat's information state,
    observation string and tensor stay; somewhere in a hidden-information game another seat's differ."""
    game = _load(game_id, get(game_id).max_players)
    state, rng = game.new_initial_state(), np.random.RandomState(1)
    others_differ = False
    while not state.is_terminal() and len(state.history()) < 120:
        if len(state.history()) % 7 == 0:
            for seat in range(game.num_players()):
                world = state.resample_from_infostate(seat, _sampler(len(state.history()) * 10 + seat))
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.observation_string(seat) == state.observation_string(seat)
                assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
                assert world.legal_actions() == state.legal_actions() or state.current_player() != seat
                others_differ |= any(world.observation_string(o) != state.observation_string(o)
                                     for o in range(game.num_players()) if o != seat)
        state.apply_action(rng.choice(state.legal_actions()))
    assert others_differ == get(game_id).hidden_information


def test_the_observation_tensor_holds_a_seats_secret_only_for_that_seat():
    state = _load("nuclear-war", 2).new_initial_state()
    world = state.resample_from_infostate(0, _sampler(9))
    assert world.truth.hands[1] != state.truth.hands[1]
    assert np.array_equal(world.observation_tensor(0), state.observation_tensor(0))
    assert not np.array_equal(world.observation_tensor(1), state.observation_tensor(1))


class _Even:
    """An OpenSpiel evaluator without playouts (every seat 0.5, uniform prior): the search's
    resampling, information-state keys and tree run in full, at a cost CI can pay."""

    def evaluate(self, state):
        return np.full(state.num_players(), 0.5)

    def prior(self, state):
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_openspiel_ismcts_plays_full_games(game_id):
    _ismcts_game(game_id, _Even(), simulations=4)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_openspiel_ismcts_with_random_playouts_plays_full_games(game_id):
    _ismcts_game(game_id, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2)),
                 simulations=3)


def _ismcts_game(game_id: str, evaluator, simulations: int) -> None:
    game = _load(game_id, get(game_id).max_players)
    rng = np.random.RandomState(2)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng) for _ in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == list(state.truth.outcome().rewards)
