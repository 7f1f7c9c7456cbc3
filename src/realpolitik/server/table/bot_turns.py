"""The bots' turns at a table: a bot seat's own, and the stand-in's for a person who is away.

Bots move and clocks run only in the process that holds the game's lease (:mod:`..leases`). A
bot waits a moment before it moves, so people can follow the table; a failure of the database
or of a worker is retried, never given up.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from realpolitik.bots.worker import BotJob

from ..refusals import Refusal
from .shared import HUMAN

if TYPE_CHECKING:
    from ..bots import BotRunner
    from . import Table

log = logging.getLogger("realpolitik.server")

#: seconds a bot waits before trying again after the database failed it, growing to the last
RETRY = (0.5, 1, 2, 5, 10, 20, 30)


class BotTurns:
    """Who thinks for the bot of one table, and when."""

    def __init__(self, table: Table, runner: BotRunner, holds: Callable[[Table], bool], closing: Callable[[], bool],
                 delay: float, think: float, stand_in_pace: float | None) -> None:
        self.table = table
        self.runner = runner
        #: whether this process plays the table's bots and clocks (its lease: :meth:`.leases.Leases.holds`)
        self.holds = holds
        #: whether the server is shutting down (no new bot turn then)
        self.closing = closing
        self.delay, self.think, self.pace = delay, think, stand_in_pace
        #: the bot's turn under way, if any
        self.task: asyncio.Task | None = None

    def stand_in_pace(self) -> float:
        """Seconds the stand-in bot waits before each move for a person whose time ran out: the
        server's setting, else the time control's (a person's pace, so its player can come back)."""
        clock = self.table.timekeeper.clock
        if self.pace is not None:
            return self.pace
        return clock.stand_in_pace() if clock is not None else self.delay

    def kick(self) -> None:
        """Start the bot's turn if a bot plays the seat to act and none is thinking yet (and
        set the alarm of the clock that runs now) — if this process holds the game's lease."""
        table = self.table
        if not self.holds(table):
            table.timekeeper.cancel()
            return
        table.timekeeper.arm()
        if table.status != "running" or self.task is not None or self.closing():
            return
        seat = table.state.to_act
        if seat is None or table.bot_kind(seat) is None:
            return
        self.task = asyncio.get_running_loop().create_task(self._turn(seat))

    def cancel(self) -> None:
        """Stop the bot's turn under way, if any (the game moved on without it)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def stop(self) -> None:
        """Stop this table's bot and clock (this process no longer plays them)."""
        self.table.timekeeper.cancel()
        self.cancel()

    async def _turn(self, seat: int) -> None:
        """One bot move; a failure of the database or of a worker is retried, growing the wait."""
        table = self.table
        failures = 0
        while True:
            try:
                timed_out = table.stored.seats[seat].away == "timeout"
                pause = self.stand_in_pace() if timed_out else self.delay
                if pause:
                    await asyncio.sleep(pause)
                seq = table.seq
                kind = table.bot_kind(seat)
                if kind is None or table.status != "running" or table.state.to_act != seat:
                    break  # its person took the seat back, or the game moved on without this bot
                choice = table.guide.expected(seq) if table.guide is not None else None
                if choice is None:  # no script leads: the bot chooses
                    job = BotJob(table.id, table.stored.record(), seat, kind, self.think)
                    choice = await self.runner.choose(job, urgent=table.has_humans)
                await table.moves.act(seat, seq, choice, stand_in=table.stored.seats[seat].kind == HUMAN)
                break
            except asyncio.CancelledError:
                raise
            except Refusal as exc:
                if exc.code == "stale":  # storage had moved on, the table caught up; think again
                    continue
                if exc.code != "busy":  # the bot chose an action the game refuses: a bug in the bot
                    self._failed(seat, exc.code)
                    return
                what = "database busy"
            except Exception as exc:  # a worker died, the database went away: try again, never give up
                what = type(exc).__name__
            wait = RETRY[min(failures, len(RETRY) - 1)]
            failures += 1
            if failures in (1, len(RETRY)):
                log.warning("game %s: bot seat %s could not move (%s); trying again every %g s at most",
                            table.id, table.labels[seat], what, RETRY[-1])
            await asyncio.sleep(wait)
        self.task = None
        self.kick()

    def _failed(self, seat: int, what: str) -> None:
        """Log a refused bot move by kind only (an exception's words may name hidden cards)."""
        log.error("game %s: bot seat %s failed at move %d (%s)", self.table.id, self.table.labels[seat],
                  self.table.seq, what)
        self.task = None
