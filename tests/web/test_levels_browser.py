"""Bot levels in the lobby: every bot seat offers easy, normal and hard at the chosen player
count with the rating of the levels file — one number, μ − 3σ as the leaderboard shows it,
written as the page's language writes numbers — beside the bot kinds; a game created with
"hard" in a seat has the hard spec there."""

from __future__ import annotations

from playwright.sync_api import expect

from realpolitik.bots.levels import key_of, levels, table
from realpolitik.games import registry
from realpolitik.testing.pages import console_errors


def measured_elsewhere() -> list[tuple[str, int, int]]:
    """Each game and player count offered levels measured at another count, with that count."""
    return [(game.id, n, table()[game.id][0].players) for game in registry() if game.id in table()
            for n in range(game.min_players, game.max_players + 1) if key_of(game.id, n) not in table()
            and n != table()[game.id][0].players]


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
    for game_id, players, at in measured_elsewhere()[:1]:  # such a count says where its levels come from
        page.select_option("#game", game_id)
        page.select_option("#players", str(players))
        expect(page.locator("#seats select").nth(1).locator("optgroup").first.locator("option")).to_have_text(
            [f"Bot, {names[level.name]} (Wertung {level.mu - 3 * level.sigma:.1f}".replace(".", ",")
             + f", gemessen mit {at} Spielern)" for level in levels(game_id, players)])
    assert errors == []
