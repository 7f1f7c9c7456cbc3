"""Bounds in wall-clock time on a shared machine: a test that times our code (a stop after Ctrl-C,
a search's time budget) waits for the cores as much as for the code, so its bound grows with the
machine's load and holds as written when the machine is idle."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def load_factor() -> float:
    """How many runnable processes share each core (the last minute's load average), at least 1."""
    return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


def allowance(seconds: float) -> float:
    """``seconds`` as a bound on this machine now: ``seconds`` idle, stretched by the load factor."""
    return seconds * load_factor()


def wait_ms(seconds: float) -> float:
    """A Playwright timeout, in milliseconds, for what takes up to ``seconds`` on an idle machine."""
    return allowance(seconds) * 1000


def eventually(check: Callable[[], T], seconds: float = 15.0, pause: float = 0.05) -> T:
    """The first true value of ``check``, asked every ``pause`` seconds for ``seconds`` on an idle
    machine (``allowance``); an AssertionError with the bound and the load when none comes."""
    bound = allowance(seconds)
    end = time.monotonic() + bound
    while not (found := check()):
        if time.monotonic() > end:
            raise AssertionError(f"not within {bound:.0f} s (load {os.getloadavg()[0]:.1f})")
        time.sleep(pause)
    return found
