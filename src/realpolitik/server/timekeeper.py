"""A table's clocks: what each person has left, and the stand-in bot when time runs out.

The clock of the seat to act runs while it is a person's turn (not while the game waits
for players, not for bots, not for a seat a bot already plays). What a seat has left and
when the turn began are stored with every move, so a restarted server — or a table
loaded again after it went idle — runs the same clocks. When a seat's time is up, the
seat is marked away (``timeout``), the table is told, and the game's stand-in bot plays
it until its person takes it back (:meth:`Table.come_back`) — once the bot has made a move for
it, and only while its time ran out fewer than ``TIMEOUTS_LOST`` times in the game: a
time-out always moves the game on, and a seat that keeps running out has lost on time for good
(:func:`comeback`).

A correspondence clock stands still while the seat's holder is on vacation and, in a game
with the weekend pause, on Saturdays and Sundays (UTC; :mod:`.pauses`). When such a clock
runs out and its holder has vacation days left, a day of vacation starts by itself instead
of the time-out (:func:`.vacation.cover`).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import render

from . import vacation
from .clock import TIMEOUTS_LOST, Clock
from .pauses import Interval, paused_at, resumes_at, running_seconds, runs_out_at
from .store import StorageBusy, StoredSeat, now

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("realpolitik.server")

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

    def __init__(self, table: Table) -> None:
        self.table = table
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
        store = self.table.hall.store
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
        if seat is None or self.table.hall.closing:
            return
        self._timer = asyncio.get_running_loop().call_later(
            self.until_out(seat), self._ring, self.table.seq, seat)

    def deadline(self) -> float | None:
        """Seconds until the running clock runs out (for a table that leaves memory)."""
        seat = self.running_seat()
        return None if seat is None else self.until_out(seat)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _ring(self, seq: int, seat: int) -> None:
        self._timer = None
        asyncio.get_running_loop().create_task(self.time_up(seq, seat))

    async def time_up(self, seq: int, seat: int) -> None:
        """The seat's time ran out at move ``seq``: a day of its holder's vacation begins if one
        is left (a correspondence clock), else the stand-in bot takes the seat."""
        table = self.table
        store = table.hall.store
        async with table.lock:
            if table.seq != seq or self.running_seat() != seat:
                return
            await self.refresh()  # a vacation taken meanwhile, perhaps through another process
            if self.left(seat) > 0.05 or self.stands_still(seat):  # rang early, or a pause stopped the clock
                self.arm()
                return
            try:
                holder = await self._vacation_day(seat)
                marked = holder is None and await store.in_thread(store.set_away, table.id, seat, "timeout", 0.0, "",
                                                                  seq)
            except StorageBusy:
                asyncio.get_running_loop().call_later(1.0, self._ring, seq, seat)
                return
            if marked:
                s = table.stored.seats[seat]
                s.away, s.clock_left, s.away_at = "timeout", 0.0, seq
                s.timeouts += 1
        if holder is not None:
            log.info("game %s: time ran out for seat %s; a day of its player's vacation began", table.id,
                     table.labels[seat])
            table.tell("vacation", seat)
            await vacation.changed(table.hall, holder)
            table.hall.chore(table.hall.publish("vacation", "", user=holder))
            return
        if not marked:
            return
        lost = table.stored.seats[seat].timeouts >= TIMEOUTS_LOST
        log.info("game %s: time ran out for seat %s%s; the stand-in bot plays it", table.id, table.labels[seat],
                 " for good" if lost else "")
        table.tell("lost-on-time" if lost else "timeout", seat)
        table.broadcast()
        table.kick_bot()

    async def _vacation_day(self, seat: int) -> int | None:
        """Start a day of vacation for the holder of ``seat``, whose correspondence clock ran out,
        if a day is left in its bank; the holder's account then, else ``None`` (lock held)."""
        holder, days = self.table.stored.seats[seat].user_id, self.table.hall.settings.vacation_days
        if not self.by_mail or holder is None or days <= 0:
            return None
        store = self.table.hall.store
        if await store.in_thread(vacation.cover, store, holder, now(), days) is None:
            return None
        await self.refresh()
        return holder
