"""The Wir sind das Volk! board (``boards/wsdv.js``) in the system Chromium against a real
server: the schematic map agrees with the printed one; the provinces, tracks, factories, lines,
display and hands show what the view says, on a desktop and in the phone's layout; every legal
action that names something drawn is on that thing (``data-actions``), which a tap plays or
picks (the page's ``Picker``); games against the heuristic bot are played by tapping the board —
on a desktop and on a phone, whose hand, numbers and tapped words read at 11 pixels without
zooming —; and the other side's hand never reaches the page."""

from __future__ import annotations

import json
import re
import statistics

import pytest
from playwright.sync_api import Page, TimeoutError, expect

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.testing.pages import (
    ENABLED,
    NEXT_TAP,
    OVER,
    REACHABLE,
    Coach,
    accept_warnings,
    console_errors,
    font_pixels,
    play_on_board,
    seq,
    turn_or_end,
    unfold,
    view_at,
)

BOARD = "#board svg.wsdv"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"}
DESKTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "de-DE"}

#: JS: what the board shows, read back from its data attributes
SHOWN = """() => {
  const svg = document.querySelector("svg.wsdv");
  const all = (sel) => [...svg.querySelectorAll(sel)];
  // the page's words but the legend's, which names every icon — the Guillaume affair's too, whoever holds that card
  const without = (sel) => {
    const page = document.body.cloneNode(true);
    page.querySelector(sel)?.remove();
    return page.textContent;
  };
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
    text: without("#legend-box"),
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
    provinces: new Set(Object.values(m.PROVINCE_CODE)).size, phoneBadges: Object.keys(m.MAP_PHONE.badgeAt).sort() };
}"""

#: JS: draw ``view`` with the board module (``game``'s) on a bare page as the game page does — on a
#: phone's screen with ``narrow`` — and let the page's Picker hear taps on it; returns the button
#: words of the legal actions
DRAW = """async ([game, view, players, narrow]) => {
  const board = await import(`/static/boards/${game}.js`);
  const { Picker } = await import("/static/js/picking.js");
  const content = (name) => fetch(`/api/content/${game}/${name}`).then((r) => r.json());
  window.boardData = window.boardData || await board.load({ content });
  window.played = [];
  window.listed = null;
  const choices = view.pending ? view.pending.choices : [];
  const ctx = { seat: view.seat, players, legal: new Set(choices.map((c) => c.action)), choices,
    act: () => {}, content, data: window.boardData, narrow };
  const area = document.createElement("div");
  area.style.width = narrow ? "374px" : "1000px";
  document.body.replaceChildren(area);
  window.picker = new Picker(area, { play: (a) => window.played.push(a), show: (a) => { window.listed = a; } });
  area.append(board.render(view, ctx));
  window.picker.redrawn();
  return Object.fromEntries(choices.map((c) => [c.action, c.label]));
}"""

#: JS: every board thing that carries actions — its actions, name, role, focus, accessible words
#: (its SVG title or its text), whether it holds another such thing, whether a click reaches it
THINGS = """() => [...document.querySelectorAll("svg.board [data-actions]")].map((el) => {
  const title = [...el.children].find((c) => c.tagName === "title");
  return { what: `${el.getAttribute("class")} ${el.dataset.name}`, actions: JSON.parse(el.dataset.actions),
    name: el.dataset.name || "", role: el.getAttribute("role"), tabindex: el.getAttribute("tabindex"),
    words: (title ? title.textContent : el.textContent).trim(), nested: el.querySelector("[data-actions]") !== null,
    reachable: (REACHABLE)(el) !== null };
})""".replace("REACHABLE", REACHABLE)

#: JS: each action tapped on the board as ``play_on_board`` taps it (``NEXT_TAP``: the thing that
#: leaves it among fewest actions, then the next that narrows the pick): "played" when the taps play
#: it, "listed" when they leave it among the picked things' actions in the dock, else "none" (or what
#: else was played)
CHOOSE = """(actions) => Object.fromEntries(actions.map((action) => {
  window.picker.letGo();
  window.played = [];
  for (let i = 0; i < 8 && !window.played.length; i += 1) {
    const things = [...document.querySelectorAll("[data-actions]")];
    const next = (NEXT_TAP)(things, action);
    if (next < 0) break;
    things[next].dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  const outcome = window.played.length ? (window.played[0] === action ? "played" : `played ${window.played[0]}`)
    : window.picker.picked && window.listed && window.listed.includes(action) ? "listed" : "none";
  window.picker.letGo();
  return [action, outcome];
}))""".replace("NEXT_TAP", NEXT_TAP)

