"""The browser notification of a turn: a game page asks for the permission only when the
player ticks "tell me in this browser", never on load; then, while the tab is in the
background, the turn coming to its seat shows one notification in the page's language; a
tab in front, or one whose player unticked the box, shows none."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from realpolitik.testing.pages import ENABLED, accept_warnings, console_errors, seq
from realpolitik.testing.server import GameSocket

#: the browser's Notification, kept in the page: what was shown, how often the permission
#: was asked (granted at once, and remembered like a browser does); the tab is hidden
#: whenever the test says so
NOTIFICATIONS = """
window.__shown = [];
window.__asked = 0;
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__shown.push({ title, ...(options || {}) }); }
  static get permission() { return localStorage.getItem("test.permission") || "default"; }
  static requestPermission() {
    window.__asked += 1;
    localStorage.setItem("test.permission", "granted");
    return Promise.resolve("granted");
  }
};
"""


def play_until_turn_of(sock: GameSocket, other: str, since: int) -> None:
    """The socket's seat plays its first legal actions, from the game's action ``since`` on,
    until ``other`` is to act."""
    while True:
        view = sock.wait_view(lambda m: m["status"] == "running" and m["seq"] >= since)
        if view["view"]["to_act"] == other:
            return
        if "pending" in view["view"]:
            sock.act(view["view"]["pending"]["actions"][0])
        sock.wait_view(lambda m, s=view["seq"]: m["seq"] > s)


def play_my_turn(page: Page) -> None:
    """Click the page's first action until it is no longer this seat's turn."""
    while page.locator("#turn-banner").is_visible():
        before = seq(page)
        page.locator(ENABLED).first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")


def shown(page: Page) -> list[dict]:
    return page.evaluate("() => window.__shown")


@pytest.mark.parametrize(("locale", "title"), [("en-US", "Your turn in Wir sind das Volk!"),
                                               ("de-DE", "Du bist am Zug: Wir sind das Volk!")])
def test_a_hidden_tab_is_told_when_its_turn_comes(server, api, context, locale, title):
    game = api.create(["human", "human"], game="wsdv")  # turns pass back and forth for a long time
    first = GameSocket(server, game["id"])
    first.hello(game["tokens"]["west"], name="Ann")
    ctx = context(locale)
    ctx.add_init_script(NOTIFICATIONS)
    page = ctx.new_page()
    errors = console_errors(page)
    accept_warnings(page)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "east"))
    page.fill("#join-name", "Bo")
    page.click("#join-button")
    page.wait_for_function("() => document.body.dataset.status === 'running'")
    box = page.locator("#notify-me")
    expect(box).to_be_visible()
    expect(box).not_to_be_checked()
    assert page.evaluate("() => window.__asked") == 0  # no question on load

    box.check()  # the player's click asks, once
    page.wait_for_function("() => localStorage.getItem('realpolitik.notify') === '1'")
    assert page.evaluate("() => window.__asked") == 1

    play_until_turn_of(first, "east", seq(page))  # the tab is in front: the page shows the turn, no notification
    page.wait_for_selector(ENABLED)
    assert shown(page) == []
    play_my_turn(page)

    page.evaluate("() => { window.__hidden = true; }")  # the player looks elsewhere
    play_until_turn_of(first, "east", seq(page))
    page.wait_for_function("() => window.__shown.length > 0")
    told = shown(page)
    assert len(told) == 1 and told[0]["title"] == title and told[0]["tag"] == game["id"] and told[0]["body"]
    page.evaluate("() => { window.__hidden = false; }")
    play_my_turn(page)

    box.uncheck()  # no more, though the tab goes to the background again
    page.evaluate("() => { window.__hidden = true; }")
    play_until_turn_of(first, "east", seq(page))
    page.wait_for_selector(ENABLED)
    assert len(shown(page)) == 1 and page.evaluate("() => window.__asked") == 1
    first.close()
    assert errors == []


def test_the_account_page_sets_the_language_of_pages_and_emails(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/account")
    page.fill("#signup-name", "Lang Lou")
    page.fill("#signup-password", "correct horse battery")
    page.click("#signup-button")
    choice = page.locator("#account-language")
    expect(choice.locator("option[value='']")).to_have_text("die des Browsers (E-Mails auf Englisch)")

    choice.select_option("en")
    page.click("#addresses-button")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # reloaded in the language chosen
    expect(page.locator("#account-language")).to_have_value("en")
    assert page.evaluate("() => fetch('/api/account').then((r) => r.json())")["user"]["language"] == "en"

    page.locator("#account-language").select_option("")  # the browser's again: German here
    page.click("#addresses-button")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#account-language")).to_have_value("")
    assert page.evaluate("() => fetch('/api/account').then((r) => r.json())")["user"]["language"] is None
    assert errors == []
