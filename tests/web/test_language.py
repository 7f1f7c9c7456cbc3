"""The pages in German: chosen by the browser's languages or the language menu on every
page (remembered), with the server's refusals and the game's prompts in the same language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from realpolitik.games import get
from realpolitik.i18n import catalog, render, t
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors

#: the English of Wir sind das Volk!'s summary in the lobby
WSDV_SUMMARY = get("wsdv").summary.key


def test_a_german_browser_gets_german_pages_and_may_switch(server, context):
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#create-button")).to_have_text("Partie eröffnen")
    expect(page.locator("h2:visible").first).to_have_text("Neue Partie")  # "Deine Partien" only with games
    expect(page).to_have_title("realpolitik — Lobby")
    page.select_option("#game", "nuclear-war")
    expect(page.locator("#seats select").first.locator("option:checked")).to_have_text("Mensch")
    page.select_option("#language", "en")
    expect(page.locator("#create-button")).to_have_text("Create the game")  # the page came back in English
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(server.url + "/")  # and stays so: the choice is remembered
    expect(page.locator("h2:visible").first).to_have_text("New game")
    assert errors == []


@pytest.mark.parametrize("path", ["/", "/rules/wsdv", "/tournaments", "/account"])
def test_a_german_page_is_german_before_its_catalog_comes(server, context, path):
    """Issue 78: pages started in English and turned German once the catalog had come (2.3–3.6 s
    on a slow line). The catalog is held back here: what the page shows meanwhile is German."""
    page = context("de-DE").new_page()
    held = []
    page.route("**/i18n/*.json*", lambda route: held.append(route))
    page.goto(server.url + path, wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.lang") == "de"
    words = page.evaluate("""() => Array.from(document.querySelectorAll("[data-t]"),
      (n) => [n.dataset.t, n.textContent.trim().replace(/\\s+/g, " ")])""")
    german = catalog("de")
    assert len(words) >= 3 and [(e, shown) for e, shown in words if shown != german[e]] == []
    assert held, "the page asked for its catalog"
    for route in held:
        route.continue_()


def test_an_address_that_names_german_gets_the_servers_words_in_german_too(server, context):
    """Issue 78: /?lang=de showed English game summaries and rule options (the catalog of games went by
    the cookie and the browser's languages only)."""
    page = context("en-US").new_page()
    page.goto(server.url + "/?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.select_option("#game", "wsdv")
    expect(page.locator("#game-about .summary")).to_have_text(catalog("de")[WSDV_SUMMARY])
    expect(page.locator("#seats select").first.locator("option:checked")).to_have_text("Mensch")


def test_a_game_in_german(server, api, context):
    game = api.create(["human", "heuristic"])
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + game["invites"][0]["url"])
    page.fill("#join-name", "Anna")
    expect(page.locator("#join-button")).to_have_text("Platz einnehmen")
    page.click("#join-button")
    expect(page.locator("#you")).to_have_text("du spielst Spieler 1")
    expect(page.locator("#turn-banner")).to_contain_text("Du bist am Zug — ")
    expect(page).to_have_title(re.compile(r"^▶ Du bist am Zug · Nuclear War$"))
    page.fill("#pending input[name=action]", "fly away")
    page.click("#pending form button")
    expect(page.locator("#notice")).to_contain_text("'fly away' ist jetzt nicht möglich. Spieler 1 muss: ")
    expect(page.locator("#players")).to_contain_text("Spieler 2 (Bot, schwer)")  # the bot by its level in the lobby
    expect(page.locator("#players")).not_to_contain_text("p2")  # seats are named, not labelled
    expect(page.locator("#board")).to_contain_text("Deine Hand")  # the board's words
    expect(page.locator("#log")).to_contain_text("beginnt. Jeder hat 9 Karten auf der Hand.")  # the game's
    expect(page.locator("#pending button.action").first).to_contain_text("verdeckt ablegen")
    assert errors == []


#: English words of the games' own texts that must not show in a German game's panel and log
ENGLISH = re.compile(r"\b(the|and|of|your|you|choose|take|play|draws?|turn|unrest|living|standard|build|"
                     r"troops|attack|tanker|agent|head of state|decade|markers?)\b")


@pytest.mark.parametrize(("game", "seats"), [
    ("wsdv", ["human", "heuristic"]),
    ("wsdv-2p2", ["human", "heuristic", "heuristic", "heuristic"]),
    ("nationen", ["human", "heuristic", "heuristic"]),
    ("e1815", ["human", "heuristic"]),
    ("e1815-2vs2", ["human", "heuristic", "heuristic", "heuristic"]),
])
def test_every_title_plays_in_german(server, api, context, game, seats):
    """The prompt, the buttons and the log of each title come in German (the boards' drawings
    keep some English words of their own for now)."""
    created = api.create(seats, game=game)
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + created["invites"][0]["url"])
    page.fill("#join-name", "Anna")
    page.click("#join-button")
    expect(page.locator("#turn-banner")).to_contain_text("Du bist am Zug — ", timeout=wait_ms(30))
    expect(page.locator("#pending button.action").first).to_be_visible()
    texts = [page.locator("#pending .prompt").inner_text(), page.locator("#log").inner_text(),
             *page.locator("#pending button.action").all_inner_texts()]
    for text in texts:
        assert not ENGLISH.search(text), text
    assert errors == []


