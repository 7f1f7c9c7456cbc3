"""Play-by-web from end to end in two browsers: two people sign up, one creates a rated
game in the lobby and sends the other the invitation; a hidden tab is told by a browser
notification when its turn comes; one resigns and the other plays to the end; both
ratings move; the game is found again under "My games" after logging in elsewhere."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.testing.pages import ENABLED, OVER, accept_warnings, console_errors, seq

PASSWORD = "correct horse battery"

#: a stand-in for the browser's Notification: granted, and every one shown is kept; the tab
#: is hidden whenever the test says so
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


def sign_up(page: Page, server, name: str) -> None:
    page.goto(server.url + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text(f"Logged in as {name}")


def test_two_people_play_a_rated_game_by_web(server, context):
    ann = context().new_page()
    bo_context = context()
    bo_context.add_init_script(FAKE_NOTIFICATIONS)
    bo = bo_context.new_page()
    ann_errors, bo_errors = console_errors(ann), console_errors(bo)
    accept_warnings(ann)
    sign_up(ann, server, "Anna Web")
    sign_up(bo, server, "Bodo Web")

    ann.goto(server.url + "/")
    ann.select_option("#game", "nationen")
    ann.locator("#seats select").nth(1).select_option("human")
    ann.fill("#option-round_limit", "6")
    ann.check("#rated")
    ann.click("#create-button")
    invite = ann.input_value("input.invite[data-seat=p2]")
    ann.click("[data-play=p1]")
    bo.goto(invite)  # signed in: the seat is bound to Bodo's account at once
    bo.wait_for_function("() => document.body.dataset.status === 'running'")
    bo.check("#notify-me")
    bo.evaluate("() => { window.__hidden = true; }")  # Bodo switches to another tab

    rng = Rng(4)
    ann.wait_for_selector(ENABLED)
    while bo.evaluate("() => window.__shown.length") == 0:  # Anna plays until the turn passes to Bodo
        before = seq(ann)
        buttons = ann.locator(ENABLED)
        buttons.nth(rng.below(buttons.count())).click()
        ann.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    shown = bo.evaluate("() => window.__shown")
    assert shown[0]["title"] == "Your turn in Das Spiel der Nationen" and len(shown) == 1

    bo.evaluate("() => { window.__hidden = false; }")
    bo.on("dialog", lambda dialog: dialog.accept())
    bo.click("#resign")  # the heuristic bot plays Bodo's seat to the end
    while True:  # Anna plays on to the end
        ann.wait_for_selector(f"{ENABLED}, {OVER}")
        if ann.locator(OVER).count():
            break
        before = seq(ann)
        buttons = ann.locator(ENABLED)
        buttons.nth(rng.below(buttons.count())).click()
        ann.wait_for_function(f"() => Number(document.body.dataset.seq) > {before} || "
                              "document.body.dataset.status === 'finished'")

    ann.goto(server.url + "/leaderboard?game=nationen")
    rows = ann.locator("#rows tr")
    expect(rows.filter(has_text="Bodo Web")).to_have_count(1)
    ratings = {r.locator("td").nth(1).inner_text(): float(r.locator("td").nth(3).inner_text())
               for r in rows.all()}
    assert ratings["Anna Web"] > 25 > ratings["Bodo Web"]  # μ: Bodo resigned

    elsewhere = context().new_page()  # Bodo on another device finds the game under "My games"
    elsewhere.goto(server.url + "/account")
    elsewhere.fill("#login-name", "bodo web")
    elsewhere.fill("#login-password", PASSWORD)
    elsewhere.click("#login-button")
    mine = elsewhere.locator("#my-games li").first
    expect(mine).to_contain_text("Game over")
    mine.locator("a[data-open]").click()
    expect(elsewhere.locator("#outcome h3")).to_be_visible()
    expect(elsewhere.locator("#you")).to_have_text("you play Player 2")
    assert ann_errors == [] and bo_errors == []
