"""The Wir sind das Volk! 2+2 board (``boards/wsdv-2p2.js``) in the system Chromium against a
real server: views of seeded random games drawn on a bare page — on a desktop and in the phone's
layout — show what the view says (the 2+2 tracks, treasuries, decks, sub-decade displays, seats
and hands, and the base board); every legal action that names something drawn is on that thing,
which a tap plays or picks (a card's arms-race use on the arms race, its credit on your
treasury), and no other hand ever reaches the page; then games of one person against three
heuristic bots are played by tapping the board, on a desktop and on a phone that reads without
zooming."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.wsdv.two_plus_two.content import load
from realpolitik.testing.pages import Coach, accept_warnings, console_errors, play_on_board
from realpolitik.testing.positions import Stage
from tests.web.test_board_wsdv import (
    DESKTOP,
    DRAW,
    MOST,
    NUMBERS,
    PHONE,
    check_things,
    finish,
    play_person,
    players_of,
)

BOARD = "#board svg.wsdv-2p2"
CONTENT = load("", "")
TREASURY = CONTENT.treasury
TEAM = {"usa": "yellow", "west": "yellow", "ussr": "red", "east": "red"}

#: JS: a point (viewport pixels) where a click lands on ``el`` itself, or null when none does

#: JS: what the board shows, read back from its data attributes and texts
SHOWN = """() => {
  const svg = document.querySelector("svg.wsdv-2p2");
  const all = (sel) => [...svg.querySelectorAll(sel)];
  // the page's words but the legend's, which names every icon — the Guillaume affair's too, whoever holds that card
  const without = (sel) => {
    const page = document.body.cloneNode(true);
    page.querySelector(sel)?.remove();
    return page.textContent;
  };
  const one = (sel) => svg.querySelector(sel);
  return {
    seq: Number(document.body.dataset.seq),
    tracks: Object.fromEntries(all("g.track").map((g) => [g.dataset.track, Number(g.dataset.value)])),
    treasury: Object.fromEntries(all("g.treasury").map((g) => [g.dataset.power, [Number(g.dataset.value),
      g.dataset.marker]])),
    decks: Object.fromEntries(all("g.deck-2p2").map((g) => [g.dataset.deck, [Number(g.dataset.count),
      g.dataset.last || null]])),
    deck: Number(one("g.deck").dataset.cards),
    doves: Number(one("g.peace").dataset.doves),
    button: one("g.peace").dataset.redButton || null,
    notes: { ...one("g.cold-war-notes").dataset },
    seats: all("g.seat-box").map((g) => [g.dataset.seat, g.dataset.team, Number(g.dataset.hand),
      Number(g.dataset.peacemakers), g.dataset.toAct === "true"]),
    display: all(".display g.card").map((g) => g.dataset.card),
    displayTitle: one(".display text").textContent,
    hand: all(".hand g.card").map((g) => g.dataset.card),
    hands: all(".hand").length,
    backs: Object.fromEntries(all("g.other-hand").map((g) => [g.dataset.seat, [g.querySelectorAll(".back").length,
      g.dataset.team]])),
    played: all("g.played-card").map((g) => g.dataset.card),
    unrest: Object.fromEntries(all("g.province").map((g) => [g.dataset.province, Number(g.dataset.unrest)])),
    banner: one(".banner").textContent,
    cards: all("[data-card]").map((g) => g.dataset.card),
    text: without("#legend-box"),
  };
}"""

#: JS: each board thing's actions, and the track or treasury it lies in (none elsewhere)
PLACES = """() => [...document.querySelectorAll("svg.wsdv-2p2 [data-actions]")].map((el) => {
  const place = el.closest("g.track, g.treasury");
  return { actions: JSON.parse(el.dataset.actions), place: place ? place.dataset.track || "treasury" : null };
})"""

#: actions with no place on the board: they stay buttons of the panel
BUTTON_ONLY = {"done", "keep", "deliver", "nothing", "west-draws", "yellow-draws"}
#: actions taps may leave in the dock's list of the thing picked: a card's use on no track or treasury,
#: a card of the deck's top removed, and how a prestige arrow splits into prestige and dominance steps
#: (the dominance title stands for each split)
LISTED = {"take", "play", "remove", "prestige", "dominance"}


def marker(value: int) -> str:
    """The treasury marker the board must show: flipped below the printed spaces, +10 above."""
    return "flipped" if value < TREASURY.flip + 1 else "plus10" if value > TREASURY.plus10 - 1 else ""


def hidden_cards(state, seat: int | None) -> set[str]:
    """Cards in other hands that ``seat`` does not know."""
    known = set(state.known[seat]) if seat is not None else set()
    return {k for s, hand in enumerate(state.hands) if s != seat for k in hand} - known


#: card titles that no other card's title contains (a hidden card's title must not be on the page)
OWN_TITLES = {k: c.title for k, c in CONTENT.cards.items()
              if not any(c.title in o.title for j, o in CONTENT.cards.items() if j != k)}


def assert_hidden(shown: dict, hidden: set[str]) -> None:
    """No card of ``hidden`` is on the page: neither its key nor its title."""
    assert not hidden & set(shown["cards"]), "a card of another hand is on the page"
    for key in hidden & OWN_TITLES.keys():
        title = OWN_TITLES[key]
        on_page = re.search(rf"(?<!\w){re.escape(title)}(?!\w)", shown["text"])
        assert not on_page, f"{title} (in another hand) is on the page"


def assert_shows(shown: dict, view: dict) -> None:
    """The board read back (``SHOWN``) says what ``view`` says."""
    pub = view["public"]
    cw = pub["cold_war"]
    assert shown["tracks"] == {**pub["tracks"], "arms": cw["arms_race"], "space": cw["space_race"],
                               "dominance": cw["dominance"]}
    assert shown["treasury"] == {p: [v, marker(v)] for p, v in cw["treasury"].items()}
    assert shown["decks"] == {"arms": [cw["arms_deck"]["count"], cw["arms_deck"]["last"]],
                              "conflict": [cw["conflict_deck"]["count"], cw["conflict_deck"]["last"]]}
    assert shown["deck"] == pub["deck"]
    assert (shown["doves"], shown["button"]) == (cw["doves"], cw["red_button"])
    assert shown["notes"]["prepared"] == ",".join(map(str, cw["prepared"]))
    assert shown["notes"]["vp"] == f"{cw['victory_points']['usa']},{cw['victory_points']['ussr']}"
    assert shown["seats"] == [[seat, TEAM[seat], len(pub["hands"][seat]), len(cw["peacemakers"][seat]),
                               view["to_act"] == seat] for seat in view["seats"]]
    assert shown["display"] == pub["display"] + ([pub["special"]] if pub["special"] else [])
    assert shown["displayTitle"] == f"Display — sub-decade {pub['sub_decade'] or '–'}"
    assert shown["played"] == pub["played"]
    assert shown["unrest"] == {p["key"]: p["unrest"] for p in pub["provinces"]}
    mine = view["private"]
    assert shown["hands"] == (1 if mine else 0)
    assert shown["hand"] == (mine["hand"] if mine else [])
    assert shown["backs"] == {seat: [len(d), TEAM[seat]] for seat, d in pub["hands"].items() if seat != view["seat"]}


def place(action: str, phase: str | None) -> str | None:
    """Where on the board an action must be: the track or treasury it moves, else none of them."""
    words = action.split(" ")
    if words[0] == "shift":
        return words[1]
    if words[0] in ("prestige", "dominance"):  # a prestige arrow moved as dominance: the dominance title
        return "dominance"
    if words[0] == "bonus":  # a dominance box in the dominance phase, a prestige space in the prestige phase
        return "dominance" if phase == "dominance" else "prestige"
    if words[0] in ("take", "play") and words[2] in ("arms", "credit"):  # a card's use: the card, and its place
        return "arms" if words[2] == "arms" else "treasury"
    return "treasury" if words[0] in ("income", "first") else None  # "first": the superpower that draws first


def check_view(page: Page, view: dict, hidden: set[str], narrow: bool = False) -> dict[str, str]:
    """Draw ``view`` (a phone's layout with ``narrow``) and check the board: it shows the view and
    nothing of the ``hidden`` cards, its things carry the legal actions (``check_things``), a track's
    or a treasury's only their own, and each of those is on its own; every action has button words.
    Returns each legal action's outcome of taps (``CHOOSE``)."""
    labels = page.evaluate(DRAW, ["wsdv-2p2", view, players_of(view), narrow])
    shown = page.evaluate(SHOWN)
    assert_shows(shown, view)
    assert_hidden(shown, hidden)
    outcomes = check_things(page, view, BUTTON_ONLY)
    phase = view["public"]["phase"]
    placed = set()
    for thing in page.evaluate(PLACES):
        if thing["place"]:
            assert all(place(a, phase) == thing["place"] for a in thing["actions"]), thing
            placed |= set(thing["actions"])
    assert {a for a in outcomes if place(a, phase)} <= placed
    for action, words in labels.items():
        assert words != action and "undefined" not in words and "null" not in words and "NaN" not in words, (
            action, words)
    return outcomes


def test_views_of_random_games_are_drawn_and_every_board_action_is_a_tap(server, context):
    """Seeded random games: views of every kind of decision, each checked as the acting seat (the
    first of each kind in the phone's layout too), and now and then as the other three seats and a
    spectator."""
    page = context().new_page()
    errors = console_errors(page)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server.url + "/api/catalog")  # a page of the server without scripts of its own
    game = get("wsdv-2p2")
    checked: dict[tuple, int] = {}
    played: set[str] = set()
    seen: set[str] = set()
    for seed in (14, 116, 17, 2):  # four random games that meet 30 kinds of action in 682 plies
        state = game.new_state(4, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            verbs_now = {a.split(" ")[0] for a in legal}
            seen |= verbs_now
            seat = state.to_act
            kinds = (*sorted(verbs_now), state.eod)  # per phase of the end of a decade: "bonus" means two things
            if checked.get(kinds, 0) < 2 or state.ply % 40 == 0:
                checked[kinds] = checked.get(kinds, 0) + 1
                view = json.loads(json.dumps(state.view(seat, log_from=None)))
                for narrow in (False, True) if checked[kinds] == 1 else (False,):
                    outcomes = check_view(page, view, hidden_cards(state, seat), narrow)
                    played |= {a.split(" ")[0] for a, outcome in outcomes.items() if outcome == "played"}
                    uses = {a: o for a, o in outcomes.items() if a.split(" ")[0] in ("take", "play")}
                    assert all(o == "played" for a, o in uses.items() if a.split(" ")[2] in ("arms", "credit")), uses
            if state.ply % 60 == 0:  # the other seats, and a spectator: nothing to tap
                for other in [s for s in range(4) if s != seat] + [None]:
                    view = json.loads(json.dumps(state.view(other, log_from=None)))
                    assert check_view(page, view, hidden_cards(state, other)) == {}
            state.apply(legal[rng.below(len(legal))])
    assert seen - BUTTON_ONLY - LISTED <= played  # every other verb played by taps alone
    assert {"shift", "prestige", "dominance", "bonus", "income", "look", "swap", "yellow-draws"} <= seen
    assert len(seen) >= 30
    assert errors == []


def test_the_treasury_markers_the_advantage_and_the_2p2_words(server, context):
    """A treasury below the printed spaces flips its marker, one above them takes the +10 marker;
    the arms race names its advantage; 2+2 cards get their own faces and 2+2 uses their words."""
    page = context().new_page()
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server.url + "/api/catalog")
    state = get("wsdv-2p2").new_state(4, {}, 3)
    state.treasury = [TREASURY.flip - 2, TREASURY.plus10 + 3]
    state.arms = 2
    state._legal = None  # legal actions again, for a superpower in the red
    view = json.loads(json.dumps(state.view(state.to_act, log_from=None)))
    assert view["seat"] == "usa" and view["public"]["cold_war"]["in_the_red"] == ["usa"]
    labels = page.evaluate(DRAW, ["wsdv-2p2", view, [], False])
    shown = page.evaluate(SHOWN)
    assert shown["treasury"] == {"usa": [TREASURY.flip - 2, "flipped"], "ussr": [TREASURY.plus10 + 3, "plus10"]}
    treasuries = page.locator("svg.wsdv-2p2 g.treasury").all_text_contents()
    assert f"USA treasury: −${2 - TREASURY.flip}" in treasuries[0] and "in the red" in treasuries[0]
    assert f"${TREASURY.plus10 + 3} (+10 marker)" in treasuries[1]
    level = CONTENT.arms.level[2]
    assert f"Arms race: USSR 2 · advantage USSR level {level}" in shown["text"]
    assert set(labels) == {a for a in view["pending"]["actions"]}
    assert all(a.split(" ")[2] in ("credit", "event") for a in labels)  # in the red: a credit or an income event
    for action, words in labels.items():
        key = action.split(" ")[1]
        card = CONTENT.cards[key]
        assert card.title in words
        if action.endswith(" credit"):
            value = card.value[0] if isinstance(card.value, tuple) else card.value
            assert words.endswith(f"credit: +${value} for your treasury") or ", then " in words, words
    credits = sorted(a for a in labels if a.endswith(" credit"))  # USA's treasury takes every card's credit
    assert sorted(json.loads(page.get_attribute("svg.wsdv-2p2 g.treasury[data-power=usa]", "data-actions"))) == credits
    faces = page.locator("svg.wsdv-2p2 .display g.card.x22")
    pub = view["public"]
    assert faces.count() == sum(1 for k in pub["display"] + [pub["special"]] if k and k.startswith("x")) > 1


