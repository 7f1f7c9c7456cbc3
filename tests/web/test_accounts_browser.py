"""Accounts in the system Chromium against a real server: a guest takes a seat by its
invitation, signs up on the account page and keeps the seat; in a fresh browser (another
device) the player logs in, opens the game from "My games" and plays the seat without any
token; the account page in German."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.testing.pages import ENABLED, console_errors, seq

PASSWORD = "correct horse battery"


def test_a_guest_signs_up_keeps_the_seat_and_plays_it_from_another_browser(server, api, context):
    game = api.create(["human", "random"])
    gid = game["id"]

    guest = context().new_page()
    errors = console_errors(guest)
    guest.goto(server.url + game["invites"][0]["url"])
    guest.fill("#join-name", "Ann")
    guest.click("#join-button")
    expect(guest.locator("#you")).to_have_text("you play Player 1")
    guest.wait_for_selector(ENABLED)
    assert "token" not in guest.evaluate("() => document.cookie")

    guest.click("header a.account-link")
    expect(guest).to_have_url(server.url + "/account")
    guest.fill("#signup-name", "Ann Account")
    guest.fill("#signup-password", PASSWORD)
    guest.click("#signup-button")
    expect(guest.locator("#signed-in")).to_have_text("Logged in as Ann Account")
    expect(guest.locator("#notice")).to_contain_text("Nuclear War (Player 1)")  # the guest's seat is in the account
    expect(guest.locator(f"#my-games li[data-game='{gid}']")).to_contain_text("Your turn")
    assert guest.evaluate("() => localStorage.getItem('realpolitik.guest-seats')") is None  # sent once, forgotten
    assert errors == []

    other = context().new_page()  # another device: no cookie, no token, nothing stored
    errors = console_errors(other)
    other.goto(server.url + "/account")
    expect(other.locator("#login")).to_be_visible()
    other.fill("#login-name", "ann account")
    other.fill("#login-password", PASSWORD)
    other.click("#login-button")
    expect(other.locator("#signed-in")).to_have_text("Logged in as Ann Account")
    link = other.locator(f"#my-games a[data-open='{gid}']")
    expect(link).to_have_attribute("href", f"/game/{gid}#seat=p1")
    link.click()
    expect(other).to_have_url(re.compile(rf"/game/{gid}#seat=p1$"))
    expect(other.locator("#you")).to_have_text("you play Player 1")
    expect(other.locator("#join")).to_be_hidden()
    other.wait_for_selector(ENABLED)
    before = seq(other)
    other.locator(ENABLED).first.click()
    other.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(other.locator("#notice.error")).to_be_hidden()

    other.goto(server.url + f"/game/{gid}")  # without a seat in the link: the account's seat in this game
    expect(other.locator("#you")).to_have_text("you play Player 1")
    assert errors == []

    stranger = context().new_page()  # a guest following the account's link gets no seat
    stranger.goto(server.url + f"/game/{gid}#seat=p1")
    expect(stranger.locator("#notice")).to_have_text("Log in to take your seat p1 without its invitation link.")
    expect(stranger.locator("#pending a[href='/account']")).to_be_visible()


def test_the_account_page_speaks_german(server, context):
    page = context("de-DE").new_page()
    page.goto(server.url + "/account")
    expect(page.locator("#signup-button")).to_have_text("Registrieren")
    expect(page.locator("#login-button")).to_have_text("Anmelden")
    expect(page.locator("header a.account-link")).to_have_text("Konto")
    expect(page.locator("#language")).to_have_value("de")
    page.fill("#login-name", "Niemand")
    page.fill("#login-password", "falsches Passwort")
    page.click("#login-button")
    expect(page.locator("#notice")).to_have_text("Falscher Name oder falsches Passwort.")


def test_a_signed_in_player_creates_a_game_in_the_lobby(server, context):
    """The lobby's requests carry the session's CSRF token: a signed-in player creates games."""
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/account")
    page.fill("#signup-name", "Lobby Lou")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text("Logged in as Lobby Lou")
    page.goto(server.url + "/")
    page.click("#create-button")
    expect(page.locator("#created h3")).to_have_text("Game created")
    expect(page.locator("#create-error")).to_be_hidden()
    assert errors == []


def test_the_language_chosen_in_the_menu_follows_the_account_to_another_browser(server, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/account")
    page.fill("#signup-name", "Menu Mia")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#signed-in")).to_have_text("Logged in as Menu Mia")
    page.goto(server.url + "/")
    page.select_option("#language", "de")
    expect(page.locator("#create-button")).to_have_text("Partie eröffnen")
    other = context("en-US").new_page()  # another browser, English, never chose a language
    other.goto(server.url + "/account")
    other.fill("#login-name", "menu mia")
    other.fill("#login-password", PASSWORD)
    other.click("#login-button")
    expect(other.locator("html")).to_have_attribute("lang", "de")  # the page came back in German
    other.goto(server.url + "/")
    expect(other.locator("#create-button")).to_have_text("Partie eröffnen")
    assert errors == []


def test_the_account_page_keeps_the_addresses_for_turn_notifications(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/account")
    page.fill("#signup-name", "Post Paula")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#addresses-button")).to_have_text("Speichern")
    page.fill("#email", "paula@example.org")
    page.fill("#webhook", "ftp://example.org/hook")
    page.click("#addresses-button")
    expect(page.locator("#notice")).to_have_text("Ein Webhook ist eine http://- oder https://-Adresse, "
                                                 "nicht 'ftp://example.org/hook'.")
    page.fill("#webhook", "https://hooks.example/paula")
    page.click("#addresses-button")
    expect(page.locator("#notice")).to_contain_text("Gespeichert")
    page.reload()
    expect(page.locator("#email")).to_have_value("paula@example.org")
    expect(page.locator("#webhook")).to_have_value("https://hooks.example/paula")
    assert [e for e in errors if "status of 400" not in e] == []  # the refused address is the only one
