"""The order the test suite runs in (``tests/conftest.py``), so that ``pytest -n 2`` ends its
two test processes together.

pytest-xdist hands out tests in the order of the collection. A test that takes minutes and
comes late leaves the other process idle while it runs; one that comes first runs beside the
many short tests. So the long tests (``LONG``) start first, the longest first (the
longest-processing-time rule), and the scheduler (``--dist loadgroup --no-loadscope-reorder``
in the Makefile) keeps that order and hands out a few tests at a time, so that the short ones
even out the end.

Tests that drive Chromium (those that use the ``browser`` fixture) run after all the others in
each process: Playwright's sync API keeps its event loop marked as running in the thread for
the rest of the session (the browser is session-wide), and ``asyncio.run`` refuses to start
beside it. The long ones start first among them too.

The tests of a module that sets something up once per module (a fixture of scope
``module``: a server, say) form a group (``--dist loadgroup``), which one test process runs
whole: spread over the processes, each would set it up again. A group with a test that drives
Chromium counts as such a test, so that it comes last too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

#: the tests that take longest: seconds of one item (one parameter's, for a test with several)
#: in a run of the whole suite on a busy 2-core machine, ``pytest -n 2 -m "not slow" --durations=80``
#: (what counts is their order)
LONG = {
    "tests/server/test_model.py::test_two_processes_on_postgresql": 125,
    "tests/web/test_browser.py::test_the_game_resumes_in_the_browser_after_a_server_crash": 116,
    "tests/web/test_board_wsdv_2p2.py::"
    "test_games_against_three_heuristic_bots_are_played_by_tapping_the_board": 110,
    "tests/web/test_board_wsdv.py::"
    "test_games_against_the_heuristic_bot_are_played_by_tapping_the_board": 96,
    "tests/server/test_model.py::test_one_process_on_sqlite": 77,
    "tests/server/test_model.py::test_limits_count_per_address": 60,
    "tests/cli/test_cli.py::test_the_game_speaks_the_language_asked_for_or_the_environments": 30,
}


class Item(Protocol):
    """What the order reads of a collected test (``pytest.Item``)."""

    nodeid: str
    fixturenames: Sequence[str]


def seconds(item: Item) -> float:
    """How long ``item`` takes, if it is one of the long tests; else 0."""
    return LONG.get(item.nodeid.split("[")[0], 0)


def group(item: Item) -> str | None:
    """The module of ``item`` if it uses a fixture set up once per module, else ``None``."""
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    return item.nodeid.split("::")[0] if any(d and d[-1].scope == "module" for d in defs) else None


def order(items: list[Item], grouped: Callable[[Item], str | None] = group) -> dict[str, str]:
    """Sort ``items`` in place: tests without Chromium first, each kind the long tests first
    (the longest first); the others keep the collection's order. Returns the group of each
    grouped test by its id."""
    groups = {item.nodeid: name for item in items if (name := grouped(item)) is not None}
    chromium = {groups.get(item.nodeid, item.nodeid) for item in items if "browser" in item.fixturenames}
    items.sort(key=lambda item: (groups.get(item.nodeid, item.nodeid) in chromium, -seconds(item)))
    return groups