def _random_game_until(action: str, seed: int):
    """The position where the seeded random game ``seed`` first offers ``action``."""
    state = get("wsdv-2p2").new_state(4, {}, seed)
    rng = Rng(seed)
    while not state.is_over() and action not in state.legal_actions():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert not state.is_over(), f"random game {seed} ends before it offers {action}"
    return state


def test_a_move_the_taps_cannot_tell_apart_is_left_to_the_list(server, api, browser):
    """Thüringen's living standard and the factory in the ČSSR (south) counted for Thüringen both name
    Thüringen — its area, its badge and its table row —; only the factory tells one from the other.
    On a phone, taps on the board play the factory's move, but not the living standard, which they
    leave to the list: nothing is sent and nothing stays picked (a finger's tap on the area lands on
    the badge beside it, a second tap there lets go)."""
    state = _random_game_until("assign cssr-s th", 284)  # a rare move: 1 of 200 random games meets it
    assert "ls th" in state.legal_actions()
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        Stage(server, api, "wsdv-2p2", 4).open(page, state, seat=state.to_act)
        waiting = "() => document.querySelectorAll('#pending button.action:not([disabled])').length > 0"
        assert not play_on_board(page, "ls th", touch=True)
        assert page.evaluate(waiting) and page.locator("#board .picked").count() == 0  # nothing sent, nothing picked
        assert play_on_board(page, "assign cssr-s th", touch=True)
        assert not page.evaluate(waiting)  # sent: the page holds its buttons while the server answers
    finally:
        ctx.close()


