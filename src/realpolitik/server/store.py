"""Storage through SQLAlchemy: every game as its record, plus seats, team chat and accounts.

A game is stored as ``(game id, rules version, options, seed, seats)`` and an
append-only action log. The pair ``(game_id, seq)`` is the primary key of the log, so
the database itself refuses a second action with the same sequence number — a stale
write can never land, even from a second server process. SQLite is the embedded
default; a ``postgresql://`` URL switches to PostgreSQL (through psycopg).

Seat and session tokens are never stored, only their SHA-256 hashes; passwords only as
their Argon2 hashes (made in :mod:`.accounts`). The schema changes only through the
migrations in :mod:`.migrations`, which bring every database to these tables on opening.

The methods of :class:`Store` are blocking; the server calls them through
:meth:`Store.in_thread`, which runs them on the store's own worker thread(s).

On PostgreSQL several server processes share one database: every change of a game also
sends a signal (``NOTIFY``) in the same transaction, so the other processes hear of it
exactly when it is committed (:mod:`.bus`). SQLite serves one process and sends none.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DisconnectionError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.sql import Select

from realpolitik.engine import Record
from realpolitik.i18n import t

from . import migrations
from .quota import Limits

T = TypeVar("T")

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(20), nullable=False),
    Column("options", JSON, nullable=False),
    # the seed of its chance: a secret key (2**64 and up, engine/rng.py) as hex in ``secret_seed``,
    # ``seed`` then 0; a seed that fits BIGINT (lessons, games stored before secret seeds) in ``seed``
    Column("seed", BigInteger, nullable=False),
    Column("secret_seed", String(160), nullable=True),
    Column("lobby_join", Boolean, nullable=False),
    Column("status", String(10), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=True),
    Column("rated", Boolean, nullable=False, server_default=false()),
    # players may ask the bot for hints (never in a rated game)
    Column("hints", Boolean, nullable=False, server_default=false()),
    # the time control (null: none), the bot kind standing in for a person, when the turn began
    Column("clock", JSON, nullable=True),
    Column("stand_in", String(40), nullable=True),
    Column("turn_since", DateTime(timezone=True), nullable=True),
    # the game proposed as this finished game's rematch
    Column("rematch", String(16), nullable=True),
    # once finished: how many actions it took, why it ended (the reason's English message)
    Column("plies", Integer, nullable=True),
    Column("end_reason", String(500), nullable=True),
    # and where the game's own clock stood (its measures' turn, round, year …), if it has one
    Column("length", Float, nullable=True),
    # what the creator asks of players who join (server/reliability.py), null: nothing
    Column("terms", JSON, nullable=True),
    CheckConstraint("status in ('open', 'running', 'finished')", name="ck_games_status"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False),
    # the account the seat is bound to: its player takes it back from any device by signing in
    Column("user_id", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True),
    # seconds left on the seat's clock; why a bot plays a person's seat (timeout, resigned)
    Column("clock_left", Float, nullable=True),
    Column("away", String(10), nullable=True),
    # how often the seat's time ran out in the game; the number of actions stored when the seat last
    # changed hands between its person and the stand-in bot (a time-out, a resignation, taken back)
    Column("timeouts", Integer, nullable=False, server_default="0"),
    Column("away_at", Integer, nullable=True),
    # once the game is finished: the seat's place (1 = best), whether it is among the winners
    Column("place", Integer, nullable=True),
    Column("won", Boolean, nullable=True),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    # (game_id, seq) is the key: the database itself refuses a second action with the same number
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    CheckConstraint("seq >= 0", name="ck_actions_seq"),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    # team (partners), table (every player) or watchers (spectators, who have no seat: name says who)
    Column("channel", String(10), nullable=False, server_default="team"),
    Column("seat", Integer, nullable=True),
    Column("team", Integer, nullable=True),
    Column("name", String(40), nullable=True),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# what the record notes beside the actions: a hint asked by a seat when the game stood at ``ply``
notes = Table(
    "notes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("ply", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

users = Table(
    "users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    # the name folded (case, compatibility forms): unique, so names differ in more than case
    Column("name_key", String(160), nullable=False),
    Column("password_hash", String(255), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("language", String(8), nullable=True),
    Column("email", String(254), nullable=True),
    Column("webhook", String(500), nullable=True),
    # when the operators removed the account (server/removal.py): the row stays, emptied, as its seats' player
    Column("removed", DateTime(timezone=True), nullable=True),
    # any account may write to it (off: its friends and the accounts it played with: server/social.py)
    Column("messages_from_everyone", Boolean, nullable=False, server_default=false()),
    UniqueConstraint("name_key", name="uq_users_name_key"),
)

notices = Table(
    "notices", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    # the number of actions stored when the turn came to the account: one notice per turn
    Column("turn", Integer, nullable=False),
    # the seat whose turn it is (an account may hold several); empty in notices before revision 7
    Column("seat", Integer, nullable=True),
    Column("channel", String(10), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("next_try", DateTime(timezone=True), nullable=False, index=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("sent", DateTime(timezone=True), nullable=True),
    Column("error", String(200), nullable=True),
    UniqueConstraint("user_id", "game_id", "turn", "channel", name="uq_notices_turn"),
)

ratings = Table(
    "ratings", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(40), nullable=False),
    # the player: an account or a named bot kind, never both
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
    Column("bot", String(40), nullable=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    CheckConstraint("(user_id is null) != (bot is null)", name="ck_ratings_player"),
)
Index("ix_ratings_game_user", ratings.c.game, ratings.c.user_id)
Index("ix_ratings_game_bot", ratings.c.game, ratings.c.bot)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("last_seen", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)


class StorageError(Exception):
    """The database cannot be opened or used; the message names it (password hidden)."""


class StorageBusy(StorageError):
    """The database did not answer in time (locked, restarting, unreachable); nothing was
    changed by the call that failed, and it may be tried again."""


class StaleWrite(Exception):
    """The game in storage is not where the writer thought: another action holds this
    sequence number or the last one was taken back, the game is no longer running, or
    the seat's person left it to a bot (or took it back from one) meanwhile."""


#: seconds to wait for a new PostgreSQL connection before the call fails (and is retried)
CONNECT_SECONDS = 5
#: the PostgreSQL channel of the signals between server processes (:mod:`.bus`)
CHANNEL = "realpolitik"
#: how long a process holds the turn notices it took to send before another may take them
NOTICE_CLAIM = timedelta(minutes=10)
#: what the database may raise that is worth trying again later
TRANSIENT = (OperationalError, InterfaceError, DisconnectionError, PoolTimeout)


