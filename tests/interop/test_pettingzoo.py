"""The PettingZoo environment and the Gymnasium single-seat wrapper."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from realpolitik.engine import OptionError  # noqa: E402
from realpolitik.games import get, registry  # noqa: E402
from realpolitik.interop.gym import SingleAgentEnv  # noqa: E402
from realpolitik.interop.pettingzoo import env  # noqa: E402

from .conftest import SHORT, ids, setups  # noqa: E402


@pytest.mark.parametrize("setup", setups(), ids=ids)
def test_pettingzoo_api_test_passes(setup):
    game_id, players, options = setup
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on agent names ("player_0") and Dict observations
        api_test(env(game_id, players, {**SHORT.get(game_id, {}), **options}), num_cycles=400)


@pytest.mark.parametrize("game_id", [g.id for g in registry()])
def test_a_full_game_ends_with_the_outcome_rewards(game_id):
    game = get(game_id)
    aec = env(game_id, game.max_players, SHORT.get(game_id), render_mode="ansi")
    aec.reset(seed=4)
    rng, steps, totals = np.random.default_rng(4), 0, dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        assert aec.observation_space(agent).contains(obs)
        if terminated:
            assert not obs["action_mask"].any()
            aec.step(None)
            continue
        seat = aec.possible_agents.index(agent)
        assert aec.state_now.to_act == seat
        others = [aec.observe(a)["action_mask"] for a in aec.possible_agents if a != agent]
        assert not any(mask.any() for mask in others)
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    outcome = aec.state_now.outcome()
    assert steps == aec.state_now.ply and aec.agents == []
    assert [totals[a] for a in aec.possible_agents] == [float(r) for r in outcome.rewards]
    assert isinstance(aec.render(), str) and aec.render()


def test_reset_with_a_seed_repeats_the_game():
    aec = env("nuclear-war", 3)
    aec.reset(seed=11)
    first = aec.state_now.digest()
    aec.reset(seed=12)
    assert aec.state_now.digest() != first
    aec.reset(seed=11)
    assert aec.state_now.digest() == first


def test_bad_environment_arguments_are_refused():
    with pytest.raises(OptionError, match="2–6 players, not 9"):
        env("nuclear-war", 9)
    with pytest.raises(KeyError, match="unknown game"):
        env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        env("wsdv", render_mode="human")


@pytest.mark.parametrize("game_id, seat, opponents", [
    ("wsdv", 1, "heuristic"), ("nuclear-war", 0, ["random", "heuristic"]), ("e1815-2vs2", 2, "random"),
])
def test_the_gymnasium_wrapper_plays_one_seat_against_our_bots(game_id, seat, opponents):
    players = 3 if game_id == "nuclear-war" else None
    gym_env = SingleAgentEnv(game_id, seat=seat, opponents=opponents, players=players,
                             options=SHORT.get(game_id))
    obs, _ = gym_env.reset(seed=5)
    rng, done, reward = np.random.default_rng(5), False, 0.0
    while not done:
        assert gym_env.observation_space.contains(obs)
        assert gym_env.state.to_act == seat
        assert sorted(gym_env.legal_actions()) == list(np.flatnonzero(obs["action_mask"]))
        obs, reward, done, truncated, _ = gym_env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated
    assert reward == gym_env.state.outcome().rewards[seat]
    with pytest.raises(RuntimeError, match="reset"):
        gym_env.step(0)


def test_the_gymnasium_wrapper_refuses_bad_seats_and_bots():
    with pytest.raises(ValueError, match="seat 2"):
        SingleAgentEnv("wsdv", seat=2)
    with pytest.raises(ValueError, match="2 opponents for 1"):
        SingleAgentEnv("wsdv", opponents=["random", "random"])
    with pytest.raises(KeyError, match="no bot 'wizard'"):
        SingleAgentEnv("wsdv", opponents="wizard")
