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
def browser():
    """The system Chromium driven by Playwright, one per test process (Playwright's sync API
    allows only one running instance per thread); installed by the test setup, nothing is downloaded."""
    from playwright.sync_api import sync_playwright

    from realpolitik.testing.server import launch_chromium

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def games():
    """The game registry."""
    return registry()
