"""The browser client in the system Chromium against a real server: a whole game against
three bots by clicking, two people who each see only their own hand, a crash and
restart mid-game, a stale click refused, a replay stepped through, a lobby join."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.testing.load import wait_ms
from realpolitik.testing.pages import (
    ENABLED,
    OVER,
    Coach,
    accept_warnings,
    console_errors,
    seq,
    turn_or_end,
    view_at,
    wait_for,
)
from realpolitik.testing.server import Api, ServerProcess


def game_id(page: Page) -> str:
    return re.search(r"/game/([0-9a-f]{12})", page.url).group(1)


def join(page: Page, name: str) -> None:
    page.fill("#join-name", name)
    page.click("#join-button")


def click_and_wait(page: Page, rng: Rng, board_too: bool = False, coach: tuple[Coach, int] | None = None) -> str:
    """Click an action (sometimes a card on the board; the heuristic's choice for a seat, with
    ``coach``) and wait for the next view."""
    before = seq(page)
    cards = page.locator("svg .hand .card[data-actions]")
    single = cards.evaluate_all("cards => cards.map((c, i) => JSON.parse(c.dataset.actions).length === 1 ? i : -1)"
                                ".filter((i) => i >= 0)")
    if coach is not None:
        what = coach[0].press(page, coach[1], rng)
    elif board_too and single and rng.below(2):  # a card one tap plays
        target = cards.nth(single[rng.below(len(single))])
        what = target.get_attribute("data-card")
        target.click()
    else:
        buttons = page.locator(ENABLED)
        target = buttons.nth(rng.below(buttons.count()))
        what = target.get_attribute("data-action")
        target.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}")
    expect(page.locator("#notice.error")).to_be_hidden()
    return what


def turn_signal(page: Page) -> bool:
    """Whether the page signals "your turn"; title, frame and banner must agree with the view."""
    state = page.evaluate("""() => ({
        title: document.title, frame: document.body.classList.contains('your-turn'),
        banner: !document.getElementById('turn-banner').hidden,
        pending: !!document.querySelector('#pending .prompt')})""")
    assert state["frame"] == state["banner"] == state["pending"] == state["title"].startswith("▶ Your turn"), state
    return state["frame"]


def actions_of(api: Api, gid: str, seat: int) -> int:
    """How many actions ``seat`` took in a finished game (from its record)."""
    record = api.record(gid)
    state = api.truth(gid)
    return sum(1 for ply in range(len(record.actions)) if state[ply].to_act == seat)


def test_a_game_against_three_bots_played_to_the_end_by_clicking(server, api, context):
    page = context().new_page()
    accept_warnings(page)  # grave actions ask first; a player clicking through says yes
    errors = console_errors(page)
    rng = Rng(11)
    for _ in range(3):  # the opening's Secrets may wipe Ann out before her first decision: deal again
        page.goto(server.url + "/")
        page.select_option("#game", "nuclear-war")
        seats = page.locator("#seats select")
        expect(seats).to_have_count(4)
        assert [seats.nth(i).input_value() for i in range(4)] == ["human", "heuristic", "heuristic", "heuristic"]
        page.click("#create-button")
        page.click("[data-play=p1]")
        join(page, "Ann")
        clicks = waits = 0
        while turn_or_end(page):
            assert turn_signal(page)
            buttons = page.eval_on_selector_all("#pending button.action", "bs => bs.map(b => [b.dataset.action, "
                                                "b.textContent])")
            for action, words in buttons:  # the game's words for each choice, not the action text
                assert words != action or action in ("done", "keep"), (action, words)
                assert not action.startswith("place ") or words.endswith("face down"), (action, words)
            click_and_wait(page, rng, board_too=True)
            clicks += 1
            waits += not turn_signal(page)
            assert clicks < 400
        if clicks:
            break
    assert not turn_signal(page)
    expect(page).to_have_title("Game over · Nuclear War")
    expect(page.locator("#status")).to_contain_text("Game over.")
    gid = game_id(page)
    info = api.wait_finished(gid)
    assert page.locator("#outcome li").count() == 4 and info["outcome"]["reason"] in page.inner_text("#outcome")
    assert api.record(gid).seats == ["Ann", "heuristic", "heuristic", "heuristic"]
    assert actions_of(api, gid, 0) == clicks >= 1
    assert waits > 0  # the others' turns were shown as such
    assert errors == []


def play_both(pages: dict[int, Page], rng: Rng, check, coach: Coach) -> int:
    """Click the heuristic's choice for whichever of two people has a decision, until the game ends."""
    moves = 0
    while moves < 600:
        for seat, page in pages.items():
            if page.locator(OVER).count():
                return moves
            if page.locator(ENABLED).count():
                check(moves)
                click_and_wait(page, rng, coach=(coach, seat))
                moves += 1
                break
        else:
            pages[0].wait_for_timeout(20)
    raise AssertionError("the game did not end")


