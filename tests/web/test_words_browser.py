"""The words of the pages, in the page's language and players' terms: bots by the level the lobby
offered ("Bot, mittel") or by what they do, never by their spec, on the game page, in the lobby's
lists and the replay; a finished game's reason in the reader's language in the lobby; the move of a
replay in the page's language; the connection's state in words; the replay's step buttons drawn
as icons every font shows; the statistics page opens on a title with finished games."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from realpolitik.bots.levels import levels
from realpolitik.games import get
from realpolitik.i18n import render
from realpolitik.testing.pages import console_errors


def joined_as_anna(server, context, game: dict):
    """A German page of ``game`` whose first seat Anna has joined, and its console's errors."""
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + game["invites"][0]["url"])
    page.fill("#join-name", "Anna")
    page.click("#join-button")
    return page, errors


def test_bots_are_named_by_their_level_or_what_they_do(server, api, context):
    found = {level.name: level.spec for level in levels("wsdv")}
    game = api.create(["human", found["normal"]], game="wsdv")
    page, errors = joined_as_anna(server, context, game)
    expect(page.locator("#players")).to_contain_text("DDR (Bot, mittel)")
    expect(page.locator("#connection")).to_have_text("verbunden")
    board = page.locator("svg.board")
    expect(board).to_contain_text("DDR (Bot, mittel)")
    for text in (page.inner_text("main"), *board.locator("text").all_text_contents()):
        assert "ismcts" not in text and "budget" not in text and "heuristic" not in text, text
    bots = api.create(["random", "random"], game="wsdv")["id"]  # a kind that is no level: what it does
    lobby = context("de-DE").new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator(f"li[data-game='{game['id']}']")).to_contain_text("DDR (Bot, mittel)")
    expect(lobby.locator(f"li[data-game='{bots}']")).to_contain_text("Bundesrepublik (Bot: Zufallszüge)")
    assert errors == []


def test_a_bot_is_named_by_its_level_at_the_table_s_player_count(server, api, context):
    """Nuclear War's normal level at two players is its easy level at four (the levels file's
    entry nuclear-war@2): a two-player table names that bot "mittel", on the game page and in the
    lobby."""
    normal = {level.name: level.spec for level in levels("nuclear-war", 2)}["normal"]
    assert {level.name: level.spec for level in levels("nuclear-war")}["easy"] == normal
    game = api.create(["human", normal], game="nuclear-war")
    page, errors = joined_as_anna(server, context, game)
    expect(page.locator("#players")).to_contain_text("Spieler 2 (Bot, mittel)")
    lobby = context("de-DE").new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator(f"li[data-game='{game['id']}']")).to_contain_text("Spieler 2 (Bot, mittel)")
    assert errors == []


def test_a_finished_game_reads_in_the_pages_language(server, api, context):
    gid = api.create(["random", "random"], game="nuclear-war")["id"]
    api.wait_finished(gid)
    states = api.truth(gid)
    reason = states[-1].outcome().reason
    german, english = render(reason, "de"), render(reason, "en")
    assert german != english
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    row = page.locator(f"#finished li[data-game='{gid}']")
    expect(row).to_contain_text(german)
    expect(row).not_to_contain_text(english)
    # the replay: a move of the seat it is seen by, in the words of its button, in German
    ply = next(i + 1 for i, state in enumerate(states[:-1]) if state.to_act == 0 and i > 0)
    action = api.record(gid).actions[ply - 1]
    label = next(c.label for c in states[ply - 1].choices() if c.action == action)
    page.goto(f"{server.url}/replay/{gid}?seat=p1&ply={ply}")
    expect(page.locator("#step")).to_contain_text(f"Zug {ply}:")
    expect(page.locator("#step")).to_contain_text(render(label, "de"))
    if render(label, "de") != action:
        expect(page.locator("#step")).not_to_contain_text(f"— {action}")
    expect(page).to_have_title(f"Wiederholung — {get('nuclear-war').title}")
    for button in ("first", "back", "forward", "last"):  # drawn, not letters a font may lack
        step = page.locator(f"#{button}")
        assert step.inner_text().strip() == ""
        assert step.locator("svg path").bounding_box()["width"] > 5
        expect(step).to_have_attribute("aria-label", re.compile(r"\S"))
    assert errors == []


def test_the_statistics_page_opens_on_a_title_with_finished_games(server, api, context):
    gid = api.create(["random", "random"], game="nationen")["id"]
    api.wait_finished(gid, timeout=120)
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/statistics")
    expect(page.locator("#game")).to_have_value("nationen")  # not the first title, which has none
    expect(page.locator(".stats-part")).not_to_have_count(0)
    page.goto(server.url + "/statistics?game=e1815")  # one named in the address still opens
    expect(page.locator("#total")).to_have_text("Auf diesem Server ist noch keine Partie dieses Spiels beendet worden.")
    assert errors == []


def test_no_tooltip_shows_an_action_text(server, api, context):
    """Issue 78: every action button's tooltip was its engine action (``target p4``, ``unrest mv``).
    A button's tooltip is words or nothing; the board's own tooltips name things, never actions."""
    for game_id in ("nuclear-war", "wsdv"):
        game = api.create(["human", "random"], game=game_id)
        page, errors = joined_as_anna(server, context, game)
        buttons = page.locator("#pending button.action")
        expect(buttons.first).to_be_visible()
        shown = page.evaluate("""() => ({
          actions: Array.from(document.querySelectorAll("[data-action]"), (b) => b.dataset.action),
          tips: [...Array.from(document.querySelectorAll("[title]"), (n) => n.getAttribute("title")),
                 ...Array.from(document.querySelectorAll("svg title"), (n) => n.textContent)],
        })""")
        assert shown["actions"], game_id
        assert not set(shown["actions"]) & set(shown["tips"]), (game_id, set(shown["actions"]) & set(shown["tips"]))
        assert errors == []
