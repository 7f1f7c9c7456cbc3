"""The 1815 board in the system Chromium: every land of either map as the view has it
(owners, troops, fortresses, capitals, generals, the players table, a battle, the
teams), and a 1715 2vs2 game — a person and a heuristic partner against two heuristics —
played on a phone and on a desktop by tapping the board: every legal action that names a
land, troops, the own general, supply or success markers, or a power is carried by that
thing on the board (and only those), and the person's moves — what the heuristic would
play — are tapped there, from → to, wherever the taps lead to the one action. On the
phone every word of the own panel, the numbers a turn depends on and the words on what a
finger taps are at least 11 pixels at the page's fit, and nothing scrolls sideways."""

from __future__ import annotations

import re
from statistics import median

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng, parse
from realpolitik.games.e1815.content import load, load_rules
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
)
from realpolitik.testing.server import Api, ServerProcess

KINDS = ("inf", "cav", "art")

#: what the board shows of each land and each player row, read from the DOM
READ_BOARD = """() => ((text) => ({
  lands: Array.from(document.querySelectorAll("svg.board .land"), (g) => {
    const ground = g.querySelector(".ground");
    const count = (k) => { const n = g.querySelector(`.unit.${k} .count`); return n ? Number(n.textContent) : 0; };
    const fort = g.querySelector(".fortress");
    const capital = g.querySelector(".capital");
    return {
      key: g.dataset.land, name: g.querySelector(".name").textContent, owner: g.querySelector(".owner").textContent,
      fill: ground.getAttribute("fill"), x: Number(ground.getAttribute("x")), y: Number(ground.getAttribute("y")),
      inf: count("inf"), cav: count("cav"), art: count("art"),
      fortress: fort ? (fort.classList.contains("grey") ? "grey" : "built") : null,
      capital_of: capital ? capital.dataset.seat : null,
      generals: Array.from(g.querySelectorAll(".general"), (n) => n.dataset.seat),
      battle: g.classList.contains("battle"), decision: g.classList.contains("decision"),
      acts: g.querySelector("[data-actions]") !== null,
    };
  }),
  players: Array.from(document.querySelectorAll("svg.board .player"), (g) => ({
    seat: g.dataset.seat, sp: g.querySelector(".cell.SP").textContent,
    lands: g.querySelector(".cell.lands").textContent,
    supply: Array.from(g.querySelectorAll(".reserve .count"), (n) => n.textContent).join("/"),
    markers: g.querySelectorAll(".marker.held").length, ally: text(g.querySelector(".cell.ally")),
  })),
  teams: Array.from(document.querySelectorAll("svg.board .team"), (g) => g.textContent),
  battle: text(document.querySelector("svg.board .battle-box")),
  decision: document.querySelector("svg.board .decision-line").textContent,
}))((node) => (node ? node.textContent : null))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Unpaced bots: the games here are long, and every view is checked anyway."""
    proc = ServerProcess(str(tmp_path_factory.mktemp("e1815") / "games.db"), bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def bot_games(server):
    """``bot_games(game, seats, options)``: a finished game of heuristic bots (its id and
    its states after each ply), played once per module."""
    games: dict[tuple, tuple[str, list]] = {}

    def played(game: str, seats: int, options: dict) -> tuple[str, list]:
        key = (game, seats, tuple(sorted(options.items())))
        if key not in games:
            with Api(server) as api:
                gid = api.create(["heuristic"] * seats, game=game, options=options)["id"]
                api.wait_finished(gid)
                games[key] = (gid, api.truth(gid))
        return games[key]

    return played


def owner_words(view: dict, owner: str | None) -> str:
    """How a land's owner reads from the page's seat, by the seats' titles: neutral,
    Player 1 (you), Player 3 (ally), Player 2."""
    if owner is None:
        return "neutral"
    title = f"Player {view['seats'].index(owner) + 1}"
    if owner == view["seat"]:
        return f"{title} (you)"
    me = next((p for p in view["public"]["players"] if p["seat"] == view["seat"]), None)
    return f"{title} (ally)" if me and me["ally"] == owner else title


def sign(n: float) -> int:
    return (n > 0) - (n < 0)


def check_board(shown: dict, view: dict, printed: bool = True) -> None:
    """The board shows exactly the view: each land, each player, the teams, the battle.

    ``printed``: the lands sit on the map file's grid (otherwise on a schematic one).
    """
    pub = view["public"]
    board = load(pub["map"]).board
    lands = {land["key"]: land for land in shown["lands"]}
    assert sorted(lands) == sorted(pub["lands"]) == sorted(land.key for land in board.lands)
    for key, info in pub["lands"].items():
        land = lands[key]
        assert info["name"].startswith(land["name"].rstrip("…")), (key, land["name"])
        assert land["owner"] == owner_words(view, info["owner"]), key
        assert {k: land[k] for k in KINDS} == {k: info[k] for k in KINDS}, key
        assert (land["fortress"], land["capital_of"], land["generals"]) == (
            info["fortress"], info["capital_of"], info["generals"]), key
        assert land["battle"] == ("battle" in pub and pub["battle"]["target"] == key)
        assert land["decision"] == ("decision" in pub and pub["decision"]["land"] == key)
        assert not land["acts"]  # nothing to play: a replay, a finished game
    fills: dict[str | None, str] = {}
    for key, info in pub["lands"].items():  # one colour per owner, neutral included
        assert fills.setdefault(info["owner"], lands[key]["fill"]) == lands[key]["fill"]
    assert len(set(fills.values())) == len(fills)
    place = {land.key: land.pos for land in board.lands}  # the printed map's grid, in the same order
    for a in pub["lands"] if printed else ():
        for b in pub["lands"]:
            assert sign(lands[a]["y"] - lands[b]["y"]) == sign(place[a][0] - place[b][0])
            assert sign(lands[a]["x"] - lands[b]["x"]) == sign(place[a][1] - place[b][1])
    rows = {p["seat"]: p for p in shown["players"]}
    assert list(rows) == [p["seat"] for p in pub["players"]]
    for p in pub["players"]:
        row = rows[p["seat"]]
        assert (row["sp"], row["lands"], row["markers"]) == (str(p["sp"]), str(p["lands"]), p["markers"])
        assert row["supply"] == "{inf}/{cav}/{art}".format(**p["supply"])
        ally = f"♦ Player {view['seats'].index(p['ally']) + 1}" if p["ally"] else "–"  # by its title
        assert row["ally"] == (None if pub["teams"] is None else ally)
    if pub["teams"] is None:
        assert shown["teams"] == []
    else:
        assert len(shown["teams"]) == 2
        for team, text in zip(pub["teams"], shown["teams"], strict=True):
            assert " + ".join(f"Player {s[1:]}" for s in team["seats"]) in text
            assert f"— {team['sp']} of {load_rules().scoring.team_win} SP" in text
    if "battle" in pub:
        battle = pub["battle"]
        name = pub["lands"][battle["target"]]["name"]
        defender = f"Player {battle['defender'][1:]}" if battle["defender"] else "neutral"
        assert f"Player {battle['attacker'][1:]} attacks {name} ({defender})" in shown["battle"]
    else:
        assert shown["battle"] is None
    if "pending" in view:
        assert shown["decision"].startswith(f"Your decision: {view['pending']['prompt']}")
    else:
        assert (view.get("waiting") or view["outcome"]["reason"]) in shown["decision"]


def goto_ply(page: Page, ply: int) -> None:
    page.fill("#ply", str(ply))
    page.dispatch_event("#ply", "change")
    try:  # the slider is set when the step is drawn; a loaded machine may take a while
        expect(page.locator("#slider")).to_have_value(str(ply), timeout=wait_ms(15))
    except AssertionError as exc:
        notice = page.locator("#notice")
        said = notice.inner_text() if notice.is_visible() else "no notice"
        raise AssertionError(f"move {ply} was not drawn at {page.url} ({said})") from exc


@pytest.mark.parametrize(("game", "seats", "options"), [
    ("e1815", 3, {}),
    ("e1815-2vs2", 4, {}),
    ("e1815-2vs2", 4, {"map": "1715"}),
])
def test_the_board_shows_every_land_of_the_map_as_the_view_has_it(server, bot_games, context, game, seats, options):
    gid, states = bot_games(game, seats, options)
    battles = [i for i, st in enumerate(states) if "battle" in st.public_view()]
    assert battles  # a battle being prepared is among the plies shown
    plies = sorted({1, battles[len(battles) // 2], len(states) // 2, len(states) - 1})
    page = context().new_page()
    errors = console_errors(page)
    for seat in (None, 0):
        page.goto(f"{server.url}/replay/{gid}?ply={plies[0]}" + ("" if seat is None else f"&seat=p{seat + 1}"))
        page.wait_for_selector("svg.board .land")
        for ply in plies:
            goto_ply(page, ply)
            view = states[ply].view(seat, log_from=None)
            check_board(page.evaluate(READ_BOARD), view)
    assert errors == []


def test_without_the_map_file_the_board_falls_back_to_a_schematic_grid(server, bot_games, context):
    gid, states = bot_games("e1815-2vs2", 4, {"map": "1715"})
    page = context().new_page()
    page.route(re.compile(r".*/api/content/.*"), lambda route: route.fulfill(status=404, body="{}"))
    ply = len(states) // 2
    page.goto(f"{server.url}/replay/{gid}?ply={ply}&seat=p2")
    expect(page.locator("#slider")).to_have_value(str(ply))
    page.wait_for_selector("svg.board .land")
    shown = page.evaluate(READ_BOARD)
    check_board(shown, states[ply].view(1, log_from=None), printed=False)
    assert page.locator("svg.board .borders line").count() == 0  # no borders without the map file


#: the screens the game is played on, in German
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"},
    "desktop": {"viewport": {"width": 1366, "height": 768}, "locale": "de-DE"},
}
#: actions that name nothing drawn on the board: they stay in the dock's list only
UNDRAWN = {"relocate", "end turn", "end relocation", "no team action", "spend 0"}
#: the numbers a turn depends on: SP, supply, success markers, troops, the count track, the teams, the season
NUMBERS = ".cell.SP, .reserve .count, .markers .cell, .unit .count, .count-box, .team, .when"
#: JavaScript: every thing on the board that starts actions — what it is, where, and its actions
THINGS = """() => Array.from(document.querySelectorAll("#board [data-actions]"), (el) => {
  const land = el.closest(".land");
  return {
    what: ["place", "unit", "general", "reserve", "spend", "markers", "power", "count-box"]
      .find((c) => el.classList.contains(c)) || null,
    land: land ? land.dataset.land : null, kind: el.dataset.kind || null, seat: el.dataset.seat || null,
    markers: el.dataset.markers || null, power: el.dataset.power || null, count: el.dataset.count || null,
    actions: JSON.parse(el.dataset.actions),
  };
})"""


def names_it(thing: dict, action: str, decision: dict | None) -> bool:
    """Whether ``action`` names what ``thing`` draws (see boards/e1815/acts.js)."""
    verb, args = parse(action)
    words = [str(a) for a in args]
    land = thing["land"]
    if thing["what"] == "place":
        return (land in words and verb != "power") or (action in ("done", "go") and decision["land"] == land)
    if thing["what"] == "unit":
        return verb in ("meddle", "move", "commit") and words[0] == land and thing["kind"] in words
    if thing["what"] == "general":
        moved = verb in ("move", "commit") and words == [land, "general"]
        return thing["seat"] == "p1" and (verb == "general" or moved)
    if thing["what"] == "reserve":
        return verb in ("place", "supply") and thing["kind"] in words
    if thing["what"] == "spend":
        return action == f"spend {thing['markers']}"
    if thing["what"] == "markers":
        return action == "give marker"
    if thing["what"] == "count-box":
        return verb in ("move", "commit") and words[1] == thing["count"]
    return thing["what"] == "power" and action == f"power {thing['power']}"


def check_things(things: list[dict], legal: list[str], decision: dict | None) -> None:
    """The board carries every legal action that names something it draws, each on the things it
    names, and nothing else."""
    for thing in things:
        assert all(names_it(thing, action, decision) for action in thing["actions"]), thing
    carried = {action for thing in things for action in thing["actions"]}
    finish = {"done", "go"} if decision and decision["land"] and decision["seat"] == "p1" else set()
    assert carried == {a for a in legal if a not in UNDRAWN and (a not in ("done", "go") or a in finish)}, legal


def check_readable(page: Page) -> None:
    """On the phone at the page's fit: the own panel, the numbers a turn depends on and (the
    median of) the words on what a finger taps are at least 11 pixels; no sideways scroll."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    own = font_pixels(page, "#board .player.you")
    numbers = font_pixels(page, f"#board :is({NUMBERS})")
    tapped = font_pixels(page, "#board [data-actions]")
    assert own and min(own) >= 11, own
    assert numbers and min(numbers) >= 11, numbers
    assert not tapped or median(tapped) >= 11, tapped


def play_by_tapping(server, api, page: Page, phone: bool, rng: Rng) -> tuple[int, int, int]:
    """A 1715 2vs2 game for the page's person (p1) and three heuristics, played to its end: each
    of the person's moves is what the heuristic would play, tapped on the board where the taps
    lead to it, else pressed in the list. Returns the person's decisions, those where the board
    offered something to tap, and those played by tapping alone."""
    created = api.create(["human", "heuristic", "heuristic", "heuristic"], game="e1815-2vs2", options={"map": "1715"})
    gid = created["id"]
    page.goto(server.url + created["invites"][0]["url"])
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    coach = Coach(server.db, gid)
    decisions = with_things = 0
    tapped: list[tuple[int, str]] = []
    try:
        while True:
            page.wait_for_selector(f"{ENABLED}, {OVER}", state="attached")
            if page.locator(OVER).count():
                break
            before = seq(page)
            legal = page.eval_on_selector_all(ENABLED, "bs => bs.map(b => b.dataset.action)")
            wanted = coach.choice(0, rng)
            things = page.evaluate(THINGS)
            check_things(things, legal, coach.state.public_view().get("decision"))
            if phone and decisions % 5 == 0:
                check_readable(page)
            decisions += 1
            with_things += bool(things)
            if play_on_board(page, wanted, touch=phone):
                tapped.append((before, wanted))
            else:
                unfold(page)
                page.locator(f"{ENABLED}[data-action='{wanted}']").click()
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
            expect(page.locator("#notice.error")).to_be_hidden()
            assert decisions < 400
    finally:
        coach.close()
    api.wait_finished(gid)
    record = api.record(gid)
    states = api.truth(gid)
    assert sum(1 for ply in range(len(record.actions)) if states[ply].to_act == 0) == decisions
    for ply, action in tapped:  # what the taps played is what the person meant
        assert record.actions[ply] == action
    played = {parse(action)[0] for _, action in tapped}  # a land, troops, a count or the supply, then a land; a power
    assert {"power", "capital", "claim", "attack", "to", "move", "commit", "go", "place"} <= played, played
    return decisions, with_things, len(tapped)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_1715_2vs2_game_is_played_by_tapping_the_board(server, api, browser, screen):
    ctx = browser.new_context(**SCREENS[screen])
    ctx.set_default_timeout(wait_ms(20))
    try:
        page = ctx.new_page()
        accept_warnings(page)  # grave actions ask first; a player tapping through says yes
        errors = console_errors(page)
        rng = Rng(7)
        decisions = with_things = tapped = 0
        for _ in range(3):  # a game lost early may leave fewer than 30 moves: the next game goes on
            more = play_by_tapping(server, api, page, screen == "phone", rng)
            decisions, with_things, tapped = decisions + more[0], with_things + more[1], tapped + more[2]
            if tapped >= 30:
                break
        assert tapped >= 30 and with_things >= 0.8 * decisions, (decisions, with_things, tapped)
        assert errors == []
    finally:
        ctx.close()
