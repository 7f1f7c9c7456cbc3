"""``realpolitik admin backup`` and ``restore``: a backup taken while bots play restores, into an
empty database, to a server on which every game loads and plays on exactly as it would have;
every kind of backup (a SQLite copy, pg_dump's archive, a portable dump) restores every row of
every table, across the two databases too; a backup runs no migration; every refusal is one line
and leaves the target as it was. (The model-based test covers the ways players change a game; a
backup and a restore are the operator's, checked here on real servers.)"""

from __future__ import annotations

import gzip
import json
import secrets
from datetime import UTC, timedelta

import psycopg
import pytest
from sqlalchemy import JSON, DateTime, MetaData, Text, cast, create_engine, insert, inspect, select
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.server import migrations
from realpolitik.server.accounts import fold, hash_password
from realpolitik.server.heartbeat import servers
from realpolitik.server.push_store import PushStore
from realpolitik.server.social_store import SocialStore
from realpolitik.server.store import ChatLine, Store, StoredGame, StoredSeat, database_url, now
from realpolitik.server.tokens import hash_token, new_game_id, new_token
from realpolitik.testing.server import Api, GameSocket, ServerProcess

runner = CliRunner()


def admin(*args: str, env: dict | None = None):
    return runner.invoke(app, ["admin", *args], env={"COLUMNS": "200", **(env or {})})


