"""Vacation on the account page: the days left this year, "Go on vacation now", the vacation
listed with its end, and ending it early — in the page's language."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors


def test_going_on_vacation_and_ending_it_on_the_account_page(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/account")
    page.fill("#signup-name", "Urlaub Uli")
    page.fill("#signup-password", "correct horse battery")
    page.click("#signup-button")
    year = datetime.now(UTC).year
    expect(page.locator("#vacation-bank")).to_have_text(f"21 von 21 Urlaubstagen sind {year} noch übrig.")
    page.fill("#vacation-days", "3")
    page.click("#vacation-now-button")
    expect(page.locator("#notice")).to_have_text("Du bist jetzt im Urlaub: die Uhren deiner Fernpartien stehen still.")
    expect(page.locator("#vacation-bank")).to_have_text(f"18 von 21 Urlaubstagen sind {year} noch übrig.")
    expect(page.locator("#vacations li")).to_have_count(1)
    page.locator("#vacations li button").click()  # "Urlaub jetzt beenden": the two days not begun come back
    expect(page.locator("#vacation-bank")).to_have_text(f"20 von 21 Urlaubstagen sind {year} noch übrig.")
    expect(page.locator("#vacations li")).to_have_text("keine")
    assert errors == []