def test_two_people_each_see_their_own_hand_and_never_the_other(server, api, context):
    ann, bob = context().new_page(), context().new_page()
    frames: dict[int, list[dict]] = {0: [], 1: []}
    for seat, page in ((0, ann), (1, bob)):
        accept_warnings(page)  # a random click may start the war, which asks first (it failed here once)
        page.on("websocket", lambda ws, seat=seat: ws.on(
            "framereceived", lambda payload, seat=seat: frames[seat].append(json.loads(payload))))
    ann.goto(server.url + "/")
    ann.select_option("#game", "nuclear-war")
    ann.select_option("#players", "2")
    ann.locator("#seats select").nth(1).select_option("human")
    ann.click("#create-button")
    bob_link = ann.input_value("input.invite[data-seat=p2]")
    ann.click("[data-play=p1]")
    join(ann, "Ann")
    bob.goto(bob_link)
    join(bob, "Bob")
    pages = {0: ann, 1: bob}
    for page in pages.values():  # both have their first view before anyone moves
        page.wait_for_function("() => document.body.dataset.seq !== undefined")

    def check_screens(moves: int) -> None:
        if moves % 7:
            return
        # only people move here: once both pages show the last move, nothing changes until the next
        shown_seq = max(seq(page) for page in pages.values())
        for seat, page in pages.items():
            page.wait_for_function(f"() => Number(document.body.dataset.seq) === {shown_seq}")
            view = view_at(page, frames[seat], shown_seq)
            shown = page.locator("svg .hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
            assert sorted(shown) == view["private"]["hand"]
            other = view["public"]["players"][1 - seat]
            backs = page.locator(f"svg .nation[data-seat={other['seat']}] .card.back").count()
            assert backs == other["face_down"].count(None)  # the other's face-down cards stay face down

    gid = game_id(ann)
    coach = Coach(server.db, gid)
    try:
        play_both(pages, Rng(5), check_screens, coach)
    finally:
        coach.close()
    api.wait_finished(gid)
    states = api.truth(gid)
    for page in pages.values():  # the last view may still be on its way to a page
        page.wait_for_function(f"() => Number(document.body.dataset.seq) === {len(states) - 1}")
    for seat in (0, 1):
        views = [m for m in frames[seat] if m["type"] == "view"]
        assert {m["seq"] for m in views} == set(range(len(states)))  # each seat saw every position, no more
        for message in views:
            view = message["view"]
            assert view["seat"] == f"p{seat + 1}"
            assert view["private"] == json.loads(json.dumps(states[message["seq"]].private_view(seat)))
            assert ("pending" in view) == (states[message["seq"]].to_act == seat)


def test_the_game_resumes_in_the_browser_after_a_server_crash(tmp_path, context):
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0).start()
    try:
        with Api(server) as api:
            game = api.create(["human", "heuristic"])  # two nations: Secrets seldom end one in its first moves
            coach = (Coach(server.db, game["id"]), 0)
            page = context().new_page()
            accept_warnings(page)  # clicking on to the end may start the war, which asks first
            page.goto(server.url + game["invites"][0]["url"])
            join(page, "Ann")
            rng = Rng(2)
            for _ in range(3):
                assert turn_or_end(page)
                click_and_wait(page, rng, coach=coach)
            assert turn_or_end(page)
            before, log = seq(page), page.locator("#log li").all_inner_texts()
            server.kill()
            expect(page.locator("#connection")).to_contain_text("reconnecting")
            server.start()
            expect(page.locator("#connection")).to_have_text("connected")
            page.wait_for_selector(ENABLED)
            assert seq(page) == before and page.locator("#log li").all_inner_texts() == log
            while turn_or_end(page):
                click_and_wait(page, rng, coach=coach)
            coach[0].close()
            info = api.wait_finished(game_id(page))
            assert api.record(game_id(page)).replay(get).ply == info["ply"] > before
    finally:
        server.stop()