@dataclass
class StoredSeat:
    """One seat: ``human`` or a bot kind, the player's name, the hash of its token, the
    account it is bound to."""

    seat: int
    kind: str
    name: str = ""
    token_hash: str | None = None
    joined: bool = False
    user_id: int | None = None
    clock_left: float | None = None
    away: str | None = None  # why a bot plays this person's seat: timeout (until they return), resigned
    timeouts: int = 0  # how often its time ran out in this game
    away_at: int | None = None  # the number of actions stored when it last changed hands (person, stand-in)


@dataclass
class StoredGame:
    """A game as stored: its record header, seats, status and the actions so far."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    lobby_join: bool
    status: str
    created: datetime
    seats: list[StoredSeat]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None  # the time control (server/clock.py), None: no clock
    stand_in: str | None = None  # the bot kind that plays a seat whose person is away
    turn_since: datetime | None = None  # when the seat to act got the turn
    rematch: str | None = None  # the game proposed as this one's rematch
    rated: bool = False  # created as rated: counts for ratings when every seat is an account or a bot
    hints: bool = False  # its players may ask the bot for hints
    terms: dict[str, Any] | None = None  # what players who join must meet (server/reliability.py)

    def record(self) -> Record:
        """The game's record (with the result once it is over); people by name, bots by kind."""
        names = [s.name or s.kind if s.kind == "human" else s.kind for s in self.seats]
        return Record(self.game, self.rules_version, dict(self.options), self.seed, names, list(self.actions),
                      self.result)


class Standing(NamedTuple):
    """Where a stored game stands, read under its lock: status, actions stored, why a bot plays a seat."""

    status: str | None
    length: int
    away: str | None


@dataclass(frozen=True)
class User:
    """An account: its name as its owner wrote it, when it was made, its language; e-mail
    and webhook for notifications (none yet); whether any account may write to it."""

    id: int
    name: str
    created: datetime
    language: str | None = None
    email: str | None = None
    webhook: str | None = None
    messages_from_everyone: bool = False


@dataclass(frozen=True)
class Damaged:
    """A stored game whose rows cannot be read (bad JSON, missing seats): it is left alone."""

    id: str
    reason: str


@dataclass(frozen=True)
class ChatLine:
    """A chat message: to the writer's ``team`` (partners), the ``table`` (every player; the
    spectators read along) or the ``watchers`` (spectators among themselves: no seat, a name)."""

    seat: int | None
    team: int | None
    text: str
    at: datetime
    channel: str = "team"
    name: str = ""


#: the URL schemes of the databases the server can use (SQLite through Python's own driver,
#: PostgreSQL through psycopg), each as the driver it is run with
SCHEMES = {"sqlite": "sqlite", "sqlite+pysqlite": "sqlite+pysqlite", "postgresql": "postgresql+psycopg",
           "postgres": "postgresql+psycopg", "postgresql+psycopg": "postgresql+psycopg"}


def database_url(text: str) -> URL:
    """The SQLAlchemy URL for what a user typed: a file path, ``sqlite:///…`` or ``postgresql://…``;
    :class:`StorageError` names the databases supported for any other URL (whose driver would not
    even be installed) and for one that cannot be read."""
    if "://" not in text:
        return make_url(f"sqlite:///{Path(text).expanduser()}")
    shown = re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", text)  # never a password in a message
    try:
        url = make_url(text)
    except (ArgumentError, ValueError):  # a port that is no number, a URL that is none
        raise StorageError(t("{url} is not a database URL that can be read; use a SQLite file (FILE or "
                             "sqlite:///FILE) or PostgreSQL (postgresql://USER:PASSWORD@HOST/DATABASE)",
                             url=shown)) from None
    if url.drivername not in SCHEMES:
        raise StorageError(t("{url} is not a database realpolitik can use; use a SQLite file (FILE or "
                             "sqlite:///FILE) or PostgreSQL (postgresql://USER:PASSWORD@HOST/DATABASE)", url=shown))
    return url.set(drivername=SCHEMES[url.drivername])


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite hands them back without a zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _held():
    """A notice's account still holds the seat it tells of (its first seat, for a notice without one)."""
    return ((seats.c.game_id == notices.c.game_id) & (seats.c.user_id == notices.c.user_id)
            & (notices.c.seat.is_(None) | (seats.c.seat == notices.c.seat)))


