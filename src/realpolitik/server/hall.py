"""The hall: it builds the parts of this server, wires each to what it needs, and starts and stops them.

The parts, each with one job and given its collaborators in its constructor, never the hall:

- :class:`.roster.Roster` (``hall.roster``): this process's games — live tables, lobby entries of
  idle ones, a cache of finished ones; loading and replaying stored games, the lobby listing;
- :class:`.founder.Founder` (``hall.founder``): new games, lessons and rematches within the
  limits on new games, seats claimed from the lobby or given to a bot;
- :class:`.sweeper.Sweeper` (``hall.sweeper``): idle games out of memory, open games past their
  time out of storage, barred accounts' seats to the stand-in, tournaments carried on;
- :class:`.others.Others` (``hall.others``): what the other processes on the same PostgreSQL
  database store and say (heard through :mod:`.bus`), and what this one tells them; the lease of a
  game (:mod:`.leases`) says which process plays its bots and clocks;
- each table's parts (:mod:`.table`), wired by :meth:`Hall._wire` to the storage, the bot runner,
  the notifier, the leases, the hall's chores and signals;
- beside them the storage, the bot runner, the notifier, reviews, tournaments, Web Push, the
  limits and rate windows (:mod:`.quota`), which the routes read from the hall.

At start-up every open and running game is resumed from storage and its bots carry on, so a
server killed mid-game resumes every game where it was; at shut-down the chores under way (a
finished game's rating, its tournament) may end before the storage closes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from realpolitik.engine import Game, State

from . import ratings, vacation
from .bots import BotRunner
from .bus import Bus
from .founder import Founder
from .heartbeat import Heartbeat
from .leases import Alone, Leases
from .metrics import Metrics
from .notify import Notifier
from .others import Others
from .push import Pusher
from .push_store import PushStore
from .quota import Rates
from .reviews import Reviews
from .roster import Roster
from .settings import Settings
from .social_store import SocialStore
from .store import StorageBusy, Store, StoredGame
from .sweeper import Sweeper
from .table import Table
from .tournaments.runner import Tournaments

log = logging.getLogger("realpolitik.server")

#: seconds a shutdown waits for the chores under way (a finished game's rating, its tournament)
CHORES_WAIT = 5.0


class Hall:
    """The server's parts, built and wired together; started and stopped with the server."""

    def __init__(self, settings: Settings, lookup: Callable[[str], Game], games: list[Game], store: Store,
                 forked: ProcessPoolExecutor | None = None) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.lookup = lookup
        self.games = {g.id: g for g in games}
        self.store = store
        #: friends, blocks, private messages, reports and sanctions (issue 59)
        self.social = SocialStore(store)
        #: Web Push subscriptions and the VAPID key (issue 59)
        self.push = Pusher(PushStore(store), settings.notices)
        #: this process's figures for /metrics (metrics.py)
        self.metrics = Metrics()
        self.bots = BotRunner(self.metrics, settings.bot_workers, lookup, forked)
        self.rates = Rates(settings.limits)
        #: reviews of finished games being computed (issue 58)
        self.reviews = Reviews(store, self.limits, self.rates, lookup, self.bots)
        self.closing = False
        self._chores: set[asyncio.Task] = set()
        self.notifier = Notifier(store, self.games, self.push, self.chore, settings.notices)
        self.leases: Leases | Alone = Alone()
        if store.shared:  # the leases tell the roster, built next, of a lease taken or of every lease lost
            self.leases = Leases(store.conninfo(), self.chore, taken=lambda game_id: self.roster.lease_taken(game_id),
                                 lost=lambda: self.roster.leases_lost())
        self.roster = Roster(store, self.games, self.leases, self._wire, self.chore)
        self.founder = Founder(store, self.games, self.limits, self.rates, self.social, self.roster, self._wire)
        #: tournaments: sign-ups, rounds, standings (issue 59)
        self.tournaments = Tournaments(store, self.games, self.limits, self.founder.create)
        self.sweeper = Sweeper(store, self.roster, self.limits, self.leases, self.tournaments.sweep)
        self.others = Others(store, self.roster, self.leases, self.chore)
        self.bus = Bus(store.conninfo(), store.origin, self.others.heard, self.others.resync) if store.shared else None
        #: this process's row in ``servers``: the operator's commands see that a server uses the database
        self.heartbeat = Heartbeat(store)
        self.metrics.watch(self.roster, self.notifier)

    def chore(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the games (it logs its own failures); kept until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def start(self) -> int:
        """Resume every unfinished game from storage; returns how many. A database that
        does not answer is asked again for a while before the server gives up."""
        if self.bus is not None:
            await self.bus.start()  # before loading: no change of another process slips between
        await self.leases.start()
        for wait in (1, 2, 4, 8, 15, 0):
            try:
                await self.heartbeat.start()  # before any game is loaded: no command changes one from now on
                unfinished = await self.store.in_thread(self.store.unfinished)
                break
            except StorageBusy as exc:
                if not wait:
                    raise
                log.warning("start-up: %s; asking again in %d s", exc, wait)
                await asyncio.sleep(wait)
        resumed = await self.roster.resume(unfinished)
        self.sweeper.start()
        self.chore(ratings.catch_up(self.store, self.games))
        self.notifier.start()
        return resumed

    async def close(self) -> None:
        """Stop the sweeper and the bots, and let the chores under way end before the storage
        closes (a game that ended a moment ago still rates its players and carries its
        tournament on); what has not ended within ``CHORES_WAIT`` seconds is cancelled, and
        the next start catches it up."""
        self.closing = True
        self.notifier.stop()
        self.sweeper.stop()
        for table in self.roster.tables.values():
            table.bots.stop()
        self.reviews.close()
        self.bots.close()
        if self._chores:
            _, late = await asyncio.wait(set(self._chores), timeout=CHORES_WAIT)
            for task in late:
                task.cancel()
        if self.bus is not None:
            await self.bus.close()
        await self.leases.close()
        await self.heartbeat.stop()

    def _wire(self, stored: StoredGame, game: Game, state: State) -> Table:
        """The table of a stored game, its parts wired to what they need of this server."""
        settings = self.settings
        return Table(stored, game, state, store=self.store, runner=self.bots, metrics=self.metrics,
                     notifier=self.notifier, blocks=self.social, holds=self.leases.holds, closing=lambda: self.closing,
                     chore=self.chore, signal=self.others.signal if self.store.shared else None,
                     rebuild=self.roster.rebuild, ended=self._ended, keep_finished=self.roster.keep_finished,
                     rematch_of=self.founder.rematch_of, vacation_began=self._vacation_began,
                     bot_delay=settings.bot_delay, bot_think=settings.bot_think,
                     stand_in_pace=settings.stand_in_pace, vacation_days=settings.vacation_days)

    def _ended(self, table: Table) -> None:
        """A move here ended ``table``'s game: it joins the finished ones, its players are rated
        and its tournament carries on."""
        self.roster.keep_finished(table)
        if table.stored.result.get("rating") == "counted":
            self.chore(ratings.rate(self.store, self.games, table.stored))
        self.chore(self.tournaments.game_over(table.id))

    async def _vacation_began(self, user_id: int) -> None:
        """A day of ``user_id``'s vacation began by itself: the clocks of its seats follow, here and
        in the other processes."""
        await vacation.changed(self.roster.tables.values(), user_id)
        self.chore(self.others.publish("vacation", "", user=user_id))
