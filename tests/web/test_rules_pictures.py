"""The rules with pictures (js/pictures.js; the page /rules/{game}, js/rulespage.js): on the
rules page of every title each example is drawn by the game's own board — before its moves,
with the places they use marked as the board marks a legal action's, and after them — with its
moves and the log lines they wrote in words below it, and the opening position is drawn where
the text says what is on the table; a table of contents links the text's sections. English is
read on a desktop, German on a phone (390 × 844), where the page never scrolls sideways and
every picture fits its column; the German words around the pictures have no English in them;
no console error. The rules dialog draws the pictures too and links the page, the lobby links
the page of the chosen title, the address may name the language, and a game without rules
gets a 404 page that says so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from realpolitik.games import get, registry
from realpolitik.server.rules import BOARD, EXAMPLE, player_rules
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import console_errors

GAMES = [game.id for game in registry()]
SCREENS = {
    "en": {"viewport": {"width": 1280, "height": 800}, "locale": "en-US"},
    "de": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"},
}
#: the class of each title's board (1815 2vs2 is drawn by 1815's board)
BOARD_CLASS = {"e1815-2vs2": "e1815"}
#: how the boards mark the place of a legal action: the things a player taps (``actionable``, js/picking.js)
MARKS = ".actionable"
#: the examples whose moves use no place that the board of the example's seat shows: the choice of
#: the turn order
UNMARKED = {"wsdv-2p2": {"turn-order"}}
#: English words that are no German words, and internal ids no player should read
ENGLISH = re.compile(r"\b(the|and|of|your|you|with|from|is|are|to|for|not|by|this|that|or|before|after|"
                     r"player|players|turn|move|moves|card|cards|attacks?|places?|takes?|Example|Log)\b", re.I)
INTERNAL = re.compile(r"\bp[1-6]\b|\{\w+\}")

#: JavaScript: whether a picture's board fits its column (its width no more than its box's, the
#: box inside the page's width)
FITS = """(svg) => {
  const [s, a] = [svg.getBoundingClientRect(), svg.closest('.picture-board').getBoundingClientRect()];
  return s.width <= a.width + 0.5 && a.left >= -0.5 && a.right <= document.documentElement.clientWidth + 0.5;
}"""


def text(nodes) -> str:
    return "".join(node if isinstance(node, str) else text(node.get("children", [])) for node in nodes)


def picture(figure, state: str, game: str):
    """The board drawn in ``figure`` for ``state`` (before, after or, for the opening, none)."""
    where = f".picture-board[data-state={state}]" if state else ".picture-board"
    return figure.locator(f"{where} > svg.board.{BOARD_CLASS.get(game, game)}")


def reached(figure) -> None:
    """Bring ``figure`` on the screen, as a reader scrolling down does (its picture is drawn then)."""
    figure.evaluate("f => f.scrollIntoView()")


def read_wrong(texts: list[str], lang: str) -> list[str]:
    return [t for t in texts if INTERNAL.search(t) or (lang == "de" and ENGLISH.search(t))]


def check_example(figure, node: dict, game: str) -> tuple[bool, list[str]]:
    """Draw an example before and after its moves; whether the first picture marks a place, and the
    words around the pictures."""
    reached(figure)
    before = picture(figure, "before", game)
    expect(before).to_have_count(1)
    assert before.evaluate(FITS), node["name"]
    marked = before.locator(MARKS).count() > 0
    figure.locator("button[data-state=after]").click()
    after = picture(figure, "after", game)
    expect(after).to_have_count(1)
    expect(figure.locator("button[data-state=after]")).to_have_attribute("aria-pressed", "true")
    assert after.evaluate(FITS) and after.locator(MARKS).count() == 0, node["name"]  # a result has nothing to play
    caption, moves = figure.locator("figcaption").inner_text(), figure.locator(":scope > ol").inner_text()
    log = figure.locator(".example-log li").all_inner_texts()
    assert node["caption"] in caption and all(move["label"] in moves for move in node["moves"]), node["name"]
    assert log == node["log"], node["name"]
    buttons = figure.locator(".picture-tools button").all_inner_texts()
    return marked, [caption, moves, *log, *buttons]


@pytest.mark.parametrize("lang", list(SCREENS))
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_draws_every_example_with_the_game_s_board(server, browser, game, lang):
    rules = player_rules(get(game), lang)
    examples = [node for node in rules["body"] if isinstance(node, dict) and node["tag"] == EXAMPLE]
    opening = next(node for node in rules["body"] if isinstance(node, dict) and node["tag"] == BOARD)
    ctx = browser.new_context(**SCREENS[lang])
    ctx.set_default_timeout(wait_ms(30))
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        page.goto(f"{server.url}/rules/{game}")
        expect(page.locator("#title")).to_have_text(rules["heading"])
        expect(page.locator("html")).to_have_attribute("lang", lang)
        figures = page.locator("#rules-body figure.example")
        expect(figures).to_have_count(len(examples))
        assert figures.evaluate_all("fs => fs.map(f => f.dataset.example)") == [node["name"] for node in examples]
        sections = [text([node]) for node in rules["body"] if isinstance(node, dict) and node["tag"] == "h3"]
        links = page.locator("#contents-list a")
        assert links.all_inner_texts() == sections and len(sections) >= 8
        for href in links.evaluate_all("as => as.map(a => a.getAttribute('href'))"):
            assert page.locator(f"#rules-body h3[id='{href[1:]}']").count() == 1, href
        first = page.locator("#rules-body figure.opening")
        reached(first)
        expect(picture(first, "", game)).to_have_count(1)
        assert picture(first, "", game).evaluate(FITS)
        words = [first.locator("figcaption").inner_text()]
        assert words[0] == text(opening["children"])
        unmarked = set()
        for figure, node in zip(figures.all(), examples):
            marked, said = check_example(figure, node, game)
            words += said
            if not marked:
                unmarked.add(node["name"])
        assert unmarked == UNMARKED.get(game, set())
        assert read_wrong(words, lang) == []
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert errors == []
    finally:
        ctx.close()


def test_the_dialog_draws_the_pictures_and_the_lobby_links_the_page(server, context):
    page = context().new_page()
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    expect(page.locator("#rules-page")).to_have_attribute("href", "/rules/nuclear-war")
    page.select_option("#game", "e1815")
    expect(page.locator("#rules-page")).to_have_attribute("href", "/rules/e1815")
    expect(page.locator("#rules-page")).to_have_text("Rules as a page")
    page.click("#rules-button")
    dialog = page.locator("dialog#rules")
    expect(page.locator("#rules-as-page")).to_have_attribute("href", "/rules/e1815")
    examples = [node for node in player_rules(get("e1815"), "en")["body"]
                if isinstance(node, dict) and node["tag"] == EXAMPLE]
    figures = dialog.locator("figure.example")
    expect(figures).to_have_count(len(examples))
    for figure, node in zip(figures.all(), examples):
        check_example(figure, node, "e1815")
    first = figures.first  # a picture zooms as the game page's board does, and fits again
    reached(first)
    first.get_by_role("button", name="zoom in").click()
    expect(first.locator(".picture-board")).to_have_class(re.compile(r"\bzoomed\b"))
    assert first.locator("svg.board").evaluate("s => s.getBoundingClientRect().width > s.parentElement.clientWidth")
    first.get_by_role("button", name="Fit").click()
    expect(first.locator(".picture-board")).not_to_have_class(re.compile(r"\bzoomed\b"))
    reached(dialog.locator("figure.opening"))
    expect(picture(dialog.locator("figure.opening"), "", "e1815")).to_have_count(1)
    page.keyboard.press("Escape")
    page.click("#rules-page")
    expect(page.locator("#title")).to_have_text("Rules: 1815")
    assert errors == []


def test_the_address_names_the_language_and_an_unknown_game_is_told(server, context):
    page = context("en-US").new_page()
    errors = console_errors(page)
    page.goto(server.url + "/rules/nuclear-war?lang=de")
    expect(page.locator("#title")).to_have_text("Regeln: Nuclear War")
    expect(page.locator("#contents-heading")).to_have_text("Inhalt")
    page.select_option("#language", "en")
    expect(page.locator("#title")).to_have_text("Rules: Nuclear War")
    assert page.url.endswith("/rules/nuclear-war?lang=en")
    expect(page.locator("footer a")).to_have_text("Back to the lobby")
    assert errors == []
    answer = page.goto(server.url + "/rules/chess")
    assert answer.status == 404
    expect(page.locator("#notice")).to_have_text("There are no rules for this game.")
    expect(page.locator("#contents")).to_be_hidden()
    assert page.locator("#rules-body figure").count() == 0
