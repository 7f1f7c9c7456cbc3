"""The balance lab's statistics on fixed data, against numbers worked out by hand."""

from __future__ import annotations

from math import erfc, sqrt

import pytest

from realpolitik.analysis.compare import compare
from realpolitik.analysis.stats import bands, histogram, holm, mantel_haenszel, rate, spread, two_proportions


def test_a_rate_carries_its_wilson_interval():
    r = rate(3, 10)
    assert (r["wins"], r["games"], r["rate"]) == (3, 10, 0.3)
    assert r["ci95"] == pytest.approx([0.1078, 0.6032], abs=1e-4)  # textbook Wilson interval of 3/10
    assert rate(0, 0)["ci95"] == [0.0, 1.0]


def test_two_proportions():
    # 30/50 against 20/50: pooled 0.5, standard error sqrt(0.25 * (1/50 + 1/50)) = 0.1, z = 2
    diff, p = two_proportions(30, 50, 20, 50)
    assert diff == pytest.approx(0.2)
    assert p == pytest.approx(erfc(2 / sqrt(2))) and p == pytest.approx(0.0455, abs=1e-4)
    assert two_proportions(5, 10, 0, 0) == (0.0, 1.0)
    assert two_proportions(0, 10, 0, 20) == (0.0, 1.0)  # nothing varies


def test_holm_multiplies_the_kth_smallest_by_m_minus_k_and_keeps_the_order():
    # sorted: 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06, 0.04 x1 = 0.04 -> raised to 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_mantel_haenszel_by_hand():
    # stratum 1: 10/20 against 5/20; stratum 2: 2/10 against 8/10
    # difference: (10*20 - 5*20)/40 + (2*10 - 8*10)/20 = 2.5 - 3 over weights 400/40 + 100/20 = 15
    # CMH: deviations 10 - 20*15/40 = 2.5 and 2 - 10*10/20 = -3; variances
    # 20*20*15*25/(40^2*39) and 10*10*10*10/(20^2*19)
    diff, p = mantel_haenszel([(10, 20, 5, 20), (2, 10, 8, 10)])
    assert diff == pytest.approx(-0.5 / 15)
    variance = 20 * 20 * 15 * 25 / (1600 * 39) + 10 * 10 * 10 * 10 / (400 * 19)
    assert p == pytest.approx(erfc(0.5 / sqrt(2 * variance)))
    assert p == pytest.approx(0.7954, abs=1e-4)  # erfc(0.5 / 2.7275)


def test_mantel_haenszel_sees_through_a_difference_that_only_the_strata_make():
    # the strong side plays the card more often: 18/20 and 9/10 (both 90 %), the weak 1/10 and 2/20 (10 %)
    tables = [(18, 20, 9, 10), (1, 10, 2, 20)]
    crude_diff, crude_p = two_proportions(19, 30, 11, 30)
    assert crude_diff == pytest.approx(8 / 30) and crude_p < 0.05
    assert mantel_haenszel(tables) == (pytest.approx(0.0), pytest.approx(1.0))
    assert mantel_haenszel([(3, 5, 0, 0)]) == (0.0, 1.0)  # no stratum has both groups


def test_spread_histogram_and_bands():
    s = spread([1, 2, 3, 4])
    assert (s["n"], s["mean"], s["median"], s["q1"], s["q3"], s["min"], s["max"]) == (4, 2.5, 2.5, 1.75, 3.25, 1, 4)
    half = 1.959963984540054 * sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)  # sample variance 5/3, over n = 4
    assert s["ci95"] == pytest.approx([2.5 - half, 2.5 + half])
    assert spread([]) == {"n": 0}
    h = histogram([1, 1, 2, 5], bins=5)
    assert h == {"edges": [1, 2, 3, 4, 5, 6], "counts": [2, 1, 0, 0, 1]}
    assert histogram([0, 39], bins=20)["edges"][:3] == [0, 2, 4]  # two values per bin
    b = bands([(1, 0), (1, 4), (1, 8), (2, 1), (2, 3), (3, 9)], least=2)
    assert b == [{"x": 1, "n": 3, "q1": 2.0, "median": 4.0, "q3": 6.0}, {"x": 2, "n": 2, "q1": 1.5, "median": 2.0,
                                                                          "q3": 2.5}]


def _report(games, west, ends, mean, half):
    return {"games": games, "win_rates": {"seats": {"west": rate(west, games), "east": rate(games - west, games)}},
            "ends": [{"key": k, "text": k.upper(), "games": n, "share": rate(n, games)} for k, n in ends.items()],
            "length": {"actions": {"n": games, "mean": mean, "ci95": [mean - half, mean + half]}}}


def test_two_runs_compared_row_by_row_with_holm_over_all_rows():
    a = _report(100, 50, {"collapse": 60, "insolvency": 40}, 100.0, 1.959963984540054)
    b = _report(100, 70, {"collapse": 100}, 101.0, 1.959963984540054)
    c = compare(a, b)
    rows = {(r["group"], r["key"]): r for r in c["rows"]}
    assert c["games"] == [100, 100] and len(rows) == 5
    west = rows["seats", "west"]
    # 50/100 against 70/100: pooled 0.6, se sqrt(0.24 * 0.02), z = 0.2 / 0.069282
    assert (west["a"], west["b"], west["difference"]) == (0.5, 0.7, pytest.approx(0.2))
    assert west["p"] == pytest.approx(erfc(0.2 / sqrt(0.24 * 0.02) / sqrt(2)))
    gone = rows["ends", "insolvency"]
    assert (gone["a"], gone["b"], gone["text"]) == (0.4, 0.0, "INSOLVENCY")
    length = rows["length", "actions"]
    # standard errors 1 and 1: z = 1 / sqrt(2)
    assert length["difference"] == 1.0 and length["p"] == pytest.approx(erfc(1 / sqrt(2) / sqrt(2)))
    ps = [r["p"] for r in c["rows"]]
    assert [r["p_holm"] for r in c["rows"]] == pytest.approx(holm(ps))
    assert [r["flagged"] for r in c["rows"]] == [p < 0.05 for p in holm(ps)]
    assert west["flagged"] and rows["ends", "insolvency"]["flagged"] and not length["flagged"]
