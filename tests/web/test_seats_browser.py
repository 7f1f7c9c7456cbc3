"""Seats as players meet them in the browser: the lobby links the account, a game made with
invite links is private unless its creator opens it, a guest comes back to their seat from
the lobby, and a rematch whose player stays away is given to a bot — with no "your turn"
while the game still waits for players."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors
from realpolitik.testing.server import GameSocket


def test_the_lobby_links_the_account_and_its_games_are_private_unless_opened(server, api, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    expect(page.locator("header .account-link")).to_have_attribute("href", "/account")
    expect(page.locator("#lobby-join")).not_to_be_checked()
    page.locator("#seats select").nth(1).select_option("human")
    page.click("#create-button")
    expect(page.locator("#created")).to_be_visible()
    gid = page.locator("#created [data-watch]").get_attribute("data-watch")
    row = page.locator(f"#open li[data-game='{gid}']")
    expect(row).to_contain_text("invitation only")
    expect(row.locator("button.join")).to_have_count(0)
    assert api.post(f"/api/games/{gid}/claim", json={"seat": "p2"}).json()["code"] == "invite-only"

    page.check("#lobby-join")  # the creator opens the next one
    page.click("#create-button")
    expect(page.locator("#created [data-watch]")).not_to_have_attribute("data-watch", gid)
    opened = page.locator("#created [data-watch]").get_attribute("data-watch")
    expect(page.locator(f"#open li[data-game='{opened}'] button.join")).to_have_count(2)
    assert errors == []


def test_a_guest_comes_back_to_their_seat_from_the_lobby(server, api, context):
    game = api.create(["human", "human"])
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p2"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    expect(page.locator("#you")).to_have_text("you play Player 2")
    page.goto(server.url + "/")
    page.locator(f"#open li[data-game='{game['id']}'] a", has_text="Play on").click()  # the guest's own game
    expect(page).to_have_url(f"{server.url}/game/{game['id']}#seat=p2")
    expect(page.locator("#you")).to_have_text("you play Player 2")  # the key this browser kept
    page.goto(f"{server.url}/game/{game['id']}")  # a bookmark without the seat
    expect(page.locator("#you")).to_have_text("you play Player 2")
    stranger = context().new_page()
    stranger.goto(f"{server.url}/game/{game['id']}")
    expect(stranger.locator("#you")).to_have_text("watching")
    assert errors == []


def test_a_rematch_whose_player_stays_away_is_given_to_a_bot(server, api, context):
    game = api.create(["human", "human"], stand_in="random")
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "p2"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    expect(page.locator("#you")).to_have_text("du spielst Spieler 2")
    bo = GameSocket(server, game["id"])
    assert bo.hello(game["tokens"]["p1"], name="Bo")["type"] == "view"
    expect(page.locator("#resign")).to_be_visible()  # the game runs
    bo.send({"type": "resign"})
    page.click("#resign")
    api.wait_finished(game["id"], timeout=120)
    bo.close()

    page.click("#rematch")  # Ann sits at Player 1 of the rematch, who decides first; Bo's seat stays free
    page.wait_for_url(lambda url: "/game/" in url and game["id"] not in url)
    again = page.url.split("/game/")[1].split("#")[0]
    expect(page.locator("#notice")).to_contain_text("Warten auf Spieler")
    expect(page.locator("#turn-banner")).to_be_hidden()  # nobody has the turn before the game starts
    assert not page.title().startswith("▶")
    fill = page.locator("#fill button[data-fill='p2']")
    expect(fill).to_have_text("Spieler 2 einem Bot geben")
    options = page.locator("#fill select option").all_inner_texts()
    assert options and all(o.startswith("Bot, ") for o in options), options  # levels, never specs
    page.locator("#fill select").select_option(index=0)
    fill.click()
    started = api.wait(again, lambda info: info["status"] != "open")
    assert started["players"][1]["kind"] != "human"
    expect(page.locator("#fill")).to_be_hidden()
    expect(page.locator("#notice")).not_to_contain_text("Warten auf Spieler")
    expect(page.locator("#turn-banner")).to_be_visible()  # now the first decision is Ann's
    assert errors == []