def test_a_stale_click_is_refused_with_a_clear_message(server, api, context):
    game = api.create(["human", "random"])
    link = server.url + game["invites"][0]["url"]
    laptop = context().new_page()
    phone = context().new_page()
    held: list[str] = []
    hold = {"on": False}

    def route(ws):
        upstream = ws.connect_to_server()
        upstream.on_message(lambda message: held.append(message) if hold["on"] else ws.send(message))
        routes.append(ws)

    routes: list = []
    phone.route_web_socket(re.compile(r".*/ws/.*"), route)
    laptop.goto(link)
    join(laptop, "Ann")
    assert turn_or_end(laptop)  # joined: the phone then finds the seat taken and skips the name form
    phone.goto(link)
    assert turn_or_end(phone)
    assert seq(phone) == seq(laptop)
    hold["on"] = True  # the phone stops hearing from the server, as on a bad connection
    played = click_and_wait(laptop, Rng(1))
    phone.locator(ENABLED).first.click()  # decided on the old view
    for _ in range(200):
        if any('"stale"' in m for m in held):
            break
        phone.wait_for_timeout(20)
    while held:  # deliver in order, still holding what arrives meanwhile
        routes[0].send(held.pop(0))
    hold["on"] = False
    expect(phone.locator("#notice")).to_contain_text("Stale action")
    expect(phone.locator("#notice")).to_contain_text("It was not played")
    phone.wait_for_function(f"() => Number(document.body.dataset.seq) >= {seq(laptop)}")
    record = api.get(f"/api/games/{game['id']}").json()
    assert record["ply"] == seq(laptop) and played


