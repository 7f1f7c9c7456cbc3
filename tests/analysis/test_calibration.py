"""analysis.calibration: the Brier score and the reliability bins of a review's chances, the
side-aware base rate they are measured against, and turning points judged again with more budget."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.analysis import calibration
from realpolitik.analysis import review as core
from realpolitik.games import get
from realpolitik.testing.load import allowance

from .test_review import record_of


def test_brier_scores_perfect_and_coin_forecasts():
    assert calibration.brier([(1.0, 1.0), (0.0, 0.0)]) == 0
    assert calibration.brier([(0.5, 1.0), (0.5, 0.0)]) == 0.25
    assert calibration.brier([(1.0, 0.0)]) == 1


def test_the_side_aware_base_rate_is_each_seat_s_own_share_of_wins():
    """Each seat's own share of wins, weighted by each game's predictions (a shared win counts
    for both); where seat 0 wins three games of four, the pooled base rate says ½ to both seats,
    the side-aware one ¾ and ¼, and scores better — the yardstick a review's chances must beat."""
    games = [(10, (0.0, 1.0)), (10, (0.0, 1.0)), (10, (1.0, 0.0)), (10, (1.0, 1.0))]
    assert calibration.base_rates(games) == (0.5, 0.75)
    assert calibration.base_rates([(30, (1.0, 0.0)), (10, (0.0, 1.0))]) == (0.75, 0.25)
    sides = [(10, (1.0, 0.0)), (10, (1.0, 0.0)), (10, (1.0, 0.0)), (10, (0.0, 1.0))]
    pairs = [(0.5, r) for n, rewards in sides for _ in range(n) for r in rewards]
    assert calibration.brier(pairs) == 0.25
    side_aware = [(rate, r) for n, rewards in sides for _ in range(n)
                  for rate, r in zip((0.75, 0.25), rewards, strict=True)]
    assert calibration.brier_base_rates(sides) == pytest.approx(calibration.brier(side_aware)) == 0.1875


def test_reliability_bins_hold_the_mean_prediction_and_result():
    rows = calibration.reliability([(0.05, 0.0), (0.15, 1.0), (0.12, 0.0), (1.0, 1.0)])
    assert [r["low"] for r in rows] == [0.0, 0.1, 0.9]
    assert rows[1] == {"low": 0.1, "predicted": pytest.approx(0.135), "observed": 0.5, "count": 2}
    assert rows[2]["count"] == 1  # a chance of 1 falls in the last bin


def test_turning_points_are_judged_again_with_more_budget():
    record = record_of("nuclear-war", 2, 1)
    # a turning point's loss must be clear of the noise (the review's second pass): at a budget of
    # 300 Nuclear War has almost none, as the review's own tests found
    done = core.review(record, get, budget=1000, seed=1)
    kept = calibration.verdicts_kept(record, done, get, factor=2)
    assert len(kept) == len(done.turning_points()) > 0
    pairs = calibration.forecasts([(done, tuple(record.replay(get).outcome().rewards))])
    assert len(pairs.estimate) == len(pairs.hindsight) == 2 * len(record.actions)
    assert calibration.brier(pairs.hindsight) <= 1


def test_the_fit_leans_the_same_searches_anew_and_scores_the_game_s_own_weight_as_the_review():
    record = record_of("nuclear-war", 2, 1)
    done = core.review(record, get, budget=300, seed=1)
    rewards = tuple(record.replay(get).outcome().rewards)
    weight = get("nuclear-war").pseudo_playouts
    scores = calibration.fit([(done, rewards)], weights=(0, weight, 50))
    assert scores[weight] == pytest.approx(calibration.brier(calibration.forecasts([(done, rewards)]).estimate))
    assert len(set(scores.values())) == 3  # each weight leans the chances differently
    behind = [b for p in done.plies for b in p.basis if b is not None]  # the playouts each lean weighs against
    assert behind and all((own or total).playouts > 0 for own, total in behind)


CALIBRATE = Path(__file__).resolve().parents[2] / "tools" / "calibrate_review.py"


def _calibrate(store: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CALIBRATE), "wsdv", "--games", "3", "--budget", "20", "--store",
                           str(store), *extra], capture_output=True, text=True, timeout=allowance(300))


def test_a_calibration_stopped_early_keeps_its_reviews_and_the_same_command_reviews_only_the_rest(tmp_path):
    store = tmp_path / "calibration.jsonl"
    stopped = _calibrate(store, "--hours", "0")  # stops after its first game
    assert stopped.returncode == 130 and "1 more games kept" in stopped.stderr, stopped.stderr
    assert [json.loads(line)["game"]["index"] for line in store.read_text().splitlines()] == [0]
    done = _calibrate(store)
    assert done.returncode == 0, done.stderr
    assert "game 0:" not in done.stderr and "game 2:" in done.stderr  # the kept game is read back, not reviewed
    assert sorted(json.loads(line)["game"]["index"] for line in store.read_text().splitlines()) == [0, 1, 2]
    whole = _calibrate(tmp_path / "whole.jsonl")
    resumed, at_once = json.loads(done.stdout), json.loads(whole.stdout)
    assert resumed["games"] == 3 and resumed == at_once  # the same figures as one run's
    assert len(resumed["side_base_rates"]) == 2 and resumed["brier_side_base_rate"] <= resumed["brier_base_rate"]
    again = _calibrate(store, "--games", "2")  # fewer games: only those of their seeds, none reviewed
    assert json.loads(again.stdout)["games"] == 2 and "game " not in again.stderr
    other = _calibrate(store, "--budget", "10", "--games", "1")  # another budget: its own reviews
    assert "game 0:" in other.stderr and json.loads(other.stdout)["budget"] == 10
