"""Clocks, stand-in bots and resigning: a game created with a time control shows every
person's clock in every view; when a seat's time runs out — also across a restart — the
stand-in bot plays it and the table is told, until its person takes it back (not before the
bot has moved for the seat, and never the bot's move); a seat that keeps running out of time
loses on time for good, so no player stalls a game; a person who resigns leaves the seat to
the bot for good, and the result says so."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import update

from realpolitik.games import get
from realpolitik.server.clock import TIMEOUTS_LOST, Clock, ClockChoice
from realpolitik.server.store import Store, games, now, seats
from realpolitik.testing.faults import locked
from realpolitik.testing.load import allowance
from realpolitik.testing.server import Api, GameSocket, ServerProcess, run_out

LIVE = {"kind": "live", "minutes": 20, "increment": 15}
MAIL = {"kind": "correspondence", "hours": 24, "bank_hours": 72}


def seated(api: Api, sockets, game: str = "nationen", **extra):
    """A game for two people, both seated: (id, Ann's socket, Bo's socket)."""
    created = api.create(["human", "human"], game=game, **extra)
    ann, bo = sockets(created["id"]), sockets(created["id"])
    ann.hello(created["tokens"]["p1"], "Ann")
    bo.hello(created["tokens"]["p2"], "Bo")
    ann.wait_view(lambda m: m["status"] == "running")
    bo.wait_view(lambda m: m["status"] == "running")
    return created, ann, bo


def test_the_clock_rules():
    live = Clock.chosen(ClockChoice(**LIVE))
    assert (live.start, live.add, live.cap) == (1200, 15, None)
    assert live.after_move(1200, 100) == 1115 and live.after_move(10, 50) == 15  # overrun: only the increment
    mail = Clock.chosen(ClockChoice(**MAIL))
    assert (mail.start, mail.add, mail.cap) == (86400, 86400, 259200)
    assert mail.after_move(86400, 3600) == 82800 + 86400 and mail.after_move(259200, 0) == 259200  # the bank is full
    minute = Clock.chosen(ClockChoice(kind="live", minutes=1, increment=0))
    assert mail.on_return(0) == 86400 and minute.on_return(0) == 60 and minute.on_return(90) == 90
    assert Clock.chosen(ClockChoice()) is None
    assert Clock.stored(mail.to_json()) == mail and Clock.stored({"kind": "live"}) is None


def test_every_view_shows_the_clocks_and_only_the_seat_to_act_runs(api, sockets):
    created, ann, bo = seated(api, sockets, clock=LIVE)
    first = ann.wait_turn_or_end()
    clock = first["clock"]
    assert clock["kind"] == "live" and clock["running"] == "p1" and clock["words"]["de"] == "20 Min. + 15 s pro Zug"
    assert 1190 < clock["left"]["p1"] <= 1200 and clock["left"]["p2"] == 1200
    seq = first["seq"]
    while "pending" in ann.wait_view(lambda m, s=seq: m["seq"] == s)["view"]:
        ann.act(ann.view["pending"]["actions"][0])
        seq += 1
    after = bo.wait_view(lambda m: m["seq"] == seq)["clock"]
    assert after["running"] == "p2" and 1200 < after["left"]["p1"] <= 1200 + 15 * seq


def test_a_correspondence_clock_banks_what_a_move_does_not_use(api, sockets):
    created, ann, bo = seated(api, sockets, clock=MAIL)
    ann.act(ann.wait_turn_or_end()["view"]["pending"]["actions"][0])
    left = ann.wait_view(lambda m: m["seq"] == 1)["clock"]["left"]["p1"]
    assert 2 * 86400 - 60 < left <= 2 * 86400


@pytest.mark.parametrize(("extra", "words"), [
    ({"clock": {"kind": "blitz"}}, "clock.kind"),
    ({"clock": {"kind": "live", "minutes": 0}}, "clock.minutes"),
    ({"clock": {"kind": "live", "minutes": "20"}}, "clock.minutes"),
    ({"stand_in": "nosuch"}, "stand-in: 'nosuch' is not one of"),
])
def test_a_bad_time_control_or_stand_in_is_refused_in_words(api, extra, words):
    answer = api.post("/api/games", json={"game": "nationen", "seats": ["human", "human"], **extra})
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_time_runs_out_across_a_restart_the_bot_stands_in_and_the_person_takes_the_seat_back(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.05, stand_in_pace=1.5).start()
    try:
        with Api(server) as api:
            created = api.create(["human", "human"], game="nationen", clock={"kind": "live", "minutes": 1,
                                                                             "increment": 0})
            gid = created["id"]
            for seat, name in (("p1", "Ann"), ("p2", "Bo")):
                sock = GameSocket(server, gid)
                sock.hello(created["tokens"][seat], name)
                sock.close()
            server.stop()
            # Ann has eight seconds left when the server comes back (a restart on a busy machine may take
            # several: with two, her time had sometimes run out before she could connect)
            store = Store(server.db)
            with store.engine.begin() as conn:
                conn.execute(update(seats).where(seats.c.game_id == gid, seats.c.seat == 0).values(clock_left=8.0))
                conn.execute(update(games).where(games.c.id == gid).values(turn_since=now()))
            store.close()
            server.start()
            ann = GameSocket(server, gid)
            first = ann.hello(created["tokens"]["p1"])
            assert first["clock"]["left"]["p1"] <= 8.0 and first["clock"]["running"] == "p1"
            told = ann.until(lambda m: m["type"] == "timeout", timeout=20)
            assert told["seat"] == "p1" and told["text"] == (
                "Player 1's time ran out; a bot plays the seat, a move every 1.5 s, and its player may take it back "
                "after the bot's first move.")
            since = time.monotonic()
            moved = ann.wait_view(lambda m: m["seq"] >= 1)  # the stand-in plays Ann's seat, at its pace
            assert time.monotonic() - since >= 1.4
            assert moved["players"][0]["away"] == "timeout" and moved["clock"]["left"]["p1"] == 0
            ann.act("anything", seq=moved["seq"])
            refused = ann.until(lambda m: m["type"] == "error")
            assert refused["code"] == "away" and "take it back" in refused["message"]

            ann.send({"type": "back"})
            back = ann.until(lambda m: m["type"] == "back")
            assert back["text"] == "Player 1 took the seat back from the bot."
            view = ann.wait_view(lambda m: m["players"][0]["away"] is None)
            assert view["clock"]["left"]["p1"] >= 59
            ann.send({"type": "back"})
            assert ann.until(lambda m: m["type"] == "error")["code"] == "not-away"
            # Bo has not moved: the last action is the one the bot made for her, which she cannot take back
            assert view["seq"] == moved["seq"] and not view["undo"]
            ann.send({"type": "undo", "seq": view["seq"]})
            refused = ann.until(lambda m: m["type"] == "error")
            assert refused["code"] == "undo" and refused["message"] == (
                "The bot played your last action while your time was out; it cannot be taken back.")
            ann.close()
    finally:
        server.stop()


@pytest.mark.parametrize("clock", [{"kind": "live", "minutes": 1, "increment": 0}, MAIL],
                         ids=["live", "correspondence"])
def test_taking_the_seat_back_at_every_time_out_stalls_no_game(tmp_path, clock):
    """Ann asks for her seat back the moment her time runs out, every time: she gets it only once
    the stand-in has moved for her, so every time-out moves the game on; her third time-out loses
    the game on time for good — the bot plays her seat to the end, and the result counts it."""
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0, stand_in_pace=2.0).start()
    try:
        with Api(server) as api:
            created = api.create(["human", "random"], game="e1815", clock=clock, stand_in="random")
            gid, token = created["id"], created["tokens"]["p1"]
            ann = GameSocket(server, gid)
            ann.hello(token, "Ann")
            ann.close()
            for count in range(1, TIMEOUTS_LOST + 1):
                run_out(server, gid)
                ann = GameSocket(server, gid)
                if ann.hello(token)["players"][0]["away"] is None:  # connected in time to hear the table told
                    told = ann.until(lambda m: m["type"] in ("timeout", "lost-on-time"))
                    assert told["type"] == ("timeout" if count < TIMEOUTS_LOST else "lost-on-time"), told
                out = ann.wait_view(lambda m: m["players"][0]["away"] == "timeout")
                ann.send({"type": "back"})  # at once, before the bot has moved for her
                refused = ann.until(lambda m: m["type"] in ("back", "error"))
                assert refused["type"] == "error", f"time-out {count}: the seat came back at move {out['seq']}"
                assert refused["code"] == ("too-soon" if count < TIMEOUTS_LOST else "lost-on-time"), refused
                moved = ann.wait_view(lambda m, seq=out["seq"]: m["seq"] > seq)  # the time-out moved the game on
                assert moved["players"][0]["timeouts"] == count
                ann.send({"type": "back"})
                answer = ann.until(lambda m: m["type"] in ("back", "error"))
                if count < TIMEOUTS_LOST:
                    assert answer["type"] == "back", answer
                    assert ann.wait_view(lambda m: m["players"][0]["away"] is None)["clock"]["left"]["p1"] >= 59
                else:
                    assert answer["code"] == "lost-on-time" and answer["message"] == (
                        "Your time ran out 3 times in this game: you have lost on time, and the bot plays your seat "
                        "to the end."), answer
                    assert moved["players"][0]["back"] == "never"
                ann.close()
            server.stop()
            server.stand_in_pace = 0.0  # the bots play the rest at once
            server.start()
            api.wait_finished(gid, timeout=120)
            record = api.record(gid)
            assert record.result["away"] == {"p1": "timeout"}  # what tournaments and reliability figures read
            outcome = record.result["outcome"]
            assert outcome["winners"] == ["p2"] and outcome["places"] == {"p1": 2, "p2": 1}, outcome
            assert [n["kind"] for n in record.notes if n["seat"] == 0] == ["timeout"] * TIMEOUTS_LOST
            assert record.replay(get).ply == len(record.actions)
    finally:
        server.stop()


def test_a_resigned_seat_is_played_to_the_end_by_the_stand_in_and_the_result_says_so(api, sockets):
    created = api.create(["human", "random", "random"], game="nationen", stand_in="random")
    ann = sockets(created["id"])
    ann.hello(created["tokens"]["p1"], "Ann")
    ann.wait_view(lambda m: m["status"] == "running")
    watcher = sockets(created["id"])
    watcher.hello()
    ann.send({"type": "resign"})
    told = watcher.until(lambda m: m["type"] == "resigned")
    assert told == {"type": "resigned", "seat": "p1", "text": "Player 1 resigned; a bot plays the seat to the end."}
    ann.send({"type": "resign"})
    error = ann.until(lambda m: m["type"] == "error")
    assert error["code"] in ("resigned", "over")  # the bots may have finished the game already
    info = api.wait_finished(created["id"], timeout=120)
    assert info["players"][0]["away"] == "resigned"
    assert api.record(created["id"]).result["away"] == {"p1": "resigned"}


def test_time_left_is_never_more_after_a_move_taken_back(api, sockets):
    created, ann, bo = seated(api, sockets, clock=LIVE)
    ann.act(ann.wait_turn_or_end()["view"]["pending"]["actions"][0])
    gained = ann.wait_view(lambda m: m["seq"] == 1)["clock"]["left"]["p1"]
    ann.send({"type": "undo", "seq": 1})
    again = ann.wait_view(lambda m: m["seq"] == 0)["clock"]["left"]["p1"]
    assert again <= gained - 15 + 0.5



def test_a_move_racing_its_own_seats_resignation_never_leaves_the_game_stuck(server, api, sockets):
    """The seat open in two tabs: one resigns while the other moves (the database held for a moment,
    so the move waits behind the resignation). The person's move is refused, and the stand-in
    plays the game to its end."""
    created = api.create(["human", "random"], game="nationen", stand_in="random")
    ann, tab = sockets(created["id"]), sockets(created["id"])
    ann.hello(created["tokens"]["p1"], "Ann")
    tab.hello(created["tokens"]["p1"], "Ann")
    turn = tab.wait_turn_or_end()
    with locked(server.db):  # the resignation waits for the database, holding the table
        ann.send({"type": "resign"})
        time.sleep(allowance(0.3))
        tab.act(turn["view"]["pending"]["actions"][0])
        time.sleep(allowance(0.3))
    assert tab.until(lambda m: m["type"] == "error")["code"] == "away"
    api.wait_finished(created["id"], timeout=90)
    record = api.record(created["id"])
    assert record.result["away"] == {"p1": "resigned"}
    assert record.replay(get).ply == len(record.actions)


def test_after_a_time_out_the_stand_in_plays_at_a_persons_pace():
    live = Clock.chosen(ClockChoice(kind="live", minutes=5, increment=15))
    assert live.stand_in_pace() == 15
    assert Clock.chosen(ClockChoice(kind="live", minutes=5, increment=0)).stand_in_pace() == 10
    assert Clock.chosen(ClockChoice(kind="live", minutes=5, increment=600)).stand_in_pace() == 60
    assert Clock.chosen(ClockChoice(**MAIL)).stand_in_pace() == 600
