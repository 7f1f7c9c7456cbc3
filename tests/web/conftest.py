"""Fixtures for browser tests: the system Chromium driven by Playwright, and a real server."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.server import Api, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server whose bots wait a moment, so a person's turn and the others' are both seen."""
    proc = ServerProcess(str(tmp_path_factory.mktemp("web") / "games.db"), bot_delay=0.02).start()
    yield proc
    proc.stop()


@pytest.fixture(autouse=True)
def patient_expect():
    """Each ``expect`` of a test waits its 5 s on an idle machine, longer on a loaded one (``wait_ms``)."""
    expect.set_options(timeout=wait_ms(5))


@pytest.fixture
def api(server):
    with Api(server) as client:
        yield client


@pytest.fixture
def context(browser):
    """``context(locale)`` opens a fresh browser context (its own storage, like another person;
    its languages, English unless ``locale`` says otherwise). Its person has asked for reduced
    motion, unless ``motion`` says ``"no-preference"``: the turn signal's pulse repaints the page
    every frame, a third of Chromium's work in a game clicked through quickly."""
    opened = []

    def open_context(locale: str = "en-US", motion: str = "reduce"):
        ctx = browser.new_context(viewport={"width": 1300, "height": 900}, locale=locale, reduced_motion=motion)
        ctx.set_default_timeout(wait_ms(15))
        opened.append(ctx)
        return ctx

    yield open_context
    for ctx in opened:
        ctx.close()
