"""How honest a review's numbers are (``tools/calibrate_review.py``): the Brier score of its
chances against the games' results and against the side-aware base rate's (each seat's own
share of wins: a game's sides rarely win equally often), their reliability by bins, whether a
turning point keeps its verdict when the search gets more budget, and which lean of the
chances (``fit``) would score best."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from realpolitik.bots.evaluate import chances_of
from realpolitik.engine import Game, Record

from . import review as core

#: bins of the reliability table: predictions 0–0.1, 0.1–0.2, …
BINS = 10


@dataclass(frozen=True)
class Forecasts:
    """Every (chance, result) pair of reviewed games: one per action and seat; the result is the
    seat's reward in the finished game (1 for a winner, 0 for the others)."""

    estimate: list[tuple[float, float]]
    hindsight: list[tuple[float, float]]


def forecasts(reviews: list[tuple[core.Review, tuple[float, ...]]]) -> Forecasts:
    """The pairs of reviews, each with its game's rewards."""
    estimate, hindsight = [], []
    for review, rewards in reviews:
        for p in review.plies:
            estimate += zip(p.chances, rewards)
            hindsight += zip(p.hindsight, rewards)
    return Forecasts(estimate, hindsight)


def brier(pairs: list[tuple[float, float]]) -> float:
    """The mean squared difference of chance and result (0 is perfect; always saying 1/2 scores 1/4)."""
    return sum((p - r) ** 2 for p, r in pairs) / len(pairs)


def base_rates(games: list[tuple[int, tuple[float, ...]]]) -> tuple[float, ...]:
    """Each seat's own share of wins over its predictions — the best constant forecast per seat
    (side-aware) — from each game's predictions per seat (its actions reviewed) and rewards."""
    count = sum(n for n, _ in games)
    seats = len(games[0][1])
    return tuple(sum(n * rewards[s] for n, rewards in games) / count for s in range(seats))


def brier_base_rates(games: list[tuple[int, tuple[float, ...]]]) -> float:
    """The Brier score of forecasting each seat its own :func:`base_rates` at every prediction."""
    rates = base_rates(games)
    squares = sum(n * (rates[s] - r) ** 2 for n, rewards in games for s, r in enumerate(rewards))
    return squares / (sum(n for n, _ in games) * len(rates))


def reliability(pairs: list[tuple[float, float]], bins: int = BINS) -> list[dict[str, float]]:
    """Per bin of predictions that holds any: the mean chance predicted, the mean result, the count."""
    grouped: list[list[tuple[float, float]]] = [[] for _ in range(bins)]
    for p, r in pairs:
        grouped[min(int(p * bins), bins - 1)].append((p, r))
    return [{"low": i / bins, "predicted": sum(p for p, _ in g) / len(g), "observed": sum(r for _, r in g) / len(g),
             "count": len(g)} for i, g in enumerate(grouped) if g]


#: the weights of ``Game.pseudo_playouts`` that ``fit`` tries
WEIGHTS = (0, 0.5, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


def fit(reviews: list[tuple[core.Review, tuple[float, ...]]],
        weights: tuple[float, ...] = WEIGHTS) -> dict[float, float]:
    """The Brier score the reviews' chances would get with each weight of ``Game.pseudo_playouts``
    (``bots/evaluate.py``), from the playouts behind each chance: the same searches, leaned anew."""
    scores = {}
    for weight in weights:
        pairs = []
        for review, rewards in reviews:
            for p in review.plies:
                leaned = (chance if behind is None else chances_of(*behind, weight)[seat]
                          for seat, (chance, behind) in enumerate(zip(p.chances, p.basis, strict=True)))
                pairs += zip(leaned, rewards)
        scores[weight] = brier(pairs)
    return scores


def verdicts_kept(record: Record, review: core.Review, lookup: Callable[[str], Game], factor: int = 10) -> list[bool]:
    """For each turning point, whether a search with ``factor`` times the budget still finds the
    move played worse than the move the review preferred."""
    kept = []
    points = {tp.ply: tp for tp in review.turning_points()}
    state = record.initial_state(lookup)
    for ply, action in enumerate(record.actions):
        tp = points.get(ply)
        if tp is not None:
            again = core.own_estimate(state, review.budget * factor, review.seed, review.spec)
            values = again.values
            kept.append(tp.best in values and tp.played in values and values[tp.played] < values[tp.best])
        state.apply(action)
    return kept
