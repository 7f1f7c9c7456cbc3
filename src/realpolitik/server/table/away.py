"""Seats a bot plays for their person: resignation, time-outs, and coming back.

A person who resigns leaves the seat to the game's stand-in bot to the end. A person whose time
ran out (:mod:`..timekeeper` rings) leaves it to the stand-in too — unless a day of vacation is
left to cover a correspondence clock — and may take it back once the bot has moved for it, until
the seat has lost on time for good (:func:`..timekeeper.comeback`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from realpolitik.i18n import t

from .. import vacation
from ..clock import TIMEOUTS_LOST
from ..refusals import Refusal, busy
from ..store import StorageBusy, Store, now
from ..timekeeper import comeback

if TYPE_CHECKING:
    from . import Table

log = logging.getLogger("realpolitik.server")


class Away:
    """The seats of one table that their persons left to the stand-in."""

    def __init__(self, table: Table, store: Store, vacation_days: int,
                 vacation_began: Callable[[int], Awaitable[None]]) -> None:
        self.table = table
        self.store = store
        #: vacation days each account banks per calendar year (0: none)
        self.vacation_days = vacation_days
        #: an account's vacation began by itself: the clocks of its seats here and elsewhere follow
        self.vacation_began = vacation_began

    async def resign(self, seat: int) -> None:
        """``seat``'s person leaves the game for good: the stand-in bot plays the seat to the end
        (partners play on), and the result names the seat as resigned."""
        table = self.table
        async with table.lock:
            if table.status != "running":
                raise Refusal("over" if table.status == "finished" else "waiting",
                              t("Only a running game can be resigned."))
            if table.stored.seats[seat].away == "resigned":
                raise Refusal("resigned", t("You have resigned this game already."))
            try:
                resigned = await self.store.in_thread(self.store.set_away, table.id, seat, "resigned")
            except StorageBusy:
                raise busy() from None
            if not resigned:  # it ended through another process meanwhile
                await table.following.reload()
                raise Refusal("over", t("Only a running game can be resigned."))
            table.stored.seats[seat].away, table.stored.seats[seat].away_at = "resigned", table.seq
            table.touched = time.monotonic()
        log.info("game %s: seat %s resigned", table.id, table.labels[seat])
        table.audience.tell("resigned", seat)
        table.audience.broadcast()
        table.bots.kick()

    async def come_back(self, seat: int) -> None:
        """``seat``'s person takes the seat back from the bot that stood in after a timeout, with
        at least a move's time on the clock — once the bot has moved for it, and unless the seat
        has lost on time for good (:func:`comeback`)."""
        table = self.table
        async with table.lock:
            self._check_comeback(seat)
            s, clock = table.stored.seats[seat], table.timekeeper.clock
            left = clock.on_return(s.clock_left or 0.0) if clock is not None else None
            moment = now() if table.state.to_act == seat else None  # the person's time runs from now
            try:
                back = await self.store.in_thread(self.store.come_back, table.id, seat, left, TIMEOUTS_LOST, moment)
            except StorageBusy:
                raise busy() from None
            if not back:  # changed through another process meanwhile
                await table.following.reload()
                self._check_comeback(seat)
                raise Refusal("not-away", t("Your seat is yours already; no bot plays it."))
            if table.state.to_act == seat:  # the stand-in was thinking
                table.bots.cancel()
            s.away, s.clock_left, s.away_at = None, left, table.seq
            if moment is not None:
                table.stored.turn_since = moment
            table.touched = time.monotonic()
        table.audience.tell("back", seat)
        table.audience.broadcast()
        table.bots.kick()

    def _check_comeback(self, seat: int) -> None:
        """Refuse ``seat``'s person taking it back from the stand-in now, saying why, unless they may."""
        table = self.table
        back = comeback(table.stored.seats[seat], table.seq) if table.status == "running" else None
        if back == "after-move":
            raise Refusal("too-soon", t("Your time ran out: you can take the seat back once the bot has made a move "
                                        "for it."))
        if back == "never":
            raise Refusal("lost-on-time", t("Your time ran out {count} times in this game: you have lost on time, and "
                                            "the bot plays your seat to the end.", count=TIMEOUTS_LOST))
        if back is None:
            raise Refusal("not-away", t("Your seat is yours already; no bot plays it."))

    async def time_up(self, seq: int, seat: int) -> None:
        """The seat's time ran out at move ``seq``: a day of its holder's vacation begins if one
        is left (a correspondence clock), else the stand-in bot takes the seat."""
        table, keeper, store = self.table, self.table.timekeeper, self.store
        async with table.lock:
            if table.seq != seq or keeper.running_seat() != seat:
                return
            await keeper.refresh()  # a vacation taken meanwhile, perhaps through another process
            if keeper.left(seat) > 0.05 or keeper.stands_still(seat):  # rang early, or a pause stopped the clock
                keeper.arm()
                return
            try:
                holder = await self._vacation_day(seat)
                marked = holder is None and await store.in_thread(store.set_away, table.id, seat, "timeout", 0.0, "",
                                                                  seq)
            except StorageBusy:
                asyncio.get_running_loop().call_later(1.0, keeper.ring, seq, seat)
                return
            if marked:
                s = table.stored.seats[seat]
                s.away, s.clock_left, s.away_at = "timeout", 0.0, seq
                s.timeouts += 1
        if holder is not None:
            log.info("game %s: time ran out for seat %s; a day of its player's vacation began", table.id,
                     table.labels[seat])
            table.audience.tell("vacation", seat)
            await self.vacation_began(holder)
            return
        if not marked:
            return
        lost = table.stored.seats[seat].timeouts >= TIMEOUTS_LOST
        log.info("game %s: time ran out for seat %s%s; the stand-in bot plays it", table.id, table.labels[seat],
                 " for good" if lost else "")
        table.audience.tell("lost-on-time" if lost else "timeout", seat)
        table.audience.broadcast()
        table.bots.kick()

    async def _vacation_day(self, seat: int) -> int | None:
        """Start a day of vacation for the holder of ``seat``, whose correspondence clock ran out,
        if a day is left in its bank; the holder's account then, else ``None`` (lock held)."""
        holder, days = self.table.stored.seats[seat].user_id, self.vacation_days
        if not self.table.timekeeper.by_mail or holder is None or days <= 0:
            return None
        if await self.store.in_thread(vacation.cover, self.store, holder, now(), days) is None:
            return None
        await self.table.timekeeper.refresh()
        return holder
