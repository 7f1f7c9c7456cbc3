"""One cap per meaning: a person's name (an account's, a guest's at a seat) has at most ``MAX_NAME``
visible characters and an option's text at most ``MAX_TEXT``, wherever they are given or looked up.
Past the cap, the server's API, its WebSocket and the command line refuse in the same words, and
nothing changes: no account, no seat taken, no friend asked, no password set, no game made."""

from __future__ import annotations

import sqlite3

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.engine.options import MAX_TEXT
from realpolitik.server.protocol import MAX_NAME
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"
NAME_RULE = f"A name has 2 to {MAX_NAME} visible characters."
runner = CliRunner()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(str(tmp_path_factory.mktemp("caps") / "games.db"), limits=ROOMY).start()
    yield proc
    proc.stop()


def _counts(server: ServerProcess) -> tuple:
    """What a refused request must leave as it was: accounts, passwords, games, taken seats, friendships."""
    with sqlite3.connect(server.db) as db:
        return tuple(db.execute(query).fetchall() for query in (
            "select id, name, password_hash from users order by id", "select count(*) from games",
            "select game_id, seat, name, joined from seats order by game_id, seat", "select * from friend_requests"))


def _cli(*args: str):
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output.strip()


def test_a_name_past_the_cap_is_refused_alike_everywhere_and_changes_nothing(server):
    long = "N" * (MAX_NAME + 1)
    with Api(server) as ann, Api(server) as guest:
        answer = ann.post("/api/account/signup", json={"name": "Ann Cap", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        csrf = {"x-csrf-token": answer.json()["csrf"]}
        game = guest.create(["human", "random"], lobby_join=True)
        before = _counts(server)
        refused = [
            guest.post("/api/account/signup", json={"name": long, "password": PASSWORD}),
            guest.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": long}),
            ann.post("/api/social/friends", json={"name": long}, headers=csrf),
            ann.get(f"/api/players/{long}"),
        ]
        for answer in refused:
            assert (answer.status_code, answer.json()) == (400, {"error": NAME_RULE, "code": "bad-name"}), answer.text
        sock = GameSocket(server, game["id"])
        try:
            error = sock.hello(game["tokens"]["p1"], name=long)
        finally:
            sock.close()
        assert (error["type"], error["code"], error["message"]) == ("error", "bad-name", NAME_RULE)
        code, said = _cli("admin", "reset-password", long, "--db", server.db)
        assert (code, said) == (2, f"error: {NAME_RULE}")
        assert _counts(server) == before
        # at the cap a guest's name is taken whole, as an account's is
        claimed = guest.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": "G" * MAX_NAME})
        assert claimed.status_code == 200, claimed.text
        assert guest.info(game["id"])["players"][0]["name"] == "G" * MAX_NAME


def test_an_option_text_past_the_cap_is_refused_alike_online_and_on_the_command_line(server, tmp_path):
    long = "x" * (MAX_TEXT + 1)
    with Api(server) as api:
        before = _counts(server)
        answer = api.post("/api/games", json={"game": "nuclear-war", "seats": ["random", "random"],
                                              "options": {"refill": long}})
        assert answer.status_code == 400 and answer.json()["code"] == "bad-option", answer.text
        assert _counts(server) == before
    record = tmp_path / "game.json"
    code, said = _cli("play", "nuclear-war", "--seats", "random,random", "--quiet", "--save", str(record),
                      "-o", f"refill={long}")
    assert (code, said) == (2, f"error: {answer.json()['error']}")
    assert "refill" in said and not record.exists()
