"""Taking back a move online: a player takes back their own last action while nobody has
acted since and it showed nothing hidden — in an unrated game against bots alone, with the
bots' answers since, as long as none of them drew on chance or showed anything hidden; the game
goes on from before it, the record forgets it, the table hears who took back (only the player
hears what), and every other request is refused in words, which the page shows too, with the
game unchanged."""

from __future__ import annotations

import time

import pytest

from realpolitik.engine.undo import why_not_undoable
from realpolitik.games import get
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


def since_last(server: ServerProcess, game_id: str, seat: int) -> tuple[int | None, list[int], list]:
    """From the stored record: the number of ``seat``'s last action (``None``: it has not acted),
    the seat of each action from there on, and the engine's verdict on each."""
    stored = stored_game(server, game_id)
    state = stored.record().initial_state(get)
    seats, befores = [], []
    for action in stored.actions:
        seats.append(state.to_act)
        befores.append(state.clone())
        state.apply(action)
    mine = [i for i, s in enumerate(seats) if s == seat]
    if not mine:
        return None, [], []
    first = mine[-1]
    return first, seats[first:], [why_not_undoable(befores[i], stored.actions[i]) for i in range(first, len(seats))]


def play_until(sock: GameSocket, server: ServerProcess, game_id: str, seat: int, wanted, turns: int = 60,
               end_ok: bool = False):
    """Play the seat's first legal action at each of its turns until ``wanted(view message, seats,
    verdicts)`` holds at its turn after another seat has answered (seats and verdicts from its last
    action on); returns that view message, or ``None`` if ``end_ok`` and the game ended first, or
    fails."""
    for _ in range(turns):
        shown = sock.wait_turn_or_end()
        if end_ok and shown["status"] != "running":
            return None
        assert shown["status"] == "running", "the game ended first"
        first, seats, verdicts = since_last(server, game_id, seat)
        if first is not None and len(seats) > 1 and wanted(shown, seats, verdicts):
            return shown
        sock.act(shown["view"]["pending"]["actions"][0])
        sock.wait_view(lambda m, seq=shown["seq"]: m["seq"] > seq)
    raise AssertionError(f"not found in {turns} turns")


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


def test_against_a_bot_alone_a_move_is_taken_back_with_the_bots_answers(server, api, sockets):
    """Issue 77: after the bot (a lobby level) has answered, the player may still take back their
    last action — with the answers — while none of them drew on chance or showed anything hidden;
    when one did, the view says why, and the request is refused in those words."""
    game = api.create(["human", "normal"], game="nationen")
    gid = game["id"]
    ann = sockets(gid)
    ann.hello(game["tokens"]["p1"], "Ann")
    shown = play_until(ann, server, gid, 0, lambda shown, seats, verdicts: all(v is None for v in verdicts))
    assert shown["undo"] is True and "undo_why" not in shown
    first, seats, _ = since_last(server, gid, 0)
    actions = stored(server, gid)
    then = next(m for m in ann.views if m["seq"] == first)  # what Ann saw before her action
    label = next(c["label"] for c in then["view"]["pending"]["choices"] if c["action"] == actions[first])

    ann.send({"type": "undo", "seq": shown["seq"]})
    back = latest(ann, first)
    assert without_log(back["view"]) == without_log(then["view"])
    said = ann.until(lambda m: m["type"] == "taken-back")
    assert said["text"] == f"You took back: {label}, and the bots' answers since ({len(seats) - 1})."
    assert stored(server, gid) == actions[:first] and api.info(gid)["ply"] == first

    def past_taking_back(shown, seats, verdicts) -> bool:  # an action since drew on chance or showed a secret
        return any(v is not None for v in verdicts)

    refused = play_until(ann, server, gid, 0, past_taking_back, end_ok=True)
    for _table in range(3):  # the server deals at random: a game may end before such an action
        if refused is not None:
            break
        game = api.create(["human", "normal"], game="nationen")
        gid = game["id"]
        ann = sockets(gid)
        ann.hello(game["tokens"]["p1"], "Ann")
        refused = play_until(ann, server, gid, 0, past_taking_back, end_ok=True)
    assert refused is not None, "four games ended before an action that cannot be taken back"
    assert refused["undo"] is False
    assert refused["undo_why"].startswith("Your last action cannot be taken back")
    ann.send({"type": "undo", "seq": refused["seq"]})
    error = ann.until(lambda m: m["type"] == "error")
    assert (error["code"], error["message"]) == ("undo", refused["undo_why"])
    assert api.info(gid)["ply"] == refused["seq"]


