"""Broadcasts grow with what changes, not with who connects: a crowd of spectators or a seat
reconnecting in a loop cannot flood or disconnect the players."""

from __future__ import annotations

import time

from realpolitik.testing.server import GameSocket

SPECTATORS = 150


def _drain(sock: GameSocket, quiet: float = 0.6) -> None:
    """Receive until no message came for ``quiet`` seconds."""
    while True:
        try:
            sock.recv(quiet)
        except TimeoutError:
            return


def _seated(api, sockets) -> tuple[dict, GameSocket]:
    """A game of two people, p1 connected and done receiving."""
    game = api.create(["human", "human"])
    p1 = sockets(game["id"])
    p1.hello(game["tokens"]["p1"], "Ann")
    _drain(p1)
    return game, p1


def test_a_crowd_of_spectators_sends_the_players_nothing(server, api, sockets):
    game, p1 = _seated(api, sockets)
    before = len(p1.received)
    crowd = []
    try:
        for _ in range(SPECTATORS):
            watcher = GameSocket(server, game["id"])
            crowd.append(watcher)
            watcher.send({"type": "hello"})
        for watcher in crowd:
            assert watcher.until(lambda m: m["type"] == "view")["seq"] == 0
    finally:
        for watcher in crowd:
            watcher.close()
    _drain(p1)
    assert p1.received[before:] == []  # spectators change nothing the players see
    p2 = sockets(game["id"])
    p2.hello(game["tokens"]["p2"], "Bob")  # and the player is still connected and told of real changes
    p1.until(lambda m: m["type"] == "view" and m["status"] == "running")


def test_a_seat_reconnecting_in_a_loop_is_announced_a_few_times_a_second_at_most(server, api, sockets):
    game, p1 = _seated(api, sockets)
    before = len(p1.received)
    start = time.monotonic()
    for _ in range(20):
        flapper = GameSocket(server, game["id"])
        flapper.hello(game["tokens"]["p2"])
        flapper.close()
    seconds = time.monotonic() - start
    _drain(p1)
    announced = [m for m in p1.received[before:] if m["type"] == "players"]
    assert len(announced) <= seconds / 0.25 + 3, (len(announced), seconds)
    assert 2 <= len(announced) and announced[-1]["players"][1]["online"] is False  # the last news is right
