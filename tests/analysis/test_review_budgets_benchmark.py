"""``benchmarks/review_budgets.py``: every seat's chance at a position under several seeds, as a
review makes it, and their mean difference per budget."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path

from realpolitik.analysis import review as core
from realpolitik.games import get
from realpolitik.testing.load import allowance

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "review_budgets.py"
sys.path.insert(0, str(SCRIPT.parents[1] / "tools"))
from calibrate_review import play  # noqa: E402


def test_the_mean_difference_is_over_every_seat_and_pair_of_seeds_at_each_position():
    done = subprocess.run([sys.executable, str(SCRIPT), "nuclear-war", "--budgets", "60,90", "--seeds", "3",
                           "--records", "1", "--plies", "4"], capture_output=True, text=True,
                          timeout=allowance(300), check=True)
    found = json.loads(done.stdout)
    record = play("nuclear-war", 4, 0, "heuristic")
    state = record.initial_state(get)
    for action in record.actions[:4]:  # the one position: after the fourth action
        state.apply(action)
    assert found["searches_a_budget"] == 4 * 3
    for budget in (60, 90):
        gaps = [abs(a - b) for seat in range(4)
                for a, b in combinations([core.searched(state, seat, budget, seed, None).chances[seat]
                                          for seed in range(3)], 2)]
        assert found["mean_difference"][str(budget)] == round(sum(gaps) / len(gaps), 4)
    one = subprocess.run([sys.executable, str(SCRIPT), "nuclear-war", "--budgets", "60", "--seeds", "1"],
                         capture_output=True, text=True, timeout=allowance(60))
    assert one.returncode == 2 and "--seeds must be 2 or more" in one.stderr
