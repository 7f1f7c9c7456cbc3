"""Placeholder replaced below."""


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        from realpolitik.engine import Rng

        self.rng = Rng(seed)

    def choose(self, ctx):
        return self.rng.choice(ctx.legal_actions)
