"""Taking back a move online: a player takes back their own last action while nobody has
acted since and it showed nothing hidden; the game goes on from before it, the record
forgets it, the table hears who took back (only the player hears what), and every other
request is refused in words with the game unchanged."""

from __future__ import annotations

import pytest

from realpolitik.server.store import Store
from realpolitik.testing.server import Api, GameSocket, ServerProcess, without_log


def stored(server: ServerProcess, game_id: str) -> list[str]:
    """The actions the server has stored for a game (its record is public only at the end)."""
    return stored_game(server, game_id).actions


def stored_game(server: ServerProcess, game_id: str):
    store = Store(server.db)
    try:
        return store.load(game_id)
    finally:
        store.close()


@pytest.fixture
def table(api, sockets):
    """A two-person game of Das Spiel der Nationen with both players seated: (id, p1, p2)."""
    game = api.create(["human", "human"], game="nationen")
    first, second = sockets(game["id"]), sockets(game["id"])
    first.hello(game["tokens"]["p1"], "Ann")
    second.hello(game["tokens"]["p2"], "Bo")
    first.wait_view(lambda m: m["status"] == "running")
    second.wait_view(lambda m: m["status"] == "running")
    return game["id"], first, second


def latest(sock: GameSocket, seq: int) -> dict:
    return sock.wait_view(lambda m: m["seq"] == seq)


def test_a_player_takes_back_their_last_action_and_the_game_goes_on_from_before_it(server, api, table):
    gid, ann, bo = table
    before = ann.wait_turn_or_end()
    assert before["undo"] is False  # nothing played yet
    log_before = list(ann.log)
    action = before["view"]["pending"]["actions"][0]
    label = next(c["label"] for c in before["view"]["pending"]["choices"] if c["action"] == action)
    ann.act(action)
    after = latest(ann, 1)
    assert after["undo"] is True and latest(bo, 1)["undo"] is False  # only the one who played it

    ann.send({"type": "undo", "seq": 1})
    back = latest(ann, 0)
    assert back["view"]["log_from"] == 0 and ann.log == log_before
    assert without_log(back["view"]) == without_log(before["view"]) and back["undo"] is False
    said = ann.until(lambda m: m["type"] == "taken-back")
    assert said == {"type": "taken-back", "seat": "p1", "text": f"You took back: {label}"}
    heard = bo.until(lambda m: m["type"] == "taken-back")
    assert heard["text"] == "Player 1 took back their last action." and label not in heard["text"]
    assert latest(bo, 0)["view"]["log"] == bo.log
    assert api.info(gid)["ply"] == 0 and stored(server, gid) == []

    other = before["view"]["pending"]["actions"][1]
    ann.act(other, seq=0)
    assert latest(ann, 1)["undo"] is True
    assert stored(server, gid) == [other]


def test_only_your_own_last_action_and_only_at_the_current_move(server, api, table):
    gid, ann, bo = table
    ann.send({"type": "undo", "seq": 0})
    refused = ann.until(lambda m: m["type"] == "error")
    assert refused["code"] == "undo" and refused["message"] == "Nothing has been played yet."

    ann.act(ann.wait_turn_or_end()["view"]["pending"]["actions"][0])
    latest(ann, 1)
    bo.send({"type": "undo", "seq": 1})
    refused = bo.until(lambda m: m["type"] == "error")
    assert refused["code"] == "undo"
    assert refused["message"] == "Only your own last action can be taken back, and Player 1 played the last one."
    ann.send({"type": "undo", "seq": 0})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "stale"
    assert api.info(gid)["ply"] == 1 and len(stored(server, gid)) == 1


def test_an_action_followed_by_another_seats_is_no_longer_taken_back(api, table):
    gid, ann, bo = table
    seq = 0
    while "pending" in latest(ann, seq)["view"]:  # Ann plays until Bo is to act
        ann.act(ann.view["pending"]["actions"][0])
        seq += 1
    bo.act(latest(bo, seq)["view"]["pending"]["actions"][0])
    seq += 1
    assert latest(ann, seq)["undo"] is False and latest(bo, seq)["undo"] is True
    ann.send({"type": "undo", "seq": seq})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "undo"
    assert api.info(gid)["ply"] == seq


def test_a_spectator_cannot_take_back(api, table, sockets):
    gid, ann, _ = table
    ann.act(ann.wait_turn_or_end()["view"]["pending"]["actions"][0])
    watcher = sockets(gid)
    watcher.hello()
    watcher.send({"type": "undo", "seq": 1})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    assert api.info(gid)["ply"] == 1


def test_an_action_that_drew_on_chance_is_refused_and_kept(server, api, sockets):
    """Nuclear War: the first player's spin of the wheel or draw is chance or hidden."""
    from realpolitik.engine.undo import why_not_undoable
    from realpolitik.games import get

    game = api.create(["human", "human"], game="nuclear-war")
    ann, bo = sockets(game["id"]), sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    bo.hello(game["tokens"]["p2"], "Bo")
    state = stored_game(server, game["id"]).record().initial_state(get)
    socks = {"p1": ann, "p2": bo}
    seq = 0
    while True:  # play the first legal action until one is refused by the engine
        sock = socks[state.seats[state.to_act]]
        shown = sock.wait_view(lambda m, s=seq: m["seq"] == s and "pending" in m["view"])
        action = shown["view"]["pending"]["actions"][0]
        reason = why_not_undoable(state, action)
        sock.act(action)
        state.apply(action)
        seq += 1
        if reason is not None:
            break
    assert latest(sock, seq)["undo"] is False
    sock.send({"type": "undo", "seq": seq})
    refused = sock.until(lambda m: m["type"] == "error")
    assert refused["code"] == "undo" and refused["message"].startswith("Your last action cannot be taken back: ")
    assert api.info(game["id"])["ply"] == seq


def test_after_a_restart_the_last_action_can_still_be_taken_back(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0).start()
    try:
        with Api(server) as api:
            game = api.create(["human", "human"], game="nationen")
            ann = GameSocket(server, game["id"])
            ann.hello(game["tokens"]["p1"], "Ann")
            bo = GameSocket(server, game["id"])
            bo.hello(game["tokens"]["p2"], "Bo")
            first = ann.wait_turn_or_end()
            ann.act(first["view"]["pending"]["actions"][0])
            latest(ann, 1)
            ann.close()
            bo.close()
            server.stop()
            server.start()
            again = GameSocket(server, game["id"])
            assert again.hello(game["tokens"]["p1"])["undo"] is True
            again.send({"type": "undo", "seq": 1})
            assert without_log(latest(again, 0)["view"]) == without_log(first["view"])
            assert stored(server, game["id"]) == []
            again.close()
    finally:
        server.stop()
