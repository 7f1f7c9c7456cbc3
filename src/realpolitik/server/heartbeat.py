"""Which server processes use a database: each keeps a row of ``servers`` fresh while it runs.

A server process writes its row (host, process id, when it started) before it loads any
game and the time again every :data:`BEAT_SECONDS`; it deletes the row when it stops. A
process that is killed, or whose machine is lost, leaves its row behind, and the row goes
stale :data:`STALE_SECONDS` after its last beat. Rows go by the database, so this works for
one process on SQLite as for many sharing PostgreSQL.

The operator's commands that change games (``realpolitik admin delete-game``) refuse while a
fresh row exists (:func:`serving`): a running server keeps the games it plays in memory, and a
game changed behind its back is damaged there.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from datetime import timedelta
from typing import Any

from sqlalchemy import Column, DateTime, Integer, String, Table, delete, insert, select, update

from .store import StorageBusy, Store, _utc, metadata, now

log = logging.getLogger("realpolitik.server")

#: seconds between two beats of a running server
BEAT_SECONDS = 5.0
#: seconds after its last beat that a server's row no longer counts (it was killed, or its machine lost)
STALE_SECONDS = 30.0

servers = Table(
    "servers", metadata,
    Column("id", String(32), primary_key=True),
    Column("host", String(255), nullable=False),
    Column("pid", Integer, nullable=False),
    Column("started", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
)


class Heartbeat:
    """This server process's row in ``servers``, kept fresh while it runs."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.id = secrets.token_hex(16)
        self.started = now()
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        """The first beat (a database that does not answer raises :class:`StorageBusy`: the
        caller asks again), then one every :data:`BEAT_SECONDS`."""
        await self.store.in_thread(self.beat)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._beat_forever())

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self.store.in_thread(self.beat)
            except StorageBusy as exc:
                log.warning("heartbeat put off: %s", exc)

    def beat(self) -> None:
        """Write this process's row with the time now (again, should it have been deleted); rows
        left stale by processes gone go."""
        moment = now()
        with self.store.engine.begin() as conn:
            conn.execute(delete(servers).where(servers.c.seen < moment - timedelta(seconds=STALE_SECONDS)))
            if conn.execute(update(servers).where(servers.c.id == self.id).values(seen=moment)).rowcount == 0:
                conn.execute(insert(servers).values(id=self.id, host=socket.gethostname()[:255], pid=os.getpid(),
                                                    started=self.started, seen=moment))

    async def stop(self) -> None:
        """Stop beating and delete the row (a database that does not answer leaves it to go stale)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        try:
            await self.store.in_thread(self._leave)
        except StorageBusy as exc:
            log.warning("the heartbeat's row stays until it is stale: %s", exc)

    def _leave(self) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(delete(servers).where(servers.c.id == self.id))


def serving(store: Store) -> list[dict[str, Any]]:
    """The server processes whose row is fresh: ``host``, ``pid`` and ``seen`` (seconds since the last beat)."""
    moment = now()
    with store.engine.connect() as conn:
        rows = conn.execute(select(servers.c.host, servers.c.pid, servers.c.seen)
                            .order_by(servers.c.seen.desc())).mappings().all()
    found = [{"host": r["host"], "pid": r["pid"], "seen": (moment - _utc(r["seen"])).total_seconds()} for r in rows]
    # a beat a little in the future is another machine's clock running ahead: fresh
    return [r for r in found if r["seen"] < STALE_SECONDS]
