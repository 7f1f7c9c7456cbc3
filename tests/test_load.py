"""Wall-clock bounds stretched by the machine's load (``realpolitik.testing.load``)."""

from __future__ import annotations

import os

from realpolitik.testing import load


def test_a_bound_is_as_written_on_an_idle_machine_and_grows_with_the_load_per_core(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    for load_average, factor in ((0.3, 1.0), (2.0, 1.0), (4.0, 2.0), (20.0, 10.0)):
        monkeypatch.setattr(os, "getloadavg", lambda a=load_average: (a, a, a))
        assert load.load_factor() == factor
        assert load.allowance(2) == 2 * factor
        assert load.wait_ms(15) == 15000 * factor
