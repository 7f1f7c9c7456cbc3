"""A first game with a guide in the browser, for every title that has a lesson: the lobby's
"Learn to play" opens /learn/{game}, which creates the lesson and goes to its game page; the
dock shows the intro and each step's words, the step's button is marked and is the only move
the board offers, a wrong move is refused in the guide's words, and after the script the
outro is shown once, the guide is gone and the game goes on against the bots. One title in
German, one on a phone (390 × 844), where the marked button is in view without scrolling."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from realpolitik import rulebook
from realpolitik.games import get, registry
from realpolitik.server import lessons
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import ENABLED, accept_warnings, console_errors, seq

TITLES = [game.id for game in registry() if rulebook.lesson(game) is not None]
GUIDED = "#pending button.action.guided:not([disabled])"
#: the words of a step, and a refusal without the step's own words, per language
STEP = {"en": "Step {step} of {steps}", "de": "Schritt {step} von {steps}"}
ASKS = {"en": "The guide asks for another move now: {label}.",
        "de": "Die Anleitung verlangt jetzt einen anderen Zug: {label}."}


def play_lesson(page, server, game_id: str, lang: str, phone: bool = False, opened: bool = False) -> None:
    """Open the lesson of ``game_id`` (``opened``: the page is on its way there already), try a
    wrong move, play every step as the guide asks, and reach the free game; checks what the
    page shows at each step (in ``lang``)."""
    script = lessons.script(get(game_id))
    lesson = script.lesson
    mine = [i for i in range(len(script.actions)) if lesson.learner(i)]
    errors = console_errors(page)
    accept_warnings(page)  # an attack's or a war's warning: the guide asks for it
    if not opened:
        page.goto(f"{server.url}/learn/{game_id}")
    page.wait_for_url(re.compile(r"/game/[0-9a-f]+#seat=" + lesson.seat + "&token="))
    expect(page.locator("#guide-title")).to_have_text(lesson.title[lang])
    expect(page.locator("#guide-intro")).to_have_text(lesson.intro[lang])

    tried = False  # a wrong move, at the first step that offers another
    for k, i in enumerate(mine):
        button = page.locator(GUIDED)
        expect(button).to_have_attribute("data-action", script.actions[i])
        assert seq(page) == i
        expect(page.locator("#guide-text")).to_have_text(lesson.step[i].text[lang])
        expect(page.locator("#guide-step")).to_have_text(STEP[lang].format(step=k + 1, steps=len(mine)))
        intro = page.locator("#guide-intro")  # until the learner's first move
        if k == 0:
            expect(intro).to_be_visible()
        else:
            expect(intro).to_be_hidden()
        if phone:
            expect(button).to_be_in_viewport()  # the marked move is in view without scrolling
        offers_only(page, script.actions[i], k)
        if not tried and page.locator(f"{ENABLED}:not(.guided)").count():
            wrong(page, script, i, lang, phone)
            tried = True
        button.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {i}")

    # the script is over: the outro once, no guide, and the game goes on with the bots between
    assert tried, "no step of the script offered another move to try"
    expect(page.locator("#outro-text")).to_have_text(lesson.outro[lang])
    expect(page.locator("#guide")).to_be_hidden()
    # the learner's next decision, the bots' moves between (on a phone perhaps in the folded list of moves)
    page.wait_for_selector(ENABLED, state="attached", timeout=wait_ms(60))
    assert page.locator("#pending button.guided").count() == 0 and seq(page) >= len(script.actions)
    expect(page.locator("#guide")).to_be_hidden()
    page.click("#outro-close")
    expect(page.locator("#outro")).to_be_hidden()
    assert errors == []


def offers_only(page, action: str, k: int) -> None:
    """The board lets one tap only the step's move: each thing carrying actions (``data-actions``,
    js/picking.js) carries that one alone."""
    things = page.locator("#board [data-actions]").evaluate_all("ts => ts.map(t => JSON.parse(t.dataset.actions))")
    assert all(actions == [action] for actions in things), f"step {k + 1}: the board offers {things}"


def wrong(page, script, i: int, lang: str, phone: bool) -> None:
    """Another move than the step's — typed, or (on a phone, which has no typing field) another
    button — is refused in the guide's words, and the game stays where it was."""
    other = page.locator(f"{ENABLED}:not(.guided)").first
    if phone:
        other.click()
    else:
        page.fill("#pending input[name=action]", other.get_attribute("data-action"))
        page.press("#pending input[name=action]", "Enter")
    step = script.lesson.step[i]
    label = page.locator(GUIDED).text_content()
    said = step.wrong[lang] if step.wrong else ASKS[lang].format(label=label)
    expect(page.locator("#notice.error")).to_have_text(said)
    assert seq(page) == i
    expect(page.locator(GUIDED)).to_have_attribute("data-action", script.actions[i])


@pytest.mark.parametrize("game_id", TITLES)
def test_the_lobby_leads_to_a_first_game_with_a_guide(server, context, game_id):
    page = context().new_page()
    page.goto(server.url + "/")
    page.select_option("#game", game_id)
    learn = page.locator("#learn-link")
    expect(learn).to_have_text("Learn to play")
    learn.click()
    play_lesson(page, server, game_id, "en", opened=True)


def test_a_title_without_a_lesson_is_told_so(server, context):
    page = context().new_page()
    page.goto(f"{server.url}/learn/no-such-game")
    expect(page.locator("#learn-error")).to_be_visible()
    expect(page.locator("#learn-back a")).to_have_attribute("href", "/")


def test_a_lesson_in_german(server, context):
    page = context("de-DE").new_page()
    page.goto(server.url + "/")
    expect(page.locator("#learn-link")).to_have_text("Lernpartie")
    play_lesson(page, server, TITLES[0], "de")


def test_a_lesson_on_a_phone(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              locale="en-US")
    ctx.set_default_timeout(wait_ms(15))
    try:
        play_lesson(ctx.new_page(), server, TITLES[-1], "en", phone=True)
    finally:
        ctx.close()
