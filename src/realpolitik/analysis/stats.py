"""The balance lab's statistics, by hand: rates with Wilson intervals, the two-proportion test,
Holm's correction for many tests at once, quartiles and their bands over time."""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil, erfc, sqrt

import numpy as np

from realpolitik.sim.stats import mean_interval, wilson

#: tests below this (after the correction) count as significant
ALPHA = 0.05


def rate(wins: int, games: int) -> dict:
    """A share of games won, with its 95 % Wilson interval."""
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "ci95": [low, high]}


def two_proportions(wins_a: int, games_a: int, wins_b: int, games_b: int) -> tuple[float, float]:
    """The pooled two-proportion z-test: the difference of the rates (a − b) and its two-sided p-value
    (1 when either group is empty or nothing varies)."""
    if not games_a or not games_b:
        return 0.0, 1.0
    diff = wins_a / games_a - wins_b / games_b
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    if spread == 0:
        return diff, 1.0
    return diff, erfc(abs(diff / spread) / sqrt(2))


def mantel_haenszel(tables: Sequence[tuple[int, int, int, int]]) -> tuple[float, float]:
    """Two rates compared within strata: each table is ``(wins_a, games_a, wins_b, games_b)`` of one
    stratum. The Mantel–Haenszel difference of the rates (a − b, strata weighted by
    ``games_a * games_b / games``) and the two-sided p-value of the Cochran–Mantel–Haenszel test
    (without continuity correction); strata missing either group count for nothing."""
    gap = weight = deviation = variance = 0.0
    for wins_a, games_a, wins_b, games_b in tables:
        n = games_a + games_b
        if not games_a or not games_b:
            continue
        gap += (wins_a * games_b - wins_b * games_a) / n
        weight += games_a * games_b / n
        wins = wins_a + wins_b
        deviation += wins_a - games_a * wins / n
        if n > 1:
            variance += games_a * games_b * wins * (n - wins) / (n * n * (n - 1))
    if not weight:
        return 0.0, 1.0
    p = 1.0 if variance == 0 else erfc(abs(deviation) / sqrt(2 * variance))
    return gap / weight, p


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the k-th smallest of m is
    multiplied by m − k + 1, kept from falling below the ones before it, capped at 1."""
    m = len(pvalues)
    adjusted = [0.0] * m
    running = 0.0
    for k, i in enumerate(sorted(range(m), key=lambda i: pvalues[i])):
        running = max(running, min(1.0, (m - k) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def spread(values: Sequence[float]) -> dict:
    """Mean (with its 95 % interval), quartiles and range of some numbers."""
    if not values:
        return {"n": 0}
    mean, low, high = mean_interval(list(values))
    q1, median, q3 = np.percentile(values, [25, 50, 75])
    return {"n": len(values), "mean": mean, "ci95": [low, high], "q1": float(q1), "median": float(median),
            "q3": float(q3), "min": float(min(values)), "max": float(max(values))}


def histogram(values: Sequence[float], bins: int = 20) -> dict:
    """Counts of ``values`` in at most ``bins`` equal bins of whole numbers: ``edges`` has one more entry."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    width = max(1, ceil((high - low + 1) / bins))
    counts, edges = np.histogram(values, bins=np.arange(low, high + width + 1, width))
    return {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]}


def bands(points: Sequence[tuple[float, float]], least: int) -> list[dict]:
    """Quartile bands over time: per clock value, the quartiles of the values seen then, for clock
    values seen in at least ``least`` games (so that the last few long games make no band)."""
    by_clock: dict[float, list[float]] = {}
    for x, y in points:
        by_clock.setdefault(x, []).append(y)
    out = []
    for x in sorted(by_clock):
        ys = by_clock[x]
        if len(ys) >= least:
            q1, median, q3 = np.percentile(ys, [25, 50, 75])
            out.append({"x": x, "n": len(ys), "q1": float(q1), "median": float(median), "q3": float(q3)})
    return out
