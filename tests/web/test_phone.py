"""Phones: the lobby and a started game of every title at 390 × 844 with touch — the page
never scrolls sideways, nothing of the action panel leaves the screen, the first action is in
view without scrolling, every button and choice is at least 40 pixels tall, the board fits the
screen's width — a board with a phone layout readable as it is, its map zoomed — and two fingers
zoom it to words a player reads, one finger pans it inside its box; a screenshot of each."""

from __future__ import annotations

import pytest

from realpolitik.games import registry
from realpolitik.testing.layout import first_action
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors
from realpolitik.testing.positions import PLAYERS, Stage, positions
from realpolitik.testing.server import GameSocket, http_client
from realpolitik.testing.tables import sit_at_new_game

WIDTH, HEIGHT = 390, 844
GAMES = [game.id for game in registry()]
#: the boards that draw a layout of their own on a phone (``ctx.narrow``), its words readable without
#: zooming (a map in it still zooms)
PHONE_LAYOUTS = {"e1815", "e1815-2vs2", "nationen", "nuclear-war", "wsdv", "wsdv-2p2"}

#: JavaScript: visible elements under ``selector`` that reach past the viewport's sides
OUTSIDE = """(selector) => Array.from(document.querySelectorAll(selector)).filter((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"
    && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
}).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ${Math.round(el.getBoundingClientRect().right)}px`)
"""
TAPS = "button, select, input:not([type=checkbox]), a.button, summary"


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                              device_scale_factor=2, locale="en-US")
    ctx.set_default_timeout(wait_ms(20))
    yield ctx
    ctx.close()


def low_targets(page, selector: str) -> list[str]:
    return page.evaluate("""(selector) => Array.from(document.querySelectorAll(selector)).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.height < 40;
    }).map((el) => `${el.tagName.toLowerCase()}#${el.id} "${(el.textContent || el.value || "").trim().slice(0, 30)}" `
      + `${Math.round(el.getBoundingClientRect().height)}px`)""", selector)


def assert_fits(page, panel: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate(OUTSIDE, f"{panel}, {panel} *") == []


def shot(page, path) -> None:
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000


def test_the_lobby_fits_a_phone(server, phone, tmp_path):
    page = phone.new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    for game in GAMES:  # every game's seats and options
        page.select_option("#game", game)
        assert_fits(page, "main")
        assert low_targets(page, f"main :is({TAPS})") == []
    page.click("#create-button")
    page.wait_for_selector("#created .invites li")
    assert_fits(page, "main")
    assert low_targets(page, f"main :is({TAPS})") == []
    shot(page, tmp_path / "lobby.png")
    page.click("#rules-button")  # the rules: wide tables scroll inside their own box, the rest wraps
    page.wait_for_selector("#rules-body h2")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate(OUTSIDE, "dialog#rules, dialog#rules *:not(.table-box *)") == []
    assert low_targets(page, "dialog#rules button") == []
    page.screenshot(path=str(tmp_path / "rules.png"))
    assert errors == []


def test_no_page_scrolls_sideways_on_a_german_phone(server, api, browser, tmp_path):
    """Issue 77: every page at 390 × 844 in German, with the long names and wide tables of a group
    that plays — a running tournament's standings, a rated game's leaderboard, replay and player
    page, the statistics, "your games" and "my games": the page itself never scrolls sideways (a
    wide table scrolls inside its own box)."""
    name = "Friederike Müller-Lüdenscheidt"
    people = {}
    for who in (name, "Uwe Schimmelpfennig", "Tess"):
        client = http_client(server.url, headers={"accept-language": "de-DE"})
        signed = client.post("/api/account/signup", json={"name": who, "password": "correct horse battery"})
        people[who] = (client, signed.json()["csrf"])
    client, csrf = people[name]
    rated = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
    sock = GameSocket(server, rated["id"], headers={"cookie": f"session={client.cookies['session']}"})
    sock.hello(rated["tokens"]["p1"])
    sock.wait_view(lambda m: m["status"] == "running")
    sock.send({"type": "resign"})  # the stand-in plays it to its end
    sock.until(lambda m: m["type"] == "resigned")
    sock.close()
    cup = client.post("/api/tournaments", headers={"x-csrf-token": csrf}, json={
        "name": "Herbstturnier der Spielegruppe", "game": "nuclear-war", "kind": "round-robin", "seats": 2,
        "capacity": 3, "clock": {"kind": "correspondence", "hours": 24, "bank_hours": 72}}).json()["id"]
    for other, token in people.values():
        assert other.post(f"/api/tournaments/{cup}/signup", json={}, headers={"x-csrf-token": token}).is_success
    running = api.create(["human", "normal"], game="nationen")
    sock = GameSocket(server, running["id"], headers={"cookie": f"session={client.cookies['session']}"})
    sock.hello(running["tokens"]["p1"])
    sock.close()
    api.wait_finished(rated["id"], timeout=120)
    for other, _ in people.values():
        other.close()

    ctx = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                              device_scale_factor=2, locale="de-DE")
    ctx.set_default_timeout(wait_ms(20))
    try:
        assert ctx.request.post(server.url + "/api/account/login",
                                data={"name": name, "password": "correct horse battery"}).ok
        page = ctx.new_page()
        errors = console_errors(page)
        for path, shown in (("/", "#mine li[data-game]"), ("/account", "#my-games li[data-game]"),
                            (f"/player/{name}", "#recent li"), ("/statistics", ".stats-part"),
                            ("/leaderboard?game=nationen", "#rows tr"), ("/tournaments", "#list li"),
                            (f"/tournaments#{cup}", "#standings tbody tr"), (f"/replay/{rated['id']}", "#board svg"),
                            (f"/game/{running['id']}#seat=p1", "#pending .prompt"),
                            ("/rules/nationen", "#rules-body h2")):
            page.goto(server.url + path)
            page.wait_for_selector(shown, state="attached")  # a phone folds a long list of moves
            page.wait_for_timeout(200)  # the rest of the page comes with the same answers
            assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, path
            shot(page, tmp_path / f"{path.strip('/').split('/')[0].split('?')[0] or 'lobby'}.png")
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_started_game_fits_a_phone(server, api, phone, tmp_path, game):
    page = phone.new_page()
    errors = console_errors(page)
    entry = next(e for e in api.get("/api/catalog").json() if e["id"] == game)
    sit_at_new_game(server, api, page, entry)
    assert_fits(page, "main")
    assert page.evaluate(OUTSIDE, "header.bar, header.bar *") == []
    assert page.locator("#pending button.action").count() >= 1
    first = first_action(page)  # the first move, or the heading of the folded list of many: in view, unscrolled
    assert first["inside"] and first["reached"] and first["bottom"] <= HEIGHT, first
    assert low_targets(page, f"main :is({TAPS}), header.bar :is({TAPS})") == []
    board = page.locator("#board")  # the board keeps to its own box: scaled, or scrolled inside it
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    shot(page, tmp_path / f"{game}.png")
    assert errors == []


