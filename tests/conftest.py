"""Shared fixtures, and the order the tests run in."""

import pytest

from realpolitik.games import registry
from realpolitik.testing.order import order

pytest_plugins = ("pytester",)  # tests of the test order collect modules of their own


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    """The long tests first, the tests that drive Chromium last, and each module that sets up a
    server (or anything else) once in one test process (``realpolitik.testing.order``)."""
    grouped = order(items)
    for item in items:
        if item.nodeid in grouped:
            item.add_marker(pytest.mark.xdist_group(grouped[item.nodeid]))


@pytest.fixture(scope="session")
def playwright():
    """Playwright, one per test process (its sync API allows only one running instance per thread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright):
    """The system Chromium driven by Playwright; installed by the test setup, nothing is downloaded."""
    from realpolitik.testing.server import launch_chromium

    chromium = launch_chromium(playwright)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def games():
    """The game registry."""
    return registry()
