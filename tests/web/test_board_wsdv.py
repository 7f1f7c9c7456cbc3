"""The Wir sind das Volk! board (``boards/wsdv.js``) in the system Chromium against a real
server: the schematic map agrees with the printed one, the provinces, tracks, factories,
lines, display and hands show what the view says, a whole game against the heuristic bot is
played by clicking the board, and the other side's hand never reaches the page."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.testing.pages import (
    ENABLED,
    REACHABLE,
    accept_warnings,
    click_board,
    console_errors,
    seq,
    turn_or_end,
    view_at,
)

BOARD = "#board svg.wsdv"
CLICKABLE = f"{BOARD} [data-uses]"

#: JS: a point (viewport pixels) where a click lands on ``el`` itself, or null when none does

#: JS: what the board shows, read back from its data attributes
SHOWN = """() => {
  const svg = document.querySelector("svg.wsdv");
  const all = (sel) => [...svg.querySelectorAll(sel)];
  return {
    seq: Number(document.body.dataset.seq),
    provinces: Object.fromEntries(all("g.province").map((g) => [g.dataset.province, {
      unrest: Number(g.dataset.unrest), ls: Number(g.dataset.ls), mass_protests: Number(g.dataset.massProtests),
      socialists: Number(g.dataset.socialists)}])),
    badges: Object.fromEntries(all("g.badge").map((g) => [g.dataset.province, [
      Number(g.querySelector(".unrest").textContent), Number(g.querySelector(".ls").textContent)]])),
    rows: all("g.province-row").map((g) => [...g.querySelectorAll("text")].map((t) => t.textContent)),
    tracks: Object.fromEntries(all("g.track").map((g) => [g.dataset.track, Number(g.dataset.value)])),
    factories: Object.fromEntries(all("g.city.factory").map((g) => [g.dataset.city, {
      value: Number(g.dataset.factory), rundown: g.dataset.rundown === "true"}])),
    lines: all("g.line.built").map((g) => g.dataset.line).sort(),
    display: all(".display g.card").map((g) => g.dataset.card),
    hand: all(".hand g.card").map((g) => g.dataset.card),
    hands: all(".hand").length,
    backs: Object.fromEntries(all("g.other-hand").map((g) => [g.dataset.seat, g.querySelectorAll(".back").length])),
    cards: all("[data-card]").map((g) => g.dataset.card),
    text: document.body.textContent,
  };
}"""

#: JS: the board's grid against the printed map (cities in their provinces, the inner-German border)
LAYOUT = """async () => {
  const m = await import("/static/boards/wsdv-map.js");
  const map = await (await fetch("/api/content/wsdv/map")).json();
  const cell = ([x, y]) => m.GRID[Math.floor(y)][Math.floor(x)];
  const province = (code) => m.PROVINCE_CODE[code] || null;
  const wrong = [];
  for (const c of map.cities) {
    const at = m.CITY_AT[c.key];
    const want = c.kind === "external" ? [null] : c.provinces || [c.province];
    if (!at || !want.includes(province(cell(at)))) wrong.push(`city ${c.key} lies in ${at && province(cell(at))}`);
  }
  for (const p of map.provinces) {
    if (province(cell(m.BADGE_AT[p.key])) !== p.key) wrong.push(`badge ${p.key}`);
  }
  const side = Object.fromEntries(map.provinces.map((p) => [p.key, p.side]));
  const border = new Set();
  m.GRID.forEach((row, r) => [...row].forEach((code, c) => {
    for (const next of [row[c + 1], (m.GRID[r + 1] || "")[c]]) {
      const [a, b] = [province(code), province(next)];
      if (a && b && side[a] !== side[b]) border.add(side[a] === "west" ? `${a}-${b}` : `${b}-${a}`);
    }
  }));
  return { wrong, border: [...border].sort(), printed: map.border.map(([a, b]) => `${a}-${b}`).sort(),
    provinces: new Set(Object.values(m.PROVINCE_CODE)).size };
}"""


#: JS: draw ``view`` with the board module on a bare page, as the game page does; returns the
#: button words of the legal actions
DRAW = """async ([view, players]) => {
  const board = await import("/static/boards/wsdv.js");
  const content = (name) => fetch(`/api/content/wsdv/${name}`).then((r) => r.json());
  window.wsdvData = window.wsdvData || await board.load({ content });
  window.acted = [];
  const choices = view.pending ? view.pending.choices : [];
  const ctx = { seat: view.seat, players, legal: new Set(choices.map((c) => c.action)), choices,
    act: (text) => window.acted.push(text), content, data: window.wsdvData };
  document.body.replaceChildren(board.render(view, ctx));
  return Object.fromEntries(choices.map((c) => [c.action, c.label]));
}"""

#: JS: per board element that acts, the actions a click offers (played at once, or in its menu)
OFFERED = """() => {
  const reach = REACHABLE;
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return [...document.querySelectorAll("svg.wsdv [data-uses]")].map((el) => {
    let actions = [];
    let words = [];
    click(el);
    const menu = document.querySelector("svg.wsdv .choices");
    if (menu) {
      actions = [...menu.querySelectorAll(".choice")].map((c) => c.dataset.action);
      words = [...menu.querySelectorAll(".choice")].map((c) => c.textContent);
      click(menu.querySelector(".choice"));
      menu.remove();
    }
    const acted = window.acted.splice(0);
    return { what: `${el.getAttribute("class")} ${JSON.stringify(el.dataset)}`, uses: Number(el.dataset.uses),
      single: el.dataset.act || null, actions, words, acted, reachable: reach(el) !== null };
  });
}""".replace("REACHABLE", REACHABLE)

#: actions with no place on the board: they stay buttons of the panel
BUTTON_ONLY = {"done", "keep", "deliver", "ignore", "next", "nothing", "west-draws"}


def sit_down(server, api, context, seats: list[str], seat: int = 0) -> tuple[Page, str, list[dict], list[str]]:
    """Create a game, open ``seat``'s invitation and take it; returns the page, the game
    id, the messages the page receives and sends (as they go) and the page's console errors."""
    game = api.create(seats, game="wsdv")
    page = context().new_page()
    errors = console_errors(page)
    views: list[dict] = []

    def watch(ws) -> None:
        ws.on("framereceived", lambda payload: views.append(json.loads(payload)))
        ws.on("framesent", lambda payload: views.append({**json.loads(payload), "sent": True}))

    page.on("websocket", watch)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == ("west", "east")[seat]))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(BOARD)
    return page, game["id"], views, errors


