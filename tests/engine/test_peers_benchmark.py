"""``benchmarks/run.py --peers`` measures OpenSpiel beside realpolitik in one process."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.testing.load import allowance

RUN = Path(__file__).resolve().parents[2] / "benchmarks" / "run.py"


def test_peers_runs_briefly_and_prints_every_peer_and_ratio():
    pytest.importorskip("pyspiel")
    result = subprocess.run([sys.executable, str(RUN), "--json", "--peers", "--games", "nuclear-war",
                             "--seconds", "0.2", "--rounds", "1", "--extras", "none"],
                            capture_output=True, text=True, timeout=allowance(240), check=True)
    peers = json.loads(result.stdout)["peers"]
    assert set(peers["playouts"]) == {
        "realpolitik/nuclear-war", "openspiel-python/python_kuhn_poker", "openspiel-python/python_liars_poker",
        "openspiel-python/python_tic_tac_toe", "openspiel-cpp/leduc_poker", "openspiel-cpp/hearts",
        "openspiel-cpp/liars_dice"}
    assert set(peers["ismcts"]) == {"realpolitik/nuclear-war", "openspiel-python/leduc_poker",
                                    "openspiel-cpp/leduc_poker", "openspiel-python/hearts", "openspiel-cpp/hearts"}
    assert all(row["actions_per_s"] > 0 for row in peers["playouts"].values())
    assert all(row["iterations_per_s"] > 0 and row["applies_per_s"] > 0 for row in peers["ismcts"].values())
    assert len(peers["ratios"]["playouts"]) == 6 and len(peers["ratios"]["ismcts"]) == 4
    assert peers["ratios"]["playouts"]["nuclear-war vs openspiel-cpp/hearts"] == pytest.approx(
        peers["playouts"]["realpolitik/nuclear-war"]["actions_per_s"]
        / peers["playouts"]["openspiel-cpp/hearts"]["actions_per_s"], rel=0.01)


def test_peers_section_says_so_when_open_spiel_is_missing(monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("peers", RUN.with_name("peers.py"))
    peers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peers)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyspiel" else real(name, *a))
    out = peers.run(type("Args", (), {"games": "nuclear-war", "seconds": 0.1})())
    assert "open-spiel is not installed" in out["skipped"]
    assert "not installed" in peers.table(out)
