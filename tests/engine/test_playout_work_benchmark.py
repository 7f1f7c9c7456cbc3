"""``benchmarks/playout_work.py`` plays the same random games on any tree, with a bytecode profile on request."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.testing.load import allowance

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "playout_work.py"


def _run(*args: str) -> dict:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=allowance(120), check=True)
    return json.loads(done.stdout)


def _actions(seed: int) -> int:
    state, rng, n = get("nuclear-war").new_state(4, {}, seed), Rng(seed), 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return n


def test_the_games_of_the_seeds_and_a_profile_that_adds_up():
    plain = _run("nuclear-war", "4", "--seeds", "2-3")
    assert plain["actions"] == _actions(2) + _actions(3)
    assert _run("nuclear-war", "4", "--seeds", "2,3", "--no-gc")["actions"] == plain["actions"]
    assert _run("nuclear-war", "4", "--seeds", "none")["actions"] == 0
    profiled = _run("nuclear-war", "4", "--seeds", "2", "--opcodes", "4")
    shares = [t["share"] for t in profiled["top"]]
    assert len(shares) == 4 and shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    assert profiled["bytecodes_per_action"] > 0
