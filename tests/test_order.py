"""The order the suite runs in (``realpolitik.testing.order``): each long test named is a test
that ``make test`` runs, and the long tests start first, the tests that drive Chromium last."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from realpolitik.testing import order

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Item:
    nodeid: str
    fixturenames: tuple[str, ...] = ()


def test_every_long_test_is_a_test_that_make_test_runs():
    for name, seconds in order.LONG.items():
        path, function = name.split("::")
        found = re.search(rf"^((?:@.*\n)*)def {function}\(", (ROOT / path).read_text(), re.M)
        assert found, f"{name}: no such test"
        assert "mark.slow" not in found.group(1), f"{name} is marked slow: make test does not run it"
        assert seconds > 0


def test_the_long_tests_start_first_the_longest_first_and_chromium_comes_last(monkeypatch):
    monkeypatch.setattr(order, "LONG", {"t.py::model": 100, "t.py::crash": 90, "t.py::clicks": 120})
    items = [Item("t.py::one"), Item("t.py::clicks[west]", ("browser",)), Item("t.py::page", ("browser", "server")),
             Item("t.py::model"), Item("t.py::clicks[east]", ("browser",)), Item("t.py::two"),
             Item("t.py::crash", ("context", "browser"))]
    order.order(items)
    assert [item.nodeid for item in items] == ["t.py::model", "t.py::one", "t.py::two", "t.py::clicks[west]",
                                               "t.py::clicks[east]", "t.py::crash", "t.py::page"]


def test_a_module_with_a_shared_set_up_is_one_group_and_chromium_in_a_group_puts_it_last(monkeypatch):
    monkeypatch.setattr(order, "LONG", {"a.py::long": 50})
    items = [Item("a.py::page", ("browser", "server")), Item("b.py::one"), Item("a.py::api", ("server",)),
             Item("a.py::long", ("server",)), Item("c.py::two", ("server",))]
    served = {"a.py"}
    groups = order.order(items, lambda item: item.nodeid.split("::")[0] if item.nodeid[:4] in served else None)
    assert groups == {"a.py::page": "a.py", "a.py::api": "a.py", "a.py::long": "a.py"}
    # a.py's tests come after all others (one of them drives Chromium), its long one first among them
    assert [item.nodeid for item in items] == ["b.py::one", "c.py::two", "a.py::long", "a.py::page", "a.py::api"]


def test_a_test_that_uses_a_fixture_of_its_module_is_grouped_by_its_module(pytester):
    pytester.makepyfile(test_served="""
        import pytest

        @pytest.fixture(scope="module")
        def served():
            return "a server"

        def test_asks(served):
            pass

        def test_alone():
            pass
    """)
    items, _ = pytester.inline_genitems()
    assert {item.name: order.group(item) for item in items} == {"test_asks": "test_served.py", "test_alone": None}
