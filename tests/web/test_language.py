"""The pages in German: chosen by the browser's languages or the language menu on every
page (remembered), with the server's refusals and the game's prompts in the same language."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors


def test_a_german_browser_gets_german_pages_and_may_switch(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#create-button")).to_have_text("Partie eröffnen")
    expect(page.locator("h2").first).to_have_text("Neue Partie")
    expect(page).to_have_title("realpolitik — Lobby")
    page.select_option("#game", "nuclear-war")
    expect(page.locator("#seats select").first.locator("option:checked")).to_have_text("Mensch")
    page.select_option("#language", "en")
    expect(page.locator("#create-button")).to_have_text("Create the game")  # the page came back in English
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(server.url + "/")  # and stays so: the choice is remembered
    expect(page.locator("h2").first).to_have_text("New game")
    assert errors == []


def test_a_game_in_german(server, api, context):
    game = api.create(["human", "heuristic"])
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + game["invites"][0]["url"])
    page.fill("#join-name", "Anna")
    expect(page.locator("#join-button")).to_have_text("Platz einnehmen")
    page.click("#join-button")
    expect(page.locator("#you")).to_have_text("du spielst p1")
    expect(page.locator("#turn-banner")).to_contain_text("Du bist am Zug — ")
    expect(page).to_have_title(re.compile(r"^▶ Du bist am Zug · Nuclear War$"))
    page.fill("#pending input[name=action]", "fly away")
    page.click("#pending form button")
    expect(page.locator("#notice")).to_contain_text("'fly away' ist jetzt nicht möglich. p1 muss: ")
    expect(page.locator("#players")).to_contain_text("p2 (Bot heuristic)")
    expect(page.locator("#board")).to_contain_text("Deine Hand")  # the board's words
    expect(page.locator("#log")).to_contain_text("beginnt. Jeder hat 9 Karten auf der Hand.")  # the game's
    expect(page.locator("#pending button.action").first).to_contain_text("verdeckt ablegen")
    assert errors == []