@pytest.fixture
def fresh(postgres):
    """``fresh()``: a new, empty database of the session's PostgreSQL (as ``createdb`` makes one)."""
    def make() -> str:
        name = "backup_" + secrets.token_hex(4)
        with psycopg.connect(postgres.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return postgres.url.rsplit("/", 1)[0] + "/" + name
    return make


def database(backend: str, tmp_path, name: str, request) -> str:
    return str(tmp_path / f"{name}.db") if backend == "sqlite" else request.getfixturevalue("fresh")()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_backup_taken_while_bots_play_restores_to_a_server_where_every_game_plays_on(backend, tmp_path, request):
    source, target = database(backend, tmp_path, "games", request), database(backend, tmp_path, "restored", request)
    file = tmp_path / "backup"
    with ServerProcess(source, bot_delay=0.05) as server, Api(server) as api:
        person = api.create(["human", "random"])  # a person's game, at the person's turn
        ids = [api.create(["random"] * 3)["id"] for _ in range(6)]
        for game_id in ids:
            api.wait(game_id, lambda info: info["ply"] >= 3)
        made = admin("backup", str(file), "--db", source)  # the bots play on meanwhile
        assert made.exit_code == 0, made.output
        assert f"({'sqlite' if backend == 'sqlite' else 'pg_dump'}, " in made.output
        for game_id in ids:
            api.wait_finished(game_id, 120)
        played = {game_id: api.record(game_id).actions for game_id in ids}
    restored = admin("restore", str(file), "--db", target)
    assert restored.exit_code == 0 and "7 games, 0 accounts" in restored.output, restored.output
    store = Store(target)
    try:
        caught = {game_id: store.load(game_id).actions for game_id in store.unfinished_ids()}
    finally:
        store.close()
    assert caught.pop(person["id"]) == [] and caught, "no bot game was under way when the backup was taken"
    for game_id, actions in caught.items():
        assert played[game_id][:len(actions)] == actions and len(actions) < len(played[game_id])
    with ServerProcess(target, bot_delay=0.0) as server, Api(server) as api:
        for game_id in ids:
            assert api.get(f"/api/games/{game_id}").status_code == 200
            api.wait_finished(game_id, 120)
            assert api.record(game_id).actions == played[game_id]  # the same bots, the same seeds: the same game
        sock = GameSocket(server, person["id"])
        try:  # the person's link of before the backup still seats them, and they move
            assert sock.hello(person["tokens"]["p1"])["type"] == "view"
            sock.act(sock.wait_turn_or_end()["view"]["pending"]["actions"][0])
            sock.wait_view(lambda m: m["seq"] >= 1)
        finally:
            sock.close()
        assert api.info(person["id"])["ply"] >= 1


def fill(url: str) -> None:
    """A database with a row in most tables: accounts, a session, games (one finished, one with
    a clock of JSON null), seats, actions, chat, a note, turn notices, a report, the VAPID key,
    and a server's heartbeat row (which no backup keeps)."""
    store = Store(url)
    try:
        ann = store.add_user("Ann", fold("Ann"), hash_password("ann's password"), "de")
        bob = store.add_user("Bob", fold("Bob"), hash_password("bob's password"), None)
        store.set_addresses(ann.id, {"email": "ann@example.org", "webhook": None})
        store.add_session(hash_token(new_token()), ann.id, timedelta(days=1))
        for number, status in enumerate(("running", "finished")):
            game_id = new_game_id()
            store.create_game(StoredGame(game_id, "nuclear-war", "1", {"refill": "draw-one"}, 2**200 + number, True,
                                         "running", now(), [StoredSeat(0, "human", "Ann", hash_token(new_token()),
                                                                       True, ann.id), StoredSeat(1, "random")],
                                         clock=None if number else {"kind": "live", "start": 600}))
            store.append(game_id, 0, 0, "place atlas")
            if status == "finished":
                store.set_status(game_id, "finished", {"outcome": {"winners": ["p1"]}, "plies": 1})
        store.add_chat(game_id, ChatLine(0, None, "good game", now(), "table", "Ann"))
        store.add_note(game_id, 0, 0, "hint")
        store.add_notices(ann.id, game_id, 0, 1, ("email",))
        SocialStore(store).report(bob.id, ann.id, "rude in chat", game_id)
        PushStore(store).vapid_key()
        with store.engine.begin() as conn:
            conn.execute(insert(servers).values(id="a" * 32, host="here", pid=1, started=now(), seen=now()))
    finally:
        store.close()


def contents(url: str) -> dict[str, list]:
    """Every row of every table but ``servers``, JSON as its text and times in UTC, in order."""
    engine = create_engine(database_url(url))
    try:
        tables = MetaData()
        tables.reflect(engine)
        found = {}
        with engine.connect() as conn:
            for table in tables.sorted_tables:
                columns = [cast(c, Text) if isinstance(c.type, JSON) else c for c in table.columns]
                rows = conn.execute(select(*columns).order_by(*table.primary_key.columns)).all()
                found[table.name] = [{c.name: v.replace(tzinfo=v.tzinfo or UTC) if isinstance(c.type, DateTime) and v
                                      else v for c, v in zip(table.columns, row)} for row in rows]
        return found
    finally:
        engine.dispose()


KINDS = [("sqlite", (), "sqlite", "sqlite"), ("sqlite", ("--portable",), "sqlite", "portable"),
         ("sqlite", (), "postgresql", "sqlite"), ("sqlite", ("--portable",), "postgresql", "portable"),
         ("postgresql", (), "postgresql", "pg_dump"), ("postgresql", ("--portable",), "sqlite", "portable"),
         ("postgresql", ("no pg_dump",), "postgresql", "portable")]


@pytest.mark.parametrize(("source_backend", "options", "target_backend", "kind"), KINDS,
                         ids=[f"{s}-{k}-to-{t}" if not o or o[0] != "no pg_dump" else f"{s}-without-pg_dump"
                              for s, o, t, k in KINDS])
def test_every_kind_of_backup_restores_every_row(source_backend, options, target_backend, kind, tmp_path, request):
    source = database(source_backend, tmp_path, "games", request)
    target = database(target_backend, tmp_path, "restored", request)
    fill(source)
    before = contents(source)
    file = tmp_path / "backup"
    env = {"PATH": str(tmp_path)} if options == ("no pg_dump",) else None
    made = admin("backup", str(file), *[o for o in options if o.startswith("--")], "--db", source, env=env)
    assert made.exit_code == 0 and f"({kind}, " in made.output, made.output
    assert contents(source) == before  # a backup changes nothing
    restored = admin("restore", str(file), "--db", target)
    assert restored.exit_code == 0 and "2 games, 2 accounts" in restored.output, restored.output
    after = contents(target)
    assert after.pop("servers") == [] and before.pop("servers")
    assert after == before
    assert all(before[table] for table in ("users", "sessions", "games", "seats", "actions", "chat", "notes",
                                           "notices", "reports", "vapid_keys"))
    store = Store(target)  # numbers go on after the restored ones: a new account is no clash
    try:
        assert store.add_user("Cleo", fold("Cleo"), hash_password("cleo's password"), None).id > 2
    finally:
        store.close()


def test_a_backup_runs_no_migration_and_the_server_upgrades_what_is_restored(tmp_path):
    old = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{old}")
    migrations.upgrade(engine, "0010")
    engine.dispose()
    for number, options in enumerate(((), ("--portable",))):
        file, target = tmp_path / f"backup{number}", tmp_path / f"restored{number}.db"
        assert admin("backup", str(file), *options, "--db", str(old)).exit_code == 0
        assert admin("restore", str(file), "--db", str(target)).exit_code == 0
        for database in (old, target):
            with create_engine(f"sqlite:///{database}").connect() as conn:
                assert migrations.current(conn) == "0010", database
        Store(str(target)).close()  # as the server opens it
        with create_engine(f"sqlite:///{target}").connect() as conn:
            assert migrations.current(conn) == migrations.head()


def one_line(result, expected: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], result.output


def test_each_refusal_is_one_line_and_leaves_the_target_as_it_was(tmp_path, fresh):
    source, empty = str(tmp_path / "games.db"), tmp_path / "restored.db"
    fill(source)
    copy, archive, dump = tmp_path / "copy", tmp_path / "archive", tmp_path / "dump"
    assert admin("backup", str(copy), "--db", source).exit_code == 0
    assert admin("backup", str(dump), "--portable", "--db", source).exit_code == 0
    shared = fresh()
    assert admin("restore", str(copy), "--db", shared).exit_code == 0
    assert admin("backup", str(archive), "--db", shared).exit_code == 0

    one_line(admin("backup", str(copy), "--db", source), f"{copy} exists already: give the backup a new name")
    one_line(admin("backup", str(tmp_path / "no" / "copy"), "--db", source), "cannot write")
    one_line(admin("restore", str(copy), "--db", source), "is not empty (it holds tables): restore into a new "
             "database — a new file, or one made with createdb")
    one_line(admin("restore", str(copy), "--db", shared), "is not empty")
    one_line(admin("restore", str(archive), "--db", str(empty)), "is a PostgreSQL archive (pg_dump): restore it "
             "into a PostgreSQL database")
    one_line(admin("restore", str(copy), "--db", "sqlite://"), "is no file")
    one_line(admin("restore", str(archive), "--db", fresh(), env={"PATH": str(tmp_path)}),
             "pg_restore is not installed")
    with gzip.open(dump, "rt", encoding="utf-8") as lines:
        header, *rows = lines.read().splitlines()
    newer, broken = tmp_path / "newer", tmp_path / "broken"
    with gzip.open(newer, "wt", encoding="utf-8") as out:
        out.write("\n".join([json.dumps({**json.loads(header), "revision": "9999"}), *rows]) + "\n")
    one_line(admin("restore", str(newer), "--db", str(empty)), "was made by a newer version of realpolitik "
             "(schema revision 9999): restore it with that version")
    with gzip.open(broken, "wt", encoding="utf-8") as out:  # a game without its columns: the database refuses it
        out.write("\n".join([header, *rows, json.dumps(["games", {"id": "0123456789ab"}])]) + "\n")
    target = fresh()
    one_line(admin("restore", str(broken), "--db", str(empty)), "cannot restore into")
    one_line(admin("restore", str(broken), "--db", target), "cannot restore into")
    assert not empty.exists() and not (tmp_path / "restored.db.part").exists()  # whole or nothing
    assert inspect(create_engine(database_url(target))).get_table_names() == []