#: actions with no place on the board: they stay buttons of the panel (and "ignore nothing")
BUTTON_ONLY = {"done", "keep", "deliver", "nothing", "west-draws"}
#: actions taps may leave in the dock's list of the thing picked rather than play: a card's use, a
#: card of the deck's top removed from the game (it may be swapped for, too)
LISTED = {"take", "play", "remove"}


def players_of(view: dict) -> list[dict]:
    return [{"seat": s, "kind": "human", "name": s.title(), "joined": True, "online": True} for s in view["seats"]]


def sit_down(server, api, ctx, seats: list[str], seat: int = 0) -> tuple[Page, str, list[dict], list[str]]:
    """Create a game, open ``seat``'s invitation in ``ctx`` and take it; returns the page, the game
    id, the messages the page receives and sends (as they go) and the page's console errors."""
    game = api.create(seats, game="wsdv")
    page = ctx.new_page()
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
    assert len(layout["phoneBadges"]) == 14  # the phone's bigger badges each have their own place


def check_things(page: Page, view: dict, button_only: set[str] = BUTTON_ONLY) -> dict[str, str]:
    """The board's things that carry actions, for the view just drawn: legal actions only, a name,
    a button for the keyboard and assistive technology with words of its own, none inside another,
    each reached by a click; together they name every legal action that has a place on the board,
    and tapping leads to each (``CHOOSE``). Returns each legal action's outcome."""
    legal = set(view["pending"]["actions"]) if "pending" in view else set()
    things = page.evaluate(THINGS)
    named: set[str] = set()
    for thing in things:
        assert thing["actions"] and set(thing["actions"]) <= legal, thing
        assert thing["name"] and thing["words"] and thing["role"] == "button" and thing["tabindex"] == "0", thing
        assert not thing["nested"] and thing["reachable"], thing
        named |= set(thing["actions"])
    drawn = {a for a in legal if a.split(" ")[0] not in button_only and a != "ignore nothing"}
    assert drawn <= named, drawn - named
    outcomes = page.evaluate(CHOOSE, sorted(drawn))
    assert set(outcomes.values()) <= {"played", "listed"}, outcomes
    return outcomes


def check_view(page: Page, view: dict, narrow: bool = False) -> dict[str, str]:
    """Draw ``view`` (a phone's layout with ``narrow``) and check the board: it shows the view, its
    things carry the legal actions (``check_things``), every action has button words."""
    labels = page.evaluate(DRAW, ["wsdv", view, players_of(view), narrow])
    assert_shows(page.evaluate(SHOWN), view)
    outcomes = check_things(page, view)
    for action, words in labels.items():
        assert words != action and "undefined" not in words and "null" not in words, (action, words)
    return outcomes


def test_views_of_random_games_are_drawn_and_every_board_action_is_a_tap(server, context):
    """Seeded random games whose decisions cover every action verb: many views, each checked on a
    desktop, the first of each kind of decision in the phone's layout too."""
    page = context().new_page()
    errors = console_errors(page)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server.url + "/api/catalog")  # a page of the server without scripts of its own
    game = get("wsdv")
    checked: dict[tuple, int] = {}
    played: set[str] = set()
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
                view = json.loads(json.dumps(state.view(state.to_act, log_from=None)))
                for narrow in (False, True) if checked[kinds] == 1 else (False,):  # a phone's layout once a kind
                    outcomes = check_view(page, view, narrow)
                    played |= {a.split(" ")[0] for a, outcome in outcomes.items() if outcome == "played"}
            if state.ply % 40 == 0:  # the other seat, and a spectator: nothing to tap
                for seat in (1 - state.to_act, None):
                    assert check_view(page, json.loads(json.dumps(state.view(seat, log_from=None)))) == {}
            state.apply(legal[rng.below(len(legal))])
    assert seen - BUTTON_ONLY - LISTED <= played  # every other verb of these games was played by taps alone
    assert len(seen) >= 29
    assert errors == []


