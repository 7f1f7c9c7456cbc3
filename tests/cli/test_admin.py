"""``realpolitik admin``: the operator lists accounts and games, resets a password (ending
the account's sessions) and deletes a game, on the server's database (``--db``) — never one a
running server plays; acting on a report changes only the account, and a running server hands
a removed or banned account's seat to the stand-in itself."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import insert
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.server.accounts import fold, hash_password, verify_password
from realpolitik.server.store import Store, StoredGame, StoredSeat, now
from realpolitik.server.tokens import hash_token, new_game_id, new_token
from realpolitik.testing.server import Api, GameSocket, ServerProcess

runner = CliRunner()


@pytest.fixture
def db(tmp_path):
    """A server database with Ann (logged in twice, one seat) and Bob, and two games."""
    path = str(tmp_path / "games.db")
    store = Store(path)
    ann = store.add_user("Ann", fold("Ann"), hash_password("first password"), "de")
    store.add_user("Bob", fold("Bob"), hash_password("bobs password"), None)
    for _ in range(2):
        store.add_session(hash_token(new_token()), ann.id, timedelta(days=1))
    games = [StoredGame(new_game_id(), "nuclear-war", "1", {}, 7, True, "running", now() + timedelta(seconds=i),
                        [StoredSeat(0, "human", "Ann's seat", hash_token(new_token()), True, ann.id if i else None),
                         StoredSeat(1, "random")]) for i in range(2)]
    for game in games:
        store.create_game(game)
    store.append(games[1].id, 0, 0, "place atlas")
    store.close()
    return path, [g.id for g in games]


def admin(*args: str, env: dict | None = None):
    return runner.invoke(app, ["admin", *args], env=env or {"COLUMNS": "200"})


def rows_of(output: str) -> list[list[str]]:
    """The cells of each row of a table the command printed."""
    return [[cell.strip() for cell in line.strip().strip("│┃").split("│" if "│" in line else "┃")]
            for line in output.splitlines() if "│" in line or "┃" in line]


def test_users_lists_every_account_with_its_seats_and_sessions(db):
    path, _ = db
    result = admin("users", "--db", path)
    assert result.exit_code == 0, result.output
    rows = {cells[0]: cells[1:] for cells in rows_of(result.output)}
    assert rows["name"] == ["created", "language", "seats", "sessions"]
    assert rows["Ann"][1:] == ["de", "1", "2"] and rows["Bob"][1:] == ["", "0", "0"]
    assert "password" not in result.output and "argon2" not in result.output


def test_games_lists_the_games_newest_first_with_moves_and_players(db):
    path, (older, newer) = db
    result = admin("games", "--db", path)
    assert result.exit_code == 0, result.output
    assert result.output.index(newer) < result.output.index(older)
    rows = {cells[0]: cells[1:] for cells in rows_of(result.output)}
    assert rows["id"] == ["game", "status", "created", "moves", "players"]
    assert [rows[newer][i] for i in (0, 1, 3, 4)] == ["nuclear-war", "running", "1", "Ann, random"]
    assert [rows[older][i] for i in (3, 4)] == ["0", "Ann's seat, random"]  # a seat of no account: its name


def test_reset_password_makes_one_and_logs_the_account_out_everywhere(db):
    path, _ = db
    result = admin("reset-password", "ann", "--db", path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("New password of Ann: ")
    password = result.output.split(": ", 1)[1].strip()
    assert len(password) == 16
    store = Store(path)
    try:
        user, stored = store.user_by_name(fold("Ann"))
        assert verify_password(stored, password) and not verify_password(stored, "first password")
        assert [sessions for u, _, sessions in store.user_list() if u.name == "Ann"] == [0]
    finally:
        store.close()


def test_reset_password_reads_one_and_refuses_a_short_one_or_an_unknown_name(db):
    path, _ = db
    result = runner.invoke(app, ["admin", "reset-password", "BOB", "--read", "--db", path], input="a chosen password\n")
    assert result.exit_code == 0, result.output
    assert "The password of Bob is changed" in result.output and "a chosen password" not in result.output
    store = Store(path)
    try:
        assert verify_password(store.user_by_name(fold("bob"))[1], "a chosen password")
    finally:
        store.close()
    short = runner.invoke(app, ["admin", "reset-password", "Bob", "--read", "--db", path], input="short\n")
    assert short.exit_code == 2 and "error: A password needs at least 8 characters." in short.output
    unknown = admin("reset-password", "Carol", "--db", path)
    assert unknown.exit_code == 2 and "error: there is no account named 'Carol'" in unknown.output
    german = admin("reset-password", "Carol", "--db", path, env={"LANG": "de_DE.UTF-8"})
    assert german.exit_code == 2 and "es gibt kein Konto namens 'Carol'" in german.output


def test_delete_game_removes_it_with_everything_stored_of_it(db):
    path, (older, newer) = db
    result = admin("delete-game", newer, "--db", path)
    assert result.exit_code == 0 and f"Game {newer} is deleted" in result.output
    store = Store(path)
    try:
        assert store.load(newer) is None and store.load(older) is not None
        assert [seats for u, seats, _ in store.user_list() if u.name == "Ann"] == [0]
    finally:
        store.close()
    again = admin("delete-game", newer, "--db", path)
    assert again.exit_code == 2 and f"error: there is no game '{newer}' in this database" in again.output


def test_a_database_file_that_does_not_exist_is_refused_not_created(tmp_path):
    missing = tmp_path / "nothing.db"
    for command in (["users"], ["games"], ["delete-game", "0123456789ab"], ["reset-password", "Ann"]):
        result = admin(*command, "--db", str(missing))
        assert result.exit_code == 2 and f"error: there is no database file {missing}" in result.output, command
    assert not missing.exists()
    broken = admin("users", "--db", "nosuch://x")
    assert broken.exit_code == 2 and "nosuch://x is not a database realpolitik can use" in broken.output


def test_reports_are_listed_and_each_action_changes_the_reported_account(db):
    from realpolitik.server.social_store import Sanction, SocialStore

    path, _ = db
    assert "No reports to act on." in admin("reports", "--db", path).output
    store = Store(path)
    social = SocialStore(store)
    ann, bob = store.user_named(fold("Ann")), store.user_named(fold("Bob"))
    number = social.report(bob.id, ann.id, "rude in chat", None)
    store.close()
    rows = {cells[0]: cells[1:] for cells in rows_of(admin("reports", "--db", path).output)}
    assert rows[str(number)][1:3] == ["Bob", "Ann"] and rows[str(number)][-2] == "rude in chat"
    for action in ("warn", "mute", "ban"):
        result = admin("act", str(number), action, "--db", path)
        assert result.exit_code == 0 and f"Report {number}: {action} done for Ann." in result.output
    store = Store(path)
    social = SocialStore(store)
    assert social.sanction(ann.id) == Sanction(warnings=1, muted=True, banned=True)
    [warning] = social.warnings(ann.id)
    assert "Betreiber verwarnen dich" in warning["text"]  # in Ann's language, without the reason or the reporter
    store.close()
    assert str(number) not in {cells[0] for cells in rows_of(admin("reports", "--db", path).output)}
    refused = admin("act", str(number), "shout", "--db", path)
    assert refused.exit_code != 0 and "is not an action" in refused.output
    assert admin("act", "999", "warn", "--db", path).exit_code != 0
    assert admin("act", str(number), "remove", "--db", path).exit_code == 0
    assert "Ann" not in admin("users", "--db", path).output


def test_delete_game_is_refused_while_a_server_uses_the_database(db):
    # Issue 76: against a running server, `delete-game` said "deleted" and left the live game
    # damaged (the server could not catch up with storage, its bot seat failed, the lobby still
    # listed it). Now it is refused in one line while the server's heartbeat is fresh.
    path, _ = db
    with ServerProcess(path) as server, Api(server) as api:
        game = api.create(["random", "random"])["id"]
        refused = admin("delete-game", game, "--db", path, env={"COLUMNS": "400"})
        assert refused.exit_code == 2, refused.output
        assert refused.output.startswith("error: a server uses this database (process ")
        assert refused.output.strip().count("\n") == 0, "one line"
        assert api.wait_finished(game)["status"] == "finished", "the bots played it to its end"
        assert "Traceback" not in server.output()
    store = Store(path)
    try:
        assert store.load(game) is not None, "nothing deleted"
    finally:
        store.close()
    done = admin("delete-game", game, "--db", path)  # the server stopped: its row went with it
    assert done.exit_code == 0 and f"Game {game} is deleted" in done.output


def test_a_server_killed_counts_as_stopped_once_its_heartbeat_is_stale(db):
    from realpolitik.server.heartbeat import STALE_SECONDS, servers

    path, (older, newer) = db
    store = Store(path)
    with store.engine.begin() as conn:
        conn.execute(insert(servers).values(id="killed", host="gone", pid=1, started=now(),
                                            seen=now() - timedelta(seconds=STALE_SECONDS + 1)))
    store.close()
    assert admin("delete-game", older, "--db", path).exit_code == 0
    store = Store(path)
    with store.engine.begin() as conn:
        conn.execute(insert(servers).values(id="alive", host="here", pid=2, started=now(), seen=now()))
    store.close()
    refused = admin("delete-game", newer, "--db", path)
    assert refused.exit_code == 2 and "process 2 on here" in refused.output


@pytest.mark.parametrize("action", ["remove", "ban"])
def test_an_account_removed_or_banned_while_a_server_runs_leaves_its_game_to_the_stand_in(db, action):
    # Issue 76: the operator's command changes only the account; the running server hands the
    # account's seat of a running game to the stand-in through the live table (resigned), and
    # the game plays on undamaged.
    from realpolitik.server.social_store import SocialStore

    path, _ = db
    with ServerProcess(path) as server, Api(server) as api:
        login = api.post("/api/account/login", json={"name": "Ann", "password": "first password"})
        assert login.status_code == 200, login.text
        api.http.headers["x-csrf-token"] = login.json()["csrf"]
        game = api.create(["human", "random"])
        sock = GameSocket(server, game["id"], headers={"cookie": f"session={api.http.cookies['session']}"})
        try:
            assert sock.hello(game["tokens"]["p1"])["type"] == "view"
        finally:
            sock.close()
        store = Store(path)
        ann, bob = store.user_named(fold("Ann")), store.user_named(fold("Bob"))
        assert store.load(game["id"]).seats[0].user_id == ann.id
        number = SocialStore(store).report(bob.id, ann.id, "never moves", game["id"])
        store.close()
        assert admin("act", str(number), action, "--db", path).exit_code == 0
        after = api.wait(game["id"], lambda g: g["players"][0]["away"] == "resigned", 20)
        assert after["status"] == "running"
        assert api.wait_finished(game["id"])["status"] == "finished", "the stand-in and the bot play it out"
        told = server.output()
    assert "cannot catch up" not in told and "Traceback" not in told, told[-2000:]
