"""This process's games by id: live tables, the lobby entries of idle ones, a cache of finished ones.

At start-up every open and running game is replayed from its stored record (:meth:`Roster.resume`),
so a server killed mid-game resumes every game where it was. A game nobody watches and no bot
plays is put away (:meth:`Roster.put_away`: out of memory, its lobby entry stays) and loaded
again when someone comes back; finished games are loaded on demand into a small cache. A stored
game that cannot be read or replayed is logged and left alone: it never stops the server or
another game.

The roster is given what it needs — the storage, the games, the leases, the hall's ``wire`` that
builds a table with its parts and its ``chore`` — and never the hall.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from realpolitik.engine import Game, RecordError, ReplayError, State
from realpolitik.i18n import t

from . import results
from .kinds import playable
from .lobby import finished_entry
from .store import Damaged, StorageBusy, Store, StoredGame
from .table import DAMAGED, Refusal, Table
from .tokens import GAME_ID

if TYPE_CHECKING:
    from .leases import Alone, Leases

log = logging.getLogger("realpolitik.server")

#: finished games kept loaded (to watch their end, replay them, download their record)
KEEP_FINISHED = 16


class Roster:
    """The games of this process: live tables, and the lobby entries of idle ones."""

    def __init__(self, store: Store, games: dict[str, Game], leases: Leases | Alone,
                 wire: Callable[[StoredGame, Game, State], Table],
                 chore: Callable[[Coroutine[Any, Any, None]], None]) -> None:
        self.store = store
        self.games = games
        self.leases = leases
        #: runs work beside the games (:meth:`.hall.Hall.chore`)
        self.chore = chore
        #: builds the table of a stored game with its parts (:meth:`.hall.Hall._wire`)
        self.wire = wire
        self.tables: dict[str, Table] = {}
        #: lobby entries of unfinished games that are not in memory
        self.idle: dict[str, dict[str, Any]] = {}
        self.finished: OrderedDict[str, Table] = OrderedDict()
        #: who created a game (client address), for the per-client limits; not stored
        self.creators: dict[str, str] = {}
        #: when the running clock of an idle game (out of memory) runs out, by id (monotonic)
        self.alarms: dict[str, float] = {}

    # ------------------------------------------------------------------ loading

    def rebuild(self, stored: StoredGame, state: State | None = None) -> State:
        """The state of a stored game, replayed from its record (carried on from ``state``, one of
        the same game after fewer actions, if given); ``ValueError`` says why it cannot be (without
        the refusal of an action, which could name a seat's hidden cards)."""
        game = self.games.get(stored.game)
        if game is not None and not all(playable(game, s.kind) for s in stored.seats):
            raise ValueError("a seat is neither human nor a bot of this game")
        try:
            return stored.record().replay(self.games.__getitem__, state)
        except ReplayError as exc:
            raise ValueError(f"stored action {exc.index} does not replay") from None
        except RecordError as exc:
            raise ValueError(str(exc)) from None

    async def revive(self, stored: StoredGame | Damaged) -> Table | None:
        """A table rebuilt from storage; ``None`` (and a log line) if it cannot be."""
        if isinstance(stored, Damaged):
            log.error("game %s: %s; it stays stored", stored.id, stored.reason)
            return None
        try:
            state = self.rebuild(stored)
        except ValueError as exc:
            log.error("game %s: %s; it stays stored", stored.id, exc)
            return None
        table = self.wire(stored, self.games[stored.game], state)
        await table.timekeeper.refresh()
        if state.is_over() and stored.status != "finished":  # written by a version that stored it in two steps
            result = results.result_of(table, state)
            stored.status, stored.result = "finished", result
            try:
                await self.store.in_thread(self.store.set_status, stored.id, "finished", result)
                log.warning("game %s: its last action ended it; now stored as finished", stored.id)
            except StorageBusy:
                log.warning("game %s: its last action ended it; stored as finished next time", stored.id)
        return table

    async def resume(self, unfinished: list[StoredGame | Damaged]) -> int:
        """Bring the unfinished games read at start-up into memory and start their bots; how many."""
        for stored in unfinished:
            table = await self.revive(stored)
            if table is not None:
                self.tables[table.id] = table
        for table in list(self.tables.values()):
            table.bots.kick()
        return len(self.tables)

    def seat(self, table: Table, client: str) -> None:
        """A new game's table, created by ``client`` (its address, for the per-client limits)."""
        self.tables[table.id] = table
        self.creators[table.id] = client
        table.bots.kick()

    async def table(self, game_id: str) -> Table | None:
        """The table of a game, loading it from storage if needed; ``None`` if unknown.

        Raises a ``damaged`` refusal for a stored game that cannot be loaded."""
        if not GAME_ID.match(game_id):
            return None
        table = self.tables.get(game_id)
        if table is not None:
            table.touched = time.monotonic()  # handed out: not idle
            return table
        if game_id in self.finished:
            self.finished.move_to_end(game_id)
            return self.finished[game_id]
        stored = await self.store.in_thread(self.store.load, game_id)
        if stored is None:
            return None
        table = self.tables.get(game_id) or self.finished.get(game_id)  # loaded meanwhile by another request
        if table is not None:
            return self._caught_up(table)
        table = await self.revive(stored)
        if table is None:
            raise Refusal("damaged", DAMAGED)
        if self.tables.get(game_id) or self.finished.get(game_id):
            return self._caught_up(self.tables.get(game_id) or self.finished[game_id])
        self.idle.pop(game_id, None)
        if table.status == "finished":
            self.keep_finished(table)
        else:
            self.tables[game_id] = table
            table.bots.kick()
        return table

    def _caught_up(self, table: Table) -> Table:
        """A table another request loaded while this one read storage: what this one read may be
        newer (another process changed the game meanwhile, its signal arriving during the first
        load), so the table catches up with storage."""
        if self.store.shared:
            table.following.follow()
        return table

    async def load(self, game_id: str) -> None:
        """Bring a game into memory because another process told of it or left it (a failure is logged)."""
        try:
            await self.table(game_id)
        except (Refusal, StorageBusy) as exc:
            log.warning("game %s: cannot load it after news from another process (%s)", game_id, exc)

    # ------------------------------------------------------------------ memory

    def keep_finished(self, table: Table) -> None:
        """Move a finished table into the small cache of finished games."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        self.creators.pop(table.id, None)
        self.leases.release(table.id)
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > KEEP_FINISHED:
            self.finished.popitem(last=False)

    def put_away(self, table: Table) -> None:
        """Take a live table out of memory; its lobby entry stays, and it is loaded again when asked for."""
        del self.tables[table.id]
        self.idle[table.id] = table.summary()

    def forget(self, game_id: str, why: str) -> None:
        """A game left storage (``expired``: its players did not come; ``deleted`` by the operator):
        its connections are told and closed."""
        table = self.tables.pop(game_id, None) or self.finished.pop(game_id, None)
        if table is not None:
            table.bots.stop()
            table.audience.dismiss(why, t("This game was deleted by the server's operator.") if why == "deleted"
                          else t("This game was removed: its players did not come in time."))
        self.idle.pop(game_id, None)
        self.creators.pop(game_id, None)
        self.alarms.pop(game_id, None)
        self.leases.release(game_id)

    async def drop_open(self, game_id: str) -> bool:
        """Remove an open game nobody joined from storage and from here; false if it is no longer open."""
        if not await self.store.in_thread(self.store.drop_open, game_id):
            return False
        self.forget(game_id, "expired")
        return True

    def signed_out(self, user_id: int | None = None, keep: str | None = None, session: str | None = None) -> None:
        """Sessions ended (by the hash of their token ``session``, or every one of the account
        ``user_id`` but ``keep``, as a password change ends them): close the game connections
        opened with them, which must not go on playing a seat."""
        for table in [*self.tables.values(), *self.finished.values()]:
            table.audience.signed_out(user_id, keep, session)

    # ------------------------------------------------------------------ leases

    def lease_taken(self, game_id: str) -> None:
        """This process now plays ``game_id``'s bots and clocks: start them, loading the game of a
        process that is gone to play it on here."""
        table = self.tables.get(game_id)
        if table is not None:
            table.bots.kick()
        elif game_id not in self.finished:
            self.chore(self.load(game_id))

    def leases_lost(self) -> None:
        """This process holds no lease any more: every bot and clock stops."""
        for table in self.tables.values():
            table.bots.stop()

    # ------------------------------------------------------------------ lobby

    def entries(self) -> list[dict[str, Any]]:
        """The lobby entries of every unfinished game (in memory or idle)."""
        return [*(t.summary() for t in self.tables.values()), *self.idle.values()]

    def entry(self, game_id: str) -> dict[str, Any] | None:
        """The lobby entry of an unfinished game, without loading it; ``None`` if it is neither
        in memory nor idle (finished, unknown or damaged)."""
        table = self.tables.get(game_id)
        return table.summary() if table is not None else self.idle.get(game_id)

    async def listing(self, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        """Open, running and the newest finished games, newest first; lesson games, each a
        learner's own, are not among the open and running ones."""
        entries = sorted((e for e in self.entries() if not e.get("lesson")), key=lambda e: e["created"], reverse=True)
        out: dict[str, list[dict[str, Any]]] = {
            "open": [e for e in entries if e["status"] == "open"][:limit],
            "running": [e for e in entries if e["status"] == "running"][:limit],
            "finished": [],
        }
        for stored in await self.store.in_thread(self.store.finished, limit):
            entry = finished_entry(self.games, stored)
            if entry is not None:
                out["finished"].append(entry)
        return out
