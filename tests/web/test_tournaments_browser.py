"""The tournaments page in the browser (issue 59): reached from the lobby, a signed-in player
creates a tournament with the form (its clock one of the form's, never none) and signs up;
when a second account fills it, the page shows it running with its round, its game and the
standings — in English and in German —, and axe-core finds nothing serious on it."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors
from realpolitik.testing.server import http_client
from tests.web.test_axe import SCAN, axe_script  # noqa: F401 (a fixture)

PASSWORD = "correct horse battery"


def _sign_up(ctx, server, name: str) -> None:
    answer = ctx.request.post(server.url + "/api/account/signup", data={"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()


def test_a_tournament_is_created_signed_up_for_and_shown_running(server, context, browser, axe_script):  # noqa: F811
    ctx = context("en-US")
    _sign_up(ctx, server, "Tess")
    page = ctx.new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.click("header a[href='/tournaments']")
    expect(page.locator("h1")).to_have_text("Tournaments")
    page.fill("#name", "Browser cup")
    page.select_option("#game", "nuclear-war")
    page.select_option("#seats", "2")
    page.fill("#capacity", "2")
    # issue 76: every tournament has a clock, so the form offers no "no clock"
    expect(page.locator("#clock option[value=none]")).to_have_count(0)
    expect(page.locator("#clock option").first).to_have_text("Live: 20 min + 15 s per move")
    page.click("#create button[type=submit]")
    expect(page.locator("#one-name")).to_have_text("Browser cup")
    expect(page.locator("#one-facts")).to_contain_text("taking sign-ups")
    expect(page.locator("#one-facts")).to_contain_text("20 min + 15 s per move")
    page.click("#sign-up")
    expect(page.locator("#entrants li")).to_have_text(["Tess"])
    number = page.evaluate("location.hash").lstrip("#")

    with http_client(server.url) as other:
        csrf = other.post("/api/account/signup", json={"name": "Uwe", "password": PASSWORD}).json()["csrf"]
        assert other.post(f"/api/tournaments/{number}/signup", json={},
                          headers={"x-csrf-token": csrf}).status_code == 201
    page.reload()
    expect(page.locator("#one-facts")).to_contain_text("round 1 of 1")
    expect(page.locator("#standings tbody tr")).to_have_count(2)
    expect(page.locator("#rounds a[href^='/game/']")).to_have_count(1)
    expect(page.locator("#withdraw")).to_be_visible()
    assert errors == []

    german = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True, locale="de-DE")
    try:
        page = german.new_page()
        page.goto(f"{server.url}/tournaments#{number}")
        expect(page.locator("h1")).to_have_text("Turniere")
        expect(page.locator("#one-facts")).to_contain_text("Runde 1 von 1")
        expect(page.locator("#one h3").first).to_have_text("Tabelle")
        # issue 78: taking part in a tournament is not "Registrieren", the name of making an account
        assert page.locator("#sign-up").text_content() == "Teilnehmen"
        page.goto(f"{server.url}/account")
        assert page.locator("#signup-button").text_content() == "Registrieren"
        page.goto(f"{server.url}/tournaments#{number}")
        expect(page.locator("#one-facts")).to_contain_text("Runde 1 von 1")
        page.add_script_tag(path=str(axe_script))
        assert page.evaluate(SCAN) == []
    finally:
        german.close()
