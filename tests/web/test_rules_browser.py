"""Rules at hand in the browser: the game page's "Rules" button and the lobby's "Rules of
this game" open the game's rules in a dialog that Escape or Close shuts — its rules for
players in the reader's language, or, for a game without them yet, its developer notes (German
readers get a German heading and a note that the text is English); each board's legend names
every icon and abbreviation it draws, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.testing.pages import console_errors
from realpolitik.testing.tables import sit_at_new_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


def first_heading(game: str, lang: str = "en") -> str:
    """The first heading of a game's rules as a page shows it (no backticks): of its rules for
    players in ``lang`` when written, else of its developer notes."""
    text = rulebook.source(get(game), lang)
    if text is None:
        doc = "e1815.md" if game.startswith("e1815") else f"{game}.md"
        text = (DOCS / doc).read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("# "))
    return line[2:].replace("`", "")


def entry(api, game: str) -> dict:
    return next(e for e in api.get("/api/catalog").json() if e["id"] == game)


def legend_signs(page) -> list[str]:
    page.click("#legend summary")
    return [sign.strip() for sign in page.locator("#legend dt").all_text_contents()]


def test_the_rules_route_answers_in_the_readers_language(api):
    german = api.get("/api/rules/wsdv", params={"lang": "de"}).json()
    assert german["heading"] == "Regeln: Wir sind das Volk!" and german["note"] == "Der Regeltext ist auf Englisch."
    assert api.get("/api/rules/wsdv", headers={"accept-language": "de-DE"}).json()["heading"] == german["heading"]
    english = api.get("/api/rules/wsdv", params={"lang": "xx"}).json()
    assert english["heading"] == "Rules: Wir sind das Volk!" and english["note"] is None
    missing = api.get("/api/rules/chess", params={"lang": "de"})
    assert missing.status_code == 404 and missing.json() == {"error": "Für dieses Spiel gibt es keine Regeln.",
                                                             "code": "no-rules"}


@pytest.mark.parametrize(("locale", "heading", "words"), [
    ("en-US", "Rules: Nuclear War", "Final retaliation"),
    ("de-DE", "Regeln: Nuclear War", "Finaler Gegenschlag"),
])
def test_the_game_page_shows_the_rules_and_escape_closes_them(server, api, context, locale, heading, words):
    page = context(locale).new_page()
    errors = console_errors(page)
    sit_at_new_game(server, api, page, entry(api, "nuclear-war"))
    page.click("#rules-button")
    dialog = page.locator("dialog#rules")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-heading")).to_have_text(heading)
    expect(page.locator("#rules-body h2").first).to_have_text(first_heading("nuclear-war", locale[:2]))
    expect(page.locator("#rules-body")).to_contain_text(words)
    assert page.locator("#rules-body table").count() > 0 and page.locator("#rules-body script").count() == 0
    expect(page.locator("#rules-note")).to_be_hidden()  # the rules are written in the reader's language
    assert page.get_attribute("#rules-body", "lang") is None
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "rules-button"
    assert errors == []


def test_the_lobby_opens_the_rules_of_each_game(server, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    games = page.locator("#game option").evaluate_all("os => os.map(o => o.value)")
    assert len(games) == 6
    for game in games:
        page.select_option("#game", game)
        page.click("#rules-button")
        title = page.locator("#game option:checked").text_content().split(" · ")[0]
        expect(page.locator("#rules-heading")).to_have_text(f"Rules: {title}")
        expect(page.locator("#rules-body h2").first).to_have_text(first_heading(game))
        page.click("#rules-close")
        expect(page.locator("dialog#rules")).to_be_hidden()
    assert errors == []


def test_the_wsdv_legend_names_every_icon_and_place_on_the_cards(server, api, context):
    page = context().new_page()
    sit_at_new_game(server, api, page, entry(api, "wsdv"))
    chips = page.locator("svg.board .card .icon text").all_text_contents()
    assert chips
    signs = set(legend_signs(page))
    for chip in chips:
        glyph, _, place = re.sub(r"^\d+", "", chip).partition(" ")
        assert glyph in signs, chip
        assert not place or place in signs, chip
    for abbreviation in ("LS", "soc.", "W$", "S", "P ▶2", "NRW", "SN", "⚑"):
        assert abbreviation in signs
    heads = page.locator("svg.board .provinces-table > text").all_text_contents()
    assert {"LS", "soc."} <= set(heads)


@pytest.mark.parametrize(("locale", "heads"), [
    ("en-US", ["SP", "supply i/c/a", "grey/left", "markers"]),
    ("de-DE", ["SP", "Vorrat I/K/A", "grau/übrig", "Marker"]),
])
def test_the_1815_legend_explains_the_players_table(server, api, context, locale, heads):
    page = context(locale).new_page()
    sit_at_new_game(server, api, page, entry(api, "e1815"))
    drawn = page.locator("svg.board .players .head text").all_text_contents()
    assert set(heads[1:]) <= set(drawn)
    signs = legend_signs(page)
    assert set(heads) <= set(signs)
    meaning = page.locator("#legend .entry", has=page.locator("dt", has_text=heads[1])).locator("dd").text_content()
    assert meaning == {"en-US": "troops in supply: infantry / cavalry / artillery",
                       "de-DE": "Truppen im Vorrat: Infanterie / Kavallerie / Artillerie"}[locale]


def test_the_nationen_and_nuclear_war_legends_name_their_letters(server, api, context):
    page = context("de-DE").new_page()
    sit_at_new_game(server, api, page, entry(api, "nationen"))
    letters = set(page.locator("svg.board .supply text").all_text_contents()) - {str(n) for n in range(10)}
    assert letters == {"K", "P", "D", "G"}
    signs = legend_signs(page)
    assert letters | {"M", "⚓", "◆"} <= set(signs)
    expect(page.locator("#legend dd").first).to_have_text(
        "ein Staatsoberhaupt: König (eine Scheibe in der Farbe seiner Macht)")
    sit_at_new_game(server, api, page, entry(api, "nuclear-war"))
    assert {"MT", "?", "✝", "2×5M"} <= set(legend_signs(page))
