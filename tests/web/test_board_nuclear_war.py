"""The Nuclear War board in the system Chromium, in German: a game is played by tapping the board
only, on a phone (390 × 844, touch) and on a desktop (1366 × 768) — every legal action but "no
intercept", "done" and "keep" is on a thing of the board, and on the phone every word of the
board reads without zooming (11 pixels at least) and nothing scrolls sideways —; a hand card
picked shows the places it can go and a tap on one plays it; a face-down card is swapped, an
anti-missile fired and a final retaliation named (carrier, warhead, target) by taps."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng, State
from realpolitik.games import get
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import (
    ENABLED,
    OVER,
    REACHABLE,
    accept_warnings,
    console_errors,
    font_pixels,
    play_on_board,
    seq,
    unfold,
)
from realpolitik.testing.positions import Stage

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"},
    "desktop": {"viewport": {"width": 1366, "height": 768}, "locale": "de-DE"},
}
#: the actions that name nothing drawn on the board: they stay in the list of moves only
NAMELESS = {"no intercept", "done", "keep"}
#: JavaScript: every action the board's things carry
CARRIED = "things => [...new Set(things.flatMap((t) => JSON.parse(t.dataset.actions)))]"


@pytest.fixture
def screen(browser, request):
    """A page on the screen ``request.param`` names."""
    ctx = browser.new_context(**SCREENS[request.param], reduced_motion="reduce")
    ctx.set_default_timeout(wait_ms(20))
    yield ctx.new_page(), request.param == "phone"
    ctx.close()


def offered(page: Page) -> list[str]:
    return page.locator(ENABLED).evaluate_all("buttons => buttons.map(b => b.dataset.action)")


def my_turn(page: Page) -> bool:
    """Wait until the page offers actions (true; on a phone they may wait in the folded list of
    moves) or shows the result (false)."""
    page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached")
    return page.locator(OVER).count() == 0


def carried(page: Page) -> set[str]:
    return set(page.locator("#board [data-actions]").evaluate_all(CARRIED))


def tap(page: Page, selector: str, touch: bool = True) -> None:
    """Tap (or click) the first thing ``selector`` finds, where a finger reaches it."""
    point = page.locator(selector).first.evaluate(REACHABLE)
    assert point, f"nothing reaches {selector}"
    if touch:
        page.touchscreen.tap(*point)
    else:
        page.mouse.click(*point)


def assert_readable(page: Page) -> None:
    """On the phone, at the page's own view: every word of the board 11 pixels tall at least, your
    hand and the nations' people among them; the page never scrolls sideways."""
    for part in ("#board svg.board", "#board svg :is(.hand, .retaliation)", "#board svg .people"):
        sizes = font_pixels(page, part)
        assert sizes and min(sizes) >= 11, (part, sorted(sizes)[:5])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("screen", list(SCREENS), indirect=True)
def test_a_game_is_played_by_tapping_the_board_only(server, api, screen):
    page, phone = screen
    accept_warnings(page)  # starting the war asks first; a player tapping on says yes
    errors = console_errors(page)
    rng = Rng(21 if phone else 4)
    decisions = named = with_things = tapped = 0
    for _game in range(4):  # a nation may be wiped out early: the person then sits at a new table
        game = api.create(["human", "heuristic", "heuristic"])
        page.goto(server.url + game["invites"][0]["url"])
        page.fill("#join-name", "Ann")
        page.click("#join-button")
        while tapped < 36 and my_turn(page):
            legal = offered(page)
            decisions += 1
            on_board = carried(page)
            named += bool(set(legal) - NAMELESS)
            with_things += bool(on_board)
            assert set(legal) - on_board <= NAMELESS, set(legal) - on_board  # every card and nation is on the board
            if phone and decisions % 4 == 1:
                assert_readable(page)
            action = legal[rng.below(len(legal))]
            before = seq(page)
            if play_on_board(page, action, touch=phone):
                tapped += 1
            else:
                assert action in NAMELESS, action
                unfold(page)
                page.click(f"{ENABLED}[data-action='{action}']")
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
            expect(page.locator("#notice.error")).to_be_hidden()
        if tapped >= 36:
            break
    # every decision with a named action showed things to tap (how many offer only "no intercept" or "done"
    # depends on the deal, which the server draws at random)
    assert tapped >= 36 and with_things >= named > 0, (tapped, with_things, named, decisions)
    assert errors == []