def test_a_tap_on_a_card_lists_its_uses_and_one_plays_it(server, api, context):
    """The first decision of a game: a display card carries its legal uses; a tap picks it — the dock
    lists only those —, a tap on a use plays it; a province in the next decision plays at a tap."""
    page, gid, views, errors = sit_down(server, api, context(), ["human", "heuristic"])
    accept_warnings(page)
    assert turn_or_end(page)
    view = view_at(page, views, seq(page))
    assert_shows(page.evaluate(SHOWN), view)
    cards = get("wsdv").new_state(2).content.cards
    for button in page.locator(ENABLED).all():
        action = button.get_attribute("data-action").split(" ")
        if action[0] in ("take", "play"):
            assert cards[action[1]].title in button.inner_text()  # buttons name the card
    legal = set(view["pending"]["actions"])
    key = view["public"]["display"][0]
    card = page.locator(f"{BOARD} .display g.card[data-card='{key}']")
    uses = sorted(a for a in legal if a.startswith(f"take {key} "))
    assert sorted(json.loads(card.get_attribute("data-actions"))) == uses and len(uses) > 1
    page.mouse.click(*card.evaluate(REACHABLE))
    expect(card).to_have_class(re.compile(r"\bpicked\b"))
    listed = page.locator("#pending .actions.picked button.action")
    assert sorted(listed.evaluate_all("bs => bs.map(b => b.dataset.action)")) == uses
    before = seq(page)
    chosen = next((u for u in uses if u.endswith(" calm")), uses[0])
    page.locator(f"#pending button.action[data-action='{chosen}']").click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(page.locator("#notice.error")).to_be_hidden()
    assert [m["action"] for m in views if m.get("sent") and m["type"] == "act"] == [chosen]
    if chosen.endswith(" calm") and turn_or_end(page):  # a province with unrest: one tap removes it
        legal = view_at(page, views, seq(page))["pending"]["actions"]
        province = next((a for a in legal if a.startswith("calm ")), None)
        if province:
            before = seq(page)
            assert play_on_board(page, province)
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
            assert [m["action"] for m in views if m.get("sent") and m["type"] == "act"][-1] == province
    assert errors == []


#: the texts of the numbers a turn depends on: the tracks, the unrest and living standard of the
#: provinces (badges and table), the display's and the hand's cards
NUMBERS = ".tracks .track text, .badge text.unrest, .badge text.ls, .provinces-table text.cell"
#: the person's decisions played in a game (a game lasts some 50 to 120 of them): then a bot plays the seat to the end
MOST = 55
#: JS: whether the page scrolls sideways
SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"


def assert_reads_on_a_phone(page: Page, numbers: str = NUMBERS) -> None:
    """The phone's board as shown, without zooming: the hand and the numbers at least 11 pixels
    tall, the words on the things a player taps 11 pixels at the median, nothing sideways."""
    hand = font_pixels(page, "#board .hand")
    assert hand and min(hand) >= 11, hand
    key = font_pixels(page, f"#board :is({numbers})")
    assert key and min(key) >= 11, key
    tapped = font_pixels(page, "#board [data-actions]")
    assert not tapped or statistics.median(tapped) >= 11, tapped
    assert not page.evaluate(SIDEWAYS)


def play_person(page: Page, views: list[dict], coach: Coach, seat: int, rng: Rng, phone: bool, shown: str = SHOWN,
                numbers: str = NUMBERS, most: int = 400) -> tuple[dict[str, int], list[dict]]:
    """Play the person's decisions to the end of the game, or ``most`` of them: the heuristic's choice,
    by taps on the board where they lead to it, else by its button (the folded list opened). Checks
    each decision's board offers legal actions only, and on a phone that it reads without zooming.
    Returns how many decisions there were, how many offered a board thing and how many were played
    on the board alone; and what the board showed at each (``shown``), and after them."""
    counts = {"decisions": 0, "things": 0, "on_board": 0}
    snapshots = []
    while counts["decisions"] < most and turn_or_end(page):
        before = seq(page)
        snapshots.append(page.evaluate(shown))
        legal = set(view_at(page, views, before)["pending"]["actions"])
        offered = page.locator("#board [data-actions]").evaluate_all(
            "ts => ts.flatMap(t => JSON.parse(t.dataset.actions))")
        assert set(offered) <= legal  # the board offers only legal actions
        counts["decisions"] += 1
        counts["things"] += bool(offered)
        if phone:
            assert_reads_on_a_phone(page, numbers)
        action = coach.choice(seat, rng)
        assert action in legal
        tapped = play_on_board(page, action, touch=phone)
        if tapped:
            counts["on_board"] += 1
        else:
            unfold(page)
            page.locator(f"{ENABLED}[data-action='{action}']").click()
        try:
            page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
        except TimeoutError as error:
            things = page.locator("#board [data-actions]").evaluate_all(
                "ts => ts.map(t => [t.dataset.name, t.dataset.actions, t.getAttribute('class')])")
            raise AssertionError(f"{action!r} (tapped on the board: {tapped}) was not played; the things naming it: "
                                 f"{[t for t in things if action in json.loads(t[1])]}") from error
        expect(page.locator("#notice.error")).to_be_hidden()
    snapshots.append(page.evaluate(shown))
    return counts, snapshots


