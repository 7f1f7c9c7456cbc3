"""The Das Spiel der Nationen board in the system Chromium against a real server: it shows
every state, leader, agent, tanker and pipeline of the view; a player plays on it by tapping
(js/picking.js) — a capital and a piece in supply, a port, the agent and the point it walks to,
the bank and a port, the end of the turn —; every legal action but declining a card's offer is on
a thing of the board at every decision of random games; whole games against the heuristic are
played by tapping the board, on a phone and on a desktop; on a phone the powers' numbers and the
words on what a player taps are 11 pixels or more without zooming, and the page never scrolls
sideways."""

from __future__ import annotations

import json
import re
from collections import Counter
from statistics import median

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games.nationen.content import load
from realpolitik.i18n import render, t
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import (
    ENABLED,
    OVER,
    Coach,
    accept_warnings,
    console_errors,
    font_pixels,
    play_on_board,
    seq,
    unfold,
    view_at,
)
from realpolitik.testing.positions import Stage, positions

CONTENT = load("", "")
CARDS = CONTENT.cards
KINDS = ("king", "president", "dictator", "guerrilla")
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"},
    "desktop": {"viewport": {"width": 1366, "height": 768}, "locale": "de-DE"},
}
#: what a player taps on the board: every thing that carries legal actions
THINGS = "#board svg.board [data-actions]"
#: the numbers a turn depends on: each power's money, income and tankers, and its heads of state in supply
NUMBERS = "#board svg.board g.power [data-field]"

BOARD_JS = """() => {
  const all = (sel, f) => [...document.querySelectorAll('svg.board ' + sel)].map(f);
  return {
    states: all('g.state', (g) => g.dataset.state),
    leaders: all('g.leader', (g) => [g.dataset.seat, g.dataset.kind, g.dataset.point]),
    agents: all('g.agent', (g) => [g.dataset.seat, g.dataset.point]),
    tankers: all('g.tanker', (g) => [g.dataset.seat, g.dataset.loc, Number(g.dataset.count)]),
    pipelines: all('g.pipeline:not(.offered)', (g) => g.dataset.pipe),
    money: all('g.power', (g) => [g.dataset.seat, g.querySelector('[data-field=money]').textContent]),
    supply: all('g.supply', (g) => [g.dataset.seat, g.dataset.kind, Number(g.dataset.count)]),
    card: document.querySelector('svg.board g.incident').textContent,
    decision: document.querySelector('svg.board .decision').textContent,
    things: document.querySelectorAll('svg.board [data-actions]').length,
  };
}"""


def shown(page: Page) -> dict:
    return page.evaluate(BOARD_JS)


def expected(view: dict) -> dict:
    """What the board must show for ``view``, in the shape ``shown`` reads it."""
    pub = view["public"]
    leaders, agents, tankers = [], [], []
    for st in pub["states"]:
        for i, spot in enumerate(st["points"]):
            point = f"{st['key']}-{i}"
            if spot["leader"]:
                leaders.append([spot["leader"]["seat"], spot["leader"]["kind"], point])
            agents += [[seat, point] for seat in spot["agents"]]
        tankers += [[seat, st["key"], n] for seat, n in (st["port"] or {}).items()]
    for sea, ships in pub["seas"].items():
        tankers += [[seat, sea, n] for seat, n in ships.items()]
    return {
        "states": [st["key"] for st in pub["states"]],
        "leaders": sorted(leaders), "agents": sorted(agents), "tankers": sorted(tankers),
        "pipelines": sorted("-".join(sorted(pair)) for pair in pub["pipelines"]),
        "money": sorted([p["seat"], f"{p['money']} M"] for p in pub["players"]),
        "supply": sorted([p["seat"], kind, n] for p in pub["players"] for kind, n in p["supply"].items()),
    }


def assert_board_shows(page: Page, view: dict, lang: str = "en") -> dict:
    board = shown(page)
    want = expected(view)
    for key, value in want.items():
        got = board[key] if key == "states" else sorted(board[key])
        assert got == value, (key, got, value)
    card = view["public"]["last_card"]
    assert render(t(CARDS[card].name if card else "no card drawn yet"), lang) in board["card"]
    return board