def _due(attempts: int) -> tuple:
    """A notice to send now: not sent, tried fewer than ``attempts`` times, its time come, its seat still held."""
    return (notices.c.sent.is_(None), notices.c.attempts < attempts, notices.c.next_try <= now(),
            select(seats.c.seat).where(_held()).exists())


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The games database. Blocking methods; call them via :meth:`in_thread` from async code."""

    def __init__(self, url: URL | str, lock_seconds: float = Limits.lock_seconds) -> None:
        """``lock_seconds``: how long a statement may wait for a lock before it fails (and is
        retried by the caller); the server passes its limit of that name."""
        try:
            url = database_url(url) if isinstance(url, str) else url
            self.url = url
            self.sqlite = url.get_backend_name() == "sqlite"
            if self.sqlite and url.database not in (None, "", ":memory:"):
                folder = Path(url.database).parent
                if not folder.is_dir():
                    raise StorageError(f"cannot use {url.render_as_string()}: there is no folder {folder}")
            connect_args = ({"timeout": lock_seconds} if self.sqlite else
                            {"options": f"-c lock_timeout={round(lock_seconds * 1000)} -c statement_timeout=30000",
                             "connect_timeout": CONNECT_SECONDS})
            self.engine: Engine = create_engine(url, pool_pre_ping=not self.sqlite, connect_args=connect_args)
            if self.sqlite:
                event.listen(self.engine, "connect", _sqlite_pragmas)
            migrations.upgrade(self.engine)
        except (ArgumentError, SQLAlchemyError, OSError, migrations.SchemaError) as exc:
            shown = url.render_as_string() if isinstance(url, URL) else "the database"
            reason = getattr(exc, "orig", None) or exc
            raise StorageError(f"cannot use {shown}: {str(reason).strip().splitlines()[0]}") from None
        #: several server processes may share this database (PostgreSQL); signals go out
        self.shared = not self.sqlite
        #: this store's mark on its signals, so a process ignores its own
        self.origin = secrets.token_hex(8)
        # SQLite takes one writer at a time: one thread avoids lock waits entirely.
        self._executor = ThreadPoolExecutor(max_workers=1 if self.sqlite else 4, thread_name_prefix="store")

    def describe(self) -> str:
        """The database URL with any password hidden."""
        return self.url.render_as_string(hide_password=True)

    async def in_thread(self, method: Callable[..., T], *args: Any) -> T:
        """Run a blocking store method on the store's own worker thread(s), off the event loop;
        :class:`StorageBusy` when the database does not answer (each method is one transaction:
        nothing half-done stays)."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, method, *args)
        except TRANSIENT as exc:
            reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
            raise StorageBusy(f"the database did not answer ({reason[0] if reason else type(exc).__name__})") from None

    def close(self) -> None:
        """Finish pending writes and release the connections."""
        self._executor.shutdown(wait=True)
        self.engine.dispose()

    def conninfo(self) -> str:
        """The database as psycopg's connection string (for the signals and the leases)."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def signal(self, kind: str, game_id: str, **facts: Any) -> None:
        """Send a signal that goes with no change of storage (see :meth:`_signal`)."""
        if self.shared:
            with self.engine.begin() as conn:
                self._signal(conn, kind, game_id, **facts)

    def _signal(self, conn: Connection, kind: str, game_id: str, **facts: Any) -> None:
        """Tell the other server processes of this database what changed, when ``conn``'s
        transaction commits (PostgreSQL's NOTIFY; nothing on SQLite)."""
        if self.shared:
            payload = json.dumps({"k": kind, "g": game_id, "o": self.origin, **facts}, separators=(",", ":"))
            conn.execute(select(func.pg_notify(CHANNEL, payload)))

    @staticmethod
    def _lock(conn: Connection, game_id: str, seat: int = -1) -> Standing:
        """Lock a game's row until ``conn``'s transaction ends and return where the game stands:
        its status (``None``: no such game), how many actions it has stored and why a bot plays
        ``seat`` (if a seat is named). Every change of a game's actions, seats or status takes
        this lock first, so such changes of one game run one after another, whichever process
        makes them (PostgreSQL's ``FOR UPDATE``; SQLite takes one writer at a time anyway). The
        rest is read by a statement of its own after the lock is held: in PostgreSQL's read
        committed mode only a statement begun after the lock sees what the last holder committed."""
        status = conn.execute(_LOCK, {"game": game_id}).scalar()
        if status is None:
            return Standing(None, 0, None)
        last, away = conn.execute(_STANDING, {"game": game_id, "seat": seat}).one()
        return Standing(status, 0 if last is None else last + 1, away)

    # ------------------------------------------------------------------ games

    def create_game(self, game: StoredGame) -> None:
        """Store a new game with its seats."""
        with self.engine.begin() as conn:
            conn.execute(_ADD_GAME, {
                "id": game.id, "game": game.game, "rules_version": game.rules_version, "options": game.options,
                **_seed_columns(game.seed), "lobby_join": game.lobby_join, "status": game.status,
                "created": game.created, "result": game.result, "clock": game.clock, "stand_in": game.stand_in,
                "turn_since": game.turn_since, "rated": game.rated, "hints": game.hints, "terms": game.terms,
            })
            conn.execute(_ADD_SEAT, [
                {"game_id": game.id, "seat": s.seat, "kind": s.kind, "name": s.name,
                 "token_hash": s.token_hash, "joined": s.joined, "user_id": s.user_id, "clock_left": s.clock_left}
                for s in game.seats
            ])
            self._signal(conn, "new", game.id)

    def load(self, game_id: str, since: int = 0) -> StoredGame | Damaged | None:
        """A game with its seats and actions; :class:`Damaged` if its rows cannot be read.
        With ``since``, its ``actions`` are only those from number ``since`` on. Its row, seats and
        actions are read in one snapshot of the database: read one after another as each commit
        left them, another process's last action could come without the result stored with it."""
        with self.engine.connect() as conn:
            if self.sqlite:
                conn.exec_driver_sql("BEGIN")  # a read transaction: one WAL snapshot for every statement
            else:
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            rows = conn.execute(_GAME.where(games.c.id == game_id)).mappings().all()
            return self._complete(conn, rows, since=since)[0] if rows else None

    def unfinished_ids(self) -> list[str]:
        """The ids of every open or running game."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.status != "finished")).scalars())

    def unfinished(self) -> list[StoredGame | Damaged]:
        """Every open or running game, complete, oldest first (resumed at start-up)."""
        with self.engine.connect() as conn:
            rows = conn.execute(_GAME.where(games.c.status != "finished").order_by(games.c.created)).mappings().all()
            return self._complete(conn, rows)

    def finished(self, limit: int) -> list[StoredGame | Damaged]:
        """The newest finished games, without their actions."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                _GAME.where(games.c.status == "finished").order_by(games.c.created.desc()).limit(limit)
            ).mappings().all()
            return self._complete(conn, rows, with_actions=False)

    def _complete(self, conn, rows, with_actions: bool = True, since: int = 0) -> list[StoredGame | Damaged]:
        ids = [r["id"] for r in rows]
        if not ids:
            return []
        by_game: dict[str, list[StoredSeat]] = {i: [] for i in ids}
        for s in conn.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)).mappings():
            by_game[s["game_id"]].append(StoredSeat(s["seat"], s["kind"], s["name"], s["token_hash"], s["joined"],
                                                    s["user_id"], s["clock_left"], s["away"], s["timeouts"],
                                                    s["away_at"]))
        acts: dict[str, list[tuple[int, str]]] = {i: [] for i in ids}
        if with_actions:
            query = select(actions.c.game_id, actions.c.seq, actions.c.text).where(actions.c.game_id.in_(ids))
            if since:
                query = query.where(actions.c.seq >= since)
            for a in conn.execute(query.order_by(actions.c.game_id, actions.c.seq)):
                acts[a.game_id].append((a.seq, a.text))
        return [_stored(r, by_game[r["id"]], acts[r["id"]], since) for r in rows]

    # ------------------------------------------------------------------ play

    def append(self, game_id: str, seq: int, seat: int, text: str, result: dict[str, Any] | None = None,
               clock_left: float | None = None, facts: dict[str, Any] | None = None,
               stand_in: bool = False) -> datetime:
        """Store action number ``seq`` — and, with the ``result`` of the game it ends, the
        game as finished, in the same transaction; with ``clock_left``, the time the seat has
        left; ``facts`` go with the signal (the lobby's view of the game after it). Returns
        the moment the next turn began. Raises :class:`StaleWrite` unless the game is running
        with exactly ``seq`` actions stored, and the seat is played by whom the writer says:
        a ``stand_in`` bot only while its person is away, a person only while present."""
        moment = now()
        try:
            with self.engine.begin() as conn:
                standing = self._lock(conn, game_id, seat)
                if standing.status != "running":
                    raise StaleWrite(f"game {game_id} is not running")
                if standing.length != seq:
                    raise StaleWrite(f"game {game_id} does not stand at action {seq}")
                if (standing.away is not None) != stand_in:
                    raise StaleWrite(f"game {game_id}: seat {seat} changed hands")
                conn.execute(_ADD_ACTION, {"game_id": game_id, "seq": seq, "seat": seat, "text": text, "at": moment})
                if result is None:
                    conn.execute(_TURN_SINCE, {"b_game": game_id, "b_moment": moment})
                else:
                    conn.execute(update(games).where(games.c.id == game_id).values(
                        turn_since=moment, status="finished", result=result, **_ending(result)))
                for number, (place, won) in enumerate(_places(result)):
                    conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == number)
                                 .values(place=place, won=won))
                if clock_left is not None:
                    conn.execute(_CLOCK_LEFT, {"b_game": game_id, "b_seat": seat, "b_left": clock_left})
                self._signal(conn, "game", game_id, **(facts or {}))
        except IntegrityError:
            raise StaleWrite(f"game {game_id} already has action {seq}") from None
        return moment

    def take_back(self, game_id: str, seq: int, seat: int, clock_left: float | None = None,
                  length: int | None = None) -> bool:
        """Remove action number ``seq`` (``seat``'s) and the bots' actions after it, the game
        standing at ``length`` actions (default: ``seq`` is the last), if the game is running, the
        seat's person played it (not a stand-in bot: the person plays the seat now, and took it
        back before that action) and every action after it is a bot seat's (never a person's, nor
        a stand-in's), the turn beginning again now (with ``clock_left``, the time the seat has
        left); false when the game stands elsewhere (another action followed, or it is over) or
        the actions are not those."""
        length = seq + 1 if length is None else length
        with self.engine.begin() as conn:
            standing = self._lock(conn, game_id, seat)
            if standing.status != "running" or standing.length != length or standing.away is not None:
                return False
            away_at = conn.execute(select(seats.c.away_at).where(seats.c.game_id == game_id,
                                                                 seats.c.seat == seat)).scalar()
            if away_at is not None and seq < away_at:
                return False
            played = conn.execute(select(actions.c.seat, seats.c.kind).join_from(
                actions, seats, (seats.c.game_id == actions.c.game_id) & (seats.c.seat == actions.c.seat))
                .where(actions.c.game_id == game_id, actions.c.seq >= seq).order_by(actions.c.seq)).all()
            if len(played) != length - seq or played[0].seat != seat or any(p.kind == "human" for p in played[1:]):
                return False
            conn.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.seq >= seq))
            conn.execute(update(games).where(games.c.id == game_id).values(turn_since=now()))
            if clock_left is not None:
                conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                             .values(clock_left=clock_left))
            self._signal(conn, "game", game_id)
            return True

    def set_away(self, game_id: str, seat: int, away: str, clock_left: float | None = None,
                 only_if: str | None = None, at: int | None = None) -> bool:
        """Leave a person's seat to the stand-in bot, saying why (``timeout``, counted, or
        ``resigned``), with the time the seat has left; ``only_if`` requires the seat's current
        reason (``""``: none); ``at`` requires the game to stand at that many actions (a time-out
        is for the turn it was set for). The game's record notes it (kind ``away``, at the number
        of actions stored). False when the game is not running or the seat not in that state."""
        where = [seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "human"]
        if only_if is not None:
            where.append(seats.c.away.is_(None) if only_if == "" else seats.c.away == only_if)
        with self.engine.begin() as conn:
            standing = self._lock(conn, game_id)
            if standing.status != "running" or (at is not None and standing.length != at):
                return False
            values: dict[str, Any] = {"away": away, "away_at": standing.length}
            if away == "timeout":
                values["timeouts"] = seats.c.timeouts + 1
            if clock_left is not None:
                values["clock_left"] = clock_left
            if conn.execute(update(seats).where(*where).values(**values)).rowcount != 1:
                return False
            conn.execute(insert(notes).values(game_id=game_id, ply=standing.length, seat=seat, kind=away, at=now()))
            self._signal(conn, "game", game_id)
            return True

    def come_back(self, game_id: str, seat: int, clock_left: float | None, fewer_timeouts_than: int,
                  turn_from: datetime | None = None) -> bool:
        """The person of ``seat`` takes it back from the stand-in bot after a time-out (with
        ``clock_left`` seconds on a clock) — only once the bot has moved for the seat since
        (more actions stored than when its time ran out) and while its time ran out fewer than
        ``fewer_timeouts_than`` times in the game; ``turn_from`` starts the turn anew at that
        moment. False when the game is not running or the seat not in that state."""
        with self.engine.begin() as conn:
            standing = self._lock(conn, game_id)
            if standing.status != "running":
                return False
            values: dict[str, Any] = {"away": None, "away_at": standing.length}
            if clock_left is not None:
                values["clock_left"] = clock_left
            if conn.execute(update(seats).where(
                    seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "human",
                    seats.c.away == "timeout", seats.c.timeouts < fewer_timeouts_than,
                    or_(seats.c.away_at.is_(None), seats.c.away_at < standing.length),
            ).values(**values)).rowcount != 1:
                return False
            if turn_from is not None:
                conn.execute(update(games).where(games.c.id == game_id).values(turn_since=turn_from))
            self._signal(conn, "game", game_id)
            return True

    def set_status(self, game_id: str, status: str, result: dict[str, Any] | None = None) -> None:
        """Change a game's status (and store its result when it is finished)."""
        values: dict[str, Any] = {"status": status}
        if result is not None:
            values["result"] = result
        with self.engine.begin() as conn:
            self._lock(conn, game_id)
            conn.execute(update(games).where(games.c.id == game_id).values(**values))
            self._signal(conn, "game", game_id)

    def join(self, game_id: str, seat: int, name: str, token_hash: str | None = None,
             holding: str | None = None, user_id: int | None = None) -> tuple[bool, bool]:
        """Take a free seat, in one transaction: ``token_hash`` gives it a new token (a lobby
        claim), ``holding`` requires that it still has this one (an invitation), ``user_id``
        binds it to an account. Returns whether the seat was taken, and whether the game
        started because every human seat is now taken (its status is then running)."""
        values: dict[str, Any] = {"joined": True, "name": name, "user_id": user_id}
        if token_hash is not None:
            values["token_hash"] = token_hash
        free = [seats.c.game_id == game_id, seats.c.seat == seat, seats.c.joined.is_(False)]
        if holding is not None:
            free.append(seats.c.token_hash == holding)
        with self.engine.begin() as conn:
            # locked first: a join through another process waits, then counts this seat as taken
            if self._lock(conn, game_id).status != "open" or conn.execute(
                    update(seats).where(*free).values(**values)).rowcount != 1:
                return False, False
            return True, self._seated(conn, game_id)

    def fill_seat(self, game_id: str, seat: int, kind: str) -> tuple[bool, bool]:
        """Give a free person's seat of a game waiting for players to the bot ``kind``. Returns
        whether it was still free, and whether the game started because no seat waits now."""
        with self.engine.begin() as conn:
            if self._lock(conn, game_id).status != "open" or conn.execute(
                    update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "human",
                                        seats.c.joined.is_(False))
                    .values(kind=kind, token_hash=None, clock_left=None)).rowcount != 1:
                return False, False
            return True, self._seated(conn, game_id)

    def _seated(self, conn: Connection, game_id: str) -> bool:
        """A seat of a game waiting for players was just taken (its row locked): start the game
        if no person's seat waits any more; whether it started. Signals the change."""
        waiting = conn.execute(_WAITING, {"game": game_id}).scalar_one()
        started = waiting == 0 and conn.execute(_START, {"b_game": game_id, "b_moment": now()}).rowcount == 1
        self._signal(conn, "game", game_id)
        return started

    def drop_open(self, game_id: str) -> bool:
        """Delete a game that never started (with its seats and chat); false if it has started."""
        with self.engine.begin() as conn:
            if self._lock(conn, game_id).status != "open":
                return False
            for table in (chat, seats):
                conn.execute(delete(table).where(table.c.game_id == game_id))
            conn.execute(delete(games).where(games.c.id == game_id))
            self._signal(conn, "gone", game_id, why="expired")
            return True

    def set_rematch(self, game_id: str, rematch: str, was: str | None) -> bool:
        """Name ``rematch`` the rematch of a finished game if its rematch is still ``was``."""
        same = games.c.rematch.is_(None) if was is None else games.c.rematch == was
        with self.engine.begin() as conn:
            if conn.execute(update(games).where(games.c.id == game_id, games.c.status == "finished", same)
                            .values(rematch=rematch)).rowcount != 1:
                return False
            self._signal(conn, "game", game_id)
            return True

    def bind_seat(self, game_id: str, seat: int, user_id: int) -> bool:
        """Bind a taken seat that no account holds yet to ``user_id``; false if it is not such a seat."""
        with self.engine.begin() as conn:
            if conn.execute(update(seats).where(
                seats.c.game_id == game_id, seats.c.seat == seat, seats.c.joined.is_(True), seats.c.user_id.is_(None),
            ).values(user_id=user_id)).rowcount != 1:
                return False
            self._signal(conn, "game", game_id)
            return True

    def delete_game(self, game_id: str) -> bool:
        """Delete a game with everything stored of it (the operator's command); false if unknown."""
        with self.engine.begin() as conn:
            for table in (chat, notes, actions, seats, notices, ratings):
                conn.execute(delete(table).where(table.c.game_id == game_id))
            if conn.execute(delete(games).where(games.c.id == game_id)).rowcount != 1:
                return False
            self._signal(conn, "gone", game_id, why="deleted")
            return True

    def overview(self, limit: int = 1000) -> list[dict[str, Any]]:
        """The newest games for the operator: id, game, status, created, moves, players by name."""
        moves = select(func.count()).where(actions.c.game_id == games.c.id).scalar_subquery()
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.game, games.c.status, games.c.created, moves.label("moves"))
                                .order_by(games.c.created.desc()).limit(limit)).mappings().all()
            ids = [r["id"] for r in rows]
            players: dict[str, list[str]] = {i: [] for i in ids}
            query = (select(seats.c.game_id, seats.c.kind, seats.c.name, users.c.name.label("account"))
                     .outerjoin(users, users.c.id == seats.c.user_id)
                     .where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat))
            for s in conn.execute(query):
                players[s.game_id].append(s.kind if s.kind != "human" else s.account or s.name or "?")
        return [{**r, "created": _utc(r["created"]), "players": players[r["id"]]} for r in rows]

    # ------------------------------------------------------------------ accounts

    def add_user(self, name: str, name_key: str, password_hash: str, language: str | None) -> User | None:
        """A new account; ``None`` when its folded name is taken."""
        created = now()
        try:
            with self.engine.begin() as conn:
                user_id = conn.execute(insert(users).values(
                    name=name, name_key=name_key, password_hash=password_hash, created=created, language=language,
                )).inserted_primary_key[0]
        except IntegrityError:
            return None
        return User(user_id, name, created, language)

    def user_by_name(self, name_key: str) -> tuple[User, str] | None:
        """The account of a folded name, with its password hash."""
        with self.engine.connect() as conn:
            row = conn.execute(select(users).where(users.c.name_key == name_key)).mappings().first()
        return None if row is None else (_user(row), row["password_hash"])

    def user_list(self) -> list[tuple[User, int, int]]:
        """Every account (but the removed ones) with the number of its seats and of its live sessions, by name."""
        seated = select(func.count()).where(seats.c.user_id == users.c.id).scalar_subquery()
        live = (select(func.count()).where(sessions.c.user_id == users.c.id, sessions.c.expires > now())
                .scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(users, seated.label("seats"), live.label("sessions"))
                                .where(users.c.removed.is_(None)).order_by(users.c.name_key)).mappings().all()
        return [(_user(r), r["seats"], r["sessions"]) for r in rows]

    def set_language(self, user_id: int, language: str | None) -> None:
        """Change an account's language (``None``: whatever the player's browser asks for)."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(language=language))

    def set_password(self, user_id: int, password_hash: str, keep: str | None = None) -> None:
        """Change an account's password and end its sessions, all but the one hashed ``keep``."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(password_hash=password_hash))
            conn.execute(delete(sessions).where(sessions.c.user_id == user_id, sessions.c.token_hash != (keep or "")))
            self._signal(conn, "signed-out", "", user=user_id, keep=keep)

    def add_session(self, token_hash: str, user_id: int, lifetime: timedelta, ending: str | None = None) -> datetime:
        """A new session of an account (ending the one hashed ``ending``, and every expired
        session of anyone); returns when it expires."""
        moment = now()
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where((sessions.c.expires <= moment) | (sessions.c.token_hash == ending)))
            conn.execute(insert(sessions).values(token_hash=token_hash, user_id=user_id, created=moment,
                                                 last_seen=moment, expires=moment + lifetime))
        return moment + lifetime

    def session(self, token_hash: str, lifetime: timedelta, slide_after: timedelta) -> tuple[User, datetime] | None:
        """The account of an unexpired session and when the session expires; a session last seen
        more than ``slide_after`` ago is seen now and lives ``lifetime`` from now."""
        moment = now()
        query = (select(users, sessions.c.last_seen, sessions.c.expires)
                 .join(sessions, sessions.c.user_id == users.c.id).where(sessions.c.token_hash == token_hash))
        with self.engine.begin() as conn:
            row = conn.execute(query).mappings().first()
            if row is None or _utc(row["expires"]) <= moment:
                return None
            expires = _utc(row["expires"])
            if moment - _utc(row["last_seen"]) > slide_after:
                expires = moment + lifetime
                conn.execute(update(sessions).where(sessions.c.token_hash == token_hash)
                             .values(last_seen=moment, expires=expires))
        return _user(row), expires

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash))
            self._signal(conn, "signed-out", "", session=token_hash)

    def seats_of(self, user_id: int, limit: int = 200) -> list[dict[str, Any]]:
        """The seats bound to an account, newest game first: game id, game, status, created,
        result, the seat's number and place, whether it won, how many seats the game has, when its
        last action was stored."""
        last = select(func.max(actions.c.at)).where(actions.c.game_id == games.c.id).scalar_subquery()
        count = select(func.count()).where(seats.c.game_id == games.c.id).correlate(games).scalar_subquery()
        query = (select(*_GAME.selected_columns, seats.c.seat, seats.c.place, seats.c.won, count.label("seat_count"),
                        last.label("last_move"))
                 .join_from(games, seats, seats.c.game_id == games.c.id).where(seats.c.user_id == user_id)
                 .order_by(games.c.created.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        out = []
        for r in rows:
            try:
                result = _json(r["result"])
            except (ValueError, RecursionError):
                result = None
            out.append({**r, "result": result if isinstance(result, dict) else None, "created": _utc(r["created"]),
                        "last_move": None if r["last_move"] is None else _utc(r["last_move"])})
        return out

    # ------------------------------------------------------------------ turn notifications

    def add_notices(self, user_id: int, game_id: str, seat: int, turn: int, channels: tuple[str, ...],
                    wait: float = 0.0) -> int:
        """Queue a notice of the turn that came to ``user_id``'s ``seat`` when game ``game_id`` had
        ``turn`` actions, on each of ``channels`` the account has an address for (``email``, ``webhook``),
        due in ``wait`` seconds; one per turn and channel, however often asked. Returns how many
        were queued."""
        moment = now()
        queued = 0
        with self.engine.connect() as conn:
            user = conn.execute(select(users.c.email, users.c.webhook).where(users.c.id == user_id)).first()
        if user is None:
            return 0
        for channel in channels:
            if not {"email": user.email, "webhook": user.webhook}.get(channel):
                continue
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(notices).values(user_id=user_id, game_id=game_id, seat=seat, turn=turn,
                                                        channel=channel, created=moment,
                                                        next_try=moment + timedelta(seconds=wait)))
                queued += 1
            except IntegrityError:  # this turn was told on this channel already
                pass
        return queued

    def turn_seen(self, user_id: int, game_id: str, turn: int) -> None:
        """Take back the unsent notices of a turn whose player is looking after all."""
        with self.engine.begin() as conn:
            conn.execute(delete(notices).where(notices.c.user_id == user_id, notices.c.game_id == game_id,
                                               notices.c.turn == turn, notices.c.sent.is_(None)))

    def due_notices(self, limit: int, attempts: int, busy: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
        """Notices to send now (not sent, fewer than ``attempts`` tries, due), at most one of each
        account and none of the ``busy`` accounts (whose notice is being sent), with what they need:
        the account, its name, language and addresses, the game, its number of seats and the seat
        whose turn it is (for notices stored without one, the account's first seat). A notice
        goes only while the account still holds that seat. They are this process's to send for
        ``NOTICE_CLAIM``: another server process of the database skips them (``SKIP LOCKED``),
        so each is sent once."""
        due = (select(notices.c.id, notices.c.user_id).where(*_due(attempts), notices.c.user_id.not_in(busy))
               .order_by(notices.c.next_try).limit(limit).with_for_update(skip_locked=True, of=notices))
        seats_all = seats.alias("seats_all")
        players = select(func.count()).where(seats_all.c.game_id == notices.c.game_id).scalar_subquery()
        query = (select(notices.c.id, notices.c.user_id, notices.c.game_id, notices.c.turn, notices.c.channel,
                        notices.c.attempts, users.c.name, users.c.language, users.c.email, users.c.webhook,
                        games.c.game, func.min(seats.c.seat).label("seat"), players.label("players"))
                 .join(users, users.c.id == notices.c.user_id).join(games, games.c.id == notices.c.game_id)
                 .join(seats, _held())
                 .group_by(notices.c.id, users.c.id, games.c.id).order_by(notices.c.id))
        with self.engine.begin() as conn:
            first = {}  # an account's first due notice (the rest, unclaimed, stay due)
            for notice_id, user_id in conn.execute(due):
                first.setdefault(user_id, notice_id)
            ids = list(first.values())
            if not ids:
                return []
            conn.execute(update(notices).where(notices.c.id.in_(ids)).values(next_try=now() + NOTICE_CLAIM))
            return [dict(r) for r in conn.execute(query.where(notices.c.id.in_(ids))).mappings()]

    def notices_due(self, attempts: int) -> int:
        """How many notices are due now (as :meth:`due_notices` finds them, the claimed ones left out)."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(notices).where(*_due(attempts))).scalar_one()

    def notice_done(self, notice_id: int, error: str | None = None, retry_at: datetime | None = None) -> None:
        """A notice was sent (no ``error``), or failed: tried once more, again at ``retry_at``."""
        with self.engine.begin() as conn:
            if error is None:
                conn.execute(update(notices).where(notices.c.id == notice_id)
                             .values(sent=now(), attempts=notices.c.attempts + 1, error=None))
            else:
                conn.execute(update(notices).where(notices.c.id == notice_id)
                             .values(attempts=notices.c.attempts + 1, error=error[:200], next_try=retry_at or now()))

    def set_addresses(self, user_id: int, addresses: dict[str, str | None]) -> None:
        """Change an account's ``email`` address and ``webhook`` URL (``None``: none)."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(**addresses))

    # ------------------------------------------------------------------ ratings

    def rate_game(self, game: str, game_id: str, players: list[tuple[int | None, str | None]],
                  update: Callable[[list[tuple[float, float] | None]], list[tuple[float, float]]]) -> bool:
        """Rate a finished game of the title ``game`` once. Its players are accounts (user id,
        ``None``) or bot kinds (``None``, kind). In one transaction that no other rating runs
        beside, whichever process asks: read each player's current rating (mu, sigma; ``None``
        when not rated yet), ask ``update`` for the new ones in the same order and store them
        as history rows. False, changing nothing, when the game was rated already."""
        with self.engine.begin() as conn:
            self._lock_ratings(conn, game_id)
            if conn.execute(select(ratings.c.id).where(ratings.c.game == game, ratings.c.game_id == game_id)
                            .limit(1)).first() is not None:
                return False
            current = []
            for user_id, bot in players:
                who = ratings.c.user_id == user_id if user_id is not None else ratings.c.bot == bot
                row = conn.execute(select(ratings.c.mu, ratings.c.sigma).where(ratings.c.game == game, who)
                                   .order_by(ratings.c.id.desc()).limit(1)).first()
                current.append(None if row is None else (row.mu, row.sigma))
            moment = now()
            conn.execute(insert(ratings), [{"game": game, "user_id": user_id, "bot": bot, "game_id": game_id,
                                            "mu": mu, "sigma": sigma, "at": moment}
                                           for (user_id, bot), (mu, sigma) in zip(players, update(current),
                                                                                   strict=True)])
            return True

    def _lock_ratings(self, conn: Connection, game_id: str) -> None:
        """Let no other transaction rate until this one ends, so a game is rated once and two
        games ending together each build on the other's ratings."""
        if self.sqlite:  # any write takes SQLite's single writer lock; the reads after it see every rating
            conn.execute(update(games).where(games.c.id == game_id).values(rated=games.c.rated))
        else:
            conn.exec_driver_sql("LOCK TABLE ratings IN SHARE ROW EXCLUSIVE MODE")

    def unrated_games(self) -> list[str]:
        """The finished games whose result counts for ratings but that have no ratings yet (their
        rating was cut off: the server stopped first), oldest first."""
        rated = select(ratings.c.id).where(ratings.c.game == games.c.game, ratings.c.game_id == games.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.result).where(
                games.c.status == "finished", games.c.rated.is_(True), ~rated.exists()).order_by(games.c.created)).all()
        out = []
        for game_id, result in rows:
            try:
                result = _json(result)
            except (ValueError, RecursionError):
                continue
            if isinstance(result, dict) and result.get("rating") == "counted":
                out.append(game_id)
        return out

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """Every rated player of a game title with the current rating and the number of rated games."""
        latest = (select(func.max(ratings.c.id).label("id"), func.count().label("games"))
                  .where(ratings.c.game == game).group_by(ratings.c.user_id, ratings.c.bot).subquery())
        query = (select(ratings.c.user_id, ratings.c.bot, ratings.c.mu, ratings.c.sigma, latest.c.games, users.c.name)
                 .join_from(latest, ratings, ratings.c.id == latest.c.id)
                 .join(users, users.c.id == ratings.c.user_id, isouter=True)
                 .where(users.c.removed.is_(None)))  # a removed account's last games may still rate it
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
        rows.sort(key=lambda r: r["mu"] - 3 * r["sigma"], reverse=True)
        return rows[:limit]

    def rating_history(self, user_id: int) -> list[dict[str, Any]]:
        """Every rating change of an account, oldest first: game title, game, mu, sigma, when."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings.c.game, ratings.c.game_id, ratings.c.mu, ratings.c.sigma, ratings.c.at)
                                .where(ratings.c.user_id == user_id).order_by(ratings.c.id)).mappings().all()
        return [{**r, "at": _utc(r["at"])} for r in rows]

    def user_named(self, name_key: str) -> User | None:
        """The account of a folded name (no password hash)."""
        found = self.user_by_name(name_key)
        return None if found is None else found[0]

    # ------------------------------------------------------------------ chat

    def add_chat(self, game_id: str, line: ChatLine) -> None:
        """Store a chat message."""
        with self.engine.begin() as conn:
            number = conn.execute(insert(chat).values(
                game_id=game_id, seat=line.seat, team=line.team, text=line.text, at=line.at, channel=line.channel,
                name=line.name or None)).inserted_primary_key[0]
            self._signal(conn, "chat", game_id, line=number)

    def chat_line(self, game_id: str, number: int) -> ChatLine | None:
        """One stored chat message of a game, by its number."""
        with self.engine.connect() as conn:
            r = conn.execute(select(chat).where(chat.c.id == number, chat.c.game_id == game_id)).mappings().first()
        return None if r is None else _line(r)

    def chat_of(self, game_id: str, team: int | None = None, channels: tuple[str, ...] = (),
                limit: int = 200) -> list[ChatLine]:
        """The last messages of the ``channels`` (``table``, ``watchers``) and of the team chat
        of ``team``, oldest first."""
        if not channels and team is None:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(_chat_query(tuple(channels), team is not None),
                                {"game": game_id, "team": team, "limit": limit}).mappings().all()
        return [_line(r) for r in reversed(rows)]

    # ------------------------------------------------------------------ notes

    def add_note(self, game_id: str, ply: int, seat: int, kind: str) -> None:
        """Note in the game's record that ``seat`` did ``kind`` (``hint``: asked for one; a seat left
        to the stand-in is noted by :meth:`set_away`) when the game stood at ``ply`` actions."""
        with self.engine.begin() as conn:
            conn.execute(insert(notes).values(game_id=game_id, ply=ply, seat=seat, kind=kind, at=now()))

    def notes_of(self, game_id: str) -> list[dict[str, Any]]:
        """The record's notes of a game in the order they were taken: ``{"ply", "seat", "kind"}``."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(notes.c.ply, notes.c.seat, notes.c.kind)
                                .where(notes.c.game_id == game_id).order_by(notes.c.id)).all()
        return [{"ply": r.ply, "seat": r.seat, "kind": r.kind} for r in rows]


