"""The Das Spiel der Nationen board in the system Chromium against a real server: it shows
every state, leader, agent, tanker and pipeline of the view; clicks on capitals, ports,
the agent and pieces in supply play the action that uses them; and a whole game against
the heuristic bot is played by clicking the board."""

from __future__ import annotations

import json
from collections import Counter

from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games.nationen.content import load
from realpolitik.testing.pages import ENABLED, OVER, accept_warnings, console_errors, seq, view_at

CONTENT = load("", "")
CARDS = CONTENT.cards

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
    hot: document.querySelectorAll('svg.board .hot').length,
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


def assert_board_shows(page: Page, view: dict) -> dict:
    board = shown(page)
    want = expected(view)
    for key, value in want.items():
        got = board[key] if key == "states" else sorted(board[key])
        assert got == value, (key, got, value)
    card = view["public"]["last_card"]
    assert (CARDS[card].name in board["card"]) if card else "no card drawn yet" in board["card"]
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
    page.wait_for_selector(f"{ENABLED}, {OVER}")
    return page.locator(OVER).count() == 0


def pending(page: Page) -> list[str]:
    return page.locator(ENABLED).evaluate_all("buttons => buttons.map(b => b.dataset.action)")


def wait_next(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(page.locator("#notice.error")).to_be_hidden()


def targets(page: Page) -> set[str]:
    return set(page.locator("svg.board .target").evaluate_all("gs => gs.map(g => g.dataset.point || g.dataset.loc)"))


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
        assert len(board["states"]) == 8 and board["hot"] == 0  # nothing to click in a replay
        seen.update(leaders=len(board["leaders"]), agents=len(board["agents"]), tankers=len(board["tankers"]))
    assert seen["leaders"] and seen["agents"] and seen["tankers"]  # the game put pieces on the board
    assert "Game over" in board["decision"] and info["outcome"]["reason"] in board["decision"]
    names = page.locator("svg.board text").all_text_contents()
    assert {"Kadhar*", "U.O.R.", "Abu Akar", "Northern high sea", "Southern high sea"} <= set(names)
    assert errors == []


def test_clicks_on_capitals_ports_the_agent_and_the_supply_play_their_action(server, api, context):
    page = context().new_page()
    errors = console_errors(page)
    sent = sent_actions(page)
    start(server, api, page, ["human", "heuristic"])
    assert my_turn(page)
    expect(page.locator("button[data-action='place king kadhar']")).to_have_text("Place a king in Kadhar")
    expect(page.locator("svg.board .decision")).to_contain_text("Your decision: place your first head of state")
    # a capital several actions use opens a menu of them
    page.click("svg.board g.point.capital[data-point=kadhar-0]")
    choices = page.locator("svg.board .chooser .choice")
    assert sorted(choices.evaluate_all("cs => cs.map(c => c.dataset.action)")) == [
        f"place {kind} kadhar" for kind in sorted(("king", "president", "dictator", "guerrilla"))]
    before = seq(page)
    page.click("svg.board .chooser .choice[data-action='place king kadhar']")
    wait_next(page, before)
    assert sent == ["place king kadhar"]
    # the port: the only action using it
    assert my_turn(page) and sorted(pending(page)) == ["station kadhar", "station north", "station south"]
    expect(page.locator("button[data-action='station kadhar']")).to_have_text("Tanker into the port of Kadhar")
    before = seq(page)
    page.click("svg.board g.port.hot[data-loc=kadhar]")
    wait_next(page, before)
    assert sent[-1] == "station kadhar"
    page.wait_for_selector("svg.board g.tanker[data-seat=p1][data-loc=kadhar][data-count='1']")
    # the agent: picked up, its destinations light up, one of them is clicked
    assert my_turn(page)
    moves = {a.split(" ")[1] for a in pending(page) if a.startswith("agent ")}
    assert moves
    page.click("svg.board g.agent.hot[data-seat=p1]")
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
    page.click(f"svg.board g.supply.hot[data-seat=p1][data-kind={kind}]")
    capitals = {f"{a.split(' ')[2]}-0" for a in places if a.split(" ")[1] == kind}
    assert targets(page) == capitals
    state = sorted(capitals)[0][:-2]
    before = seq(page)
    page.click(f"svg.board g.point.target[data-point={state}-0]")
    wait_next(page, before)
    assert sent[-1] == f"place {kind} {state}"
    assert errors == []


def click_on_board(page: Page, rng: Rng) -> bool:
    """Click a random clickable thing on the board, then menus and destinations, until an action goes."""
    before = seq(page)
    hot = page.locator("svg.board .hot")
    hot.nth(rng.below(hot.count())).click()
    for _ in range(4):
        if seq(page) > before or page.locator("#notice.error").is_visible():
            break
        choices = page.locator("svg.board .chooser .choice")
        picks = page.locator("svg.board .target")
        if choices.count():
            choices.nth(rng.below(choices.count())).click()
        elif picks.count():
            picks.nth(rng.below(picks.count())).click()
        else:
            page.wait_for_timeout(20)
    wait_next(page, before)
    return True


def test_a_game_against_the_heuristic_is_played_to_the_end_by_clicking_the_board(server, api, context):
    page = context().new_page()
    accept_warnings(page)  # grave actions ask first; a player clicking through says yes
    errors = console_errors(page)
    sent = sent_actions(page)
    views = received_views(page)
    gid = start(server, api, page, ["human", "heuristic"], round_limit=12)
    rng = Rng(7)
    board_clicks = panel_clicks = 0
    while my_turn(page):
        if (board_clicks + panel_clicks) % 5 == 0:
            assert_board_shows(page, view_at(page, views, seq(page)))  # the bot waits: the page holds still
        if page.locator("svg.board .hot").count() and rng.below(4):
            board_clicks += click_on_board(page, rng)
        else:
            before = seq(page)
            buttons = page.locator(ENABLED)
            buttons.nth(rng.below(buttons.count())).click()
            wait_next(page, before)
            panel_clicks += 1
        assert board_clicks + panel_clicks < 400
    info = api.wait_finished(gid)
    record = api.record(gid)
    states = api.truth(gid)
    mine = [a for ply, a in enumerate(record.actions) if states[ply].to_act == 0]
    assert mine == sent and len(sent) == board_clicks + panel_clicks
    assert board_clicks >= 5
    expect(page.locator("svg.board .decision")).to_contain_text(info["outcome"]["reason"])
    assert_board_shows(page, view_at(page, views, seq(page)))
    assert errors == []