def test_a_rated_game_keeps_the_bots_answers(server, api, sockets):
    """A rated game takes a move back only until the next one, a bot's included; the page says so."""
    game = api.create(["human", "normal"], game="nationen", rated=True)
    ann = sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    shown = play_until(ann, server, game["id"], 0, lambda shown, seats, verdicts: True)
    why = "Player 2 has answered since. In a rated game a move is taken back only until the next one."
    assert shown["undo"] is False and shown["undo_why"] == why
    ann.send({"type": "undo", "seq": shown["seq"]})
    assert ann.until(lambda m: m["type"] == "error")["message"] == why
    assert api.info(game["id"])["ply"] == shown["seq"]


def test_with_another_person_at_the_table_a_bots_answer_is_not_taken_back(server, api, sockets):
    """People's moves are never taken back behind their backs, so with another person at the table
    the strict rule holds: nobody, not even a bot, may have acted since."""
    game = api.create(["human", "normal", "human"], game="nationen")
    gid = game["id"]
    ann, cy = sockets(gid), sockets(gid)
    ann.hello(game["tokens"]["p1"], "Ann")
    cy.hello(game["tokens"]["p3"], "Cy")
    why = "Player 2 has answered since. Past an answer, a move is taken back only in a game against bots alone."
    for _ in range(60):
        info = api.wait(gid, lambda i: i["to_act"] in ("p1", "p3"))  # the bot is done answering
        shown = ann.wait_view(lambda m, ply=info["ply"]: m["seq"] == ply)
        first, seats, _ = since_last(server, gid, 0)
        if first is not None and len(seats) > 1 and set(seats[1:]) == {1}:  # only the bot has answered Ann
            break
        sock = ann if info["to_act"] == "p1" else cy
        sock.act(sock.wait_turn_or_end()["view"]["pending"]["actions"][0])
        sock.wait_view(lambda m, ply=info["ply"]: m["seq"] > ply)
    else:
        raise AssertionError("the bot never answered Ann")
    assert shown["undo"] is False and shown["undo_why"] == why
    ann.send({"type": "undo", "seq": shown["seq"]})
    assert ann.until(lambda m: m["type"] == "error")["message"] == why


def test_after_a_restart_the_bots_answers_are_taken_back_too(tmp_path):
    """The states before the bots' answers are replayed from the record after a restart."""
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0).start()
    try:
        with Api(server) as api:
            game = api.create(["human", "normal"], game="nationen")
            ann = GameSocket(server, game["id"])
            ann.hello(game["tokens"]["p1"], "Ann")
            shown = play_until(ann, server, game["id"], 0, lambda _, seats, verdicts: all(v is None for v in verdicts))
            first, _, _ = since_last(server, game["id"], 0)
            actions = stored(server, game["id"])
            ann.close()
            server.stop()
            server.start()
            again = GameSocket(server, game["id"])
            assert again.hello(game["tokens"]["p1"])["undo"] is True
            again.send({"type": "undo", "seq": shown["seq"]})
            latest(again, first)
            assert stored(server, game["id"]) == actions[:first]
            again.close()
    finally:
        server.stop()


def test_the_time_spent_over_the_bots_answer_is_not_given_back(server, api, sockets):
    """Taking back returns the increment the move earned, never time the player's clock ran: not
    the time the move took, nor the time spent over the bot's answer before taking it back."""
    game = api.create(["human", "normal"], game="nationen", clock={"kind": "live", "minutes": 20, "increment": 15})
    ann = sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    shown = play_until(ann, server, game["id"], 0, lambda _, seats, verdicts: all(v is None for v in verdicts))
    assert shown["clock"]["running"] == "p1"
    had = shown["clock"]["left"]["p1"]
    time.sleep(2)  # Ann thinks it over
    first, _, _ = since_last(server, game["id"], 0)
    ann.send({"type": "undo", "seq": shown["seq"]})
    left = latest(ann, first)["clock"]["left"]["p1"]
    assert left <= had - 15 - 1.5, (had, left)
