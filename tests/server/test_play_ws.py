"""Play over the WebSocket against a real server: each connection gets exactly its seat's
view, actions are validated and stored, stale and illegal ones refused with a reason,
reconnects resume, and every message is validated."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed

from realpolitik.engine import Rng
from realpolitik.testing.server import expected_view, without_log


def play_out(players: dict[int, object], rng: Rng, limit: int = 2000) -> None:
    """Let the seat with a pending decision choose at random until the game ends."""
    for _ in range(limit):
        latest = max((p.views[-1] for p in players.values()), key=lambda m: m["seq"])
        if latest["view"].get("outcome"):
            return
        actor = next((p for p in players.values() if p.views[-1]["seq"] == latest["seq"] and p.view.get("pending")),
                     None)
        if actor is None:  # the others' views are behind: wait for them
            for p in players.values():
                if p.seq < latest["seq"]:
                    p.until(lambda m: m["type"] == "view")
            continue
        seq = actor.seq
        actor.act(rng.choice(actor.view["pending"]["actions"]))
        answer = actor.until(lambda m, seq=seq: m["type"] == "error" or (m["type"] == "view" and m["seq"] > seq))
        assert answer["type"] == "view", answer
    raise AssertionError("the game did not end")


def test_two_humans_each_receive_exactly_their_own_view(api, sockets):
    game = api.create(["human", "human"])
    gid = game["id"]
    p1, p2, watcher = sockets(gid), sockets(gid), sockets(gid)
    first = p1.hello(game["tokens"]["p1"], "Ann")
    assert first["status"] == "open" and p1.welcome["you"] == "p1"
    p2.hello(game["tokens"]["p2"], "Bob")
    watcher.hello()
    assert watcher.welcome["you"] is None
    play_out({0: p1, 1: p2}, Rng(3))
    for sock in (p1, p2, watcher):
        while sock.seq < p1.seq or not sock.view.get("outcome"):
            sock.until(lambda m: m["type"] == "view")
    states = api.truth(gid)
    for sock, seat in ((p1, 0), (p2, 1), (watcher, None)):
        assert {m["seq"] for m in sock.views} == set(range(len(states)))  # every position, however short the game
        for message in sock.views:
            assert without_log(message["view"]) == expected_view(states[message["seq"]], seat)
        assert sock.log == states[-1].log.redacted(seat)
    names = {p["seat"]: p["name"] for p in p1.views[-1]["players"]}
    assert names == {"p1": "Ann", "p2": "Bob"}


def test_refusals_name_the_reason_and_change_nothing(api, sockets):
    game = api.create(["human", "human"])
    gid = game["id"]
    p1, p2 = sockets(gid), sockets(gid)
    p1.hello(game["tokens"]["p1"])
    p1.act("place atlas")
    refusal = p1.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "waiting" and "free: Player 2" in refusal["message"]
    p2.hello(game["tokens"]["p2"])
    p1.wait_view(lambda m: m["status"] == "running")
    actor, other = (p1, p2) if p1.view.get("pending") else (p2, p1)
    seq = actor.seq
    other.act("place atlas", seq)
    assert other.until(lambda m: m["type"] == "error")["code"] == "turn"
    actor.act("launch everything")
    illegal = actor.until(lambda m: m["type"] == "error")
    assert illegal["code"] == "illegal" and "'launch everything' is not possible now" in illegal["message"]
    actor.act(actor.view["pending"]["actions"][0], seq + 5)
    stale = actor.until(lambda m: m["type"] == "error")
    assert stale["code"] == "stale" and f"chosen at move {seq + 5}" in stale["message"]
    assert actor.until(lambda m: m["type"] == "view")["seq"] == seq  # the current view follows
    assert api.info(gid)["ply"] == seq
    actor.act("  " + actor.view["pending"]["actions"][0].upper() + " ")  # typed as a human would
    assert actor.until(lambda m: m["type"] == "error" or m["seq"] > seq)["seq"] == seq + 1


def test_a_second_connection_of_the_same_seat_cannot_play_a_stale_move(api, sockets):
    game = api.create(["human", "random"])
    gid = game["id"]
    laptop, phone = sockets(gid), sockets(gid)
    laptop.hello(game["tokens"]["p1"])
    phone.hello(game["tokens"]["p1"])
    laptop.wait_view(lambda m: m["status"] == "running" and m["view"].get("pending"))
    phone.wait_view(lambda m: m["view"].get("pending") and m["seq"] == laptop.seq)
    seq, choice = phone.seq, phone.view["pending"]["actions"][-1]
    laptop.act(laptop.view["pending"]["actions"][0])
    laptop.until(lambda m: m["type"] == "view" and m["seq"] > seq)
    phone.act(choice, seq)  # decided on the old view
    refusal = phone.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "stale" and "Stale action" in refusal["message"]
    record_so_far = api.info(gid)["ply"]
    assert record_so_far > seq


def test_a_reconnect_gets_the_current_view_and_the_whole_log(api, sockets):
    game = api.create(["human", "random", "random"])
    gid = game["id"]
    first = sockets(gid)
    first.hello(game["tokens"]["p1"], "Ann")
    for _ in range(4):
        if first.wait_turn_or_end()["status"] == "finished":  # Secrets may wipe a nation out early
            break
        first.act(first.view["pending"]["actions"][0])
        first.until(lambda m: m["type"] == "view")
    first.wait_turn_or_end()
    log, seq, view = first.log, first.seq, first.view
    first.close()
    assert api.info(gid)["players"][0]["online"] is False
    again = sockets(gid)
    message = again.hello(game["tokens"]["p1"])
    assert message["seq"] == seq and message["view"]["log_from"] == 0
    assert again.log == log and without_log(again.view) == without_log(view)
    assert message["players"][0] == {"seat": "p1", "title": {"en": "Player 1", "de": "Spieler 1"}, "kind": "human",
                                     "name": "Ann", "joined": True, "online": True, "away": None, "back": None,
                                     "timeouts": 0}


def test_spectators_watch_but_cannot_act(api, sockets):
    game = api.create(["human", "random"])
    watcher = sockets(game["id"])
    view = watcher.hello()["view"]
    assert view["private"] is None and "pending" not in view and view["seat"] is None
    watcher.act("place atlas", 0)
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    for message in ({"type": "undo", "seq": 0}, {"type": "resign"}, {"type": "back"}):
        watcher.send(message)
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"


def test_a_game_without_teams_has_no_team_chat(api, sockets):
    game = api.create(["human", "random"])
    sock = sockets(game["id"])
    sock.hello(game["tokens"]["p1"])
    assert sock.welcome["chat"] is False
    sock.send({"type": "chat", "text": "psst", "channel": "team"})
    refusal = sock.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "chat-off" and "no teams" in refusal["message"]


@pytest.mark.parametrize("token", ["A" * 32, "short", "p1", "x" * 64])
def test_a_wrong_token_sees_nothing_and_is_disconnected(api, sockets, token):
    game = api.create(["human", "random"])
    sock = sockets(game["id"])
    answer = sock.hello(token)
    assert answer == {"type": "error", "code": "bad-token", "message": answer["message"]}
    assert "not valid" in answer["message"]
    with pytest.raises(ConnectionClosed) as closed:
        sock.recv(5)
    assert closed.value.rcvd.code == 4403
    assert not sock.views


def test_a_token_works_only_for_its_own_game(api, sockets):
    one, two = api.create(["human", "random"]), api.create(["human", "random"])
    sock = sockets(two["id"])
    assert sock.hello(one["tokens"]["p1"])["code"] == "bad-token"


def test_an_unknown_game_is_refused(sockets):
    sock = sockets("ffffffffffff")
    assert sock.recv()["code"] == "no-game"
    with pytest.raises(ConnectionClosed) as closed:
        sock.recv(5)
    assert closed.value.rcvd.code == 4404


@pytest.mark.parametrize("first, words", [
    ({"type": "act", "seq": 0, "action": "place atlas"}, "the first message must be a hello"),
    ({"type": "hello", "token": 5}, "field 'token'"),
    ({"type": "shout"}, "field 'type' must be one of hello, act, chat, undo, resign, back, rematch"),
    ({"token": "x"}, "field 'type' is missing"),
    ("not json", "payload is not JSON"),
    ("[1, 2]", "payload must be a JSON object"),
    (json.dumps({"type": "hello", "name": "x" * 5000}), "payload too large"),
    (b"\x00\x01", "messages must be JSON text, not binary"),
])
def test_a_bad_hello_is_refused_with_a_reason(api, sockets, first, words):
    game = api.create(["human", "random"])
    sock = sockets(game["id"])
    sock.send(first)
    answer = sock.recv()
    assert answer["type"] == "error" and answer["code"] == "bad-message" and words in answer["message"]
    with pytest.raises(ConnectionClosed):
        sock.recv(5)


@pytest.mark.parametrize("message, words", [
    ({"type": "act", "seq": "3", "action": "done"}, "field 'seq': Input should be a valid integer"),
    ({"type": "act", "seq": -1, "action": "done"}, "field 'seq'"),
    ({"type": "act", "seq": 0, "action": ""}, "field 'action'"),
    ({"type": "act", "seq": 0, "action": "x" * 201}, "field 'action'"),
    ({"type": "act", "seq": 0}, "field 'action': Field required"),
    ({"type": "act", "seq": 0, "action": "done", "seat": "p2"}, "field 'seat': Extra inputs are not permitted"),
    ({"type": "chat", "text": "x" * 501}, "field 'text'"),
    ({"type": "hello"}, "already greeted"),
    (b"binary", "not binary"),
])
def test_bad_messages_in_play_are_refused_and_the_connection_stays(api, sockets, message, words):
    game = api.create(["human", "random"])
    sock = sockets(game["id"])
    sock.hello(game["tokens"]["p1"])
    sock.send(message)
    answer = sock.until(lambda m: m["type"] == "error")
    assert answer["code"] == "bad-message" and words in answer["message"]
    sock.act("no such action")
    assert sock.until(lambda m: m["type"] == "error")["code"] in ("illegal", "turn")  # still connected


def test_an_action_stored_elsewhere_first_makes_the_late_one_stale(api, sockets, server):
    from realpolitik.server.store import Store

    game = api.create(["human", "human"])
    p1, p2 = sockets(game["id"]), sockets(game["id"])
    p1.hello(game["tokens"]["p1"])
    p2.hello(game["tokens"]["p2"])
    actor = next(s for s in (p1, p2) if s.wait_view(lambda m: m["status"] == "running")["view"].get("pending"))
    seat = 0 if actor is p1 else 1
    first, second = actor.view["pending"]["actions"][:2]
    elsewhere = Store(server.db)  # another server process on the same database
    try:
        elsewhere.append(game["id"], 0, seat, first)
    finally:
        elsewhere.close()
    actor.act(second, 0)
    refusal = actor.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "stale" and "Another action was stored" in refusal["message"]
    assert actor.until(lambda m: m["type"] == "view")["seq"] == 1  # the table caught up with storage
    other = p2 if actor is p1 else p1
    assert other.wait_view(lambda m: m["seq"] == 1)["view"]["ply"] == 1
    assert api.info(game["id"])["ply"] == 1
