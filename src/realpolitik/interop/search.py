"""OpenSpiel's own search bots playing our games through the adapter (:mod:`.openspiel`): the
research kinds of :mod:`realpolitik.bots`, registered there when this module loads and open-spiel is
installed (the command line and the arena load it).

``os-ismcts`` is OpenSpiel's Python ISMCTS; ``os-mcts`` its Python MCTS searching one world
sampled for the seat (determinized MCTS). Both get a world determinized for their seat
(``SeatContext.sample``), never the true state; ISMCTS draws further worlds from it with
``resample_from_infostate``. They need the ``rl`` extra (``pip install 'realpolitik[rl]'``).
Parameters: ``simulations`` per decision, ``uct`` (exploration constant), ``rollouts``
(random playouts per evaluated leaf).
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

from realpolitik.bots import RESEARCH, RESEARCH_KINDS
from realpolitik.engine import Rng, SeatContext


def installed() -> bool:
    """True when open-spiel can be imported."""
    return find_spec("pyspiel") is not None


class OpenSpielBot:
    """An OpenSpiel search bot for one seat at a time, seeded reproducibly."""

    def __init__(self, seed: int = 0, kind: str = "os-ismcts", simulations: int = 100, uct: float = 2.0,
                 rollouts: int = 1) -> None:
        if simulations < 1 or rollouts < 1 or uct < 0:
            raise ValueError(f"bot {kind!r}: simulations and rollouts must be at least 1, uct not negative")
        import numpy as np

        self.name = kind
        self.kind = kind
        self.simulations, self.uct, self.rollouts = int(simulations), float(uct), int(rollouts)
        self.rng = Rng(seed)
        self.np_random = np.random.RandomState(seed % 2**32)

    def choose(self, ctx: SeatContext) -> str:
        if len(ctx.legal_actions) == 1:
            return ctx.legal_actions[0]
        from . import openspiel as adapter

        world = ctx.sample(self.rng)
        game = adapter.load(world.game, len(world.seats), dict(world.options))
        bot = self._search(game)
        action = bot.step(adapter.wrap(game, world))
        return game.table.text(int(action))

    def _search(self, game: Any) -> Any:
        from open_spiel.python.algorithms import ismcts, mcts

        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, random_state=self.np_random)
        if self.kind == "os-mcts":
            return mcts.MCTSBot(game, self.uct, self.simulations, evaluator, random_state=self.np_random)
        bot = ismcts.ISMCTSBot(game, evaluator, self.uct, self.simulations, random_state=self.np_random)
        bot.set_resampler(self._resample)
        return bot

    def _resample(self, state: Any, player: int) -> Any:
        """A world for ``player`` drawn with this bot's own generator (reproducible)."""
        draw = self.rng.fork()
        return state.resample_from_infostate(player, lambda: draw.next64() / 2**64)


def factory(kind: str):
    """The bot factory of an OpenSpiel kind: ``factory(seed, simulations=…, uct=…, rollouts=…)``."""
    def make(seed: int = 0, simulations: int = 100, uct: float = 2.0, rollouts: int = 1) -> OpenSpielBot:
        return OpenSpielBot(seed, kind, simulations, uct, rollouts)
    return make


if installed():
    RESEARCH.update({kind: factory(kind) for kind in RESEARCH_KINDS})
