"""``benchmarks/review_noise.py`` reviews the same records with two seeds; in 1815 the heuristics play
one game whatever the seed, which it says, and ``--bot`` seats a seeded search instead."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from realpolitik.testing.load import allowance

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "review_noise.py"


def _run(*args: str) -> tuple[dict, str]:
    done = subprocess.run([sys.executable, str(SCRIPT), "e1815", "--players", "2", "--records", "2", "--plies", "1",
                           "--budget", "40", *args], capture_output=True, text=True, timeout=allowance(300), check=True)
    return json.loads(done.stdout), done.stderr


def test_repeated_records_are_said_and_a_seeded_bot_plays_others():
    found, said = _run()
    assert found["bot"] == "heuristic" and found["chances"] == 2 * 2  # two records, one action, two seats
    assert "record 1 repeats an earlier one" in said
    found, said = _run("--bot", "ismcts:budget=60")
    assert found["bot"] == "ismcts:budget=60" and "repeats" not in said


def test_the_records_may_start_at_any_seed():
    """``--first`` starts the records at that seed, so several runs may share the records."""
    found, said = _run("--first", "3")
    records = [json.loads(line)["record"] for line in said.splitlines() if line.startswith("{")]
    assert found["first"] == 3 and records == [3, 4]