#: English words of the boards' own drawings, by game
BOARD_ENGLISH = {
    "wsdv": r"\b(decade|turn order|to act|Display|Your hand|Played|Wall|Police|Socialists|Hamburg counts|"
            r"Mass protests|Flight|economy|protests|supplied|deck|empty|none|West Berlin|East Berlin)\b",
    "e1815": r"\b(year|start phase|Your decision|Waiting for|Battle|seat|capital|markers|lands|supply|general|"
             r"loyalty|in supply|you|the general|winter|summer|turn|action)\b",
    "nationen": r"\b(round|turn|deck|cards|bank|tankers|pipelines|Last incident|no card|power|money|income|"
                r"in supply|agent|notes|high sea|no ruler|Receive|Pay|Your|Lose)\b",
    "wsdv-2p2": r"\b(decade|sub-decade|turn order|to act|you|team|yellow|red|active|treasury|in the red|marker|"
                r"World peace|doves?|red button|Arms race|Space race|Dominance|advantage|level|income|start|"
                r"Victory points|VP|victory|Reminders|deck|peacemakers?|cards? in hand|last|no card|Soviet Union|USSR|"
                r"waiting|Display|Your hand|Played|none)\b",
}


@pytest.mark.parametrize(("game", "seats", "word"), [("wsdv", ["human", "heuristic"], "Dekade"),
                                                     ("wsdv-2p2", ["human", "heuristic", "heuristic", "heuristic"],
                                                      "Subdekade"),
                                                     ("e1815", ["human", "heuristic"], "Jahr"),
                                                     ("nationen", ["human", "heuristic"], "Runde")])
def test_boards_draw_their_own_words_in_german(server, api, context, game, seats, word):
    """A board's own words (banner, tables, tooltips) come in the page's language too; printed
    names stay as printed."""
    created = api.create(seats, game=game)
    page = context("de-DE").new_page()
    errors = console_errors(page)
    page.goto(server.url + created["invites"][0]["url"])
    page.fill("#join-name", "Anna")
    page.click("#join-button")
    expect(page.locator("#turn-banner")).to_contain_text("Du bist am Zug — ", timeout=wait_ms(30))
    board = page.locator("svg.board")
    expect(board).to_contain_text(word)
    texts = board.locator("text").evaluate_all("ts => ts.map(t => t.textContent)")
    english = re.compile(BOARD_ENGLISH[game])
    assert not [text for text in texts if english.search(text)]
    assert errors == []


#: the page's own i18n.js (the module its scripts share, its catalog loaded), then each text of ``texts``
JS_WORDS = """async (texts) => {
  const game = document.querySelector("script[type=module][src*='/js/']").src;
  const { t, tn } = await import(new URL("i18n.js", game).href);
  return texts.map((x) => (x.plural ? tn(x.key, x.plural, x.params, x.count) : t(x.key, x.params)));
}"""


@pytest.mark.parametrize(("locale", "words"), [
    ("de-DE", ["1 Karte auf der Hand", "3 Karten auf der Hand", "0 Karten auf der Hand", "2 Inf in den Niederlanden",
               "2 Inf in Preußen", "das Osmanische Reich erobern", "Spieler 2: 1 Tanker im Hafen der U.O.R."]),
    ("en-US", ["1 card in hand", "3 cards in hand", "0 cards in hand", "2 Inf in Niederlande", "2 Inf in Preußen",
               "conquer Osmanisches Reich", "Spieler 2: 1 tanker im Hafen der U.O.R."]),
])
def test_the_pages_count_and_name_places_as_the_server_does(server, api, context, locale, words):
    """Issue 78 in the browser: a number picks its form ("1 Karte", "3 Karten") from the catalog's
    plural entry, and a German place takes the form its words ask for, as on the server."""
    created = api.create(["human", "random"], game="nuclear-war")
    page = context(locale).new_page()
    errors = console_errors(page)
    page.goto(server.url + created["invites"][0]["url"])
    expect(page.locator("#join-name")).to_be_visible()
    place = render(t("in the port of {state}", state="U.O.R."), "de")
    texts = [{"key": "{count} card in hand", "plural": "{count} cards in hand", "params": {"count": n},
              "count": "count"} for n in (1, 3, 0)]
    texts += [{"key": "{troops} in {land}", "params": {"troops": "2 Inf", "land": land}}
              for land in ("Niederlande", "Preußen")]
    texts += [{"key": "conquer {territory}", "params": {"territory": "Osmanisches Reich"}},
              {"key": "{seat}: {n} tanker {place}", "plural": "{seat}: {n} tankers {place}",
               "params": {"seat": "Spieler 2", "n": 1, "place": place}}]
    assert page.evaluate(JS_WORDS, texts) == words
    assert errors == []
