"""Accessibility: axe-core (the npm package, installed once into the virtual environment)
scans the lobby, the rules dialog, the rules page with its pictures, a started game of every
title — its board, legend and action panel — and every title's first game with a guide, and
finds nothing serious or critical; every action is a button reached and played with the
keyboard alone, with a visible focus."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik import rulebook
from realpolitik.games import registry
from realpolitik.testing.load import allowance, wait_ms
from realpolitik.testing.pages import console_errors, seq
from realpolitik.testing.tables import sit_at_new_game

GAMES = [game.id for game in registry()]
LESSONS = [game.id for game in registry() if rulebook.lesson(game) is not None]
#: where the test setup keeps axe-core: inside the virtual environment the tests run in
AXE_HOME = Path(sys.prefix) / "share" / "axe-core"
AXE = AXE_HOME / "node_modules" / "axe-core" / "axe.min.js"
#: JavaScript: the serious and critical violations axe finds on the page, with where
SCAN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}"""


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core 4 from the npm registry, installed on first use (a lock keeps parallel test
    processes from installing it twice at once)."""
    if AXE.is_file():
        return AXE
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed, so axe-core cannot be (apt-get install npm)")
    AXE_HOME.mkdir(parents=True, exist_ok=True)
    with open(AXE_HOME / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not AXE.is_file():
            subprocess.run([npm, "install", "--prefix", str(AXE_HOME), "--no-save", "--no-package-lock", "--no-audit",
                            "--no-fund", "axe-core@4"], check=True, timeout=allowance(300), capture_output=True)
    assert AXE.is_file()
    return AXE


@pytest.fixture
def scanned(browser, axe_script):
    """``scanned(page)``: axe's serious and critical findings on ``page`` as it is now. Pages
    open in a context that lets the test inject axe past the pages' content policy."""
    ctx = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True, locale="en-US")
    ctx.set_default_timeout(wait_ms(20))

    def scan(page) -> list[str]:
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(axe_script))
        return page.evaluate(SCAN)

    scan.context = ctx
    yield scan
    ctx.close()


def test_the_lobby_and_the_rules_dialog_have_no_serious_violation(server, scanned):
    page = scanned.context.new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    assert scanned(page) == []
    page.click("#create-button")
    page.wait_for_selector("#created .invites li")
    assert scanned(page) == []
    page.click("#rules-button")
    page.wait_for_selector("#rules-body h2")
    assert scanned(page) == []
    assert errors == []


def test_the_rules_page_and_its_pictures_have_no_serious_violation(server, scanned):
    page = scanned.context.new_page()
    errors = console_errors(page)
    page.goto(server.url + "/rules/wsdv")
    for figure in page.locator("#rules-body figure").all()[:3]:  # the opening and two examples, drawn
        figure.evaluate("f => f.scrollIntoView()")
        figure.locator("svg.board").wait_for()
    page.locator("figure.example button[data-state=after]").first.click()
    assert scanned(page) == []
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_started_game_has_no_serious_violation_and_is_played_by_keyboard(server, api, scanned, game):
    page = scanned.context.new_page()
    errors = console_errors(page)
    entry = next(e for e in api.get("/api/catalog").json() if e["id"] == game)
    sit_at_new_game(server, api, page, entry)
    page.click("#legend summary")
    assert scanned(page) == []

    before = seq(page)
    page.keyboard.press("Escape")
    for _ in range(60):  # Tab from the top of the page to the first action
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#pending button.action')"):
            break
    focus = page.evaluate("""() => { const el = document.activeElement, style = getComputedStyle(el);
      return { action: el.dataset.action, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) }; }""")
    assert focus["action"] and focus["outline"] != "none" and focus["width"] >= 2
    page.on("dialog", lambda dialog: dialog.accept())  # a grave action asks first
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    assert errors == []


@pytest.mark.parametrize("game", ["nuclear-war", "wsdv", "wsdv-2p2"])
def test_a_board_s_phone_layout_has_no_serious_violation(server, api, browser, scanned, game):
    """The layout a board draws for a phone (``ctx.narrow``), with a thing picked on it too."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True,
                              locale="de-DE")
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        entry = next(e for e in api.get("/api/catalog").json() if e["id"] == game)
        sit_at_new_game(server, api, page, entry)
        assert scanned(page) == []
        busiest = page.locator("#board [data-actions]").evaluate_all(
            "things => things.reduce((b, t, i, all) => JSON.parse(t.dataset.actions).length"
            " > JSON.parse(all[b].dataset.actions).length ? i : b, 0)")
        page.locator("#board [data-actions]").nth(busiest).focus()
        page.keyboard.press("Enter")  # the thing that starts most moves: picked, the places they go marked
        page.wait_for_selector("#board [aria-pressed=true]")
        assert scanned(page) == []
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("game", LESSONS)
def test_a_first_game_with_a_guide_has_no_serious_violation(server, scanned, game):
    page = scanned.context.new_page()
    errors = console_errors(page)
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector("#pending button.guided:not([disabled])")
    assert scanned(page) == []
    page.fill("#pending input[name=action]", "no such move")  # refused in the guide's words
    page.press("#pending input[name=action]", "Enter")
    page.wait_for_selector("#notice.error:not([hidden])")
    assert scanned(page) == []
    assert errors == []
