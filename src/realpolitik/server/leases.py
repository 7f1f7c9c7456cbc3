"""Which server process plays a game's bots and runs its clocks: a lease per game.

On PostgreSQL several processes may hold a running game in memory, but only the holder
of its lease moves its bots and fires its clocks. A lease is a session-level advisory
lock (``pg_try_advisory_lock``) on a connection of its own: PostgreSQL gives it to one
session at a time and frees it when that session ends — when its process stops or is
killed, at once; when its machine is gone, once TCP keepalives (set per session below)
find the connection dead. The process that starts a game, or stores a move of it,
asks for its lease at once; besides, every ``SCAN`` seconds each process tries to take
the leases of running games nobody holds whose turn began more than ``SETTLED`` seconds
ago (those of a process that is gone), and loads those games to play them on. A process gives a
lease back when its game ends or leaves storage. Should the lease connection break, the
process stops every bot and clock at once (it holds nothing any more) and takes leases
again once connected.

Leases make one process act; the ``(game, seq)`` key of the stored actions keeps an
action exactly once even if two ever did. SQLite serves one process, which holds every
lease (:class:`Alone`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import psycopg

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("realpolitik.server")

#: seconds between two looks for running games whose lease nobody holds
SCAN = 1.0
#: the first key of every lease's advisory lock (the second is the game id's hash)
SPACE = 0x52504F4C
#: the lease session's TCP keepalives: a session silent this long is closed by PostgreSQL
KEEPALIVES = "-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3"

#: seconds a game's turn must have lasted before a scan takes its free lease: a game that just
#: started or moved is its own process's to lease (it asks at once), not a scan's to snatch
SETTLED = 2

_FREE = f"""
WITH running AS MATERIALIZED (
    SELECT id FROM games
    WHERE status = 'running' AND turn_since < now() - interval '{SETTLED} seconds' AND NOT (id = ANY(%s)))
SELECT id FROM running WHERE pg_try_advisory_lock(%s, hashtext(id))
"""


class Alone:
    """The one process of a SQLite database: every lease is its own."""

    def holds(self, table: Table) -> bool:
        return True

    def has(self, game_id: str) -> bool:
        return True

    def release(self, game_id: str) -> None:
        pass

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass


class Leases:
    """The leases of this process on a PostgreSQL database."""

    def __init__(self, conninfo: str, chore: Callable[[Coroutine[Any, Any, None]], None],
                 taken: Callable[[str], None], lost: Callable[[], None]) -> None:
        self.conninfo = conninfo
        #: runs work beside the games (:meth:`.hall.Hall.chore`)
        self.chore = chore
        #: a lease is this process's now: its game's bots and clocks start (:meth:`.roster.Roster.lease_taken`)
        self.taken = taken
        #: every lease is lost: every bot and clock stops (:meth:`.roster.Roster.leases_lost`)
        self.lost = lost
        self.held: set[str] = set()
        #: games whose lease another process held at the last try (until the next scan)
        self.elsewhere: set[str] = set()
        self._trying: set[str] = set()
        self._conn: psycopg.AsyncConnection | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._scan_forever())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._conn is not None:
            await self._conn.close()  # frees every lease at once
            self._conn = None
        self.held.clear()

    async def _connect(self) -> None:
        self._conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=5,
                                                           options=KEEPALIVES)

    def has(self, game_id: str) -> bool:
        return game_id in self.held

    def holds(self, table: Table) -> bool:
        """Whether this process plays ``table``'s bots and clocks; asks for the lease of a
        running game it does not hold yet (:meth:`.table.bot_turns.BotTurns.kick` comes again once it is)."""
        if table.id in self.held:
            return True
        if table.status == "running" and table.id not in self.elsewhere and table.id not in self._trying:
            self._trying.add(table.id)
            self.chore(self._try(table.id))
        return False

    async def _try(self, game_id: str) -> None:
        try:
            if self._conn is None:
                return
            row = await (await self._conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                                                  (SPACE, game_id))).fetchone()
            if row[0]:
                await self._got(game_id)
            else:
                self.elsewhere.add(game_id)
        except psycopg.Error as exc:
            self._lost(exc)
        finally:
            self._trying.discard(game_id)

    async def _got(self, game_id: str) -> None:
        """The lock of ``game_id`` was granted: a lease, or once more a lease this session
        holds already (a scan and a try crossed), which is given back at once so one unlock frees it."""
        if game_id in self.held:
            await self._conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (SPACE, game_id))
        else:
            self._taken(game_id)

    def _taken(self, game_id: str) -> None:
        self.held.add(game_id)
        self.taken(game_id)

    def release(self, game_id: str) -> None:
        """Give back the lease of a game that ended or left storage."""
        if game_id in self.held:
            self.held.discard(game_id)
            self.chore(self._unlock(game_id))

    async def _unlock(self, game_id: str) -> None:
        try:
            if self._conn is not None:
                await self._conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (SPACE, game_id))
        except psycopg.Error as exc:
            self._lost(exc)

    def _lost(self, exc: Exception) -> None:
        """The lease connection broke: PostgreSQL freed every lease, so stop every bot and clock."""
        if self._conn is None:
            return
        log.warning("leases: connection lost (%s); bots and clocks stop until it is back", type(exc).__name__)
        conn, self._conn = self._conn, None
        self.chore(conn.close())
        self.held.clear()
        self.lost()

    async def _scan_forever(self) -> None:
        while True:
            await asyncio.sleep(SCAN)
            try:
                if self._conn is None:
                    await self._connect()
                    log.info("leases: connected again")
                found = await (await self._conn.execute(_FREE, (sorted(self.held), SPACE))).fetchall()
                self.elsewhere.clear()
                for (game_id,) in found:
                    log.info("game %s: its lease was free; this process plays its bots and clocks", game_id)
                    await self._got(game_id)
            except psycopg.Error as exc:
                self._lost(exc)
            except OSError as exc:
                log.warning("leases: cannot connect (%s)", exc)
