"""Hints in the browser: the dock offers "What would the bot do?" on the player's turn in a game
created with hints, never in a rated one; one click shows the bot's suggestion in words, marks
its button among the actions and gives every seat's chances, in the page's language. The lobby
lets a creator allow hints, and never together with rated; every lesson offers them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import ENABLED, console_errors


def seated(server, api, context, locale: str = "en-US", **extra):
    """A page playing p1 of a Nationen game against the heuristic bot, at its first decision."""
    game = api.create(["human", "heuristic"], game="nationen", **extra)
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(ENABLED)
    return page, errors


@pytest.mark.parametrize(("locale", "button", "would"), [
    ("en-US", "What would the bot do?", "The bot would play:"),
    ("de-DE", "Was würde der Bot tun?", "Der Bot würde spielen:"),
])
def test_the_hint_button_shows_the_bots_suggestion_in_an_unrated_game_with_hints(server, api, context, locale,
                                                                                  button, would):
    page, errors = seated(server, api, context, locale, hints=True)
    hint = page.locator("#hint")
    expect(hint).to_be_visible()
    expect(hint).to_have_text(button)
    hint.click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible(timeout=wait_ms(30))  # the first hint starts a bot worker
    expect(box).to_contain_text(would)
    suggested = page.locator("#pending button.suggested")
    expect(suggested).to_have_count(1)
    assert suggested.text_content() in box.text_content()  # the same words as the action's button
    assert box.text_content().count("%") == 2  # both seats' chances

    suggested.click()  # the game moves on: the old hint goes
    page.wait_for_function("() => Number(document.body.dataset.seq) >= 1")
    expect(page.locator("#pending button.suggested")).to_have_count(0)
    assert errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_hint_stands_by_the_board_and_marks_its_move_there(server, api, browser, phone):
    """Issue 77: the answer sat after all the buttons (y = 3,357 in 2+2), far from the move it
    marked. It stands above the board now, names the board thing, and the thing is marked."""
    screen = {"width": 390, "height": 844} if phone else {"width": 1366, "height": 768}
    ctx = browser.new_context(viewport=screen, locale="de-DE", has_touch=phone, is_mobile=phone)
    ctx.set_default_timeout(wait_ms(20))
    try:
        game = api.create(["human", "heuristic"], game="nationen", hints=True)
        page = ctx.new_page()
        errors = console_errors(page)
        page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p1"))
        page.fill("#join-name", "Ann")
        page.click("#join-button")
        page.wait_for_selector(ENABLED, state="attached")
        page.click("#hint")
        box = page.locator("#hint-box")
        expect(box).to_be_visible(timeout=wait_ms(30))
        best = page.locator("#pending button.suggested").get_attribute("data-action")
        marked = page.locator("#board [data-actions].suggested")
        expect(marked.first).to_be_attached()
        names = marked.evaluate_all("ns => ns.map((n) => JSON.parse(n.dataset.actions))")
        assert names and all(best in actions for actions in names)  # every marked thing starts the move
        expect(box.locator(".hint-where")).to_contain_text(marked.first.get_attribute("data-name"))
        hint, board = box.bounding_box(), page.locator("#board").bounding_box()
        assert 0 <= board["y"] - (hint["y"] + hint["height"]) < 40  # right above the board
        assert abs(hint["x"] - board["x"]) < 40 and hint["y"] < 844  # beside it, on the first screen
        assert errors == []
    finally:
        ctx.close()


def test_a_rated_game_and_a_game_without_hints_show_no_button(server, api, context):
    for extra in ({"rated": True}, {}):
        page, errors = seated(server, api, context, **extra)
        expect(page.locator("#hint")).to_be_hidden()
        assert errors == []


def test_the_lobby_allows_hints_but_not_with_rated(server, context):
    page = context().new_page()
    page.goto(server.url + "/")
    rated, hints = page.locator("#rated"), page.locator("#hints")
    hints.check()
    rated.check()
    expect(hints).not_to_be_checked()  # a rated game offers no hints
    hints.check()
    expect(rated).not_to_be_checked()


def test_the_lesson_page_offers_hints(server, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/learn/nuclear-war")
    page.wait_for_selector("#guide:not([hidden])")
    page.wait_for_selector(ENABLED)
    expect(page.locator("#hint")).to_be_visible()
    page.click("#hint")
    expect(page.locator("#hint-box")).to_be_visible(timeout=wait_ms(30))
    expect(page.locator("#pending button.suggested")).to_have_count(1)
    assert errors == []