def assert_shows(shown: dict, view: dict) -> None:
    """The board read back (``SHOWN``) says what ``view`` says."""
    pub = view["public"]
    assert len(shown["provinces"]) == 14
    for p in pub["provinces"]:
        assert shown["provinces"][p["key"]] == {k: p[k] for k in ("unrest", "ls", "mass_protests", "socialists")}
        assert shown["badges"][p["key"]] == [p["unrest"], p["ls"]]
    assert shown["rows"] == [[p["name"], *(str(p[k]) for k in ("unrest", "mass_protests", "ls", "economy", "export",
                                                                 "socialists"))] for p in pub["provinces"]]
    assert shown["tracks"] == pub["tracks"]
    assert shown["factories"] == pub["factories"]
    assert shown["lines"] == sorted(pub["infrastructure"])
    assert shown["display"] == pub["display"] + ([pub["special"]] if pub["special"] else [])
    mine = view["private"]
    assert shown["hands"] == (1 if mine else 0)
    assert shown["hand"] == (mine["hand"] if mine else [])
    assert shown["backs"] == {seat: len(d) for seat, d in pub["hands"].items() if seat != view["seat"]}


def test_the_map_follows_the_printed_board(server, context):
    page = context().new_page()
    page.goto(server.url + "/")
    layout = page.evaluate(LAYOUT)
    assert layout["wrong"] == []
    assert layout["provinces"] == 14
    assert layout["border"] == layout["printed"]  # the grid's inner-German border is the printed one


