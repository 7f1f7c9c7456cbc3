"""A table following storage: what another process stored of its game, taken in.

Several server processes may hold the same game (PostgreSQL): what another one stored reaches
the table as a signal, and :meth:`Following.catch_up` takes it in from storage — only the new
actions are applied — and tells every connection. A write of this process that storage refused
as stale takes it in the same way (:meth:`Following.reload`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from realpolitik.engine import State

from ..refusals import Refusal, busy
from ..store import StorageBusy, Store, StoredGame
from ..undo import made_by
from .shared import DAMAGED

if TYPE_CHECKING:
    from ..notify import Notifier
    from . import Table

log = logging.getLogger("realpolitik.server")


class Following:
    """One table catching up with storage."""

    def __init__(self, table: Table, store: Store, rebuild: Callable[..., State], notifier: Notifier,
                 keep_finished: Callable[[Table], None]) -> None:
        self.table = table
        self.store = store
        #: the state of a stored game replayed from its record (:meth:`..roster.Roster.rebuild`)
        self.rebuild = rebuild
        self.notifier = notifier
        #: moves a table whose game ended into the hall's cache of finished games
        self.keep_finished = keep_finished
        self._behind = False  # another process stored something this table has not taken in
        self._following: asyncio.Task | None = None

    async def reload(self) -> None:
        """Catch up with storage, which holds more actions than this table (lock held)."""
        await self.take_in()
        self.table.audience.broadcast()

    async def take_in(self) -> None:
        """Take in what storage holds of this game beyond this table (lock held): the actions
        stored since — applied to the state, not replayed from the start —, seats, status and
        result. An action this table knows that storage no longer has (taken back) means a
        replay from the start, and every connection gets the whole log again."""
        table, store = self.table, self.store
        since: int | None = max(0, table.seq - 1)
        try:
            stored = await store.in_thread(store.load, table.id, since)
            if isinstance(stored, StoredGame) and table.seq and stored.actions[:1] != table.stored.actions[since:]:
                stored = await store.in_thread(store.load, table.id)  # the last action we know was taken back
                since = None
        except StorageBusy:
            raise busy() from None
        try:
            if not isinstance(stored, StoredGame):
                raise ValueError("it is no longer stored whole")
            if since is None:
                state = self.rebuild(stored)
                table.last.forget()
                for listener in table.listeners:
                    listener.log_sent = 0
            else:
                stored.actions = table.stored.actions[:since] + stored.actions
                state = self._carry_on(stored)
        except ValueError as exc:
            log.error("game %s: cannot catch up with storage: %s", table.id, exc)
            raise Refusal("damaged", DAMAGED) from None
        table.state, table.stored, table.seq = state, stored, len(stored.actions)

    def _carry_on(self, stored: StoredGame) -> State:
        """The state after ``stored``'s actions, carried on from this table's (which it extends) one
        action at a time, so that the table knows the state before each and who made it (:mod:`..undo`)."""
        table = self.table
        state, count = table.state, len(stored.actions)
        for index in range(table.seq, count):
            before = state
            upto = stored if index + 1 == count else replace(stored, actions=stored.actions[:index + 1], result=None)
            state = self.rebuild(upto, before.clone())
            table.last.played(index + 1, before.to_act, before, made_by(stored, before.to_act, index))
        return state

    def follow(self) -> None:
        """Another process changed this game: catch up soon (news arriving meanwhile are taken
        in by the same catch-up or the one right after it)."""
        self._behind = True
        if self._following is None:
            self._following = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        try:
            while self._behind:
                self._behind = False
                await self.catch_up()
        except Exception:
            log.exception("game %s: catching up with another process failed", self.table.id)
        finally:
            self._following = None

    async def catch_up(self) -> None:
        """Take in what another process stored of this game and tell every connection."""
        table = self.table
        async with table.lock:
            seq, away = table.seq, [s.away for s in table.stored.seats]
            try:
                await self.take_in()
            except Refusal as exc:
                log.warning("game %s: could not catch up with storage (%s); trying again with the next news",
                            table.id, exc.code)
                return
            if table.seq != seq or away != [s.away for s in table.stored.seats]:
                table.bots.cancel()  # it thought about a game that has moved on
        table.audience.broadcast()
        if table.seq > seq:
            self.notifier.seen_here(table)
        if table.status == "finished":
            self.keep_finished(table)
        table.bots.kick()
