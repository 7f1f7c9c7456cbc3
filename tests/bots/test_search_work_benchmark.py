"""``benchmarks/search_work.py`` does one fixed search and reports it, with a bytecode profile on request."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from realpolitik.testing.load import allowance

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "search_work.py"


def _run(*args: str) -> dict:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=allowance(120), check=True)
    return json.loads(done.stdout)


def test_the_same_work_twice_and_a_profile_that_adds_up():
    first, again = _run("e1815", "2", "400"), _run("e1815", "2", "400", "--opcodes", "5")
    assert (first["iterations"], first["applies"]) == (again["iterations"], again["applies"])
    assert first["applies"] >= 400 and first["iterations"] > 0
    top = again["top"]
    assert len(top) == 5 and sorted((t["bytecodes"] for t in top), reverse=True) == [t["bytecodes"] for t in top]
    assert 0 < sum(t["bytecodes"] for t in top) <= again["bytecodes"]
    assert any(t["where"].startswith("realpolitik/") for t in top)
