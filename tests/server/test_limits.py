"""Per-client and server-wide limits, each refused with a clear answer: connections, slow
requests, games waiting for players, bot games, new games, spectators, seats, messages.

Clients are told apart by address; on loopback 127.0.0.2, 127.0.0.3, … are other clients.
"""

from __future__ import annotations

import json
import re
import socket
import time
from contextlib import closing
from dataclasses import fields
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from realpolitik.server import Limits
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, GameSocket, ServerProcess, http_client


@pytest.fixture
def tight(tmp_path):
    """``tight(**limits)``: a server of its own with these limits (the rest roomy)."""
    started = []

    def start(bot_delay: float = 0.0, **limits) -> ServerProcess:
        server = ServerProcess(str(tmp_path / f"games{len(started)}.db"), bot_delay=bot_delay,
                               limits={**ROOMY, **limits}).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def _client(server: ServerProcess, n: int = 1) -> httpx.Client:
    """An HTTP client from the address 127.0.0.n."""
    return http_client(server.url,
                        transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"))


def _refused(answer: httpx.Response, words: str) -> None:
    assert answer.status_code == 429, answer.text
    body = answer.json()
    assert body["code"] == "limit" and words in body["error"], body


def _port(server: ServerProcess) -> int:
    return int(server.url.rsplit(":", 1)[1])


def test_connections_per_client_and_other_clients_unaffected(tight):
    server = tight(connections_per_client=5)
    held = [socket.create_connection(("127.0.0.1", _port(server))) for _ in range(5)]
    try:
        with closing(socket.create_connection(("127.0.0.1", _port(server)))) as extra:
            extra.settimeout(allowance(5))
            answer = extra.recv(4096)
            assert answer.startswith(b"HTTP/1.1 429") and b'"code": "limit"' in answer
        with _client(server, 2) as other:  # another address is served
            assert other.get("/api/catalog").status_code == 200
        held.pop().close()
        time.sleep(0.2)
        with http_client(server.url) as again:  # a freed place is taken again
            assert again.get("/api/catalog").status_code == 200
    finally:
        for sock in held:
            sock.close()


def test_a_client_trickling_its_headers_is_disconnected(tight):
    server = tight(header_seconds=1)
    with closing(socket.create_connection(("127.0.0.1", _port(server)))) as slow, \
            closing(socket.create_connection(("127.0.0.1", _port(server)))) as silent:
        slow.settimeout(0.2)  # fixed: one look between trickled headers; the loop stretches
        silent.settimeout(allowance(5))
        start = time.monotonic()
        slow.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n")
        closed = False
        while time.monotonic() - start < allowance(5) and not closed:
            try:
                slow.sendall(b"X-a: b\r\n")
                closed = slow.recv(1) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        assert closed and time.monotonic() - start < allowance(3)
        assert silent.recv(1) == b""  # a connection that never sends a byte goes the same way
    with http_client(server.url) as http:
        assert http.get("/api/catalog").status_code == 200


@pytest.mark.parametrize("seats, other, limits", [
    (["human", "random"], ["random", "random"], {"open_games_per_client": 1, "open_games": 2}),
    (["random"] * 6, ["human", "random"], {"bot_games_per_client": 1, "bot_games": 2}),
], ids=["waiting for players", "bots only"])
def test_games_per_client_and_on_the_server(tight, seats, other, limits):
    server = tight(bot_delay=0.5, **limits)  # bot games run long enough to count
    body = {"game": "nuclear-war", "seats": seats}
    with _client(server, 1) as first, _client(server, 2) as second, _client(server, 3) as third:
        assert first.post("/api/games", json=body).status_code == 201
        _refused(first.post("/api/games", json=body), "most one address may have")
        assert second.post("/api/games", json=body).status_code == 201
        _refused(third.post("/api/games", json=body), "its limit")
        assert third.post("/api/games", json={**body, "seats": other}).status_code == 201  # the other kind counts apart


def test_new_games_per_client_are_rate_limited(tight):
    server = tight(creates="3/hour")
    body = {"game": "nuclear-war", "seats": ["random", "random"]}
    with _client(server, 1) as first, _client(server, 2) as second:
        for _ in range(3):
            assert first.post("/api/games", json=body).status_code == 201
        _refused(first.post("/api/games", json=body), "wait a while")
        assert second.post("/api/games", json=body).status_code == 201


def test_spectators_per_game_and_sockets_per_seat(tight):
    server = tight(spectators_per_game=3, sockets_per_seat=2)
    with http_client(server.url) as http:
        game = http.post("/api/games", json={"game": "nuclear-war", "seats": ["human", "human"]}).json()
    token = game["invites"][0]["url"].split("token=")[1]
    opened = [GameSocket(server, game["id"]) for _ in range(6)]
    try:
        for watcher in opened[:3]:
            assert watcher.hello()["type"] == "view"
        refused = opened[3].hello()
        assert (refused["code"], refused["type"]) == ("limit", "error") and "spectators" in refused["message"]
        with pytest.raises(ConnectionClosed) as closed:
            opened[3].ws.recv(allowance(5))
        assert closed.value.rcvd.code == 1013  # try again later
        for sock in opened[4:]:  # the seat's holder still gets in, twice
            assert sock.hello(token)["type"] == "view"
        third = GameSocket(server, game["id"])
        opened.append(third)
        assert third.hello(token)["code"] == "limit"
    finally:
        for sock in opened:
            sock.close()


def test_a_flood_of_messages_is_refused_and_the_socket_stays(tight):
    server = tight(messages="10/10seconds")
    with http_client(server.url) as http:
        game = http.post("/api/games", json={"game": "nuclear-war", "seats": ["human", "human"]}).json()
    sock = GameSocket(server, game["id"])
    try:
        sock.hello(game["invites"][0]["url"].split("token=")[1])
        for _ in range(30):
            sock.send({"type": "act", "seq": 0, "action": "pass"})
        answers = [sock.until(lambda m: m["type"] == "error") for _ in range(30)]
        codes = [a["code"] for a in answers]
        assert codes.count("waiting") == 10 and codes.count("limit") == 20
        sock.send(json.dumps({"type": "act", "seq": 0, "action": "pass"}))
        assert sock.until(lambda m: m["type"] == "error")["code"] == "limit"  # still open, still counted
    finally:
        sock.close()


def test_docs_list_every_limit_with_its_default():
    text = (Path(__file__).parents[2] / "docs" / "security.md").read_text(encoding="utf-8")
    table = [line.split("|") for line in text.splitlines() if line.startswith("| `")]
    rows = {name: cells[2].strip() for cells in table  # a row may name several limits of one default
            for name in re.findall(r"`(\w+)`", cells[1])}
    for limit in fields(Limits):
        default = getattr(Limits(), limit.name)
        assert limit.name in rows, f"docs/security.md does not list the limit {limit.name}"
        shown = rows[limit.name]
        assert shown == str(default) or (isinstance(default, float) and float(shown) == default), (limit.name, shown)
