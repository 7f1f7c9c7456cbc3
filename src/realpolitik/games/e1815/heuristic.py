"""Placeholder while the rules settle."""

from __future__ import annotations

from realpolitik.engine import Rng, SeatContext


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, ctx: SeatContext) -> str:
        return self.rng.choice(ctx.legal_actions)
