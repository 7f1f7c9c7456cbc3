"""Clocks and resigning in the browser: a game created from the lobby with a time control
shows each person's clock counting down on their turn; resigning asks once, and then a
bot plays the seat and the table says so — in both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from realpolitik.testing.pages import ENABLED, console_errors


@pytest.mark.parametrize(("locale", "words", "resigned", "tag"), [
    ("en-US", "Time control: 20 min + 15 s per move", "Player 1 resigned; a bot plays the seat to the end.",
     "resigned"),
    ("de-DE", "Bedenkzeit: 20 Min. + 15 s pro Zug", "Spieler 1 hat aufgegeben; ein Bot spielt den Platz bis zum Ende.",
     "aufgegeben"),
])
def test_a_clock_counts_down_and_a_player_resigns(server, context, locale, words, resigned, tag):
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "nationen")
    page.locator("#seats select").nth(1).select_option("random")
    page.select_option("#clock", "live-20-15")
    page.select_option("#stand-in", "random")
    page.click("#create-button")
    page.click("[data-play=p1]")
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(ENABLED)
    expect(page.locator("#clock-words")).to_have_text(words)
    mine = page.locator('[data-clock="p1"]')
    expect(mine).to_have_class("clock running")
    first = mine.text_content()
    assert first.startswith(("20:00", "19:5"))
    page.wait_for_function(f"() => document.querySelector('[data-clock=\"p1\"]').textContent !== '{first}'",
                           timeout=5000)  # it counts down between views

    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#resign")
    expect(page.locator("#notice.info")).to_have_text(resigned)
    assert len(asked) == 1
    expect(page.locator("#players li").first.locator(".tag.away")).to_have_text(tag)
    expect(page.locator("#resign")).to_be_hidden()
    assert errors == []