def check_view(page: Page, view: dict) -> set[str]:
    """Draw ``view`` and check the board: it shows the view, every element that acts can be
    clicked and offers legal actions only, together they offer every legal action that has a
    place on the board, and every action has button words. Returns the verbs offered."""
    players = [{"seat": s, "kind": "human", "name": s.title(), "joined": True, "online": True} for s in view["seats"]]
    labels = page.evaluate(DRAW, [view, players])
    assert_shows(page.evaluate(SHOWN), view)
    legal = set(view["pending"]["actions"]) if "pending" in view else set()
    offered: set[str] = set()
    for element in page.evaluate(OFFERED):
        assert element["reachable"], element["what"]
        actions = [element["single"]] if element["single"] else element["actions"]
        assert len(actions) == element["uses"] >= 1 and set(actions) <= legal, element
        assert element["acted"] == actions[:1], element  # a click plays it, or a menu entry does
        assert element["words"] == [labels[a] for a in element["actions"]]  # a menu shows the game's words
        offered |= set(actions)
    assert {a for a in legal if a.split(" ")[0] not in BUTTON_ONLY} <= offered
    for action, words in labels.items():
        assert words != action and "undefined" not in words and "null" not in words, (action, words)
    return {a.split(" ")[0] for a in offered}


def test_views_of_random_games_are_drawn_and_every_board_action_is_a_click(server, context):
    """Seeded random games whose decisions cover every action verb: many views, each checked."""
    page = context().new_page()
    errors = console_errors(page)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server.url + "/api/catalog")  # a page of the server without scripts of its own
    game = get("wsdv")
    checked: dict[tuple, int] = {}
    verbs: set[str] = set()
    seen: set[str] = set()
    for seed in (47, 9, 48):
        state = game.new_state(2, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            kinds = tuple(sorted({a.split(" ")[0] for a in legal}))
            seen |= set(kinds)
            if checked.get(kinds, 0) < 2 or state.ply % 15 == 0:
                checked[kinds] = checked.get(kinds, 0) + 1
                verbs |= check_view(page, json.loads(json.dumps(state.view(state.to_act, log_from=None))))
            if state.ply % 40 == 0:  # the other seat, and a spectator: nothing to click
                for seat in (1 - state.to_act, None):
                    assert check_view(page, json.loads(json.dumps(state.view(seat, log_from=None)))) == set()
            state.apply(legal[rng.below(len(legal))])
    assert seen - BUTTON_ONLY <= verbs  # every verb of these games was clicked on the board at least once
    assert len(seen) >= 29
    assert errors == []


def test_the_board_shows_the_view_and_its_clicks_play_legal_actions(server, api, context):
    page, gid, views, errors = sit_down(server, api, context, ["human", "heuristic"])
    assert turn_or_end(page)
    view = view_at(page, views, seq(page))
    assert_shows(page.evaluate(SHOWN), view)
    pub = view["public"]
    cards = get("wsdv").new_state(2).content.cards
    for button in page.locator(ENABLED).all():
        action = button.get_attribute("data-action").split(" ")
        if action[0] in ("take", "play"):
            assert cards[action[1]].title in button.inner_text()  # buttons name the card
    # a display card offers exactly its legal uses in a menu; one of them is played
    legal = set(view["pending"]["actions"])
    key = pub["display"][0]
    card = page.locator(f"{BOARD} .display g.card[data-card='{key}']")
    uses = sorted(a for a in legal if a.startswith(f"take {key} "))
    assert int(card.get_attribute("data-uses")) == len(uses) > 1
    page.mouse.click(*card.evaluate(REACHABLE))
    menu = page.locator(f"{BOARD} .choices .choice")
    assert sorted(menu.evaluate_all("items => items.map(i => i.dataset.action)")) == uses
    before = seq(page)
    chosen = menu.last.get_attribute("data-action")
    menu.last.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(page.locator("#notice.error")).to_be_hidden()
    assert [m["action"] for m in views if m.get("sent") and m["type"] == "act"] == [chosen]
    assert errors == []


@pytest.mark.parametrize(("seat", "seed"), [(0, 7), (1, 3)], ids=["as-west", "as-east"])
def test_a_game_against_the_heuristic_bot_is_played_to_the_end_by_clicking_the_board(server, api, context, seat, seed):
    seats = ["heuristic", "heuristic"]
    seats[seat] = "human"
    other = 1 - seat
    page, gid, views, errors = sit_down(server, api, context, seats, seat)
    accept_warnings(page)  # grave actions ask first; a player clicking through says yes
    rng = Rng(seed)
    snapshots: list[dict] = []
    on_board = on_buttons = 0
    while turn_or_end(page):
        before = seq(page)
        assert page.locator(BOARD).count(), (page.inner_text("#board"), errors)
        snapshots.append(page.evaluate(SHOWN))
        legal = set(view_at(page, views, before)["pending"]["actions"])
        acts = page.locator(f"{CLICKABLE}[data-act]").evaluate_all("els => els.map(e => e.dataset.act)")
        assert set(acts) <= legal  # the board offers only legal actions
        action = click_board(page, rng, BOARD) if rng.below(5) else None
        if action is None:
            buttons = page.locator(ENABLED)
            button = buttons.nth(rng.below(buttons.count()))
            action = button.get_attribute("data-action")
            button.click()
            on_buttons += 1
        else:
            on_board += 1
        assert action in legal
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
        expect(page.locator("#notice.error")).to_be_hidden()
        assert on_board + on_buttons < 400
    info = api.wait_finished(gid)
    expect(page.locator("#status")).to_contain_text("Game over.")
    assert info["outcome"]["reason"] in page.inner_text("#outcome")
    expect(page).to_have_title(re.compile("^Game over"))
    snapshots.append(page.evaluate(SHOWN))
    record = api.record(gid)
    states = api.truth(gid)
    mine = [ply for ply in range(len(record.actions)) if states[ply].to_act == seat]
    assert len(mine) == on_board + on_buttons and on_board >= 1
    cards = states[0].content.cards
    for shot in snapshots:
        truth = states[shot["seq"]]
        assert shot["hand"] == truth.private_view(seat)["hand"]
        assert shot["backs"] == {truth.seats[other]: len(truth.hands[other])}
        assert shot["tracks"] == {"prestige": truth.prestige, "currency": truth.currency,
                                  "socialism": truth.socialism, "flight": truth.flight}
        assert [shot["provinces"][p.key]["unrest"] for p in truth.content.provinces] == truth.unrest
        hidden = set(truth.hands[other]) - set(truth.known[seat])
        assert not hidden & set(shot["cards"]), "a card of the other hand is on the page"
        for key in hidden:
            assert cards[key].title not in shot["text"], f"{cards[key].title} (in the other hand) is on the page"
    for message in (m for m in views if m["type"] == "view"):
        assert message["view"]["private"] == json.loads(json.dumps(states[message["seq"]].private_view(seat)))
    # the same board in the replay, from this seat halfway through: nothing to click there
    ply = len(record.actions) // 2
    page.goto(f"{server.url}/replay/{gid}?seat={states[0].seats[seat]}&ply={ply}")
    expect(page.locator("#ply")).to_have_value(str(ply))
    shot = page.evaluate(SHOWN)
    assert shot["hand"] == states[ply].private_view(seat)["hand"]
    assert shot["tracks"]["prestige"] == states[ply].prestige
    assert page.locator(f"{BOARD} [data-uses]").count() == 0
    assert errors == []
