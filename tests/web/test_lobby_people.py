"""The lobby in a browser, made for people: a sensible first game, what each game is, seats
named by side, rule options as menus, checkboxes and bounded numbers in the page's language."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors


def seat_titles(page) -> list[str]:
    return page.locator("#seats .seat-title").all_inner_texts()


def test_a_newcomer_finds_nuclear_war_chosen_and_reads_what_each_game_is(server, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    expect(page.locator("#game")).to_have_value("nuclear-war")
    expect(page.locator("#game option").first).to_have_text("Nuclear War · 2–6 players · about 1 hour")
    expect(page.locator("#game-about")).to_contain_text("Cold War")
    expect(page.locator("#game-about .facts")).to_have_text("2–6 players · about 1 hour")
    assert seat_titles(page) == ["Player 1", "Player 2", "Player 3", "Player 4"]
    expect(page.locator("label[for=option-first_player]")).to_have_text("Who begins")
    expect(page.locator("#option-first_player option:checked")).to_have_text("the owner (Player 1)")
    options = page.locator("#options").inner_text()
    assert "first_player" not in options and "spec" not in options and "draw-to-ten" not in options

    page.select_option("#game", "wsdv")
    expect(page.locator("#game-about .facts")).to_have_text("2 players · about 2–3 hours")
    assert seat_titles(page) == ["West", "East"]
    expect(page.locator("#players")).to_be_disabled()
    expect(page.locator("#seats select").first).to_have_attribute("aria-label", "who plays West")
    expect(page.locator("#option-setup option")).to_have_text(["version 2.0 (2016)", "first edition (2014)"])
    expect(page.locator("#option-supplier_protests")).to_have_attribute("type", "checkbox")
    expect(page.locator("#option-supplier_protests")).to_be_checked()

    page.select_option("#game", "wsdv-2p2")
    assert seat_titles(page) == ["USA", "Soviet Union", "West", "East"]
    assert page.locator("#seats .team").all_inner_texts() == ["yellow team", "red team", "yellow team", "red team"]
    assert errors == []


def test_files_are_never_offered_and_numbers_are_bounded(server, context):
    page = context().new_page()
    page.goto(server.url + "/")
    page.select_option("#game", "nationen")
    assert seat_titles(page) == ["Player 1", "Player 2", "Player 3"]
    limit = page.locator("#option-round_limit")
    expect(limit).to_have_attribute("type", "number")
    expect(limit).to_have_attribute("min", "0")
    expect(limit).to_have_attribute("max", "1000")
    for name in ("board", "cards"):
        expect(page.locator(f"#option-{name}")).to_have_count(0)
    expect(page.locator("#option-bank_limit")).to_have_attribute("type", "checkbox")
    limit.fill("1001")
    page.click("#create-button")
    assert limit.evaluate("input => !input.validity.valid")  # the browser stops it here
    expect(page.locator("#created")).to_be_hidden()
    page.select_option("#game", "e1815-2vs2")
    expect(page.locator("#option-map option")).to_have_text(["1815 — Europe", "1715 — North America"])
    expect(page.locator("#option-map_file")).to_have_count(0)
    assert page.locator("#options input:not([type=checkbox]):not([type=number])").count() == 0


def test_a_german_browser_reads_the_lobby_in_german(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    expect(page.locator("#game")).to_have_value("nuclear-war")
    expect(page.locator("#game-about .facts")).to_have_text("2–6 Spieler · etwa 1 Stunde")
    expect(page.locator("label[for=option-first_player]")).to_have_text("Wer beginnt")
    expect(page.locator("label[for=option-retaliation_cards]")).to_have_text("Finaler Gegenschlag")
    expect(page.locator("#option-refill option:checked")).to_have_text("bis zu zehn Karten")
    assert seat_titles(page) == ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"]
    page.select_option("#game", "wsdv")
    assert seat_titles(page) == ["Bundesrepublik", "DDR"]  # as the blurb and the rules name them (issue 78)
    expect(page.locator("#game-about")).to_contain_text("Bundesrepublik gegen DDR")
    expect(page.locator("label[for=option-setup]")).to_have_text("Regelversion")
    page.select_option("#game", "wsdv-2p2")
    assert page.locator("#seats .team").all_inner_texts()[:2] == ["Team Gelb", "Team Rot"]
    assert errors == []


def test_a_game_of_wir_sind_das_volk_is_created_with_a_rule_option(server, api, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "wsdv")
    assert seat_titles(page) == ["West", "East"]
    expect(page.locator("#seats select").nth(1)).to_have_value("heuristic")
    page.select_option("#option-setup", label="first edition (2014)")
    page.uncheck("#option-supplier_protests")
    page.click("#create-button")
    expect(page.locator("#created h3")).to_have_text("Game created")
    expect(page.locator("[data-play=west]")).to_have_text("Play West")
    expect(page.locator("[data-copy=west]")).to_have_attribute("title", "Copy the invite link for West")
    game_id = re.search(r"/game/([0-9a-f]+)", page.get_attribute("[data-play=west]", "href")).group(1)
    info = api.info(game_id)
    assert info["game"] == "wsdv"
    assert info["options"]["setup"] == "2014" and info["options"]["supplier_protests"] is False
    assert [(p["seat"], p["kind"]) for p in info["players"]] == [("west", "human"), ("east", "heuristic")]
    assert errors == []


def test_an_invite_is_offered_by_its_seat_s_title_and_copied_without_showing_its_address(server, context):
    """Issue 78: the invite links showed their address, ``…#seat=p1&token=…``, as text. The list
    names each seat by its title; its link goes to the clipboard and behind the Play button."""
    ctx = context("de-DE")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = ctx.new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "nuclear-war")
    page.select_option("#seats select >> nth=1", "human")
    page.click("#create-button")
    created = page.locator("#created")
    expect(created.locator("h3")).to_be_visible()
    expect(created).to_contain_text("Spieler 2")
    shown = created.inner_text() + " ".join(page.eval_on_selector_all(
        "#created input", "(fields) => fields.filter((f) => f.offsetParent !== null).map((f) => f.value)"))
    assert "seat=" not in shown and "p2" not in shown
    page.click("[data-copy=p2]")
    expect(page.locator("[data-copy=p2]")).to_have_text("Kopiert")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("input.invite[data-seat=p2]") and "/game/" in link and "token=" in link
    assert errors == []
