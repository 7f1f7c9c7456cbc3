"""The schema changes only through Alembic migrations, on SQLite and PostgreSQL: a database
written by the version before migrations is recognised, stamped as revision 1 and upgraded
— and its running game plays on; a new database is created by the migrations; the
migrated schema is exactly what ``store.py`` declares."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    column,
    create_engine,
    insert,
    inspect,
    null,
    select,
    table,
    text,
)

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.server import migrations, statistics
from realpolitik.server.store import StorageError, Store, database_url, games, metadata, now, seats
from realpolitik.server.tokens import hash_token, new_game_id, new_token
from realpolitik.testing.load import allowance
from realpolitik.testing.server import GameSocket, ServerProcess

# ---------------------------------------------------------------- the schema before migrations, frozen

OLD = MetaData()
old_games = Table(
    "games", OLD,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(20), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("lobby_join", Boolean, nullable=False),
    Column("status", String(10), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=True),
    CheckConstraint("status in ('open', 'running', 'finished')", name="ck_games_status"),
)
old_seats = Table(
    "seats", OLD,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False),
)
old_actions = Table(
    "actions", OLD,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    CheckConstraint("seq >= 0", name="ck_actions_seq"),
)
Table(
    "chat", OLD,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("team", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


@pytest.fixture(params=["sqlite", "postgresql"])
def blank(request, tmp_path):
    """The URL of an empty database of each backend (PostgreSQL: a new database on the session's server)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    import psycopg

    server = request.getfixturevalue("postgres").url
    name = f"migrations_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield server.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


def engine_of(url: str):
    return create_engine(database_url(url))


def differences(url: str, declared: MetaData) -> list:
    """What Alembic finds different between the database and ``declared`` (types included)."""
    engine = engine_of(url)
    try:
        with engine.connect() as conn:
            return compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), declared)
    finally:
        engine.dispose()


