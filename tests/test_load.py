"""Wall-clock bounds stretched by the machine's load (``realpolitik.testing.load``)."""

from __future__ import annotations

import os
import sys
import time

import pytest

from realpolitik.testing import ctrl_c, load


def test_a_bound_is_as_written_on_an_idle_machine_and_grows_with_the_load_per_core(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    for load_average, factor in ((0.3, 1.0), (2.0, 1.0), (4.0, 2.0), (20.0, 10.0)):
        monkeypatch.setattr(os, "getloadavg", lambda a=load_average: (a, a, a))
        assert load.load_factor() == factor
        assert load.allowance(2) == 2 * factor
        assert load.wait_ms(15) == 15000 * factor


def test_a_command_that_ends_before_its_first_game_is_reported_at_once_not_at_the_bound():
    """``ctrl_c.interrupt`` waits for a first game up to its bound (two minutes idle, much longer
    under load); a command that failed meanwhile is reported when it ends, with what it printed."""
    failing = [sys.executable, "-c", "import sys; sys.exit('no arena here: ' + 'x')"]
    began = time.monotonic()
    with pytest.raises(AssertionError, match=r"the command ended \(1\) before a game finished: no arena here: x"):
        ctrl_c.interrupt(failing, 10, start_within=120)
    assert time.monotonic() - began < load.allowance(10)
