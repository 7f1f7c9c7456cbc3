"""The table chat and the spectators' chat: players talk to the table (spectators read
along), spectators talk among themselves (players never read them, so nobody tips a
player); both are stored with the game, come back on connecting, and are bounded in size
and rate."""

from __future__ import annotations

from realpolitik.server.protocol import MAX_CHAT


def lines(sock) -> list[tuple]:
    return [(line["from"], line["name"], line["text"], line["channel"])
            for m in sock.received if m["type"] == "chat" for line in m["lines"]]


def quiet(sock) -> None:
    """Let everything on its way arrive (a ping-pong through the server's message loop)."""
    sock.send({"type": "chat", "text": ""})
    sock.until(lambda m: m["type"] == "error")


def test_players_talk_to_the_table_and_spectators_among_themselves(api, sockets):
    game = api.create(["human", "human"], game="nationen")
    ann, bo = sockets(game["id"]), sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    bo.hello(game["tokens"]["p2"], "Bo")
    kibitz, lurker = sockets(game["id"]), sockets(game["id"])
    kibitz.hello(name="Kim")
    lurker.hello()

    ann.send({"type": "chat", "text": "good luck <b>all</b>"})
    said = ("p1", "Ann", "good luck <b>all</b>", "table")
    for sock in (ann, bo, kibitz, lurker):
        sock.until(lambda m: m["type"] == "chat")
        assert lines(sock) == [said]

    kibitz.send({"type": "chat", "text": "Ann should build a pipeline"})
    tip = (None, "Kim", "Ann should build a pipeline", "watchers")
    for sock in (kibitz, lurker):
        sock.until(lambda m: m["type"] == "chat" and m["lines"][0]["channel"] == "watchers")
        assert lines(sock) == [said, tip]
    for sock in (ann, bo):
        quiet(sock)
        assert lines(sock) == [said]  # the players never read the spectators

    later_player, later_watcher = sockets(game["id"]), sockets(game["id"])
    later_player.hello(game["tokens"]["p2"])
    later_watcher.hello()
    assert lines(later_player) == [said] and lines(later_watcher) == [said, tip]
    assert later_watcher.welcome["you"] is None


def test_a_spectator_without_a_name_is_called_spectator_in_their_language(api, sockets):
    game = api.create(["human", "random"], game="nationen")
    first, second = sockets(game["id"]), sockets(game["id"])
    first.hello(lang="de")
    second.hello()
    first.send({"type": "chat", "text": "hallo"})
    second.until(lambda m: m["type"] == "chat")
    assert lines(second) == [(None, "Zuschauer", "hallo", "watchers")]


def test_a_message_is_bounded_in_size(api, sockets):
    game = api.create(["human", "random"], game="nationen")
    ann = sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    ann.send({"type": "chat", "text": "x" * (MAX_CHAT + 1)})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "bad-message"
    assert lines(ann) == []


def test_a_seat_may_send_only_so_many_messages_a_minute(api, sockets):
    game = api.create(["human", "random"], game="nationen")
    ann = sockets(game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    for i in range(20):  # the default limit: 20 a minute per seat
        ann.send({"type": "chat", "text": f"message {i}"})
        ann.until(lambda m, i=i: m["type"] == "chat" and m["lines"][0]["text"] == f"message {i}")
    ann.send({"type": "chat", "text": "one too many"})
    refused = ann.until(lambda m: m["type"] in ("chat", "error"))
    assert refused["type"] == "error" and refused["code"] == "limit"
    assert len(lines(ann)) == 20


def test_a_spectator_who_reconnects_keeps_the_chat_limit_of_the_address(tmp_path):
    """The spectators' chat counts per address, not per connection: coming back with a new
    connection for every line stores no more than the limit."""
    from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

    with ServerProcess(str(tmp_path / "games.db"), limits={**ROOMY, "chat": "5/minute"}) as server, \
            Api(server) as api:
        game = api.create(["human", "human"], game="nationen")
        answers = []
        for number in range(12):
            sock = GameSocket(server, game["id"])
            try:
                sock.hello(name="Kim")
                sock.send({"type": "chat", "text": f"line {number}"})
                mine = f"line {number}"
                answers.append(sock.until(lambda m, mine=mine: m["type"] == "error" or (
                    m["type"] == "chat" and m["lines"][-1]["text"] == mine)))
            finally:
                sock.close()
        watcher = GameSocket(server, game["id"])
        try:
            watcher.hello()
            stored = [line for m in watcher.received if m["type"] == "chat" for line in m["lines"]]
        finally:
            watcher.close()
    assert len(stored) == 5 and sum(a["type"] == "error" and a["code"] == "limit" for a in answers) == 7
