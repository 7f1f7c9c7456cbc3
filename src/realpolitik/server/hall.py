"""The hall: every game of this server, created, resumed from storage and looked up.

At start-up every open and running game is replayed from its stored record and its
bots carry on, so a server killed mid-game resumes every game where it was. A game
nobody watches and no bot plays leaves memory after ``idle_seconds`` (its lobby entry
stays) and is loaded again when someone comes back; finished games are loaded on
demand into a small cache. A stored game that cannot be read or replayed is logged and
left alone: it never stops the server or another game. The hall also keeps the limits
on games per client and on the whole server (see :mod:`.quota`).

On PostgreSQL several server processes share the games: each hears what the others
store (:mod:`.bus`) and catches its tables and lobby up, and the lease of a game
(:mod:`.leases`) says which process plays its bots and clocks.

The hall only wires each table's parts (:mod:`.table`) to what they need of this server — the
storage, the bot runner, the notifier, the leases, its chores and signals — and no part reaches
back through the hall.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta
from typing import Any

from realpolitik.bots import bot_kinds
from realpolitik.engine import ContentError, Game, OptionError, RecordError, ReplayError, State, secret_seed
from realpolitik.i18n import Text, t

from . import barred, lessons, ratings, results, social, vacation
from .bots import BotRunner
from .bus import Bus
from .clock import Clock
from .heartbeat import Heartbeat
from .kinds import playable, seat_kind
from .leases import Alone, Leases
from .lobby import check_room, finished_entry
from .metrics import Metrics
from .notify import Notifier
from .push import Pusher
from .push_store import PushStore
from .quota import Rates
from .reviews import Reviews
from .settings import Settings
from .social_store import SocialStore
from .store import Damaged, StorageBusy, Store, StoredGame, StoredSeat, now
from .table import DAMAGED, HUMAN, Refusal, Table
from .table.audience import TOLD
from .tokens import GAME_ID, hash_token, new_game_id, new_token
from .tournaments.runner import Tournaments

log = logging.getLogger("realpolitik.server")

#: finished games kept loaded (to watch their end, replay them, download their record)
KEEP_FINISHED = 16
#: seconds between two rounds of the sweeper (idle games out of memory, old open games removed)
SWEEP_SECONDS = 5.0
#: seconds nobody here looked at a game another process plays before this one stops following its moves
FOLLOW_IDLE = 10.0
#: seconds a shutdown waits for the chores under way (a finished game's rating, its tournament)
CHORES_WAIT = 5.0


class Hall:
    """The games of this server by id: live tables, and the lobby entries of idle ones."""

    def __init__(self, settings: Settings, lookup: Callable[[str], Game], games: list[Game], store: Store,
                 forked: ProcessPoolExecutor | None = None) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.lookup = lookup
        self.games = {g.id: g for g in games}
        self.store = store
        #: friends, blocks, private messages, reports and sanctions (issue 59)
        self.social = SocialStore(store)
        #: tournaments: sign-ups, rounds, standings (issue 59)
        self.tournaments = Tournaments(self)
        #: Web Push subscriptions and the VAPID key (issue 59)
        self.push = Pusher(PushStore(store), settings.notices)
        #: this process's figures for /metrics (metrics.py)
        self.metrics = Metrics()
        self.bots = BotRunner(self.metrics, settings.bot_workers, lookup, forked)
        #: reviews of finished games being computed (issue 58)
        self.reviews = Reviews(self)
        self.rates = Rates(settings.limits)
        self.tables: dict[str, Table] = {}
        #: lobby entries of unfinished games that are not in memory
        self.idle: dict[str, dict[str, Any]] = {}
        self.finished: OrderedDict[str, Table] = OrderedDict()
        #: who created a game (client address), for the per-client limits; not stored
        self.creators: dict[str, str] = {}
        self.closing = False
        self._sweeper: asyncio.Task | None = None
        #: when the running clock of an idle game (out of memory) runs out, by id (monotonic)
        self.alarms: dict[str, float] = {}
        self._chores: set[asyncio.Task] = set()
        self.notifier = Notifier(self, settings.notices)
        self.leases: Leases | Alone = Leases(self, store.conninfo()) if store.shared else Alone()
        self.bus = Bus(store.conninfo(), store.origin, self.heard, self.resync) if store.shared else None
        #: this process's row in ``servers``: the operator's commands see that a server uses the database
        self.heartbeat = Heartbeat(store)
        self.metrics.watch(self)

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
        for stored in unfinished:
            table = await self._revive(stored)
            if table is not None:
                self.tables[table.id] = table
        for table in list(self.tables.values()):
            table.bots.kick()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self.chore(ratings.catch_up(self))
        self.notifier.start()
        return len(self.tables)

    async def close(self) -> None:
        """Stop the sweeper and the bots, and let the chores under way end before the storage
        closes (a game that ended a moment ago still rates its players and carries its
        tournament on); what has not ended within ``CHORES_WAIT`` seconds is cancelled, and
        the next start catches it up."""
        self.closing = True
        self.notifier.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
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

    def _wire(self, stored: StoredGame, game: Game, state: State) -> Table:
        """The table of a stored game, its parts wired to what they need of this server."""
        settings = self.settings
        return Table(stored, game, state, store=self.store, runner=self.bots, metrics=self.metrics,
                     notifier=self.notifier, blocks=self.social, holds=self.leases.holds, closing=lambda: self.closing,
                     chore=self.chore, signal=self._signal if self.store.shared else None, rebuild=self.rebuild,
                     ended=self._ended, keep_finished=self.keep_finished, rematch_of=self.rematch_of,
                     vacation_began=self._vacation_began, bot_delay=settings.bot_delay, bot_think=settings.bot_think,
                     stand_in_pace=settings.stand_in_pace, vacation_days=settings.vacation_days)

    def _ended(self, table: Table) -> None:
        """A move here ended ``table``'s game: it joins the finished ones, its players are rated
        and its tournament carries on."""
        self.keep_finished(table)
        if table.stored.result.get("rating") == "counted":
            self.chore(ratings.rate(self, table.stored))
        self.chore(self.tournaments.game_over(table.id))

    async def _vacation_began(self, user_id: int) -> None:
        """A day of ``user_id``'s vacation began by itself: the clocks of its seats follow, here and
        in the other processes."""
        await vacation.changed(self, user_id)
        self.chore(self.publish("vacation", "", user=user_id))

    async def _revive(self, stored: StoredGame | Damaged) -> Table | None:
        """A table rebuilt from storage; ``None`` (and a log line) if it cannot be."""
        if isinstance(stored, Damaged):
            log.error("game %s: %s; it stays stored", stored.id, stored.reason)
            return None
        try:
            state = self.rebuild(stored)
        except ValueError as exc:
            log.error("game %s: %s; it stays stored", stored.id, exc)
            return None
        table = self._wire(stored, self.games[stored.game], state)
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
        table = await self._revive(stored)
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

    # ------------------------------------------------------------------ memory

    async def _sweep_forever(self) -> None:
        every = min(SWEEP_SECONDS, self.limits.idle_seconds, self.limits.open_hours * 3600)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except StorageBusy as exc:
                log.warning("sweep put off: %s", exc)

    async def sweep(self) -> None:
        """Idle games out of memory, open games past their time out of storage, the seats of barred
        accounts to the stand-in (:mod:`.barred`), tournaments carried on."""
        moment = time.monotonic()
        for table in list(self.tables.values()):
            if table.idle(moment) >= self.limits.idle_seconds:
                del self.tables[table.id]
                self.idle[table.id] = table.summary()
                left = table.timekeeper.deadline()
                table.timekeeper.cancel()
                if left is not None and self.leases.has(table.id):  # its clock runs: load it again when time is up
                    self.alarms[table.id] = moment + left
        for game_id, due in list(self.alarms.items()):
            if due <= moment:
                del self.alarms[game_id]
                if game_id in self.idle:
                    await self.table(game_id)
        cutoff = now() - timedelta(hours=self.limits.open_hours)
        for entry in self._entries():
            if entry["status"] == "open" and datetime.fromisoformat(entry["created"]) < cutoff:
                await self._drop_open(entry["id"])
        await barred.hand_over(self)
        await self.tournaments.sweep()

    async def _drop_open(self, game_id: str) -> None:
        """Remove an open game whose players did not come."""
        if not await self.store.in_thread(self.store.drop_open, game_id):
            return
        log.info("game %s: removed after %g hours without its players", game_id, self.limits.open_hours)
        self.forget(game_id, "expired")

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

    def signed_out(self, user_id: int | None = None, keep: str | None = None, session: str | None = None) -> None:
        """Sessions ended (by the hash of their token ``session``, or every one of the account
        ``user_id`` but ``keep``, as a password change ends them): close the game connections
        opened with them, which must not go on playing a seat."""
        for table in [*self.tables.values(), *self.finished.values()]:
            table.audience.signed_out(user_id, keep, session)

    # ------------------------------------------------------------------ other processes

    async def publish(self, kind: str, game_id: str, **facts: Any) -> None:
        """Send the other processes a signal that goes with no stored change (a failure is logged)."""
        try:
            await self.store.in_thread(functools.partial(self.store.signal, kind, game_id, **facts))
        except Exception as exc:
            log.warning("game %s: the other processes were not told of %s (%s)", game_id, kind, exc)

    def _signal(self, kind: str, game_id: str, **facts: Any) -> None:
        """Send the other processes a signal beside the games (:meth:`publish`)."""
        self.chore(self.publish(kind, game_id, **facts))

    def heard(self, signal: dict[str, Any]) -> None:
        """What another process stored or said (:mod:`.bus`): catch up the table of the game, or
        its lobby entry, or load it; pass on chat and what happened to a seat."""
        kind, game_id = signal.get("k"), signal["g"]
        table = self.tables.get(game_id) or self.finished.get(game_id)
        if kind == "signed-out":
            user, keep, session = signal.get("user"), signal.get("keep"), signal.get("session")
            self.signed_out(user if isinstance(user, int) else None, keep if isinstance(keep, str) else None,
                            session if isinstance(session, str) else None)
        elif kind == "gone":
            self.forget(game_id, "deleted" if signal.get("why") == "deleted" else "expired")
        elif kind == "vacation":
            if isinstance(signal.get("user"), int):
                self.chore(vacation.changed(self, signal["user"]))
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
            self.chore(self.load(game_id))

    def _let_go(self, table: Table, signal: dict[str, Any]) -> bool:
        """Take a table out of memory instead of following another process's move, when nobody
        here has looked at it for ``FOLLOW_IDLE`` seconds and another process plays its bots and
        clocks: its lobby entry follows the signals, and it is loaded again when someone comes."""
        if ("ply" not in signal or self.tables.get(table.id) is not table or self.leases.has(table.id)
                or table.idle(time.monotonic()) < FOLLOW_IDLE):
            return False
        del self.tables[table.id]
        self.idle[table.id] = table.summary()
        table.bots.stop()
        return self._patch(table.id, signal)

    def _patch(self, game_id: str, signal: dict[str, Any]) -> bool:
        """Bring the lobby entry of a game that is not in memory up to date with an action's facts;
        false when the game must be loaded instead (no entry, other news, or its bots or clock
        are this process's to play)."""
        entry = self.idle.get(game_id)
        if entry is None and signal.get("status") == "finished":
            return True  # a game this process does not show ended: nothing to do
        if entry is None or "ply" not in signal or (signal.get("auto") and self.leases.has(game_id)):
            return False
        if signal.get("status") == "finished":
            del self.idle[game_id]
            self.alarms.pop(game_id, None)
            self.leases.release(game_id)
        else:
            entry.update(ply=signal["ply"], to_act=signal.get("to_act"), status=signal.get("status"))
        return True

    async def load(self, game_id: str) -> None:
        """Bring a game another process told of into memory (a failure is logged)."""
        try:
            await self.table(game_id)
        except (Refusal, StorageBusy) as exc:
            log.warning("game %s: cannot load it after news from another process (%s)", game_id, exc)

    async def resync(self) -> None:
        """Catch up with everything after signals may have been lost (the bus reconnected)."""
        for table in [*self.tables.values(), *self.finished.values()]:
            table.following.follow()
        try:
            unfinished = set(await self.store.in_thread(self.store.unfinished_ids))
        except StorageBusy as exc:
            log.warning("catching up with the other processes put off: %s", exc)
            return
        for game_id in list(self.idle):
            if game_id not in unfinished:
                del self.idle[game_id]
        for game_id in unfinished - self.tables.keys():
            self.chore(self.load(game_id))

    # ------------------------------------------------------------------ lobby

    def _entries(self) -> list[dict[str, Any]]:
        return [*(t.summary() for t in self.tables.values()), *self.idle.values()]

    def entries(self) -> list[dict[str, Any]]:
        """The lobby entries of every unfinished game (in memory or idle)."""
        return self._entries()

    def entry(self, game_id: str) -> dict[str, Any] | None:
        """The lobby entry of an unfinished game, without loading it; ``None`` if it is neither
        in memory nor idle (finished, unknown or damaged)."""
        table = self.tables.get(game_id)
        return table.summary() if table is not None else self.idle.get(game_id)

    async def create(self, game_id: str, kinds: list[str], options: dict[str, Any],
                     lobby_join: bool, client: str = "", clock: Clock | None = None,
                     stand_in: str | None = None, rated: bool = False, hints: bool = False,
                     again: bool = False, counted: bool = True,
                     terms: dict[str, Any] | None = None) -> tuple[Table, dict[int, str]]:
        """A new game; returns its table and the token of every human seat. ``clock`` is its time
        control, ``stand_in`` the bot kind that plays a person's seat when its time runs out or
        its person resigns (default: the heuristic bot where the game has one); with ``hints`` its
        players may ask the bot for hints (never in a ``rated`` game). A rematch (``again``) takes
        its seats' kinds as the finished game stored them, while still playable. A tournament's
        game is not ``counted`` against the limits on new games (the tournament's own bound it).
        ``terms``: what it asks of players who join from the lobby (:mod:`.reliability`)."""
        game = self.games.get(game_id)
        if game is None:
            raise Refusal("bad-game", t("unknown game {game} (known: {known})", game=repr(game_id),
                                        known=", ".join(self.games)))
        if rated and hints:
            raise Refusal("rated-hints", t("A rated game cannot allow hints: choose one or the other."))
        allowed = bot_kinds(game)
        kinds = [seat_kind(game, kind, t("seat {number}", number=i + 1), len(kinds), again)
                 for i, kind in enumerate(kinds)]
        if stand_in is not None and stand_in not in allowed:
            raise Refusal("bad-seat", t("stand-in: {kind} is not one of {allowed}", kind=repr(stand_in),
                                        allowed=", ".join(allowed)))
        local = sorted(o.name for o in game.options if o.local_file and o.name in options)
        if local:  # the server never opens a path a client names
            raise Refusal("bad-option", t("option {name} names a file; own content files can only be used "
                                          "with the command line, not online", name=repr(local[0])))
        return await self._found(game, kinds, options, secret_seed(), lobby_join, client, clock, stand_in,
                                 rated, hints, counted, terms)

    async def create_lesson(self, game_id: str, client: str = "") -> tuple[Table, lessons.Script, str]:
        """A new lesson game of ``game_id`` (:mod:`.lessons`): the lesson's deal, its learner's
        seat free for the person asking, the other seats the lesson's bots marked as playing its
        script; invitation only, no clock, unrated, hints allowed. Counted against the same limits as any new
        game. Returns its table, the lesson's script and the learner's token."""
        game = self.games.get(game_id)
        found = None if game is None else lessons.script(game)
        if found is None:
            raise Refusal("no-lesson", t("There is no first game with a guide for {game}.", game=repr(game_id)))
        lesson = found.lesson
        spec = lessons.marked(seat_kind(game, lesson.bots, t("the lesson's bots"), lesson.players))
        kinds = [HUMAN if i == found.seat else spec for i in range(lesson.players)]
        table, tokens = await self._found(game, kinds, lesson.options, lesson.seed, False, client, hints=True)
        return table, found, tokens[found.seat]

    async def _found(self, game: Game, kinds: list[str], options: dict[str, Any], seed: int, lobby_join: bool,
                     client: str, clock: Clock | None = None, stand_in: str | None = None,
                     rated: bool = False, hints: bool = False, counted: bool = True,
                     terms: dict[str, Any] | None = None) -> tuple[Table, dict[int, str]]:
        """Store and seat a new game whose seats' kinds are checked; its table and human seats' tokens."""
        if stand_in is None:
            stand_in = "heuristic" if "heuristic" in bot_kinds(game) else "random"
        try:
            state = game.new_state(len(kinds), options, seed)
        except (OptionError, ContentError) as exc:
            said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else str(exc)
            raise Refusal("bad-option", said) from None
        if counted:
            check_room(self._entries(), self.creators, self.rates, self.limits, kinds, client)
        tokens = {i: new_token() for i, kind in enumerate(kinds) if kind == HUMAN}
        stored = StoredGame(
            id=new_game_id(), game=game.id, rules_version=game.rules_version, options=dict(state.options),
            seed=seed, lobby_join=lobby_join, status="open" if tokens else "running", created=now(),
            seats=[StoredSeat(i, kind, "", hash_token(tokens[i]) if i in tokens else None, False,
                              clock_left=clock.start if clock is not None and kind == HUMAN else None)
                   for i, kind in enumerate(kinds)],
            clock=None if clock is None else clock.to_json(), stand_in=stand_in, rated=rated, hints=hints,
            terms=terms,
        )
        stored.turn_since = stored.created
        await self.store.in_thread(self.store.create_game, stored)
        table = self._wire(stored, game, state)
        self.tables[stored.id] = table
        self.creators[stored.id] = client
        table.bots.kick()
        return table, tokens

    async def rematch_of(self, table: Table, client: str) -> Table:
        """The rematch of a finished game: the one proposed already, else a new game with the same
        options, clock and stand-in, each seat moved on by one (the first player's seat goes to the
        second, …); its human seats are free until the players accept. A new one counts as created
        by ``client`` (the proposer's address) for the limits."""
        if table.stored.rematch is not None:
            found = await self.table(table.stored.rematch)
            if found is not None:
                return found
        n = len(table.stored.seats)
        kinds = [lessons.spec_of(table.stored.seats[(i - 1) % n].kind) for i in range(n)]  # a lesson's: its bots
        files = {o.name for o in table.game.options if o.local_file}  # stored empty: the built-in content
        options = {name: value for name, value in table.stored.options.items() if name not in files}
        again, _ = await self.create(table.game.id, kinds, options, table.stored.lobby_join, client,
                                     clock=Clock.stored(table.stored.clock), stand_in=table.stored.stand_in,
                                     rated=table.stored.rated, hints=table.stored.hints, again=True,
                                     terms=table.stored.terms)
        if not await self.store.in_thread(self.store.set_rematch, table.id, again.id, table.stored.rematch):
            await self._drop_open(again.id)  # another process proposed one first: that one counts
            stored = await self.store.in_thread(self.store.load, table.id)
            table.stored.rematch = None if isinstance(stored, Damaged) or stored is None else stored.rematch
            return await self.rematch_of(table, client)
        table.stored.rematch = again.id
        return again

    async def claim(self, table: Table, label: str, name: str, client: str = "", user_id: int | None = None) -> str:
        """Take a free human seat from the lobby (bound to the account ``user_id`` if given);
        returns its new token."""
        seat = table.seat_of(label)
        if seat is None:
            raise Refusal("bad-seat", t("there is no seat {seat} in this game (seats: {seats})", seat=repr(label),
                                        seats=", ".join(table.labels)))
        if not table.stored.lobby_join:
            raise Refusal("invite-only", t("This game takes players by invitation only."))
        if table.stored.seats[seat].kind != HUMAN:
            raise Refusal("bad-seat", t("seat {seat} is played by a bot", seat=label))
        if not self.rates.hit("claims", client):
            raise Refusal("limit", t("Too many seats claimed from your address; wait a while."))
        await social.check_not_banned(self, user_id)
        if await social.shut_out(self, table, user_id):  # told as a seat taken meanwhile: a block never shows
            raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
        token = new_token()
        await table.admission.join(seat, name, token=token, user_id=user_id)
        return token

    async def fill(self, table: Table, label: str, bot: str) -> None:
        """A player of a game that waits for players gives its free seat ``label`` to ``bot``
        (a level of the lobby or a bot kind of the game)."""
        seat = table.seat_of(label.strip().lower())
        if seat is None:
            raise Refusal("bad-seat", t("there is no seat {seat} in this game (seats: {seats})", seat=repr(label),
                                        seats=", ".join(table.labels)))
        kind = seat_kind(table.game, bot.strip().lower(), t("seat {number}", number=seat + 1), len(table.labels))
        if kind == HUMAN:
            raise Refusal("bad-seat", t("Choose a bot for the free seat, not a person."))
        await table.admission.fill(seat, kind)

    async def listing(self, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        """Open, running and the newest finished games, newest first; lesson games, each a
        learner's own, are not among the open and running ones."""
        entries = sorted((e for e in self._entries() if not e.get("lesson")), key=lambda e: e["created"], reverse=True)
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
