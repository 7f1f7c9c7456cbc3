"""A rule-of-thumb Nuclear War bot that reads only its seat's view."""

from __future__ import annotations

from realpolitik.engine import Rng, SeatContext

from .content import load


class HeuristicBot:
    """Plays a card placeholder until the real heuristic lands."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, ctx: SeatContext) -> str:
        return self.rng.choice(ctx.legal_actions)
