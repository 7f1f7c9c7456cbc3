"""The sweeper: every few seconds, idle games out of memory, open games past their time out of
storage, the seats of barred accounts to the stand-in (:mod:`.barred`), tournaments carried on.

A game put away while its clock runs and this process holds its lease gets an alarm: it is
loaded again when its time is up, so the clock's end is played here. The sweeper is given what it
needs — the storage, the roster of this process's games, the limits, the leases and the sweep of
the tournaments — never the hall.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from . import barred
from .quota import Limits
from .roster import Roster
from .store import StorageBusy, Store, now

if TYPE_CHECKING:
    from .leases import Alone, Leases

log = logging.getLogger("realpolitik.server")

#: seconds between two rounds of the sweeper (idle games out of memory, old open games removed)
SWEEP_SECONDS = 5.0


class Sweeper:
    """Sweeps this process's games every ``SWEEP_SECONDS`` (sooner when the limits are shorter)."""

    def __init__(self, store: Store, roster: Roster, limits: Limits, leases: Leases | Alone,
                 tournaments: Callable[[], Awaitable[None]]) -> None:
        self.store = store
        self.roster = roster
        self.limits = limits
        self.leases = leases
        #: carries every running tournament on (:meth:`.tournaments.runner.Tournaments.sweep`)
        self.tournaments = tournaments
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._sweep_forever())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _sweep_forever(self) -> None:
        every = min(SWEEP_SECONDS, self.limits.idle_seconds, self.limits.open_hours * 3600)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except StorageBusy as exc:
                log.warning("sweep put off: %s", exc)

    async def sweep(self) -> None:
        """One round: idle games out of memory, open games past their time out of storage, the seats
        of barred accounts to the stand-in, tournaments carried on."""
        roster = self.roster
        moment = time.monotonic()
        for table in list(roster.tables.values()):
            if table.idle(moment) >= self.limits.idle_seconds:
                roster.put_away(table)
                left = table.timekeeper.deadline()
                table.timekeeper.cancel()
                if left is not None and self.leases.has(table.id):  # its clock runs: load it again when time is up
                    roster.alarms[table.id] = moment + left
        for game_id, due in list(roster.alarms.items()):
            if due <= moment:
                del roster.alarms[game_id]
                if game_id in roster.idle:
                    await roster.table(game_id)
        cutoff = now() - timedelta(hours=self.limits.open_hours)
        for entry in roster.entries():
            if entry["status"] == "open" and datetime.fromisoformat(entry["created"]) < cutoff:
                if await roster.drop_open(entry["id"]):
                    log.info("game %s: removed after %g hours without its players", entry["id"],
                             self.limits.open_hours)
        await barred.hand_over(self.store, roster.table)
        await self.tournaments()