def finish(api, page: Page, gid: str) -> None:
    """End a game the person played a part of: the person resigns, a bot plays their seat to the end,
    and the page, opened again, shows the result."""
    page.wait_for_selector(f"#resign, {OVER}")  # either shows: the page has drawn the seat's state
    if page.locator(OVER).count() == 0:
        page.click("#resign")  # the page asks first (accept_warnings says yes)
        api.wait_finished(gid)
        page.reload()


def check_game(api, page: Page, gid: str, seat: int, views: list[dict], counts: dict[str, int],
               snapshots: list[dict], lang: str) -> list:
    """After a game the person played to its end (or a part of, then resigned: ``finish``): the result
    in the page's language; as many decisions as the record has up to the last snapshot; every view's
    private part the truth's; every snapshot of the board the truth of its moment, with no card of
    the other hand. Returns the game's states."""
    info = api.wait_finished(gid)
    expect(page.locator("#outcome h3")).to_be_visible()
    assert info["outcome"]["reasons"][lang] in page.inner_text("#outcome")
    states = api.truth(gid)
    assert len([ply for ply in range(snapshots[-1]["seq"]) if states[ply].to_act == seat]) == counts["decisions"]
    for message in (m for m in views if m["type"] == "view"):
        assert message["view"]["private"] == json.loads(json.dumps(states[message["seq"]].private_view(seat)))
    cards = states[0].content.cards
    held: set[str] = set()  # a card the person gave away in a swap is no secret to them
    for shot in snapshots:
        truth = states[shot["seq"]]
        other = 1 - seat
        held |= set(shot["hand"])
        assert shot["hand"] == truth.private_view(seat)["hand"]
        assert shot["backs"] == {truth.seats[other]: len(truth.hands[other])}
        assert shot["tracks"] == {"prestige": truth.prestige, "currency": truth.currency,
                                  "socialism": truth.socialism, "flight": truth.flight}
        assert [shot["provinces"][p.key]["unrest"] for p in truth.content.provinces] == truth.unrest
        hidden = set(truth.hands[other]) - set(truth.known[seat]) - held
        assert not hidden & set(shot["cards"]), "a card of the other hand is on the page"
        for key in hidden:
            at = shot["text"].find(cards[key].title)
            assert at < 0, f"{cards[key].title} (in the other hand) is on the page: {shot['text'][at - 200:at]!r}"
    return states


@pytest.mark.parametrize(("seat", "screen"), [(0, "desktop"), (1, "phone")],
                         ids=["as-west-on-a-desktop", "as-east-on-a-phone"])
def test_games_against_the_heuristic_bot_are_played_by_tapping_the_board(server, api, browser, seat, screen):
    """The person's moves are the heuristic's choices, tapped on the board wherever it leads to them,
    else pressed in the list — the first 55 decisions of a game, then a bot plays the seat to the end
    —, in as many games as it takes for 30 moves on the board alone (a game may end early: a bankrupt
    East); 80 % of the decisions offer a board thing. The page shows the truth of every moment and
    never the other hand; the replay draws the same board with nothing to tap."""
    seats = ["heuristic", "heuristic"]
    seats[seat] = "human"
    options = PHONE if screen == "phone" else DESKTOP
    total = {"decisions": 0, "things": 0, "on_board": 0}
    ctx = browser.new_context(**options, reduced_motion="reduce")
    ctx.set_default_timeout(15000)
    try:
        for game in range(3):
            page, gid, views, errors = sit_down(server, api, ctx, seats, seat)
            accept_warnings(page)  # grave actions ask first; a player tapping through says yes
            coach = Coach(server.db, gid)
            try:
                counts, snapshots = play_person(page, views, coach, seat, Rng(seat + 3 + game), screen == "phone",
                                                most=MOST)
            finally:
                coach.close()
            finish(api, page, gid)
            states = check_game(api, page, gid, seat, views, counts, snapshots, options["locale"][:2])
            total = {key: total[key] + counts[key] for key in total}
            assert errors == []
            if total["on_board"] >= 30:
                break
        assert total["on_board"] >= 30, total
        assert total["things"] >= 0.8 * total["decisions"], total
        # the last game's board in the replay, from this seat halfway through: nothing to tap there
        ply = len(states) // 2
        page.goto(f"{server.url}/replay/{gid}?seat={states[0].seats[seat]}&ply={ply}")
        expect(page.locator("#ply")).to_have_value(str(ply))
        shot = page.evaluate(SHOWN)
        assert shot["hand"] == states[ply].private_view(seat)["hand"]
        assert shot["tracks"]["prestige"] == states[ply].prestige
        assert page.locator(f"{BOARD} [data-actions]").count() == 0
        assert errors == []
    finally:
        ctx.close()
