"""Signals between the server processes that share one PostgreSQL database.

Every change of a game is stored together with a ``NOTIFY`` on the channel
:data:`.store.CHANNEL` (see :meth:`.store.Store._signal`), so a signal goes out exactly
when its change is committed and never for a change rolled back. Each process
``LISTEN``\\s on a connection of its own and hands every signal of another process to its
link to the others (:meth:`.others.Others.heard`), which catches its tables up from storage and
tells their connections. A signal is small JSON: ``k`` (``new``, ``game``, ``chat``, ``tell``,
``gone``), ``g`` (the game), ``o`` (the sending store, so a process skips its own) and
facts of the kind.

When the connection breaks, the bus connects again (waiting longer each time) and then
asks that link to catch up with everything (:meth:`.others.Others.resync`), since signals sent
meanwhile are lost. SQLite has no bus: it serves one process.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

from .store import CHANNEL

log = logging.getLogger("realpolitik.server")

#: seconds without a signal after which the connection is checked with a query
QUIET = 10.0
#: seconds between tries to connect again, growing to the last
RECONNECT = (0.2, 0.5, 1, 2, 5)


class Bus:
    """The LISTEN side of the signals, on its own connection."""

    def __init__(self, conninfo: str, origin: str, heard: Callable[[dict[str, Any]], None],
                 resync: Callable[[], Awaitable[None]]) -> None:
        self.conninfo = conninfo
        self.origin = origin
        self.heard = heard
        self.resync = resync
        self._conn: psycopg.AsyncConnection | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        """Listen from now on (before the hall loads its games, so no change slips between)."""
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._conn is not None:
            await self._conn.close()

    async def _connect(self) -> None:
        self._conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=5)
        await self._conn.execute(f"LISTEN {CHANNEL}")

    async def _listen(self) -> None:
        failures = 0
        while True:
            try:
                if self._conn is None or self._conn.closed:
                    await self._connect()
                    log.info("signals: listening again; catching up with storage")
                    await self.resync()
                failures = 0
                async for signal in self._conn.notifies(timeout=QUIET):
                    self._deliver(signal.payload)
                await self._conn.execute("SELECT 1")  # a quiet while: is the connection still there?
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                wait = RECONNECT[min(failures, len(RECONNECT) - 1)]
                failures += 1
                if failures == 1:
                    log.warning("signals: connection lost (%s); connecting again", type(exc).__name__)
                if self._conn is not None:
                    await self._conn.close()
                    self._conn = None
                await asyncio.sleep(wait)

    def _deliver(self, payload: str) -> None:
        try:
            signal = json.loads(payload)
            if not isinstance(signal, dict) or not isinstance(signal.get("g"), str):
                raise ValueError("not a signal")
        except ValueError:
            log.warning("signals: ignored a malformed one")
            return
        if signal.get("o") == self.origin:
            return
        try:
            self.heard(signal)
        except Exception:  # a bug: never stop listening for it
            log.exception("game %s: a signal failed", signal.get("g"))
