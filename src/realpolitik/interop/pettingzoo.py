"""Every registered game as a PettingZoo AEC environment: ``env("nuclear-war", players=4)``.

Agents are the seat labels (``p1``, ``west``, ``usa``). Each agent observes
``{"observation": float32 tensor, "action_mask": int8 per action id}`` (``observation`` for
the tensor, ``actions.table`` for the ids); the mask is all zeros for an agent that is not
to act. Rewards come only at the end: the outcome's reward per seat. Dice and shuffles come
from the game's own RNG, seeded by ``reset(seed=…)`` (``None``: drawn from the environment's
generator).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from realpolitik.engine import Game, Rng
from realpolitik.games import get

from . import observation
from .actions import ActionTable, table


def game_options(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options for an environment: those keeping random play finite, then the given ones."""
    return game.resolve_options({**game.conformance_options, **(options or {})})


def observation_space(game: Game, actions: ActionTable) -> spaces.Dict:
    """The space of one agent's observation: the view tensor and the action mask."""
    size = observation.header_size(game.max_players) + observation.BODY
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (len(actions),), np.int8),
    })


def observe(state: Any, seat: int, game: Game, actions: ActionTable) -> dict[str, np.ndarray]:
    """What ``seat`` observes in ``state``: its view tensor and the mask of its legal action ids."""
    mask = np.zeros(len(actions), np.int8)
    if state.to_act == seat:
        mask[actions.ids(state.legal_actions())] = 1
    return {"observation": observation.tensor(state, seat, game.max_players), "action_mask": mask}


class RealpolitikEnv(AECEnv):
    """One realpolitik game for a fixed number of players and options, as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.game = get(game_id)
        self.players = self.game.default_players() if players is None else players
        self.options = game_options(self.game, options)
        self.game.new_state(self.players, self.options)
        self.table = table(self.game, self.players, self.options)
        self.metadata = {**self.metadata, "name": f"realpolitik_{self.game.id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [str(label) for label in self.game.seat_labels(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = observation_space(self.game, self.table)
        self._action_space = spaces.Discrete(len(self.table))
        self._seeds = Rng(0)
        self.state_now: Any = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: seeded with ``seed``, else by the next draw of the environment's generator."""
        if seed is not None:
            self._seeds = Rng(seed)
        self.state_now = self.game.new_state(self.players, self.options, self._seeds.next64())
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_now.to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe(self.state_now, self._seat[agent], self.game, self.table)

    def step(self, action: int | None) -> None:
        """Plays the action id of the agent to act; a finished agent steps with ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self.state_now.apply(self.table.text(int(action)), self._seat[agent])
        outcome = self.state_now.outcome()
        if outcome is not None:
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(outcome.rewards[seat])
                self.terminations[name] = True
            self._accumulate_rewards()
            self.agent_selection = self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[self.state_now.to_act]
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        """The last log lines and the decision pending, as text (``ansi``)."""
        if self.render_mode is None:
            return None
        st = self.state_now
        lines = st.log.redacted(None, max(0, st.log.size - 5))
        if st.to_act is not None:
            lines.append(f"{st.seats[st.to_act]}: {st.describe_pending(None)}")
        return "\n".join(str(line) for line in lines)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def env(game_id: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> RealpolitikEnv:
    """The AEC environment of a registered game."""
    return RealpolitikEnv(game_id, players, options, render_mode)
