"""Finding one's games again (issue 77): the lobby lists the player's unfinished games first —
a guest's from the seat tokens its browser keeps, an account's from its seats — saying whose
turn it is, with a link straight to the player's seat that opens it ready to play; the account
page's "My games" names who sits at each game, the move, and its tournament. In German, on a
phone and on a desktop."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import ENABLED, console_errors
from realpolitik.testing.server import http_client

PASSWORD = "correct horse battery"


def test_a_guests_lobby_shows_the_game_first_and_its_seat_link_plays_it(server, api, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", has_touch=True, is_mobile=True)
    ctx.set_default_timeout(wait_ms(15))
    try:
        game = api.create(["human", "normal"])
        gid = game["id"]
        page = ctx.new_page()
        errors = console_errors(page)
        page.goto(server.url + game["invites"][0]["url"])
        page.fill("#join-name", "Anna")
        page.click("#join-button")
        page.wait_for_selector(ENABLED, state="attached")  # a phone folds a long list of moves (the deal decides)
        page.goto(server.url + "/")
        mine = page.locator("main > section").first
        expect(mine).to_have_id("mine-box")
        expect(mine.locator("h2")).to_have_text("Deine Partien")
        row = mine.locator(f"li[data-game='{gid}']")
        expect(row).to_contain_text("du spielst Spieler 1 gegen Bot, mittel")
        expect(row).to_contain_text("Du bist am Zug (Zug ")  # Player 1 opens Nuclear War
        link = row.locator("a[data-open]")
        expect(link).to_have_attribute("href", f"/game/{gid}#seat=p1")
        expect(page.locator(f"#running li[data-game='{gid}'] a")).to_have_text("Weiterspielen")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        link.click()
        expect(page).to_have_url(re.compile(rf"/game/{gid}#seat=p1$"))
        expect(page.locator("#you")).to_have_text("du spielst Spieler 1")  # the seat, with the kept key
        expect(page.locator("#join")).to_be_hidden()
        page.wait_for_selector(ENABLED, state="attached")
        assert errors == []
    finally:
        ctx.close()


def test_an_accounts_games_name_the_opponents_and_the_tournament(server, api, browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="de-DE")
    ctx.set_default_timeout(wait_ms(15))
    try:
        assert ctx.request.post(server.url + "/api/account/signup", data={"name": "Greta", "password": PASSWORD},
                                headers={"accept-language": "de-DE"}).ok
        csrf = ctx.request.get(server.url + "/api/account").json()["csrf"]
        cup = ctx.request.post(server.url + "/api/tournaments", headers={"x-csrf-token": csrf}, data={
            "name": "Herbstpokal", "game": "nuclear-war", "kind": "round-robin", "seats": 2, "capacity": 2,
            "clock": {"kind": "correspondence", "hours": 24, "bank_hours": 72}}).json()["id"]
        assert ctx.request.post(f"{server.url}/api/tournaments/{cup}/signup", headers={"x-csrf-token": csrf},
                                data={}).ok
        with http_client(server.url) as hannes:
            token = hannes.post("/api/account/signup", json={"name": "Hannes", "password": PASSWORD}).json()["csrf"]
            assert hannes.post(f"/api/tournaments/{cup}/signup", json={}, headers={"x-csrf-token": token}).is_success
        board = ctx.request.get(f"{server.url}/api/tournaments/{cup}").json()["schedule"][0]["games"][0]
        against_bot = api.create(["human", "normal"])
        page = ctx.new_page()
        errors = console_errors(page)
        page.goto(server.url + against_bot["invites"][0]["url"])  # signed in: the seat is the account's
        page.wait_for_selector(ENABLED)

        page.goto(server.url + "/account")
        in_cup = page.locator(f"#my-games li[data-game='{board['game']}']")
        expect(in_cup.locator("a[data-tournament]")).to_have_text("Turnier: Herbstpokal")
        expect(in_cup.locator("a[data-tournament]")).to_have_attribute("href", f"/tournaments#{cup}")
        expect(in_cup).to_contain_text("gegen Hannes")
        expect(in_cup).to_contain_text(re.compile(r"Du bist am Zug \(Zug 0\)|Zug 0, Spieler \d \(Hannes\) ist am Zug"))
        bot_game = page.locator(f"#my-games li[data-game='{against_bot['id']}']")
        expect(bot_game).to_contain_text("du spielst Spieler 1 gegen Bot, mittel")
        expect(bot_game).to_contain_text("Du bist am Zug")

        page.goto(server.url + "/")
        row = page.locator(f"#mine li[data-game='{against_bot['id']}']")
        expect(row).to_contain_text("Du bist am Zug")
        expect(page.locator(f"#mine li[data-game='{board['game']}'] a[data-tournament]")).to_be_visible()
        row.locator("a[data-open]").click()
        expect(page).to_have_url(re.compile(rf"/game/{against_bot['id']}#seat=p1$"))
        expect(page.locator("#you")).to_have_text("du spielst Spieler 1")
        page.wait_for_selector(ENABLED)
        assert errors == []
    finally:
        ctx.close()
