"""The other server processes on the same PostgreSQL database: what they store or say, taken in
here, and what this process tells them beside the games.

Each process hears the others through :mod:`.bus` (:meth:`Others.heard`) and catches up the table
of a game, its lobby entry, or loads it; a game nobody here looks at while another process plays
it is let go instead of followed move by move. After the bus reconnected, signals may have been
lost: :meth:`Others.resync` catches up with everything. The lease of a game (:mod:`.leases`) says
which process plays its bots and clocks. Given the storage, the roster of this process's games,
the leases and the hall's ``chore`` — never the hall.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from . import vacation
from .roster import Roster
from .store import StorageBusy, Store
from .table import Table
from .table.audience import TOLD

if TYPE_CHECKING:
    from .leases import Alone, Leases

log = logging.getLogger("realpolitik.server")

#: seconds nobody here looked at a game another process plays before this one stops following its moves
FOLLOW_IDLE = 10.0


class Others:
    """This process's link to the other processes of the database."""

    def __init__(self, store: Store, roster: Roster, leases: Leases | Alone,
                 chore: Callable[[Coroutine[Any, Any, None]], None]) -> None:
        self.store = store
        self.roster = roster
        self.leases = leases
        #: runs work beside the games (:meth:`.hall.Hall.chore`)
        self.chore = chore

    async def publish(self, kind: str, game_id: str, **facts: Any) -> None:
        """Send the other processes a signal that goes with no stored change (a failure is logged)."""
        try:
            await self.store.in_thread(functools.partial(self.store.signal, kind, game_id, **facts))
        except Exception as exc:
            log.warning("game %s: the other processes were not told of %s (%s)", game_id, kind, exc)

    def signal(self, kind: str, game_id: str, **facts: Any) -> None:
        """Send the other processes a signal beside the games (:meth:`publish`)."""
        self.chore(self.publish(kind, game_id, **facts))

    def heard(self, signal: dict[str, Any]) -> None:
        """What another process stored or said (:mod:`.bus`): catch up the table of the game, or
        its lobby entry, or load it; pass on chat and what happened to a seat."""
        roster = self.roster
        kind, game_id = signal.get("k"), signal["g"]
        table = roster.tables.get(game_id) or roster.finished.get(game_id)
        if kind == "signed-out":
            user, keep, session = signal.get("user"), signal.get("keep"), signal.get("session")
            roster.signed_out(user if isinstance(user, int) else None, keep if isinstance(keep, str) else None,
                              session if isinstance(session, str) else None)
        elif kind == "gone":
            roster.forget(game_id, "deleted" if signal.get("why") == "deleted" else "expired")
        elif kind == "vacation":
            if isinstance(signal.get("user"), int):
                self.chore(vacation.changed(roster.tables.values(), signal["user"]))
        elif kind == "chat":
            if table is not None and table.listeners and isinstance(signal.get("line"), int):
                self.chore(table.chat.hear(signal["line"]))
        elif kind == "tell":
            seat, what = signal.get("seat"), signal.get("what")
            if table is not None and isinstance(seat, int) and 0 <= seat < len(table.labels) and what in TOLD:
                table.audience.told(what, seat)
        elif table is not None:
            if not self._let_go(table, signal):
                table.following.follow()
        elif not self._patch(game_id, signal):
            self.chore(roster.load(game_id))

    def _let_go(self, table: Table, signal: dict[str, Any]) -> bool:
        """Take a table out of memory instead of following another process's move, when nobody
        here has looked at it for ``FOLLOW_IDLE`` seconds and another process plays its bots and
        clocks: its lobby entry follows the signals, and it is loaded again when someone comes."""
        if ("ply" not in signal or self.roster.tables.get(table.id) is not table or self.leases.has(table.id)
                or table.idle(time.monotonic()) < FOLLOW_IDLE):
            return False
        self.roster.put_away(table)
        table.bots.stop()
        return self._patch(table.id, signal)

    def _patch(self, game_id: str, signal: dict[str, Any]) -> bool:
        """Bring the lobby entry of a game that is not in memory up to date with an action's facts;
        false when the game must be loaded instead (no entry, other news, or its bots or clock
        are this process's to play)."""
        entry = self.roster.idle.get(game_id)
        if entry is None and signal.get("status") == "finished":
            return True  # a game this process does not show ended: nothing to do
        if entry is None or "ply" not in signal or (signal.get("auto") and self.leases.has(game_id)):
            return False
        if signal.get("status") == "finished":
            del self.roster.idle[game_id]
            self.roster.alarms.pop(game_id, None)
            self.leases.release(game_id)
        else:
            entry.update(ply=signal["ply"], to_act=signal.get("to_act"), status=signal.get("status"))
        return True

    async def resync(self) -> None:
        """Catch up with everything after signals may have been lost (the bus reconnected)."""
        roster = self.roster
        for table in [*roster.tables.values(), *roster.finished.values()]:
            table.following.follow()
        try:
            unfinished = set(await self.store.in_thread(self.store.unfinished_ids))
        except StorageBusy as exc:
            log.warning("catching up with the other processes put off: %s", exc)
            return
        for game_id in list(roster.idle):
            if game_id not in unfinished:
                del roster.idle[game_id]
        for game_id in unfinished - roster.tables.keys():
            self.chore(roster.load(game_id))
