"""The uniformly random bot."""

from __future__ import annotations

from realpolitik.engine import Rng, SeatContext


class RandomBot:
    """Picks a legal action uniformly at random, reproducibly from its seed."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, ctx: SeatContext) -> str:
        return self.rng.choice(ctx.legal_actions)
