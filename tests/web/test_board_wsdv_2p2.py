"""The Wir sind das Volk! 2+2 board (``boards/wsdv-2p2.js``) in the system Chromium against a
real server: views of seeded random games drawn on a bare page show what the view says (the
2+2 tracks, treasuries, decks, sub-decade displays, seats and hands, and the base board),
every legal action that has a place on the board is a click there, and no other hand ever
reaches the page; then a whole game of one person against three heuristic bots is played by
clicking the board."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.wsdv.two_plus_two.content import load
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

BOARD = "#board svg.wsdv-2p2"
CLICKABLE = f"{BOARD} [data-uses]"
CONTENT = load("", "")
TREASURY = CONTENT.treasury
TEAM = {"usa": "yellow", "west": "yellow", "ussr": "red", "east": "red"}

#: JS: a point (viewport pixels) where a click lands on ``el`` itself, or null when none does

#: JS: what the board shows, read back from its data attributes and texts
SHOWN = """() => {
  const svg = document.querySelector("svg.wsdv-2p2");
  const all = (sel) => [...svg.querySelectorAll(sel)];
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
    text: document.body.textContent,
  };
}"""

#: JS: draw ``view`` with the board module on a bare page, as the game page does; returns the
#: button words of the legal actions
DRAW = """async ([view, players]) => {
  const board = await import("/static/boards/wsdv-2p2.js");
  const content = (name) => fetch(`/api/content/wsdv-2p2/${name}`).then((r) => r.json());
  window.boardData = window.boardData || await board.load({ content });
  window.acted = [];
  const choices = view.pending ? view.pending.choices : [];
  const ctx = { seat: view.seat, players, legal: new Set(choices.map((c) => c.action)), choices,
    act: (text) => window.acted.push(text), content, data: window.boardData };
  document.body.replaceChildren(board.render(view, ctx));
  return Object.fromEntries(choices.map((c) => [c.action, c.label]));
}"""

#: JS: per board element that acts, the actions a click offers (played at once, or in its menu)
OFFERED = """() => {
  const reach = REACHABLE;
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return [...document.querySelectorAll("svg.wsdv-2p2 [data-uses]")].map((el) => {
    let actions = [];
    let words = [];
    click(el);
    const menu = document.querySelector("svg.wsdv-2p2 .choices");
    if (menu) {
      actions = [...menu.querySelectorAll(".choice")].map((c) => c.dataset.action);
      words = [...menu.querySelectorAll(".choice")].map((c) => c.textContent);
      click(menu.querySelector(".choice"));
      menu.remove();
    }
    const acted = window.acted.splice(0);
    const place = el.closest("g.track, g.treasury");
    return { what: `${el.getAttribute("class")} ${JSON.stringify(el.dataset)}`, uses: Number(el.dataset.uses),
      single: el.dataset.act || null, actions, words, acted, reachable: reach(el) !== null,
      place: place ? place.dataset.track || "treasury" : null };
  });
}""".replace("REACHABLE", REACHABLE)

#: actions with no place on the board: they stay buttons of the panel
BUTTON_ONLY = {"done", "keep", "deliver", "ignore", "next", "nothing", "west-draws", "yellow-draws"}


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
    return "treasury" if words[0] == "income" else None


def check_view(page: Page, view: dict, hidden: set[str]) -> set[str]:
    """Draw ``view`` and check the board: it shows the view and nothing of the ``hidden`` cards,
    every element that acts can be clicked and offers legal actions only (track and treasury
    actions on their own track or treasury, nothing else there), together they offer
    every legal action that has a place on the board, and every action has button words.
    Returns the verbs offered."""
    players = [{"seat": s, "kind": "human", "name": s.title(), "joined": True, "online": True} for s in view["seats"]]
    labels = page.evaluate(DRAW, [view, players])
    shown = page.evaluate(SHOWN)
    assert_shows(shown, view)
    assert_hidden(shown, hidden)
    legal = set(view["pending"]["actions"]) if "pending" in view else set()
    offered: set[str] = set()
    for element in page.evaluate(OFFERED):
        assert element["reachable"], element["what"]
        actions = [element["single"]] if element["single"] else element["actions"]
        assert len(actions) == element["uses"] >= 1 and set(actions) <= legal, element
        assert element["acted"] == actions[:1], element  # a click plays it, or a menu entry does
        assert element["words"] == [labels[a] for a in element["actions"]]  # a menu shows the game's words
        for action in actions:
            assert element["place"] == place(action, view["public"]["phase"]), (action, element)
        offered |= set(actions)
    assert {a for a in legal if a.split(" ")[0] not in BUTTON_ONLY} <= offered
    for action, words in labels.items():
        assert words != action and "undefined" not in words and "null" not in words and "NaN" not in words, (
            action, words)
    return {a.split(" ")[0] for a in offered}


def test_views_of_random_games_are_drawn_and_every_board_action_is_a_click(server, context):
    """Seeded random games: views of every kind of decision, each checked, as the acting seat
    and now and then as the other three seats and a spectator."""
    page = context().new_page()
    errors = console_errors(page)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server.url + "/api/catalog")  # a page of the server without scripts of its own
    game = get("wsdv-2p2")
    checked: dict[tuple, int] = {}
    verbs: set[str] = set()
    seen: set[str] = set()
    for seed in (14, 116, 17):
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
                verbs |= check_view(page, view, hidden_cards(state, seat))
            if state.ply % 60 == 0:  # the other seats, and a spectator: nothing to click
                for other in [s for s in range(4) if s != seat] + [None]:
                    view = json.loads(json.dumps(state.view(other, log_from=None)))
                    assert check_view(page, view, hidden_cards(state, other)) == set()
            state.apply(legal[rng.below(len(legal))])
    assert seen - BUTTON_ONLY <= verbs  # every verb of these games was clicked on the board at least once
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
    labels = page.evaluate(DRAW, [view, []])
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
    faces = page.locator("svg.wsdv-2p2 .display g.card.x22")
    pub = view["public"]
    assert faces.count() == sum(1 for k in pub["display"] + [pub["special"]] if k and k.startswith("x")) > 1


def test_a_game_against_three_heuristic_bots_is_played_to_the_end_by_clicking_the_board(server, api, context):
    seats = ["heuristic", "human", "heuristic", "heuristic"]  # a person plays the Soviet Union
    seat = 1
    game = api.create(seats, game="wsdv-2p2")
    page = context().new_page()
    accept_warnings(page)  # grave actions ask first; a player clicking through says yes
    errors = console_errors(page)
    views: list[dict] = []

    def watch(ws) -> None:
        ws.on("framereceived", lambda payload: views.append(json.loads(payload)))
        ws.on("framesent", lambda payload: views.append({**json.loads(payload), "sent": True}))

    page.on("websocket", watch)
    page.goto(server.url + next(i["url"] for i in game["invites"] if i["seat"] == "ussr"))
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(BOARD)
    rng = Rng(11)
    snapshots: list[dict] = []
    on_board = on_buttons = 0
    while turn_or_end(page):
        before = seq(page)
        snapshots.append(page.evaluate(SHOWN))
        legal = set(view_at(page, views, before)["pending"]["actions"])
        acts = page.locator(f"{CLICKABLE}[data-act]").evaluate_all("els => els.map(e => e.dataset.act)")
        assert set(acts) <= legal  # the board offers only legal actions
        action = click_board(page, rng, BOARD) if rng.below(5) or not on_board else None  # the board first
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
    info = api.wait_finished(game["id"])
    expect(page.locator("#status")).to_contain_text("Game over.")
    assert info["outcome"]["reason"] in page.inner_text("#outcome")
    expect(page).to_have_title(re.compile("^Game over"))
    snapshots.append(page.evaluate(SHOWN))
    record = api.record(game["id"])
    states = api.truth(game["id"])
    mine = [ply for ply in range(len(record.actions)) if states[ply].to_act == seat]
    assert len(mine) == on_board + on_buttons and on_board >= 1
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
    for message in (m for m in views if m["type"] == "view"):
        assert message["view"]["private"] == json.loads(json.dumps(states[message["seq"]].private_view(seat)))
    # the same board in the replay, from this seat halfway through: nothing to click there
    ply = len(record.actions) // 2
    page.goto(f"{server.url}/replay/{game['id']}?seat=ussr&ply={ply}")
    expect(page.locator("#ply")).to_have_value(str(ply))
    shot = page.evaluate(SHOWN)
    assert shot["hand"] == states[ply].private_view(seat)["hand"]
    assert shot["treasury"]["ussr"][0] == states[ply].treasury[1]
    assert page.locator(f"{BOARD} [data-uses]").count() == 0
    assert errors == []
