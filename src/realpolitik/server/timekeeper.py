"""A table's clocks: what each person has left, and the alarm when a clock runs out.

The clock of the seat to act runs while it is a person's turn (not while the game waits
for players, not for bots, not for a seat a bot already plays). What a seat has left and
when the turn began are stored with every move, so a restarted server — or a table
loaded again after it went idle — runs the same clocks. When a seat's time is up, the
alarm rings the table's time-out (:meth:`.table.away.Away.time_up`): the seat is marked
away (``timeout``), the table is told, and the game's stand-in bot plays it until its
person takes it back (:meth:`.table.away.Away.come_back`) — once the bot has made a move
for it, and only while its time ran out fewer than ``TIMEOUTS_LOST`` times in the game: a
time-out always moves the game on, and a seat that keeps running out has lost on time for
good (:func:`comeback`).

A correspondence clock stands still while the seat's holder is on vacation and, in a game
with the weekend pause, on Saturdays and Sundays (UTC; :mod:`.pauses`). When such a clock
runs out and its holder has vacation days left, a day of vacation starts by itself instead
of the time-out (:func:`.vacation.cover`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import render

from . import vacation
from .clock import TIMEOUTS_LOST, Clock
from .pauses import Interval, paused_at, resumes_at, running_seconds, runs_out_at
from .store import StorageBusy, Store, StoredSeat, now

if TYPE_CHECKING:
    from .table import Table

HUMAN = "human"


def comeback(seat: StoredSeat, seq: int) -> str | None:
    """Whether the person of a seat the stand-in plays after a time-out may take it back with the
    game at ``seq`` actions: ``now``; ``after-move`` (the bot has not moved for it since its time ran
    out); ``never`` (its time ran out ``TIMEOUTS_LOST`` times: lost on time for good). ``None`` for a
    seat not away on a time-out."""
    if seat.away != "timeout":
        return None
    if seat.timeouts >= TIMEOUTS_LOST:
        return "never"
    return "after-move" if seat.away_at is not None and seq <= seat.away_at else "now"


class Timekeeper:
    """The clocks of one table."""

    def __init__(self, table: Table, store: Store, closing: Callable[[], bool]) -> None:
        self.table = table
        self.store = store
        #: whether the server is shutting down (no alarm is set then)
        self.closing = closing
        self.clock = Clock.stored(table.stored.clock)
        self._timer: asyncio.TimerHandle | None = None
        #: when each seat's clock stands still: its holder's vacations (correspondence clocks only)
        self.stops: dict[int, tuple[Interval, ...]] = {}

    @property
    def by_mail(self) -> bool:
        """Whether this is a correspondence clock (vacations and weekends stop it)."""
        return self.clock is not None and self.clock.kind == "correspondence"

    async def refresh(self) -> None:
        """Read the vacations of the seats' holders again (a correspondence clock's only); the
        ones read before stay when the database does not answer."""
        if not self.by_mail:
            return
        holders = {s.seat: s.user_id for s in self.table.stored.seats if s.user_id is not None}
        store = self.store
        try:
            found = await store.in_thread(vacation.stops_of, store, sorted(set(holders.values())),
                                    self.table.stored.turn_since or now())  # those of the turn under way too
        except StorageBusy:
            return
        self.stops = {seat: found.get(user, ()) for seat, user in holders.items()}

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

    def used(self, seat: int, moment: datetime | None = None) -> float:
        """Seconds ``seat``'s clock ran since the turn began (less its pauses)."""
        since = self.table.stored.turn_since
        if since is None:
            return 0.0
        return running_seconds(since, moment or now(), self.stops.get(seat, ()), self.clock.weekend)

    def _had(self, seat: int) -> float:
        """Seconds ``seat`` had when the turn began."""
        s = self.table.stored.seats[seat]
        return self.clock.start if s.clock_left is None else s.clock_left

    def left(self, seat: int, moment: datetime | None = None) -> float:
        """Seconds ``seat`` has left now."""
        left = self._had(seat)
        return max(0.0, left - self.used(seat, moment)) if seat == self.running_seat() else left

    def after_move(self, seat: int) -> float | None:
        """What ``seat`` has left once its move now is stored; ``None`` when its clock did not run."""
        if seat != self.running_seat():
            return None
        return self.clock.after_move(self._had(seat), self.used(seat))

    def until_out(self, seat: int) -> float:
        """Seconds until ``seat``'s clock is at zero and running — its pauses ahead counted in; a
        clock that reached zero as a pause began is out when the pause ends."""
        moment = now()
        stops = self.stops.get(seat, ())
        out = runs_out_at(self.table.stored.turn_since or moment, self._had(seat), stops, self.clock.weekend)
        out = resumes_at(max(out, moment), stops, self.clock.weekend)
        return max(0.0, (out - moment).total_seconds())

    def stands_still(self, seat: int) -> bool:
        """Whether ``seat``'s clock stands still now (its holder on vacation, a weekend)."""
        return paused_at(now(), self.stops.get(seat, ()), self.clock.weekend) is not None

    def paused(self, moment: datetime | None = None) -> dict[str, str]:
        """The seats whose clock stands still now and why (``vacation``, ``weekend``), by label."""
        if not self.by_mail:
            return {}
        moment = moment or now()
        labels = self.table.labels
        out = {}
        for s in self.table.stored.seats:
            why = paused_at(moment, self.stops.get(s.seat, ()), self.clock.weekend) if s.kind == HUMAN else None
            if why is not None:
                out[labels[s.seat]] = why
        return out

    def view(self) -> dict[str, Any] | None:
        """The clocks for a view message: seconds left per seat label and whose clock runs."""
        if self.clock is None:
            return None
        running = self.running_seat()
        labels = self.table.labels
        return {"kind": self.clock.kind, "words": {lang: render(self.clock.words(), lang) for lang in ("en", "de")},
                "left": {labels[s.seat]: round(self.left(s.seat), 1) for s in self.table.stored.seats
                         if s.kind == HUMAN},
                "running": None if running is None else labels[running], "paused": self.paused()}

    def arm(self) -> None:
        """Set the alarm for the seat whose clock runs (after every change of the game)."""
        self.cancel()
        seat = self.running_seat()
        if seat is None or self.closing():
            return
        self._timer = asyncio.get_running_loop().call_later(
            self.until_out(seat), self.ring, self.table.seq, seat)

    def deadline(self) -> float | None:
        """Seconds until the running clock runs out (for a table that leaves memory)."""
        seat = self.running_seat()
        return None if seat is None else self.until_out(seat)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def ring(self, seq: int, seat: int) -> None:
        """The alarm of ``seat``'s clock set at move ``seq``: the time-out (:meth:`.table.away.Away.time_up`)."""
        self._timer = None
        asyncio.get_running_loop().create_task(self.table.away.time_up(seq, seat))