#: a game's row with its JSON read as text, so one bad row fails alone (in :func:`_stored`)
#: a game's status, its row locked; then its highest action number and a seat's reason to be away
_LOCK = select(games.c.status).where(games.c.id == bindparam("game")).with_for_update()
_STANDING = select(
    select(func.max(actions.c.seq)).where(actions.c.game_id == bindparam("game")).scalar_subquery(),
    select(seats.c.away).where(seats.c.game_id == bindparam("game"), seats.c.seat == bindparam("seat"))
    .scalar_subquery(),
)

#: the statements of every action: made once, so storing one compiles nothing and builds no statement
_ADD_ACTION = insert(actions)
_ADD_GAME = insert(games)
#: the first number a BIGINT column cannot hold
_BIGINT = 1 << 63
_ADD_SEAT = insert(seats)
_TURN_SINCE = update(games).where(games.c.id == bindparam("b_game")).values(turn_since=bindparam("b_moment"))
_CLOCK_LEFT = update(seats).where(seats.c.game_id == bindparam("b_game"), seats.c.seat == bindparam("b_seat")) \
    .values(clock_left=bindparam("b_left"))

#: a game's person's seats still waiting for a player; a game waiting for players starts
_WAITING = select(func.count()).select_from(seats).where(
    seats.c.game_id == bindparam("game"), seats.c.kind == "human", seats.c.joined.is_(False))
