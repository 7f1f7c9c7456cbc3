"""The leaderboard and a player's page in the browser, in German: the rated players of a
title best first, accounts linked to their pages, each with one rating (μ − 3σ, written with the
page's decimal comma; no μ, σ or model's name for players to read), a page with the rating, its
history drawn as a chart and the recent games with their replays; the leaderboard opens on a
title that has ratings."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.testing.pages import console_errors
from realpolitik.testing.server import GameSocket, http_client


def test_the_leaderboard_and_a_players_page(server, api, context):
    client = http_client(server.url)
    assert client.post("/api/account/signup", json={"name": "Lena", "password": "correct horse battery"}).is_success
    game = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
    sock = GameSocket(server, game["id"], headers={"cookie": f"session={client.cookies['session']}"})
    sock.hello(game["tokens"]["p1"])
    sock.wait_view(lambda m: m["status"] == "running")
    sock.send({"type": "resign"})
    sock.until(lambda m: m["type"] == "resigned")
    sock.close()
    client.close()
    api.wait_finished(game["id"], timeout=120)
    api.wait(game["id"], lambda info: len(api.get("/api/leaderboard/nationen").json()["players"]) == 2)

    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.click("header a[href='/leaderboard']")  # opens on the one title with ratings
    expect(page.locator("#game")).to_have_value("nationen")
    rows = page.locator("#rows tr")
    expect(rows).to_have_count(2)
    expect(page.locator("thead th")).to_have_text(["Rang", "Spieler", "Wertung", "Spiele"])
    board = api.get("/api/leaderboard/nationen").json()["players"]
    expect(rows.locator("td.rating")).to_have_text([f"{p['mu'] - 3 * p['sigma']:.1f}".replace(".", ",") for p in board])
    assert not {"μ", "σ", "openskill"} & set(page.inner_text("main").replace("(", " ").split())
    names = rows.locator("td:nth-child(2)").all_inner_texts()
    assert sorted(names) == ["Bot: Zufallszüge", "Lena"], names
    assert names[0] == "Bot: Zufallszüge"  # the bot won: Lena resigned
    page.click("#rows a:text('Lena')")
    expect(page.locator("#name")).to_have_text("Lena")
    expect(page.locator(".rating p")).to_have_text(re.compile(r"^Wertung -?\d+,\d nach 1 gewerteten Partie$"))
    expect(page.locator(".rating-chart circle")).to_have_count(1)
    expect(page.locator("#recent a")).to_have_attribute("href", f"/replay/{game['id']}")
    page.goto(f"{server.url}/game/{game['id']}")
    expect(page.locator("#outcome .rating-note")).to_have_text("gewertet")
    assert errors == []

    page = context("en-US").new_page()
    errors = console_errors(page)
    page.goto(f"{server.url}/leaderboard?game=nationen")
    expect(page.locator("#rows tr")).to_have_count(2)
    expect(page.locator("thead th").nth(2)).to_have_text("Rating")
    expect(page.locator("#rows td:nth-child(2)").first).to_have_text("bot: random moves")
    page.goto(server.url + "/player/lena")
    expect(page.locator(".rating p")).to_contain_text("after 1 rated game")
    expect(page.locator(".rating h3 a")).to_have_attribute("href", "/leaderboard?game=nationen")
    assert errors == []
