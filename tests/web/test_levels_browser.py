"""Bot levels in the lobby: every bot seat offers easy, normal and hard at the chosen player
count with the rating of the levels file — one number, μ − 3σ as the leaderboard shows it,
written as the page's language writes numbers — beside the bot kinds; a game created with
"hard" in a seat has the hard spec there."""

from __future__ import annotations

from playwright.sync_api import Route, expect

from realpolitik.bots.levels import levels
from realpolitik.testing.pages import console_errors


def measured_elsewhere(route: Route) -> None:
    """The catalog as a levels file without Nationen's own levels at four players makes it: that
    count offered the levels of three (every count of the shipped file has its own)."""
    response = route.fetch()
    games = response.json()
    nationen = next(game for game in games if game["id"] == "nationen")
    nationen["levels_by_players"]["4"] = nationen["levels_by_players"]["3"]
    route.fulfill(response=response, json=games)


def test_the_lobby_offers_the_levels_with_their_ratings_and_creates_a_hard_seat(server, api, context):
    found = levels("wsdv")
    page = context("en-US").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "wsdv")
    seat = page.locator("#seats select").nth(1)
    group = seat.locator("optgroup").first
    expect(group).to_have_attribute("label", "Bot by strength")
    expect(group.locator("option")).to_have_text([f"bot, {level.name} (rating {level.mu - 3 * level.sigma:.1f})"
                                                  for level in found])
    assert seat.locator("optgroup").nth(1).locator("option").all_inner_texts()[:2] == [
        "bot: random moves", "bot: thinks ahead"]
    seat.select_option("hard")
    page.click("#create-button")
    page.wait_for_selector("#created [data-watch]")
    game_id = page.get_attribute("#created [data-watch]", "data-watch")
    assert [p["kind"] for p in api.info(game_id)["players"]] == ["human", found[2].spec]
    assert errors == []

    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "nuclear-war")
    names = {"easy": "leicht", "normal": "mittel", "hard": "schwer"}
    german = [f"Bot, {names[level.name]} (Wertung {level.mu - 3 * level.sigma:.1f})".replace(".", ",")
              for level in levels("nuclear-war")]
    expect(page.locator("#seats select").nth(1).locator("optgroup").first.locator("option")).to_have_text(german)
    expect(page.locator("#seats select").nth(1).locator("optgroup").first).to_have_attribute(
        "label", "Bot nach Spielstärke")
    for players in (2, 3, 5):  # each count offers its own levels (those measured there, else the game's)
        page.select_option("#players", str(players))
        expect(page.locator("#seats select").nth(1).locator("optgroup").first.locator("option")).to_have_text(
            [f"Bot, {names[level.name]} (Wertung {level.mu - 3 * level.sigma:.1f})".replace(".", ",")
             for level in levels("nuclear-war", players)])
    assert errors == []

    page = context("de-DE").new_page()  # a count offered another count's levels says so
    errors = console_errors(page)
    page.route("**/api/catalog?*", measured_elsewhere)
    page.goto(server.url + "/")
    page.select_option("#game", "nationen")
    page.select_option("#players", "4")
    expect(page.locator("#seats select").nth(1).locator("optgroup").first.locator("option")).to_have_text(
        [f"Bot, {names[level.name]} (Wertung {level.mu - 3 * level.sigma:.1f}".replace(".", ",")
         + ", gemessen mit 3 Spielern)" for level in levels("nationen", 3)])
    assert errors == []
