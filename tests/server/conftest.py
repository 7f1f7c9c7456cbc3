"""Fixtures for the server tests: a real server process on loopback, HTTP and WebSocket clients."""

from __future__ import annotations

import pytest

from realpolitik.testing.server import Api, GameSocket, ServerProcess


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """A server with bots that move at once, on a fresh SQLite file."""
    db = tmp_path_factory.mktemp("server") / "games.db"
    proc = ServerProcess(str(db), bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture
def api(server):
    with Api(server) as client:
        yield client


@pytest.fixture
def sockets(server):
    """``sockets(game_id)`` opens a WebSocket on the server; all are closed after the test."""
    opened: list[GameSocket] = []

    def open_socket(game_id: str, on: ServerProcess | None = None) -> GameSocket:
        sock = GameSocket(on or server, game_id)
        opened.append(sock)
        return sock

    yield open_socket
    for sock in opened:
        sock.close()


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server on loopback for this test session (the test setup installs it)."""
    from realpolitik.testing.server import Postgres

    with Postgres() as pg:
        yield pg


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A database URL of each backend: a fresh SQLite file, or the session's PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return request.getfixturevalue("postgres").url
