"""What a seat's decision is worth: every legal action's estimated reward and each seat's chances.

The coach behind hints ("What would the bot do?"): from a seat's :class:`SeatContext` only,
each world drawn from the seat's information set (``ctx.sample``) is played on once per
legal action, from the same deal and with the same playout seed, so the actions are compared
on the same cards and dice. Playouts follow the game's fast rollout policy (uniform moves
where it has none) and are cut after ``DEPTH`` plies by the game's ``evaluate`` where it has
one. The budget counts ``apply`` calls, as ISMCTS's does, so an evaluation is reproducible
from its seed on any machine; at least one world is drawn whatever the budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

from realpolitik.engine import Rng, Sampler, SeatContext, State

#: apply calls per evaluation unless told
BUDGET = 2_000
#: playout plies before a game's ``evaluate`` scores the rest
DEPTH = 40
#: a playout still running after this many plies scores a draw for everybody
MAX_PLAYOUT = 5_000
#: the playout policies ``spec`` may name (``auto``: the game's fast policy where it has one)
SPECS = ("auto", "random")


@dataclass(frozen=True)
class Evaluation:
    """A seat's decision evaluated: the best action, each action's mean reward for the seat
    (``values``, from 0 to 1) with a 95 % interval and its playouts (``visits``), and each
    seat's chance (mean reward) after the best action, by seat index."""

    seat: int
    best: str
    values: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    visits: dict[str, int]
    chances: dict[int, float]


def evaluate(ctx: SeatContext, budget: int = BUDGET, seed: int = 0, spec: str | None = None) -> Evaluation:
    """Evaluate the decision of ``ctx``'s seat within ``budget`` apply calls, playing out by
    ``spec`` (one of :data:`SPECS`; ``None``: ``auto``)."""
    if spec not in (None, *SPECS):
        raise ValueError(f"evaluate: playouts {spec!r} is not one of {', '.join(SPECS)}")
    legal = ctx.legal_actions
    if not legal:
        raise ValueError(f"evaluate: seat {ctx.seat} has no decision to evaluate")
    rng = Sampler(seed)
    totals: dict[str, list[float]] = {}
    visits = dict.fromkeys(legal, 0)
    applies = 0
    while applies < budget or not totals:
        world, playout_seed = ctx.sample(rng), rng.next64()
        for action in legal:
            twin = world.clone()
            twin.apply(action)
            played, rewards = _playout(twin, Rng(playout_seed), spec)
            applies += played + 1
            visits[action] += 1
            sums = totals.setdefault(action, [0.0] * len(rewards))
            for s, r in enumerate(rewards):
                sums[s] += r
    values = {a: totals[a][ctx.seat] / visits[a] for a in legal}
    best = max(legal, key=lambda a: values[a])  # the first of equals, in the game's order
    return Evaluation(ctx.seat, best, values, {a: _interval(values[a], visits[a]) for a in legal}, visits,
                      {s: total / visits[best] for s, total in enumerate(totals[best])})


def _interval(mean: float, n: int) -> tuple[float, float]:
    """A 95 % interval of a mean reward from 0 to 1 after ``n`` playouts (``m (1 - m)`` bounds its variance)."""
    half = 1.96 * sqrt(mean * (1 - mean) / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def _playout(world: State, rng: Rng, spec: str | None) -> tuple[int, tuple[float, ...]]:
    """Play ``world`` on; returns the apply calls and every seat's reward."""
    game = world.game
    policy = game.rollout_policy if spec != "random" else None
    score = game.evaluate if spec != "random" else None
    limit = DEPTH if score is not None else MAX_PLAYOUT
    played = 0
    while not world.is_over():
        if played >= limit:
            if score is not None:
                return played, score(world)
            n = len(world.seats)
            return played, (1.0 / n,) * n
        if policy is not None:
            world.apply(policy(world, rng))
        else:
            legal = world.legal_actions()
            world.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
        played += 1
    return played, world.outcome().rewards