def revision(url: str) -> str | None:
    engine = engine_of(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def old_running_game(url: str) -> tuple[str, str, int]:
    """A running Nuclear War game (Ann, a person, against a random bot) written as the version
    before migrations wrote it; returns its id, Ann's token and how many actions it has."""
    game = get("nuclear-war")
    seed, rng = 4242, Rng(3)
    state = game.new_state(2, {}, seed)
    played: list[tuple[int, str]] = []
    while len(played) < 6 or state.to_act != 0:
        action = rng.choice(state.legal_actions())
        played.append((state.to_act, action))
        state.apply(action, state.to_act)
    gid, token = new_game_id(), new_token()
    engine = engine_of(url)
    OLD.create_all(engine)
    with engine.begin() as conn:
        conn.execute(insert(old_games).values(
            id=gid, game=game.id, rules_version=game.rules_version, options=dict(state.options), seed=seed,
            lobby_join=True, status="running", created=now(), result=None))
        conn.execute(insert(old_seats), [
            {"game_id": gid, "seat": 0, "kind": "human", "name": "Ann", "token_hash": hash_token(token),
             "joined": True},
            {"game_id": gid, "seat": 1, "kind": "random", "name": "", "token_hash": None, "joined": False}])
        conn.execute(insert(old_actions), [{"game_id": gid, "seq": i, "seat": seat, "text": text, "at": now()}
                                           for i, (seat, text) in enumerate(played)])
    engine.dispose()
    return gid, token, len(played)


def test_a_database_of_the_version_before_is_upgraded_and_its_game_plays_on(blank):
    gid, token, moves = old_running_game(blank)
    assert revision(blank) is None and differences(blank, OLD) == []

    server = ServerProcess(blank, bot_delay=0.0).start()
    sock = None
    try:
        assert revision(blank) == migrations.head()
        assert differences(blank, metadata) == []
        assert f"database schema upgraded from revision {migrations.FIRST} to {migrations.head()}" in server.output()
        sock = GameSocket(server, gid)
        first = sock.hello(token)
        assert first["type"] == "view" and first["seq"] == moves and first["status"] == "running"
        assert sock.welcome["you"] == "p1" and first["players"][0]["name"] == "Ann"
        view = sock.wait_turn_or_end()
        sock.act(view["view"]["pending"]["actions"][0])
        after = sock.until(lambda m: m["type"] == "error" or (m["type"] == "view" and m["seq"] > moves))
        assert after["type"] == "view", after
    finally:
        if sock is not None:
            sock.close()
        server.stop()


def test_opening_the_old_database_stamps_revision_1_before_upgrading(blank, monkeypatch):
    old_running_game(blank)
    stamped = []
    real_stamp = migrations.command.stamp
    monkeypatch.setattr(migrations.command, "stamp", lambda cfg, rev: (stamped.append(rev), real_stamp(cfg, rev)))
    Store(blank).close()
    assert stamped == [migrations.FIRST]
    assert revision(blank) == migrations.head()
    assert len(Store(blank).unfinished()) == 1  # the game survived the upgrade


def test_a_new_database_is_created_by_the_migrations_exactly_as_declared(blank):
    Store(blank).close()
    assert revision(blank) == migrations.head()
    assert differences(blank, metadata) == []
    engine = engine_of(blank)
    assert {"games", "seats", "actions", "chat", "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()
    Store(blank).close()  # at head: opening again changes nothing
    assert revision(blank) == migrations.head()


def test_revision_1_is_the_schema_before_migrations(blank):
    engine = engine_of(blank)
    migrations.upgrade(engine, migrations.FIRST)
    engine.dispose()
    assert revision(blank) == migrations.FIRST
    assert differences(blank, OLD) == []


def test_a_database_of_a_newer_version_is_refused_in_words(blank):
    Store(blank).close()
    engine = engine_of(blank)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0999'"))
    engine.dispose()
    with pytest.raises(StorageError, match="schema is at revision 0999, which this version of realpolitik "
                                           "does not know"):
        Store(blank)


def test_a_tournament_stored_without_a_clock_gets_one_from_revision_15(blank):
    """Issue 76: a tournament without a clock let one absent player hold up a round for ever;
    those stored so — JSON's null, as the server wrote Python's None, or SQL's NULL — get the
    correspondence clock (24 h a move, a bank of 72 h), and one with a clock keeps it."""
    engine = engine_of(blank)
    migrations.upgrade(engine, "0013")
    tournaments = table("tournaments", column("id", Integer), column("name"), column("game"), column("kind"),
                        column("seats"), column("clock", JSON), column("timeouts"), column("status"),
                        column("created"))
    live = {"kind": "live", "start": 1200.0, "add": 15.0, "cap": None, "weekend": False}
    with engine.begin() as conn:
        for number, clock in ((1, None), (2, null()), (3, live)):
            conn.execute(insert(tournaments).values(id=number, name="Cup", game="nuclear-war", kind="round-robin",
                                                    seats=2, clock=clock, timeouts=1, status="running",
                                                    created=now()))
    engine.dispose()
    Store(blank).close()
    engine = engine_of(blank)
    with engine.connect() as conn:
        clocks = dict(conn.execute(select(tournaments.c.id, tournaments.c.clock)).all())
    engine.dispose()
    by_mail = {"kind": "correspondence", "start": 86400.0, "add": 86400.0, "cap": 259200.0, "weekend": False}
    assert clocks == {1: by_mail, 2: by_mail, 3: live}


def test_revision_16_ranks_the_seats_given_up_in_the_results_stored_before(blank):
    """A game finished before revision 16 whose resigned seat's stand-in won: the upgrade ranks that
    seat below the other, in the stored result and in the columns the statistics read; a result
    without a seat given up stays as it was."""
    engine = engine_of(blank)
    migrations.upgrade(engine, "0013")
    played = {"places": {"p1": 1, "p2": 2}, "winners": ["p1"], "reason": "Player 1 rules Kark alone.",
              "reasons": {"en": "Player 1 rules Kark alone.", "de": "Spieler 1 beherrscht Kark allein."}}
    resigned, kept = new_game_id(), new_game_id()
    with engine.begin() as conn:
        for gid, away in ((resigned, {"away": {"p1": "resigned"}}), (kept, {})):
            conn.execute(insert(games).values(
                id=gid, game="nationen", rules_version="1", options={}, seed=7, lobby_join=False, status="finished",
                created=now(), result={"outcome": played, "digest": "d", "plies": 9, **away}))
            conn.execute(insert(seats), [{"game_id": gid, "seat": 0, "kind": "human", "name": "Ann", "joined": True,
                                          "place": 1, "won": True},
                                         {"game_id": gid, "seat": 1, "kind": "random", "name": "", "joined": True,
                                          "place": 2, "won": False}])
    migrations.upgrade(engine)
    with engine.connect() as conn:
        columns = {gid: conn.execute(select(seats.c.place, seats.c.won).where(seats.c.game_id == gid)
                                     .order_by(seats.c.seat)).all() for gid in (resigned, kept)}
    engine.dispose()
    store = Store(blank)
    try:
        after = store.load(resigned).result
        assert after["outcome"] == {**played, "places": {"p1": 2, "p2": 1}, "winners": ["p2"]}
        assert after["away"] == {"p1": "resigned"} and store.load(kept).result["outcome"] == played
    finally:
        store.close()
    assert [tuple(row) for row in columns[resigned]] == [(2, False), (1, True)]
    assert [tuple(row) for row in columns[kept]] == [(1, True), (2, False)]


def test_revision_17_keeps_mutual_friends_and_makes_one_sided_ones_requests(blank):
    """Issue 78: friendship was one-sided. Two accounts that listed each other stay friends; a
    one-sided entry becomes a request of its lister (withheld when the one listed blocks the
    lister); every message stored before counts as read; nobody takes messages from everyone.
    Going back down makes the requests one-sided entries again."""
    engine = engine_of(blank)
    migrations.upgrade(engine, "0016")
    users = table("users", column("id", Integer), column("name"), column("name_key"), column("password_hash"),
                  column("created"))
    friends = table("friends", column("user_id"), column("friend_id"), column("created"))
    blocks = table("blocks", column("user_id"), column("blocked_id"), column("created"))
    letters = table("private_messages", column("id"), column("sender_id"), column("recipient_id"), column("text"),
                    column("withheld"), column("at"))
    ann, bo, cy, di = 1, 2, 3, 4
    with engine.begin() as conn:
        conn.execute(insert(users), [{"id": n, "name": name, "name_key": name.lower(), "password_hash": "!",
                                      "created": now()} for n, name in ((ann, "Ann"), (bo, "Bo"), (cy, "Cy"),
                                                                        (di, "Di"))])
        conn.execute(insert(friends), [{"user_id": a, "friend_id": b, "created": now()}
                                       for a, b in ((ann, bo), (bo, ann), (ann, cy), (di, ann))])
        conn.execute(insert(blocks).values(user_id=ann, blocked_id=di, created=now()))
        conn.execute(insert(letters).values(id=1, sender_id=bo, recipient_id=ann, text="old", withheld=False,
                                            at=now()))
    migrations.upgrade(engine)
    requests = table("friend_requests", column("asker_id"), column("asked_id"), column("withheld"))
    read = table("private_messages", column("unread"))
    everyone = table("users", column("messages_from_everyone"))
    with engine.connect() as conn:
        assert sorted(conn.execute(select(friends.c.user_id, friends.c.friend_id)).all()) == [(ann, bo), (bo, ann)]
        assert sorted(conn.execute(select(requests)).all()) == [(ann, cy, False), (di, ann, True)]
        assert conn.execute(select(read.c.unread)).scalars().all() == [False]
        assert set(conn.execute(select(everyone.c.messages_from_everyone)).scalars()) == {False}
    with engine.begin() as conn:
        migrations.command.downgrade(migrations.config(conn), "0016")
    with engine.connect() as conn:
        assert sorted(conn.execute(select(friends.c.user_id, friends.c.friend_id)).all()) == [
            (ann, bo), (ann, cy), (bo, ann), (di, ann)]
    engine.dispose()


def test_revision_18_names_an_end_reason_about_a_number_by_its_plural_message(blank):
    """Issue 78: Nationen's round limit ended games "{lead} lead(s) …", a message that is now
    "{lead} leads"/"{lead} lead"; the games that ended so before are counted under the new message
    (end_reason and the result's reason_key), which the statistics read in either language. Their
    words stay; another reason stays as it was."""
    old = ("The round limit ({limit} rounds) ended the game with {n} powers left; {lead} lead(s) on cash + 3 M per "
           "tanker + income.")
    new = ("The round limit ({limit} rounds) ended the game with {n} powers left; {lead} leads on cash + 3 M per "
           "tanker + income.")
    engine = engine_of(blank)
    migrations.upgrade(engine, "0017")
    words = {"en": "The round limit (20 rounds) ended the game with 3 powers left; Player 2 lead(s) on …"}
    limited, alone = new_game_id(), new_game_id()
    with engine.begin() as conn:
        for gid, key in ((limited, old), (alone, "{seat} is the last great power left and rules Kark alone.")):
            conn.execute(insert(games).values(
                id=gid, game="nationen", rules_version="1", options={}, seed=7, lobby_join=False, status="finished",
                created=now(), end_reason=key, result={"outcome": {"reasons": words}, "reason_key": key, "plies": 9}))
    migrations.upgrade(engine)
    with engine.connect() as conn:
        ends = dict(conn.execute(select(games.c.id, games.c.end_reason)).all())
        after = dict(conn.execute(select(games.c.id, games.c.result)).all())
    engine.dispose()
    assert ends == {limited: new, alone: "{seat} is the last great power left and rules Kark alone."}
    assert after[limited]["reason_key"] == new and after[limited]["outcome"]["reasons"] == words
    assert after[alone]["reason_key"] == ends[alone]
    assert statistics.reason_words(ends[limited], "de") == ("Die Rundengrenze (… Runden) hat das Spiel mit … "
                                                            "verbliebenen Mächten beendet; … führen nach Bargeld + 3 M "
                                                            "je Tanker + Einkünften.")


# ---------------------------------------------------------------- an upgrade stopped halfway

HALFWAY = "0005"  # the upgrade below stops after this revision, with tables made and more to make


def test_an_upgrade_that_fails_halfway_leaves_no_half_made_schema(blank, monkeypatch):
    real_upgrade = migrations.command.upgrade

    def halfway(cfg, rev):
        real_upgrade(cfg, HALFWAY)
        raise RuntimeError("stopped halfway")

    monkeypatch.setattr(migrations.command, "upgrade", halfway)
    engine = engine_of(blank)
    with pytest.raises(RuntimeError, match="stopped halfway"):
        migrations.upgrade(engine)
    assert inspect(engine).get_table_names() == []
    engine.dispose()
    monkeypatch.undo()
    Store(blank).close()  # the next start makes the whole schema
    assert revision(blank) == migrations.head()
    assert differences(blank, metadata) == []


KILLED_HALFWAY = """
import pathlib, sys, time
from sqlalchemy import create_engine, event
from realpolitik.server import migrations
from realpolitik.server.store import database_url

engine = create_engine(database_url(sys.argv[1]))

@event.listens_for(engine, "after_cursor_execute")
def halfway(conn, cursor, statement, parameters, context, executemany):
    if statement.lstrip().upper().startswith("CREATE TABLE GAMES"):  # the first table of revision 1
        pathlib.Path(sys.argv[2]).write_text("halfway")
        time.sleep(120)

migrations.upgrade(engine)
"""


def test_a_server_killed_halfway_through_its_first_upgrade_starts_the_next_time(tmp_path):
    """The race once seen in test_server_process: a server stopped as it starts, while it makes its
    SQLite schema, its first table made and the others not. SQLite's driver opens no transaction for
    DDL by itself, so the upgrade opens one; without it the next start found a table and failed."""
    url, mark = f"sqlite:///{tmp_path / 'games.db'}", tmp_path / "halfway"
    child = subprocess.Popen([sys.executable, "-c", KILLED_HALFWAY, url, str(mark)],
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        bound = allowance(60)
        deadline = time.monotonic() + bound
        while not mark.exists():
            assert child.poll() is None, "the upgrade ended before it was halfway"
            assert time.monotonic() < deadline, f"the upgrade did not get halfway in {bound:.0f} s"
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    Store(url).close()
    assert revision(url) == migrations.head()
    assert differences(url, metadata) == []