_START = update(games).where(games.c.id == bindparam("b_game"), games.c.status == "open") \
    .values(status="running", turn_since=bindparam("b_moment"))


@functools.lru_cache(maxsize=16)
def _chat_query(channels: tuple[str, ...], team: bool) -> Select:
    """The last ``limit`` messages of a game's ``channels`` and, with ``team``, of one team's chat
    (the parameters ``game``, ``team`` and ``limit``); one statement per kind of reader."""
    readable = [chat.c.channel == channel for channel in channels]
    if team:
        readable.append((chat.c.channel == "team") & (chat.c.team == bindparam("team")))
    return (select(chat).where(chat.c.game_id == bindparam("game"), or_(*readable))
            .order_by(chat.c.id.desc()).limit(bindparam("limit")))


_GAME = select(*(type_coerce(c, Text).label(c.name) if isinstance(c.type, JSON) else c for c in games.c))


def _json(value: Any) -> Any:
    """A JSON column's value as read through ``_GAME`` (text on SQLite, parsed on PostgreSQL)."""
    return json.loads(value) if isinstance(value, str) else value


def _ending(result: dict[str, Any]) -> dict[str, Any]:
    """A finished game's columns of its result: ``plies``, ``end_reason`` (the reason's
    English message, ``reason_key``, else its words) and ``length`` (its ``clock``)."""
    outcome = result.get("outcome") or {}
    reason = result.get("reason_key") or outcome.get("reason")
    plies, clock = result.get("plies"), result.get("clock")
    return {"plies": plies if isinstance(plies, int) else None,
            "end_reason": reason[:500] if isinstance(reason, str) else None,
            "length": float(clock) if isinstance(clock, int | float) and not isinstance(clock, bool) else None}


