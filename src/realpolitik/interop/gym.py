"""One seat of a realpolitik game as a Gymnasium environment; the other seats are our bots.

``SingleAgentEnv("wsdv", seat=0, opponents="heuristic")`` (or one bot spec per other seat,
as ``realpolitik arena`` takes them). Observations and actions are those of the PettingZoo
environment (``pettingzoo``); the reward is the seat's outcome reward when the game ends,
0 before. The bots see only their own seat's context.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from realpolitik.bots import make_bot
from realpolitik.engine import Rng, SeatContext
from realpolitik.games import get

from .actions import table
from .pettingzoo import game_options, observation_space, observe


class SingleAgentEnv(gymnasium.Env):
    """The learner plays ``seat``; ``opponents`` (one spec, or one per other seat) play the rest."""

    metadata = {"render_modes": []}

    def __init__(self, game_id: str, seat: int = 0, opponents: str | Sequence[str] = "random",
                 players: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = get(game_id)
        self.players = self.game.default_players() if players is None else players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not a seat of a {self.players}-player game")
        others = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != self.players - 1:
            raise ValueError(f"{len(others)} opponents for {self.players - 1} other seats")
        self.options = game_options(self.game, options)
        self.game.new_state(self.players, self.options)
        for spec in others:
            make_bot(spec, self.game)
        self.seat = seat
        self.specs = others[:seat] + [""] + others[seat:]
        self.table = table(self.game, self.players, self.options)
        self.observation_space = observation_space(self.game, self.table)
        self.action_space = spaces.Discrete(len(self.table))
        self.state: Any = None
        self._bots: list[Any] = []
        self._rng = Rng(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.state = self.game.new_state(self.players, self.options, game_seed)
        self._rng = Rng(game_seed ^ 0x5EED)
        self._bots = [None if s == self.seat else make_bot(spec, self.game, self._rng.next64() >> 1,
                                                                 players=self.players)
                      for s, spec in enumerate(self.specs)]
        self._others_play()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Plays the learner's action id, then the bots until the learner decides again or the game ends."""
        if self.state is None or self.state.is_over():
            raise RuntimeError("call reset() before step() (and after the game ended)")
        self.state.apply(self.table.text(int(action)), self.seat)
        self._others_play()
        outcome = self.state.outcome()
        reward = 0.0 if outcome is None else float(outcome.rewards[self.seat])
        return self._observe(), reward, outcome is not None, False, {}

    def legal_actions(self) -> list[int]:
        """The learner's legal action ids now (empty when the game is over)."""
        return self.table.ids(self.state.legal_actions()) if self.state.to_act == self.seat else []

    def _others_play(self) -> None:
        st = self.state
        while st.to_act is not None and st.to_act != self.seat:
            seat = st.to_act
            ctx = SeatContext.of(st, seat, self._rng.fork())
            action = self._bots[seat].choose(ctx)
            ctx.close()
            st.apply(action, seat)

    def _observe(self) -> dict[str, np.ndarray]:
        return observe(self.state, self.seat, self.game, self.table)