#: JavaScript: the board as shown — its width against its box's, its box scrolled, and the
#: screen height of its median text (what a player reads at this zoom)
BOARD = """() => {
  const area = document.querySelector("#board");
  const svg = area.querySelector("svg.board");
  const heights = Array.from(svg.querySelectorAll("text"), (t) => t.getBoundingClientRect().height).filter((h) => h > 0)
    .sort((a, b) => a - b);
  return { svg: svg.getBoundingClientRect().width, box: area.clientWidth, left: area.scrollLeft, top: area.scrollTop,
    text: heights[Math.floor(heights.length / 2)], page: document.documentElement.scrollWidth };
}"""


def touch(cdp, kind: str, *points: tuple[float, float]) -> None:
    """One touch event of the screen, with a finger at each point."""
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)]})


def pinch(page, cdp, x: float, y: float, start: float, end: float, steps: int = 8) -> None:
    """Two fingers at (x, y), ``start`` pixels apart, moved to ``end`` apart."""
    touch(cdp, "touchStart", (x - start / 2, y), (x + start / 2, y))
    for i in range(1, steps + 1):
        apart = start + (end - start) * i / steps
        touch(cdp, "touchMove", (x - apart / 2, y), (x + apart / 2, y))
        page.wait_for_timeout(16)
    touch(cdp, "touchEnd")


@pytest.mark.parametrize("game", GAMES)
def test_the_board_fits_the_phone_and_fingers_zoom_and_pan_it_to_readable_words(server, api, phone, game):
    page = phone.new_page()
    errors = console_errors(page)
    table = Stage(server, api, game, PLAYERS[game])
    table.open(page, positions(game, PLAYERS[game], 1, 2)[1])
    fit = page.evaluate(BOARD)
    assert fit["svg"] <= fit["box"] + 0.5 and fit["page"] <= WIDTH  # the whole board in the screen's width
    if game in PHONE_LAYOUTS:
        assert fit["text"] >= 11  # drawn for the phone: read as it is
    else:
        assert fit["text"] < 9  # too small to read at this size
    cdp = phone.new_cdp_session(page)
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 200) / 2
    for _ in range(6):  # spread two fingers until the board grows no more
        before = page.evaluate(BOARD)["svg"]
        pinch(page, cdp, x, y, 40, 240)
        if page.evaluate(BOARD)["svg"] <= before + 1:
            break
    zoomed = page.evaluate(BOARD)
    assert zoomed["svg"] >= 2 * fit["svg"] - 1 and zoomed["text"] >= 13, zoomed  # readable now, or larger still
    assert zoomed["page"] <= WIDTH  # the page itself still never scrolls sideways
    touch(cdp, "touchStart", (x + 100, y))  # one finger pans the board inside its box
    for i in range(1, 9):
        touch(cdp, "touchMove", (x + 100 - 20 * i, y - 8 * i))
        page.wait_for_timeout(16)
    touch(cdp, "touchEnd")
    page.wait_for_timeout(300)
    panned = page.evaluate(BOARD)
    assert panned["left"] > zoomed["left"] + 50, (zoomed, panned)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    table.show(page, positions(game, PLAYERS[game], 1, 3)[2])  # the zoom stays while views come
    assert page.evaluate(BOARD)["svg"] == pytest.approx(zoomed["svg"], abs=2)
    pinch(page, cdp, x, y, 240, 160)  # two fingers pinched together zoom out again
    assert fit["svg"] + 20 < page.evaluate(BOARD)["svg"] < zoomed["svg"] - 20
    page.click("#zoom-fit")  # and the button fits it to the screen again
    assert page.evaluate(BOARD)["svg"] == pytest.approx(fit["svg"], abs=1)
    assert errors == []
