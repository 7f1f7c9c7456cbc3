"""Memory stays bounded: finished games looked at leave memory again, games nobody watches
are kept only as their lobby entry, and games whose players never came are removed.

In-process (Starlette's test client) so that the hall itself can be inspected."""

from __future__ import annotations

from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from realpolitik.server import Limits, Settings, create_app
from realpolitik.server.roster import KEEP_FINISHED
from realpolitik.testing.load import eventually
from realpolitik.testing.server import ROOMY

ROOMY_LIMITS = Limits()
for _name, _value in ROOMY.items():
    ROOMY_LIMITS = ROOMY_LIMITS.set(_name, str(_value))


@pytest.fixture
def app_with(tmp_path):
    """``app_with(**limits)``: a client of an in-process server and its hall."""
    clients = []

    def start(**limits) -> tuple[TestClient, object]:
        settings = Settings(db=f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0, bot_workers=0,
                            limits=replace(ROOMY_LIMITS, **limits))
        client = TestClient(create_app(settings)).__enter__()
        clients.append(client)
        return client, client.app.state.hall

    yield start
    for client in clients:
        client.__exit__(None, None, None)


def test_finished_games_looked_at_leave_memory(app_with):
    client, hall = app_with()
    ids = [client.post("/api/games", json={"game": "nuclear-war", "seats": ["random", "random"]}).json()["id"]
           for _ in range(KEEP_FINISHED + 8)]
    eventually(lambda: all(client.get(f"/api/games/{g}").json()["status"] == "finished" for g in ids), 30)
    for gid in ids * 2:
        assert client.get(f"/api/games/{gid}").status_code == 200
        assert client.get(f"/api/games/{gid}/record").status_code == 200
    assert len(hall.roster.finished) <= KEEP_FINISHED
    assert not any(gid in hall.roster.tables for gid in ids)


def test_a_game_nobody_watches_leaves_memory_and_comes_back(app_with):
    client, hall = app_with(idle_seconds=0.3)
    game = client.post("/api/games", json={"game": "nuclear-war", "seats": ["human", "random"]}).json()
    gid = game["id"]
    eventually(lambda: gid not in hall.roster.tables, 30)
    assert [g["id"] for g in client.get("/api/games").json()["open"]] == [gid]  # still in the lobby
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "hello", "token": game["invites"][0]["url"].split("token=")[1], "name": "Ann"})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "view"
        assert gid in hall.roster.tables
    assert client.get(f"/api/games/{gid}").json()["players"][0]["name"] == "Ann"


def test_games_whose_players_never_came_are_removed(app_with):
    client, hall = app_with(open_hours=0.0002)  # 0.72 s
    waiting = client.post("/api/games", json={"game": "nuclear-war", "seats": ["human", "random"]}).json()["id"]
    started = client.post("/api/games", json={"game": "nuclear-war", "seats": ["random", "random"]}).json()["id"]
    eventually(lambda: client.get(f"/api/games/{waiting}").status_code == 404, 30)
    assert hall.store.load(waiting) is None
    assert client.get(f"/api/games/{started}").status_code == 200
    assert waiting not in {g["id"] for g in client.get("/api/games").json()["open"]}
