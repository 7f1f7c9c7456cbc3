"""Taking back a move in the browser: after the player's own action the page offers to take
it back; one click returns the game to before it and says what was taken back, in the
page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.pages import ENABLED, console_errors, seq


@pytest.mark.parametrize(("locale", "button", "said"), [
    ("en-US", "Take back my last action", "You took back: "),
    ("de-DE", "Meine letzte Aktion zurücknehmen", "Du hast zurückgenommen: "),
])
def test_the_player_takes_back_a_move_with_one_click(server, api, context, locale, button, said):
    game = api.create(["human", "heuristic"], game="nationen")
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(ENABLED)
    take_back = page.locator("#take-back")
    expect(take_back).to_be_hidden()  # nothing played yet
    first = page.locator(ENABLED).first
    words = first.text_content()
    first.click()
    page.wait_for_function("() => Number(document.body.dataset.seq) === 1")
    expect(take_back).to_be_visible()
    expect(take_back).to_have_text(button)

    take_back.click()
    page.wait_for_function("() => Number(document.body.dataset.seq) === 0")
    expect(page.locator("#notice.info")).to_have_text(said + words)
    expect(take_back).to_be_hidden()
    assert seq(page) == 0 and page.locator(ENABLED).count() > 1
    assert errors == []