def sent_actions(page: Page) -> list[str]:
    """Every action text the page sends to the server, in order."""
    actions: list[str] = []

    def on_socket(ws):
        ws.on("framesent", lambda payload: actions.append(json.loads(payload)["action"])
              if '"act"' in payload else None)

    page.on("websocket", on_socket)
    return actions


def received_views(page: Page) -> list[dict]:
    views: list[dict] = []

    def on_frame(payload) -> None:
        message = json.loads(payload)
        if message["type"] == "view":
            views.append(message)

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return views


def start(server, api, page: Page, seats: list[str], round_limit: int = 30) -> str:
    game = api.create(seats, game="nationen", options={"round_limit": round_limit})
    page.goto(server.url + game["invites"][0]["url"])
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    return game["id"]


def my_turn(page: Page) -> bool:
    page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached")
    return page.locator(OVER).count() == 0


def pending(page: Page) -> list[str]:
    """The actions the dock lists now (all of them, or those of the thing picked on the board)."""
    return page.locator("#pending button.action").evaluate_all("buttons => buttons.map(b => b.dataset.action)")


def wait_next(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(page.locator("#notice.error")).to_be_hidden()


def targets(page: Page) -> set[str]:
    """The places the thing picked on the board may go: points, ports and seas, pieces in supply."""
    return set(page.locator("svg.board .target").evaluate_all(
        "gs => gs.map(g => g.dataset.point || g.dataset.loc || g.dataset.kind)"))


def carried(page: Page, selector: str) -> list[str]:
    return sorted(json.loads(page.get_attribute(f"svg.board {selector}", "data-actions")))


def test_the_board_shows_every_state_piece_and_tanker_of_the_view(server, api, context):
    gid = api.create(["heuristic", "heuristic", "heuristic"], game="nationen", options={"round_limit": 6})["id"]
    info = api.wait_finished(gid)
    page = context().new_page()
    errors = console_errors(page)
    seen = Counter()
    page.goto(f"{server.url}/replay/{gid}")
    expect(page.locator("#step")).to_have_text("The start of the game.")  # the page is ready
    for ply in sorted({3, info["ply"] // 3, info["ply"] // 2, 2 * info["ply"] // 3, info["ply"]}):
        page.fill("#ply", str(ply))
        page.dispatch_event("#ply", "change")
        expect(page.locator("#step")).to_contain_text(f"Move {ply}:")
        view = api.get(f"/api/games/{gid}/replay?ply={ply}").json()["view"]
        board = assert_board_shows(page, view)
        assert len(board["states"]) == 8 and board["things"] == 0  # nothing to tap in a replay
        seen.update(leaders=len(board["leaders"]), agents=len(board["agents"]), tankers=len(board["tankers"]))
    assert seen["leaders"] and seen["agents"] and seen["tankers"]  # the game put pieces on the board
    assert "Game over" in board["decision"] and info["outcome"]["reason"] in board["decision"]
    names = page.locator("svg.board text").all_text_contents()
    assert {"Kadhar*", "U.O.R.", "Abu Akar", "Northern high sea", "Southern high sea"} <= set(names)
    assert errors == []


def test_taps_on_a_capital_the_supply_a_port_the_agent_the_bank_and_the_end_play_their_actions(server, api, context):
    page = context().new_page()
    errors = console_errors(page)
    accept_warnings(page)
    sent = sent_actions(page)
    start(server, api, page, ["human", "heuristic"])
    assert my_turn(page)
    expect(page.locator("button[data-action='place king kadhar']")).to_have_text("Place a king in Kadhar")
    expect(page.locator("svg.board .decision")).to_contain_text("Your decision: place your first head of state")
    # a capital takes the four heads of state: tapped, it is picked, the dock lists only those four
    # and the pieces in supply are marked as what goes there; a piece tapped then plays
    capital = "svg.board g.point.capital[data-point=kadhar-0]"
    page.click(capital)
    expect(page.locator(capital)).to_have_class(re.compile(r"\bpicked\b"))
    assert sorted(pending(page)) == [f"place {kind} kadhar" for kind in sorted(KINDS)]
    assert targets(page) == set(KINDS)
    before = seq(page)
    page.click("svg.board g.supply.target[data-seat=p1][data-kind=king]")
    wait_next(page, before)
    assert sent == ["place king kadhar"]
    # the bank gives the first tanker to any port or sea; a port takes one: its tap plays it
    assert my_turn(page) and sorted(pending(page)) == ["station kadhar", "station north", "station south"]
    assert carried(page, "g.bank") == ["station kadhar", "station north", "station south"]
    expect(page.locator("button[data-action='station kadhar']")).to_have_text("Tanker into the port of Kadhar")
    before = seq(page)
    page.click("svg.board g.port[data-loc=kadhar]")
    wait_next(page, before)
    assert sent[-1] == "station kadhar"
    page.wait_for_selector("svg.board g.tanker[data-seat=p1][data-loc=kadhar][data-count='1']")
    # the agent: picked, the points it may walk to are marked, one of them is tapped
    assert my_turn(page)
    moves = {a.split(" ")[1] for a in pending(page) if a.startswith("agent ")}
    assert moves
    page.click("svg.board g.agent[data-seat=p1]")
    assert targets(page) == moves
    plain = sorted(page.locator("svg.board g.point.target:not(.question)").evaluate_all(
        "gs => gs.map(g => g.dataset.point)"))
    assert plain  # four steps from a capital also end on points without a card
    state, i = plain[0].rsplit("-", 1)
    name = CONTENT.board.states[CONTENT.board.state_index[state]].name
    words = f"{name} capital" if int(i) == 0 else f"{name} {i}"
    expect(page.locator(f"button[data-action='agent {plain[0]}']")).to_have_text(f"Agent to {words}")
    before = seq(page)
    page.click(f"svg.board g.point.target[data-point='{plain[0]}']")
    wait_next(page, before)
    assert sent[-1] == f"agent {plain[0]}"
    # a head of state from supply onto a free capital
    assert my_turn(page)
    places = [a for a in pending(page) if a.startswith("place ")]
    assert places  # p1 moves first in round 2, with 5 M + 2 M income
    kind = places[0].split(" ")[1]
    page.click(f"svg.board g.supply[data-seat=p1][data-kind={kind}]")
    capitals = {f"{a.split(' ')[2]}-0" for a in places if a.split(" ")[1] == kind}
    assert targets(page) == capitals
    state = sorted(capitals)[0][:-2]
    before = seq(page)
    page.click(f"svg.board g.point.target[data-point={state}-0]")
    wait_next(page, before)
    assert sent[-1] == f"place {kind} {state}"
    # on: a tanker bought by tapping the bank, then a port or sea; the turn ended on the board
    rng = Rng(3)
    bought = ended = False
    for _ in range(60):
        if not my_turn(page) or (bought and ended):
            break
        offered = pending(page)
        buys = [a for a in offered if a.startswith("buy ")]
        before = seq(page)
        if buys and not bought:
            page.click("svg.board g.bank")
            where = {a.split(" ")[2] for a in buys}
            assert where <= targets(page)
            page.click(f"svg.board .target[data-loc={sorted(where)[0]}]")
            bought = sent[-1] == f"buy tanker {sorted(where)[0]}"
        elif "end" in offered:
            assert carried(page, "g.end-turn") == ["end"]
            expect(page.locator("svg.board g.end-turn")).to_have_text("End the turn")
            page.click("svg.board g.end-turn")
            ended = sent[-1] == "end"
        else:
            buttons = page.locator(ENABLED)
            buttons.nth(rng.below(buttons.count())).click()
        wait_next(page, before)
    assert bought and ended
    assert errors == []


def board_actions(page: Page) -> set[str]:
    return set().union(*page.locator(THINGS).evaluate_all("ts => ts.map(t => JSON.parse(t.dataset.actions))"), set())


#: JavaScript: how many screen pixels across each thing is — a pipeline is a line (its box may be 0
#: pixels high), tapped anywhere on its transparent hit line, so its side is that line's width
SIDES = """ts => ts.map((t) => {
  const r = t.getBoundingClientRect();
  if (!t.hasAttribute("data-line")) return Math.min(r.width, r.height);
  const hit = [...t.querySelectorAll("line")].find((l) => l.getAttribute("stroke") === "transparent");
  const m = hit.getScreenCTM();
  return Math.min(Math.hypot(r.width, r.height), Number(hit.getAttribute("stroke-width")) * Math.hypot(m.a, m.b));
})"""


def assert_readable_on_a_phone(page: Page) -> None:
    """The powers' numbers and (their median) the words on what a player taps are 11 pixels or more
    at the page's first view (no zoom) — or, where the things to tap carry no words, they are 16
    pixels across (the median) —, and the page does not scroll sideways."""
    numbers = font_pixels(page, NUMBERS)
    assert numbers and min(numbers) >= 11, numbers
    words = font_pixels(page, THINGS)
    if words:
        assert median(words) >= 11, words
    else:  # a decision on unlabelled points alone (an agent's move): each is big enough to tap
        sides = page.locator(THINGS).evaluate_all(SIDES)
        assert sides and median(sides) >= 16, sides  # points of 19 px around a 10 px agent
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_move_of_random_games_is_on_the_board(server, api, browser, screen):
    ctx = browser.new_context(**SCREENS[screen])
    try:
        page = ctx.new_page()
        errors = console_errors(page)
        decisions = on_board = 0
        for seed in (1, 2):
            table = Stage(server, api, "nationen", 4)
            for i, state in enumerate(positions("nationen", 4, seed, 200)):  # every decision of the first seat
                (table.open if i == 0 else table.show)(page, state)
                if screen == "phone":
                    assert_readable_on_a_phone(page)
                legal = set(state.legal_actions())
                carried_now = board_actions(page)
                assert legal - {"decline"} <= carried_now, (state.ply, sorted(legal - carried_now))
                decisions += 1
                on_board += bool(carried_now)
        assert decisions >= 30 and on_board >= 0.8 * decisions, (on_board, decisions)
        assert errors == []
    finally:
        ctx.close()


def test_a_turn_of_pipelines_alone_is_tapped_on_a_phone(server, api, browser):
    """Where a power's only moves are pipelines (lines, no words: seed 31's ninth ply), each is
    16 pixels across on a phone — the width of its hit line, though its box may be a flat line."""
    state = next(st for st in positions("nationen", 4, 31, 20) if st.ply == 9)
    assert {a.split(" ")[0] for a in state.legal_actions()} == {"pipeline", "decline"}
    ctx = browser.new_context(**SCREENS["phone"])
    try:
        page = ctx.new_page()
        Stage(server, api, "nationen", 4).open(page, state)
        assert board_actions(page) == set(state.legal_actions()) - {"decline"}
        assert page.locator(THINGS).evaluate_all("ts => ts.every((t) => t.hasAttribute('data-line'))")
        assert_readable_on_a_phone(page)
    finally:
        ctx.close()


def press(page: Page, action: str) -> None:
    """Play ``action`` from the dock's list (unfolded on a phone)."""
    unfold(page)
    page.click(f"#pending button.action[data-action='{action}']")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_games_against_the_heuristic_are_played_by_tapping_the_board(server, api, browser, screen):
    ctx = browser.new_context(**SCREENS[screen], reduced_motion="reduce")
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        accept_warnings(page)  # grave actions ask first; a player tapping through says yes
        errors = console_errors(page)
        sent = sent_actions(page)
        views = received_views(page)
        rng = Rng(5)
        tapped = pressed = decisions = offered = 0
        for _game in range(6):  # games until 30 decisions were played on the board
            gid = start(server, api, page, ["human", "heuristic", "heuristic"], round_limit=12)
            coach = Coach(server.db, gid)
            first = len(sent)
            while my_turn(page):
                if decisions % 5 == 0:  # the bots wait: the page holds still
                    assert_board_shows(page, view_at(page, views, seq(page)), "de")
                if screen == "phone":
                    assert_readable_on_a_phone(page)
                decisions += 1
                offered += page.locator(THINGS).count() > 0
                action = coach.choice(0, rng)
                before = seq(page)
                if play_on_board(page, action, touch=screen == "phone"):
                    tapped += 1
                else:
                    press(page, action)
                    pressed += 1
                wait_next(page, before)
                assert sent[-1] == action
            api.wait_finished(gid)
            record = api.record(gid)
            states = api.truth(gid)
            assert [a for ply, a in enumerate(record.actions) if states[ply].to_act == 0] == sent[first:]
            coach.close()
            if tapped >= 30:
                break
            page.goto("about:blank")
        assert tapped >= 30 and tapped >= 0.8 * decisions, (tapped, pressed, decisions)
        assert offered == decisions, (offered, decisions)  # something to tap at every decision
        assert errors == []
    finally:
        ctx.close()
