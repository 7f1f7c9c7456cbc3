"""Play-by-web from end to end: two people sign up in two browsers; one creates a rated
game of Nuclear War in the lobby and sends the other the invitation; the second, away from
the page, is told of the turn by e-mail and webhook (captured by a local SMTP server and a
local receiver), reopens the game from "My games" in a fresh browser and sees the hand;
both play by clicking to the end (what the heuristic bot would choose), and both ratings move.
A hidden tab is also told by a browser notification."""

from __future__ import annotations

import json
import threading
import time
from email import message_from_bytes
from email.policy import default as email_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.testing.load import allowance
from realpolitik.testing.pages import ENABLED, OVER, Coach, accept_warnings, console_errors, seq
from realpolitik.testing.server import ROOMY, ServerProcess, free_port, http_client

PASSWORD = "correct horse battery"

#: a stand-in for the browser's Notification, granted, keeping every one shown; the tab is
#: hidden whenever the test says so
FAKE_NOTIFICATIONS = """
window.__shown = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__shown.push({ title, body: (options || {}).body }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""


class Inbox:
    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's hook name
        self.mails.append(message_from_bytes(envelope.content, policy=email_policy))
        return "250 OK"


class Hook(BaseHTTPRequestHandler):
    posts: list = []

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        Hook.posts.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def outside():
    """A local SMTP server and a local webhook receiver: (inbox, smtp port, hook url)."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    http = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    yield inbox, smtp.port, f"http://127.0.0.1:{http.server_address[1]}/hook"
    http.shutdown()
    smtp.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, outside):
    _, port, _ = outside
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("by-web") / "games.db"), bot_delay=0.02, limits=limits,
                         args=("--smtp", f"127.0.0.1:{port}", "--webhook-private", "--notify-every", "0.05")).start()
    yield proc
    proc.stop()


def sign_up(page: Page, server, name: str) -> None:
    page.goto(server.url + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text(f"Logged in as {name}")


def click_once(page: Page, rng: Rng, coach: Coach, seat: int) -> None:
    before = seq(page)
    coach.press(page, seat, rng)
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before} || "
                           "document.body.dataset.status === 'finished'")


def anna_to_move(page: Page, seconds: float = 30) -> bool:
    """Wait until Anna may act (or the game is over): True; or until Bodo has been told that
    it is his turn: False. The notice comes from the server on its own time, so both are
    watched, not one after the other."""
    deadline = time.monotonic() + seconds
    while not Hook.posts:
        if page.locator(f"{ENABLED}, {OVER}").first.is_visible():
            return True
        assert time.monotonic() < deadline, f"neither a move for Anna nor a notice for Bodo in {seconds} s"
        page.wait_for_timeout(100)
    return False


def test_two_people_play_a_rated_game_by_web(server, outside, context):
    inbox, _, hook_url = outside
    ann, bo = context().new_page(), context().new_page()
    errors = {"ann": console_errors(ann), "bo": console_errors(bo)}
    sign_up(ann, server, "Anna Web")
    sign_up(bo, server, "Bodo Web")
    bo.fill("#email", "bodo@example.org")
    bo.fill("#webhook", hook_url)
    bo.click("#addresses-button")
    expect(bo.locator("#notice")).to_contain_text("Saved")

    ann.goto(server.url + "/")
    ann.select_option("#game", "nuclear-war")
    ann.select_option("#players", "2")
    ann.locator("#seats select").nth(1).select_option("human")
    ann.check("#rated")
    ann.click("#create-button")
    invite = ann.input_value("input.invite[data-seat=p2]")
    ann.click("[data-play=p1]")
    bo.goto(invite)  # signed in: the seat is bound to Bodo's account
    bo.wait_for_function("() => document.body.dataset.status === 'running'")
    bo.close()  # and Bodo goes away

    rng = Rng(8)
    gid = ann.url.split("/game/")[1].split("#")[0]
    coach = Coach(server.db, gid)  # both press what the heuristic would
    accept_warnings(ann)
    while anna_to_move(ann):  # Anna plays until the turn passes to Bodo, who hears of it
        assert ann.locator(OVER).count() == 0, "the game ended before Bodo's turn"
        click_once(ann, rng, coach, 0)
    assert Hook.posts[0]["game"] == gid and Hook.posts[0]["url"].endswith(f"/game/{gid}#seat=p2")
    deadline = time.monotonic() + allowance(15)  # the e-mail goes out beside the webhook, not before it
    while not [m for m in inbox.mails if m["To"] == "bodo@example.org"] and time.monotonic() < deadline:
        ann.wait_for_timeout(100)
    expect_mail = [m for m in inbox.mails if m["To"] == "bodo@example.org"]
    assert expect_mail and expect_mail[0]["Subject"] == "Your turn in Nuclear War"

    fresh = context()  # Bodo on another device: log in, "My games", his turn first, his hand
    fresh.add_init_script(FAKE_NOTIFICATIONS)
    bo = fresh.new_page()
    errors["bo"] = console_errors(bo)
    accept_warnings(bo)
    bo.goto(server.url + "/account")
    bo.fill("#login-name", "bodo web")
    bo.fill("#login-password", PASSWORD)
    bo.click("#login-button")
    mine = bo.locator("#my-games li").first
    expect(mine).to_contain_text("Your turn")
    mine.locator("a[data-open]").click()
    expect(bo.locator("#you")).to_have_text("you play Player 2")
    bo.wait_for_selector("svg .hand .card")
    bo.check("#notify-me")

    told_in_browser = 0
    while True:  # both play by clicking to the end; Bodo's tab is in the background while Anna plays
        ann.wait_for_timeout(30)
        if ann.locator(OVER).count() or bo.locator(OVER).count():
            break
        if ann.locator(ENABLED).count():
            bo.evaluate("() => { window.__hidden = true; }")
            click_once(ann, rng, coach, 0)
        elif bo.locator(ENABLED).count():
            told_in_browser = max(told_in_browser, bo.evaluate("() => window.__shown.length"))
            bo.evaluate("() => { window.__hidden = false; }")
            click_once(bo, rng, coach, 1)
    coach.close()
    expect(ann.locator(OVER)).to_be_visible()
    expect(bo.locator(OVER)).to_be_visible()

    ann.goto(server.url + "/leaderboard?game=nuclear-war")
    rows = ann.locator("#rows tr")
    expect(rows.filter(has_text="Bodo Web")).to_have_count(1)
    expect(rows.filter(has_text="Anna Web")).to_have_count(1)
    with http_client(server.url) as http:
        board = {p["name"]: p for p in http.get("/api/leaderboard/nuclear-war").json()["players"]}
    assert board["Anna Web"]["sigma"] < 8.33 and board["Bodo Web"]["sigma"] < 8.33  # both rated: more certain now
    assert told_in_browser >= 1  # the background tab was told when its turn came
    assert errors == {"ann": [], "bo": []}
