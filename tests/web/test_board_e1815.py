"""The 1815 board in the system Chromium: every land of either map as the view has it
(owners, troops, fortresses, capitals, generals, the players table, a battle, the
teams), and a 2vs2 game — a person and a heuristic partner against two heuristics —
played to the end by clicking lands and buttons."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games.e1815.content import load, load_rules
from realpolitik.testing.pages import ENABLED, OVER, accept_warnings, console_errors
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
      clickable: g.classList.contains("clickable"),
    };
  }),
  players: Array.from(document.querySelectorAll("svg.board .player"), (g) => ({
    seat: g.dataset.seat, sp: g.querySelector(".cell.SP").textContent,
    lands: g.querySelector(".cell.lands").textContent, supply: g.querySelector(".cell.supply").textContent,
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
        assert not land["clickable"]  # nothing to play: a replay, a finished game
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
        expect(page.locator("#slider")).to_have_value(str(ply), timeout=15_000)
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


def land_names(game_map: str) -> dict[str, str]:
    return {land.key: land.name for land in load(game_map).board.lands}


def test_a_2vs2_game_is_played_to_the_end_by_clicking_lands_and_buttons(server, api, context):
    page = context().new_page()
    accept_warnings(page)  # grave actions ask first; a player clicking through says yes
    errors = console_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "e1815-2vs2")
    seats = page.locator("#seats select")
    expect(seats).to_have_count(4)
    assert [seats.nth(i).input_value() for i in range(4)] == ["human", "heuristic", "heuristic", "heuristic"]
    page.select_option("#option-map", "1715")
    page.click("#create-button")
    page.click("[data-play=p1]")
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    names = land_names("1715")
    rng = Rng(7)
    land_clicks: list[tuple[int, str]] = []
    clicks = 0
    while True:
        page.wait_for_selector(f"{ENABLED}, {OVER}")
        if page.locator(OVER).count():
            break
        before = int(page.get_attribute("body", "data-seq"))
        prompt = page.inner_text("#pending .prompt")
        expect(page.locator("svg.board .decision-line")).to_contain_text(f"Your decision: {prompt}")
        uses: dict[str, int] = {}
        for text, action in page.locator(ENABLED).evaluate_all("bs => bs.map(b => [b.textContent, b.dataset.action])"):
            assert text != action  # every button has readable words ...
            for word in set(action.split(" ")):
                if word in names:
                    assert names[word] in text, (action, text)  # ... with land names, not keys
                    uses[word] = uses.get(word, 0) + 1
        lands = page.locator("svg.board .land.clickable")
        clickable = lands.evaluate_all("gs => gs.map(g => g.dataset.land)")
        assert sorted(clickable) == sorted(k for k, n in uses.items() if n == 1)
        if lands.count() and rng.below(3):
            target = lands.nth(rng.below(lands.count()))
            land_clicks.append((before, target.get_attribute("data-land")))
        else:
            buttons = page.locator(ENABLED)
            target = buttons.nth(rng.below(buttons.count()))
        target.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
        expect(page.locator("#notice.error")).to_be_hidden()
        clicks += 1
        assert clicks < 300
    gid = re.search(r"/game/([0-9a-f]{12})", page.url).group(1)
    info = api.wait_finished(gid)
    assert info["outcome"]["reason"] in page.inner_text("#outcome")
    record = api.record(gid)
    states = api.truth(gid)
    assert record.options["map"] == "1715" and record.seats == ["Ann", "heuristic", "heuristic", "heuristic"]
    assert sum(1 for ply in range(len(record.actions)) if states[ply].to_act == 0) == clicks
    assert len(land_clicks) >= 5
    for ply, key in land_clicks:  # a land click played the one legal action that uses the land
        uses = [a for a in states[ply].legal_actions() if key in a.split(" ")]
        assert uses == [record.actions[ply]], (ply, key, uses)
    check_board(page.evaluate(READ_BOARD), states[-1].view(0, log_from=None))
    assert errors == []