#: the texts of the numbers a 2+2 turn depends on besides the base game's: the three 2+2 tracks'
#: positions, the treasuries, the victory points
NUMBERS_2P2 = f"{NUMBERS}, .races .track-title text, .races .space text, .treasury text, .cold-war-notes text.vp"


def check_game(api, page: Page, gid: str, seat: int, views: list[dict], counts: dict[str, int],
               snapshots: list[dict], lang: str) -> list:
    """After a game the person played a part of and resigned (``finish``), or played to its end: the
    result in the page's language; as many decisions as the record has up to the last snapshot; every
    view's private part the truth's; every snapshot of the board the truth of its moment, with no card
    of another hand. Returns the game's states."""
    info = api.wait_finished(gid)
    expect(page.locator("#outcome h3")).to_be_visible()
    assert info["outcome"]["reasons"][lang] in page.inner_text("#outcome")
    states = api.truth(gid)
    assert len([ply for ply in range(snapshots[-1]["seq"]) if states[ply].to_act == seat]) == counts["decisions"]
    for message in (m for m in views if m["type"] == "view"):
        assert message["view"]["private"] == json.loads(json.dumps(states[message["seq"]].private_view(seat)))
    for shot in snapshots:
        truth = states[shot["seq"]]
        assert shot["hand"] == truth.private_view(seat)["hand"]
        assert shot["backs"] == {truth.seats[s]: [len(truth.hands[s]), TEAM[truth.seats[s]]] for s in range(4)
                                 if s != seat}
        assert shot["treasury"] == {"usa": [truth.treasury[0], marker(truth.treasury[0])],
                                    "ussr": [truth.treasury[1], marker(truth.treasury[1])]}
        assert shot["tracks"] == {"prestige": truth.prestige, "currency": truth.currency, "socialism": truth.socialism,
                                  "flight": truth.flight, "arms": truth.arms, "space": truth.space,
                                  "dominance": truth.dominance}
        assert shot["decks"] == {"arms": [len(truth.arms_deck), truth.arms_last or None],
                                 "conflict": [len(truth.conflict_deck), truth.conflict_last or None]}
        assert shot["display"] == truth.display + ([truth.special] if truth.special else [])
        assert shot["doves"] == truth.doves
        assert_hidden(shot, hidden_cards(truth, seat))
    return states


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_games_against_three_heuristic_bots_are_played_by_tapping_the_board(server, api, browser, screen):
    """A person plays the Soviet Union: the heuristic's choices, tapped on the board wherever it
    leads to them, else pressed in the list — the first 55 decisions of a game, then a bot plays the
    seat to the end —, in as many games as it takes for 30 moves on the board alone; 80 % of the
    decisions offer a board thing; on a phone the board reads without zooming. The page shows the
    truth of every moment and no other hand; the replay has nothing to tap."""
    seats = ["heuristic", "human", "heuristic", "heuristic"]
    seat = 1
    options = PHONE if screen == "phone" else DESKTOP
    total = {"decisions": 0, "things": 0, "on_board": 0}
    ctx = browser.new_context(**options, reduced_motion="reduce")
    ctx.set_default_timeout(15000)
    try:
        for round_ in range(3):
            game = api.create(seats, game="wsdv-2p2")
            page = ctx.new_page()
            accept_warnings(page)  # grave actions ask first; a player tapping through says yes
            errors = console_errors(page)
            views: list[dict] = []

            def watch(ws, views=views) -> None:
                ws.on("framereceived", lambda payload: views.append(json.loads(payload)))

            page.on("websocket", watch)
            page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "ussr"))
            page.fill("#join-name", "Ann")
            page.click("#join-button")
            page.wait_for_selector(BOARD)
            coach = Coach(server.db, game["id"])
            try:
                counts, snapshots = play_person(page, views, coach, seat, Rng(11 + round_), screen == "phone", SHOWN,
                                                NUMBERS_2P2, most=MOST)
            finally:
                coach.close()
            finish(api, page, game["id"])
            states = check_game(api, page, game["id"], seat, views, counts, snapshots, options["locale"][:2])
            total = {key: total[key] + counts[key] for key in total}
            assert errors == []
            if total["on_board"] >= 30:
                break
        assert total["on_board"] >= 30, total
        assert total["things"] >= 0.8 * total["decisions"], total
        # the last game's board in the replay, from this seat halfway through: nothing to tap there
        ply = len(states) // 2
        page.goto(f"{server.url}/replay/{game['id']}?seat=ussr&ply={ply}")
        expect(page.locator("#ply")).to_have_value(str(ply))
        shot = page.evaluate(SHOWN)
        assert shot["hand"] == states[ply].private_view(seat)["hand"]
        assert shot["treasury"]["ussr"][0] == states[ply].treasury[1]
        assert page.locator(f"{BOARD} [data-actions]").count() == 0
        assert errors == []
    finally:
        ctx.close()