def _seed_columns(seed: int) -> dict[str, Any]:
    """A game's seed as its columns: in ``seed`` when BIGINT holds it, else as hex in ``secret_seed``."""
    if 0 <= seed < _BIGINT:
        return {"seed": seed, "secret_seed": None}
    return {"seed": 0, "secret_seed": format(seed, "x")}


def _places(result: dict[str, Any] | None) -> list[tuple[int, bool]]:
    """Each seat's place and whether it won, in seat order, from a finished game's result."""
    outcome = (result or {}).get("outcome") or {}
    winners = outcome.get("winners") or []
    return [(place, label in winners) for label, place in (outcome.get("places") or {}).items()]


def _line(r) -> ChatLine:
    return ChatLine(r["seat"], r["team"], r["text"], _utc(r["at"]), r["channel"], r["name"] or "")


def _user(row) -> User:
    return User(row["id"], row["name"], _utc(row["created"]), row["language"], row["email"], row["webhook"],
                bool(row["messages_from_everyone"]))


def _stored(row, seats_of: list[StoredSeat], acts: list[tuple[int, str]], since: int = 0) -> StoredGame | Damaged:
    """The stored game of a row (its actions from number ``since`` on), or what is wrong with it."""
    try:
        options, result = _json(row["options"]), _json(row["result"])
    except (ValueError, RecursionError):
        return Damaged(row["id"], "its options or result are not JSON")
    if not isinstance(options, dict) or not (result is None or isinstance(result, dict)):
        return Damaged(row["id"], "its options or result are not JSON objects")
    if not seats_of or [s.seat for s in seats_of] != list(range(len(seats_of))):
        return Damaged(row["id"], "its seats are not numbered 0, 1, … without a gap")
    if [seq for seq, _ in acts] != list(range(since, since + len(acts))):
        return Damaged(row["id"], "its actions are not numbered 0, 1, … without a gap")
    try:
        clock = _json(row["clock"])
    except (ValueError, RecursionError):
        return Damaged(row["id"], "its clock is not JSON")
    if not (clock is None or isinstance(clock, dict)):
        return Damaged(row["id"], "its clock is not a JSON object")
    try:
        terms = _json(row["terms"])
    except (ValueError, RecursionError):
        terms = None
    try:
        seed = row["seed"] if row["secret_seed"] is None else int(row["secret_seed"], 16)
    except ValueError:
        return Damaged(row["id"], "its secret seed is not hexadecimal")
    since = row["turn_since"]
    return StoredGame(row["id"], row["game"], row["rules_version"], options, seed, row["lobby_join"],
                      row["status"], _utc(row["created"]), seats_of, [text for _, text in acts], result,
                      clock, row["stand_in"], None if since is None else _utc(since), row["rematch"],
                      bool(row["rated"]), bool(row["hints"]), terms if isinstance(terms, dict) else None)