def test_a_finished_game_is_stepped_through_from_any_seat(server, api, context):
    gid = api.create(["random", "heuristic", "random"])["id"]
    api.wait_finished(gid)
    states = api.truth(gid)
    total = len(states) - 1
    page = context().new_page()
    errors = console_errors(page)
    page.goto(f"{server.url}/replay/{gid}")
    expect(page.locator("#total")).to_have_text(str(total))
    expect(page.locator("#ply")).to_have_value("0")
    page.click("#forward")
    expect(page.locator("#ply")).to_have_value("1")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#ply")).to_have_value("2")
    page.click("#back")
    expect(page.locator("#ply")).to_have_value("1")
    page.fill("#ply", str(total // 2))
    page.dispatch_event("#ply", "change")
    expect(page.locator("#ply")).to_have_value(str(total // 2))
    assert page.locator("svg .hand").count() == 0  # the spectator holds no hand
    page.select_option("#pov", "p2")
    expect(page).to_have_url(re.compile(r"seat=p2"))
    page.wait_for_selector("svg .hand")
    shown = page.locator("svg .hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(states[total // 2].private_view(1)["hand"])
    page.click("#last")
    expect(page.locator("#ply")).to_have_value(str(total))
    expect(page.locator("#outcome")).to_contain_text(str(states[-1].outcome().reason))
    page.click("#legend summary")  # the board's legend, as at the table
    assert page.locator("#legend dt").count() > 0 and page.locator("#legend dd").first.inner_text()
    assert page.locator("#forward").is_disabled()
    page.click("#first")
    expect(page.locator("#step")).to_have_text("The start of the game.")
    assert errors == []


def test_a_step_arriving_while_a_move_number_is_typed_does_not_overwrite_it(server, api, context):
    gid = api.create(["random", "random"])["id"]
    total = api.wait_finished(gid)["ply"]
    page = context().new_page()
    held: list = []
    page.route(re.compile(r".*/replay\?.*ply=1(&|$)"), lambda route: held.append(route))
    page.goto(f"{server.url}/replay/{gid}?ply=0")
    expect(page.locator("#step")).to_have_text("The start of the game.")  # drawn: the buttons work now
    page.click("#forward")  # its step is held back ...
    assert len(wait_for(page, lambda: held, "the step after move 0 was not requested")) == 1
    page.fill("#ply", str(total // 2))  # ... while a move number is typed
    held[0].continue_()
    expect(page.locator("#slider")).to_have_value("1")
    expect(page.locator("#ply")).to_have_value(str(total // 2))
    page.dispatch_event("#ply", "change")
    expect(page.locator("#slider")).to_have_value(str(total // 2))
    expect(page.locator("#ply")).to_have_value(str(total // 2))


def test_the_step_buttons_wait_for_the_first_step(server, api, context):
    gid = api.create(["random", "random"])["id"]
    api.wait_finished(gid)
    page = context().new_page()
    held: list = []
    page.route(re.compile(r".*/replay\?.*"), lambda route: held.append(route))
    page.goto(f"{server.url}/replay/{gid}?ply=1")
    wait_for(page, lambda: held, "the first step was not requested")
    for button in ("#first", "#back", "#forward", "#last"):  # a click now would go nowhere
        expect(page.locator(button)).to_be_disabled()
    held[0].continue_()
    expect(page.locator("#step")).to_contain_text("Move 1:")
    for button in ("#first", "#back", "#forward", "#last"):
        expect(page.locator(button)).to_be_enabled()


def test_a_move_number_typed_and_undone_lets_the_steps_show_again(server, api, context):
    gid = api.create(["random", "random"])["id"]
    api.wait_finished(gid)
    page = context().new_page()
    page.goto(f"{server.url}/replay/{gid}?ply=0")
    expect(page.locator("#step")).to_have_text("The start of the game.")  # drawn: the buttons work now
    page.fill("#ply", "3")
    page.fill("#ply", "0")  # back to the number shown: leaving the field is no change
    page.locator("#ply").blur()
    page.click("#forward")
    expect(page.locator("#slider")).to_have_value("1")
    expect(page.locator("#ply")).to_have_value("1")


def test_a_free_seat_is_taken_from_the_lobby(server, api, context):
    gid = api.create(["human", "human"], lobby_join=True)["id"]
    page = context().new_page()
    page.on("dialog", lambda dialog: dialog.accept("Cleo"))
    page.goto(server.url + "/")
    page.click(f"li[data-game='{gid}'] button.join:has-text('Join as Player 2')")
    expect(page.locator("#you")).to_have_text("you play Player 2")
    expect(page.locator("#notice")).to_contain_text("Waiting for players")
    assert api.info(gid)["players"][1]["name"] == "Cleo"


PULSES = """() => ({
    banner: [getComputedStyle(document.getElementById('turn-banner')).animationName,
             getComputedStyle(document.getElementById('turn-banner')).animationIterationCount],
    frame: [getComputedStyle(document.getElementById('pending')).animationName,
            getComputedStyle(document.getElementById('pending')).animationIterationCount],
    running: document.getAnimations().map((a) => a.effect.getComputedTiming().iterations)})"""


def test_the_turn_signal_pulses_three_times_and_not_at_all_for_a_person_who_asked_for_less_motion(
        server, api, context):
    game = api.create(["human", "random"])
    shown = {}
    for motion in ("no-preference", "reduce"):
        page = context(motion=motion).new_page()
        page.goto(server.url + game["invites"][0]["url"])
        if motion == "no-preference":
            join(page, "Ann")
        expect(page.locator("#turn-banner")).to_be_visible()
        shown[motion] = page.evaluate(PULSES)
    pulsing = shown["no-preference"]
    assert pulsing["banner"] == ["pulse", "3"] and pulsing["frame"] == ["pulse-frame", "3"], pulsing
    assert pulsing["running"] and all(n == 3 for n in pulsing["running"]), pulsing  # none runs forever
    assert shown["reduce"] == {"banner": ["none", "1"], "frame": ["none", "1"], "running": []}, shown["reduce"]


def test_the_game_page_shows_its_main_part_once_drawn_and_without_its_script_after_three_seconds(
        server, api, browser):
    """The game page keeps what its script fills in hidden until the first view is drawn, so nothing
    moves under the reader's eyes (issue 78: layout shift); without the script it shows after 3 s."""
    created = api.create(["human", "random"], game="nuclear-war")
    address = server.url + created["invites"][0]["url"]
    main = "main.game"
    for script in (True, False):
        ctx = browser.new_context(java_script_enabled=script, reduced_motion="reduce")
        try:
            page = ctx.new_page()
            page.goto(address)
            if script:
                expect(page.locator("#join-name")).to_be_visible()
                assert page.evaluate("document.body.classList.contains('drawn')")
            else:
                assert page.locator(main).evaluate("m => getComputedStyle(m).visibility") == "hidden"
                expect(page.locator(main)).to_be_visible(timeout=wait_ms(5))
        finally:
            ctx.close()
