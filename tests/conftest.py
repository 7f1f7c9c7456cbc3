"""Shared fixtures."""

import pytest

from realpolitik.games import registry


def pytest_collection_modifyitems(items):
    """Tests that drive Chromium run last in every test process: Playwright's sync API keeps its
    event loop marked as running in the thread for the rest of the session (the browser is
    session-wide), and ``asyncio.run`` refuses to start beside it."""
    items.sort(key=lambda item: "browser" in item.fixturenames)


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
