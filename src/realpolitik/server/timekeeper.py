"""A table's clocks: what each person has left, and the stand-in bot when time runs out.

The clock of the seat to act runs while it is a person's turn (not while the game waits
for players, not for bots, not for a seat a bot already plays). What a seat has left and
when the turn began are stored with every move, so a restarted server — or a table
loaded again after it went idle — runs the same clocks. When a seat's time is up, the
seat is marked away (``timeout``), the table is told, and the game's stand-in bot plays
it until its person takes it back (:meth:`Table.come_back`).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import render

from .clock import Clock
from .store import StorageBusy, now

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("realpolitik.server")

HUMAN = "human"


class Timekeeper:
    """The clocks of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.clock = Clock.stored(table.stored.clock)
        self._timer: asyncio.TimerHandle | None = None

    def running_seat(self) -> int | None:
        """The seat whose clock runs now, or ``None``."""
        table = self.table
        if self.clock is None or table.status != "running":
            return None
        seat = table.state.to_act
        if seat is None:
            return None
        s = table.stored.seats[seat]
        return seat if s.kind == HUMAN and s.away is None else None

    def used(self, moment: datetime | None = None) -> float:
        """Seconds since the turn began."""
        since = self.table.stored.turn_since
        return 0.0 if since is None else max(0.0, ((moment or now()) - since).total_seconds())

    def left(self, seat: int, moment: datetime | None = None) -> float:
        """Seconds ``seat`` has left now."""
        s = self.table.stored.seats[seat]
        left = self.clock.start if s.clock_left is None else s.clock_left
        return max(0.0, left - self.used(moment)) if seat == self.running_seat() else left

    def after_move(self, seat: int) -> float | None:
        """What ``seat`` has left once its move now is stored; ``None`` when its clock did not run."""
        if seat != self.running_seat():
            return None
        s = self.table.stored.seats[seat]
        return self.clock.after_move(self.clock.start if s.clock_left is None else s.clock_left, self.used())

    def view(self) -> dict[str, Any] | None:
        """The clocks for a view message: seconds left per seat label and whose clock runs."""
        if self.clock is None:
            return None
        running = self.running_seat()
        labels = self.table.labels
        return {"kind": self.clock.kind, "words": {lang: render(self.clock.words(), lang) for lang in ("en", "de")},
                "left": {labels[s.seat]: round(self.left(s.seat), 1) for s in self.table.stored.seats
                         if s.kind == HUMAN},
                "running": None if running is None else labels[running]}

    def arm(self) -> None:
        """Set the alarm for the seat whose clock runs (after every change of the game)."""
        self.cancel()
        seat = self.running_seat()
        if seat is None or self.table.hall.closing:
            return
        self._timer = asyncio.get_running_loop().call_later(
            self.left(seat), self._ring, self.table.seq, seat)

    def deadline(self) -> float | None:
        """Seconds until the running clock runs out (for a table that leaves memory)."""
        seat = self.running_seat()
        return None if seat is None else self.left(seat)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _ring(self, seq: int, seat: int) -> None:
        self._timer = None
        asyncio.get_running_loop().create_task(self.time_up(seq, seat))

    async def time_up(self, seq: int, seat: int) -> None:
        """The seat's time ran out at move ``seq``: the stand-in bot takes the seat."""
        table = self.table
        async with table.lock:
            if table.seq != seq or self.running_seat() != seat:
                return
            if self.left(seat) > 0.05:  # the alarm rang a little early
                self.arm()
                return
            try:
                marked = await table.hall.store.run(table.hall.store.set_away, table.id, seat, "timeout", 0.0, "",
                                                    None, seq)
            except StorageBusy:
                asyncio.get_running_loop().call_later(1.0, self._ring, seq, seat)
                return
            if not marked:
                return
            s = table.stored.seats[seat]
            s.away, s.clock_left = "timeout", 0.0
        log.info("game %s: time ran out for seat %s; the stand-in bot plays it", table.id, table.labels[seat])
        table.tell("timeout", seat)
        table.broadcast()
        table.kick_bot()