def decision(verb: str, players: int = 3, seat: int = 0, wanted=lambda state: True) -> State:
    """The first state of a seeded random game where ``seat`` may play a ``verb`` action (and
    ``wanted`` holds)."""
    game = get("nuclear-war")
    for seed in range(60):
        state = game.new_state(players, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            if state.to_act == seat and any(c.verb == verb for c in state.choices()) and wanted(state):
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError(f"no {verb} decision of seat {seat}")


def sent_over(table: Stage) -> list[dict]:
    """The messages the page sends from now on to the table's WebSocket (which answers none)."""
    sent: list[dict] = []
    table.route.on_message(lambda message: sent.append(json.loads(message)))
    return sent


@pytest.fixture
def table(browser, server, api):
    """``table(state, screen)``: the game page on ``screen`` showing ``state`` to its first seat,
    and the list of the messages it sends from then on."""
    opened = []

    def open_table(state: State, screen: str) -> tuple[Page, list[dict]]:
        ctx = browser.new_context(**SCREENS[screen])
        ctx.set_default_timeout(wait_ms(20))
        opened.append(ctx)
        page = ctx.new_page()
        shown = Stage(server, api, "nuclear-war", len(state.seats))
        shown.open(page, state)
        return page, sent_over(shown)

    yield open_table
    for ctx in opened:
        ctx.close()


def acts(page: Page, sent: list[dict]) -> list[str]:
    page.wait_for_function("() => document.querySelector('#pending button.action').disabled")  # sent: the page waits
    return [m["action"] for m in sent if m["type"] == "act"]


def test_a_hand_card_picked_marks_the_places_it_can_go_and_a_tap_there_plays_it(table):
    def shows(state: State) -> bool:
        return any(c.verb == "show" for c in state.choices()) and any(c.verb == "hide" for c in state.choices())

    state = decision("show", wanted=shows)
    page, sent = table(state, "phone")
    errors = console_errors(page)
    key = next(c.args[0] for c in state.choices() if c.verb == "show")
    card = f"#board svg .hand .card[data-card='{key}']"
    mine = set(json.loads(page.get_attribute(card, "data-actions")))
    assert mine == {f"place {key}", f"show {key}"}
    tap(page, card)
    expect(page.locator(card).first).to_have_class(re.compile(r"\bpicked\b"))
    listed = page.locator("#pending .actions.picked button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert set(listed) == mine  # the dock lists only the card's moves
    places = page.locator("#board svg .place.target").evaluate_all("gs => gs.map(g => g.dataset.name)")
    assert set(places) == {"deine verdeckte Reihe", "deine Abschreckung"}  # and the board where it can go
    assert page.locator("#board svg .place:not(.target)").count() == 1  # not back to the hand it is in
    tap(page, "#board svg .place.target[data-name='deine Abschreckung']")
    assert acts(page, sent) == [f"show {key}"]
    assert errors == []


def test_a_face_down_card_is_swapped_for_a_hand_card_by_two_taps(table):
    state = decision("swap", wanted=lambda st: len({c.args[0] for c in st.choices() if c.verb == "swap"}) > 1)
    page, sent = table(state, "desktop")
    swaps = [c for c in state.choices() if c.verb == "swap" and c.args[0] == 2]
    slot = page.locator("#board svg .nation.mine .card[data-name='verdeckte Karte 2']")
    assert set(json.loads(slot.get_attribute("data-actions"))) == {c.action for c in swaps}
    tap(page, "#board svg .nation.mine .card[data-name='verdeckte Karte 2']", touch=False)
    keys = page.locator("#board svg .hand .card.target").evaluate_all("gs => gs.map(g => g.dataset.card)")
    assert set(keys) == {c.args[1] for c in swaps}  # the hand cards it may be swapped for
    tap(page, f"#board svg .hand .card.target[data-card='{swaps[-1].args[1]}']", touch=False)
    assert acts(page, sent) == [swaps[-1].action]


def test_an_anti_missile_is_fired_with_one_tap_and_letting_it_through_stays_in_the_list(table):
    state = decision("intercept")
    page, sent = table(state, "phone")
    action = next(c.action for c in state.choices() if c.verb == "intercept")
    assert offered(page) == list(state.legal_actions()) and "no intercept" in offered(page)
    tap(page, f"#board svg [data-actions='{json.dumps([action])}']")
    assert acts(page, sent) == [action]


def test_a_final_retaliation_is_named_by_carrier_warhead_and_target(table):
    state = decision("strike", wanted=lambda st: len({c.args[2] for c in st.choices() if c.verb == "strike"}) > 1)
    page, sent = table(state, "phone")
    strikes = [c for c in state.choices() if c.verb == "strike"]
    shown = page.locator("#board svg .retaliation .card").evaluate_all("gs => gs.map(g => g.dataset.card)")
    assert sorted(shown) == sorted({c.args[0] for c in strikes} | {c.args[1] for c in strikes})
    assert page.locator("#board svg .hand").count() == 0  # the hand is laid down
    carrier, warhead, target = strikes[-1].args
    tap(page, f"#board svg .retaliation .card[data-card='{carrier}']")
    tap(page, f"#board svg .retaliation .card.target[data-card='{warhead}']")
    assert page.locator("#board svg .nation[data-seat] .nation-name.target").count() > 1  # still two targets
    tap(page, f"#board svg .nation[data-seat='{target}'] .nation-name.target")
    assert acts(page, sent) == [strikes[-1].action]
    assert_readable(page)
