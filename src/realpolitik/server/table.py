"""A live game: the authoritative state, its seats, its connections and its bot turns.

Every action goes through :meth:`Table.act`: checked against the sequence number the
sender saw (and, in a lesson game, against the move its script asks for: :mod:`.lessons`),
validated by the engine on a clone, stored — with the game's result when it
ends the game, in the same transaction — and only then made the state; then every
connection receives the view of its own seat. Nothing else changes a state. A seat is
taken under the table's lock and by one conditional write, so one seat has one holder.

Several server processes may hold the same game (PostgreSQL): what another one stored
reaches this table as a signal, and :meth:`Table.catch_up` takes it in from storage —
only the new actions are applied — and tells every connection. Bots move and clocks run
only in the process that holds the game's lease (:mod:`.leases`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from realpolitik.bots.worker import BotJob
from realpolitik.engine import Game, IllegalAction, Record, State, normalize
from realpolitik.i18n import LANGUAGES, Text, listed, render, t

from . import lessons, ratings, results, social
from .clock import TIMEOUTS_LOST, seconds_in_words
from .refusals import Refusal, away_refusal, bad_token, busy
from .store import ChatLine, StaleWrite, StorageBusy, StoredGame, now
from .timekeeper import Timekeeper, comeback
from .tokens import hash_token, matches, new_token
from .undo import BOT, PERSON, STAND_IN, LastDecision, made_by

if TYPE_CHECKING:
    from .hall import Hall

HUMAN = "human"
log = logging.getLogger("realpolitik.server")

#: seconds between two ``players`` messages of one table (changes in between are sent together)
PLAYERS_EVERY = 0.25
#: seconds a bot waits before trying again after the database failed it, growing to the last
RETRY = (0.5, 1, 2, 5, 10, 20, 30)


@functools.cache
def seat_titles(game: Game, players: int) -> tuple[dict[str, str], ...]:
    """Each seat's name as the game names it ("West", "Player 2"), in every language: pages
    show the one of their language, so one message serves every listener."""
    return tuple({lang: render(title, lang) for lang in LANGUAGES} for title in game.seat_titles(players))


DAMAGED = t("This game's stored record cannot be loaded; it is kept as it is.")

#: what every connection of a table is told when something happens to a seat, by kind (from the
#: table and the seat's label)
TOLD: dict[str, Callable[[Table, str], Text]] = {
    "taken-back": lambda table, seat: t("{seat} took back their last action.", seat=seat),
    "resigned": lambda table, seat: t("{seat} resigned; a bot plays the seat to the end.", seat=seat),
    "back": lambda table, seat: t("{seat} took the seat back from the bot.", seat=seat),
    "rematch-offered": lambda table, seat: t("{seat} proposes a rematch.", seat=seat),
    "filled": lambda table, seat: t("A bot takes the free seat {seat}.", seat=seat),
    "timeout": lambda table, seat: t("{seat}'s time ran out; a bot plays the seat, a move every {pace}, and its "
                                     "player may take it back after the bot's first move.", seat=seat,
                                     pace=seconds_in_words(table.stand_in_pace())),
    "lost-on-time": lambda table, seat: t("{seat}'s time ran out {count} times in this game: the seat has lost on "
                                          "time, and a bot plays it to the end.", seat=seat, count=TIMEOUTS_LOST),
    "vacation": lambda table, seat: t("{seat}'s time ran out; a day of its player's vacation began, and the "
                                      "player's correspondence clocks stand still meanwhile.", seat=seat),
}


class Listener(Protocol):
    """A connection watching a table: its seat (``None``: spectator) and an outbox."""

    seat: int | None
    log_sent: int
    lang: str
    user_id: int | None  # the account signed in, if any
    session: str | None  # the hash of the session's token it was opened with, if any

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int = 1000) -> None: ...


class Table:
    """One game being played on this server."""

    def __init__(self, hall: Hall, stored: StoredGame, game: Game, state: State) -> None:
        self.hall = hall
        self.id = stored.id
        self.game = game
        self.stored = stored
        self.state = state
        self.seq = len(stored.actions)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.bot_task: asyncio.Task | None = None
        self.team_of = game.teams(len(stored.seats))
        self.touched = time.monotonic()
        self._players_shown: list[dict[str, Any]] | None = None
        self._players_due: asyncio.TimerHandle | None = None
        self._players_at = 0.0
        self.last = LastDecision()
        self.timekeeper = Timekeeper(self)
        self._behind = False  # another process stored something this table has not taken in
        self._following: asyncio.Task | None = None
        #: the script of a lesson game that still fits its lesson (lessons.py), else None
        self.guide = lessons.guide_of(game, stored)
        #: seats whose hint a bot worker computes now (hints.py): one at a time per seat
        self.hinting: set[int] = set()

    # ------------------------------------------------------------------ facts

    @property
    def labels(self) -> tuple[str, ...]:
        return self.state.seats

    @property
    def status(self) -> str:
        return self.stored.status

    @property
    def has_humans(self) -> bool:
        return any(s.kind == HUMAN for s in self.stored.seats)

    @property
    def chat_enabled(self) -> bool:
        """Team chat follows the game's table-talk option: only ``partners`` allows it."""
        return self.team_of is not None and self.stored.options.get("table_talk") == "partners"

    def seat_of(self, label: str) -> int | None:
        """The seat index of a label, or ``None``."""
        return self.labels.index(label) if label in self.labels else None

    def seat_of_account(self, label: str, user_id: int) -> int | None:
        """The seat of a label if it is bound to the account ``user_id``, else ``None``."""
        seat = self.seat_of(label)
        return seat if seat is not None and self.stored.seats[seat].user_id == user_id else None

    def bot_kind(self, seat: int) -> str | None:
        """The bot kind that plays ``seat``: a bot seat's own, the stand-in for a person who is
        away (time ran out, resigned); ``None`` while its person plays it."""
        s = self.stored.seats[seat]
        if s.kind != HUMAN:
            return lessons.spec_of(s.kind)
        return (self.stored.stand_in or "heuristic") if s.away else None

    def stand_in_pace(self) -> float:
        """Seconds the stand-in bot waits before each move for a person whose time ran out: the
        server's setting, else the time control's (a person's pace, so its player can come back)."""
        pace, clock = self.hall.settings.stand_in_pace, self.timekeeper.clock
        if pace is not None:
            return pace
        return clock.stand_in_pace() if clock is not None else self.hall.settings.bot_delay

    def authenticate(self, token: str) -> int | None:
        """The seat this token belongs to, or ``None``."""
        for s in self.stored.seats:
            if s.kind == HUMAN and matches(token, s.token_hash):
                return s.seat
        return None

    def idle(self, moment: float) -> float:
        """Seconds since anything happened at this table; 0 while someone watches or a bot plays."""
        if self.listeners or self.bot_task is not None or self.lock.locked():
            return 0.0
        return moment - self.touched

    def players(self) -> list[dict[str, Any]]:
        """Public facts per seat: label, title (in every language), kind, name, taken, online, why
        a bot plays it (``away``), whether its person may take it back (``back``: :func:`comeback`) and
        how often its time ran out (``timeouts``)."""
        online = {c.seat for c in self.listeners}
        titles = seat_titles(self.game, len(self.labels))
        return [
            {"seat": self.labels[s.seat], "title": titles[s.seat], "kind": lessons.spec_of(s.kind), "name": s.name,
             "joined": s.joined or s.kind != HUMAN, "online": s.kind != HUMAN or s.seat in online, "away": s.away,
             "back": comeback(s, self.seq) if self.status == "running" else None, "timeouts": s.timeouts}
            for s in self.stored.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The public lobby entry of this game."""
        out = {
            "id": self.id, "game": self.game.id, "title": self.game.title, "status": self.status,
            "created": self.stored.created.isoformat(), "players": self.players(),
            "lobby_join": self.stored.lobby_join, "ply": self.seq, "lesson": lessons.is_lesson(self.stored),
            "to_act": None if self.state.to_act is None else self.labels[self.state.to_act],
        }
        if self.stored.result is not None:
            out["outcome"] = self.stored.result.get("outcome")
        out["rated"] = self.stored.rated
        out["hints"] = self.stored.hints
        said = ratings.words(self.stored.result)
        if said is not None:
            out["rating"] = {lang: render(said, lang) for lang in LANGUAGES}
        return out

    def record(self) -> Record:
        """The game's record; with the result once the game is over."""
        return self.stored.record()

    # ------------------------------------------------------------------ views

    def view_message(self, listener: Listener, cache: dict | None = None) -> dict[str, Any]:
        """The next view for a listener: its seat's view, the log from where it left off.

        Listeners of the same seat at the same point of the log share one view (``cache``), and
        all of them one list of players."""
        key = (listener.seat, listener.log_sent, listener.lang)
        message = None if cache is None else cache.get(key)
        if message is None:
            view = self.state.view(listener.seat, log_from=listener.log_sent, lang=listener.lang)
            if "outcome" in view and self.stored.result is not None:  # the game's end as stored: forfeits count
                view["outcome"] = results.in_view(view["outcome"], self.stored.result, listener.lang)
            if cache is None:
                players = self.players()
            elif (players := cache.get("players")) is None:
                players = cache["players"] = self.players()
            undo = listener.seat is not None and self.last.offered(self) == listener.seat
            message = {"type": "view", "seq": self.seq, "status": self.status, "players": players,
                       "view": view, "undo": undo, "clock": self.timekeeper.view(), "rematch": self.stored.rematch}
            if not undo and listener.seat is not None and not self.stored.seats[listener.seat].away:
                why = self.last.why_not(self, listener.seat)  # the page says why its last action stays
                if why is not None:
                    message["undo_why"] = render(why, listener.lang)
            if (said := ratings.words(self.stored.result)) is not None:
                message["rating"] = render(said, listener.lang)  # a finished rated game: counted or why not
            if self.guide is not None and listener.seat == self.guide.seat:  # only the learner reads the guide
                guide = self.guide.message(self.seq, view, listener.lang)
                if guide is not None:
                    message["guide"] = guide
            if cache is not None:
                cache[key] = message
        listener.log_sent = self.state.log.size
        return message

    def broadcast(self) -> None:
        """Send every listener the view of its own seat."""
        cache: dict = {"players": self.players()}
        for listener in list(self.listeners):
            listener.send(self.view_message(listener, cache))
        self._players_shown = cache["players"]

    def announce_players(self) -> None:
        """Tell every listener who sits where and who is online — when that changed, and at
        most every ``PLAYERS_EVERY`` seconds, so connections coming and going cannot flood a table."""
        if self._players_due is not None:
            return
        wait = self._players_at + PLAYERS_EVERY - time.monotonic()
        if wait > 0:
            self._players_due = asyncio.get_running_loop().call_later(wait, self._send_players)
        else:
            self._send_players()

    def _send_players(self) -> None:
        self._players_due = None
        players = self.players()
        if players == self._players_shown:
            return
        self._players_shown, self._players_at = players, time.monotonic()
        message = {"type": "players", "players": players, "status": self.status}
        for listener in list(self.listeners):
            listener.send(message)

    def attach(self, listener: Listener) -> None:
        """A new connection: it gets the current view with the whole log."""
        listener.log_sent = 0
        self.listeners.add(listener)
        self.touched = time.monotonic()
        listener.send(self.view_message(listener))
        self.announce_players()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self.touched = time.monotonic()
        self.announce_players()

    def watchers(self, seat: int | None) -> int:
        """Connections watching as this seat (``None``: spectators)."""
        return sum(c.seat == seat for c in self.listeners)

    def dismiss(self, code: str, message: Text) -> None:
        """Tell every connection why the table closes, each in its language, and close them."""
        for listener in list(self.listeners):
            listener.send({"type": "error", "code": code, "message": render(message, listener.lang)})
            listener.close(4410)

    # ------------------------------------------------------------------ seats

    async def enter(self, token: str, name: str, user_id: int | None = None) -> int:
        """The seat of an invitation token, taken now if it was still free; a signed-in
        player's (``user_id``) seat is bound to the account unless one holds it already."""
        async with self.lock:
            seat = self.authenticate(token)
            if seat is None and self.hall.store.shared:  # taken through another process a moment ago?
                await self._take_in()
                seat = self.authenticate(token)
            if seat is None:
                raise bad_token()
            if not self.stored.seats[seat].joined:
                try:
                    await self._take(seat, name, holding=hash_token(token), user_id=user_id)
                except Refusal as exc:
                    if exc.code != "taken" or not await self._taken_elsewhere(token, seat):
                        raise
            if self.stored.seats[seat].joined and user_id is not None:
                await self._bind(seat, user_id)
        self._after_join()
        return seat

    async def _taken_elsewhere(self, token: str, seat: int) -> bool:
        """Whether ``seat``, refused as taken, was taken with this same invitation through
        another process a moment ago (its link open in two places at once): then it is the
        token's seat like any seat already joined (lock held)."""
        if not self.hall.store.shared:
            return False
        await self._take_in()
        return self.authenticate(token) == seat and self.stored.seats[seat].joined

    async def join(self, seat: int, name: str, token: str, user_id: int | None = None) -> None:
        """Take a free human seat from the lobby, with a new token (bound to the account ``user_id``)."""
        async with self.lock:
            if self.stored.seats[seat].joined:
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=self.labels[seat]))
            await self._take(seat, name, token_hash=hash_token(token), user_id=user_id)
        self._after_join()

    async def bind(self, seat: int, user_id: int) -> bool:
        """Bind a taken seat that no account holds to ``user_id``; false if it is not such a seat."""
        async with self.lock:
            return await self._bind(seat, user_id)

    async def _bind(self, seat: int, user_id: int) -> bool:
        s = self.stored.seats[seat]
        if not s.joined or s.user_id is not None:
            return False
        try:
            bound = await self.hall.store.in_thread(self.hall.store.bind_seat, self.id, seat, user_id)
        except StorageBusy:
            raise busy() from None
        if bound:
            s.user_id = user_id
        return bound

    async def _take(self, seat: int, name: str, token_hash: str | None = None, holding: str | None = None,
                    user_id: int | None = None) -> None:
        """Store the seat as taken (lock held); the database checks that it is still free."""
        try:
            taken, started = await self.hall.store.in_thread(self.hall.store.join, self.id, seat, name, token_hash,
                                                             holding, user_id)
        except StorageBusy:
            raise busy() from None
        if not taken:
            raise Refusal("taken", t("Seat {seat} is already taken.", seat=self.labels[seat]))
        s = self.stored.seats[seat]
        s.joined, s.name, s.user_id = True, name, user_id
        if token_hash is not None:
            s.token_hash = token_hash
        if started:
            self.stored.status = "running"
            self.broadcast()

    def _after_join(self) -> None:
        self.touched = time.monotonic()
        self.announce_players()
        self.kick_bot()
        if self.timekeeper.by_mail:  # the new player's vacations stop its clock too
            self.hall.chore(self._clock_follows())

    async def _clock_follows(self) -> None:
        await self.timekeeper.refresh()
        self.kick_bot()
        self.broadcast()

    # ------------------------------------------------------------------ play

    async def act(self, seat: int, seq: int, text: str, stand_in: bool = False) -> None:
        """Play ``text`` for ``seat`` against the game as it stood after ``seq`` actions (for a
        ``stand_in`` bot: only while the seat's person is still away, in storage too)."""
        async with self.lock:
            self.check_turn(seat, seq, stand_in)
            state = self.state
            canonical = text if text in state.legal_actions() else normalize(text)
            if self.guide is not None and (said := self.guide.refusal(state, seq, canonical)) is not None:
                raise Refusal("guide", said)
            probe = state.clone()
            try:
                probe.apply(text, seat)
            except IllegalAction as exc:
                raise Refusal("illegal", exc.args[0]) from None
            result = results.result_of(self, probe) if probe.is_over() else None
            clock_left = self.timekeeper.after_move(seat)
            facts = self._facts(probe, result)
            try:
                started = time.perf_counter()
                moment = await self.hall.store.in_thread(self.hall.store.append, self.id, self.seq, seat, canonical,
                                                         result, clock_left, facts, stand_in)
                self.hall.metrics.move_store.observe(time.perf_counter() - started)
            except StaleWrite:  # another process changed the game first: take that in and refuse
                await self._reload()
                if not stand_in and self.stored.seats[seat].away:
                    raise away_refusal(self.stored.seats[seat].away) from None
                raise Refusal("stale", t("Another action was stored for this move first; the game has moved on. "
                                         "Decide again on the current state.")) from None
            except StorageBusy:
                raise busy() from None
            self.state = probe
            self.stored.actions.append(canonical)
            self.seq += 1
            self.last.played(self.seq, seat, state,
                             STAND_IN if stand_in else PERSON if self.stored.seats[seat].kind == HUMAN else BOT)
            self.stored.turn_since = moment
            if clock_left is not None:
                self.stored.seats[seat].clock_left = clock_left
            if probe.to_act is not None and probe.to_act != seat:
                self.hall.notifier.turn_came(self, probe.to_act)
            self.touched = time.monotonic()
            if result is not None:
                self.stored.status, self.stored.result = "finished", result
        self.broadcast()
        if self.status == "finished":
            self.hall.keep_finished(self)
            if self.stored.result.get("rating") == "counted":
                self.hall.chore(ratings.rate(self.hall, self.stored))
            self.hall.chore(self.hall.tournaments.game_over(self.id))
        self.kick_bot()

    def _facts(self, after: State, result: dict[str, Any] | None) -> dict[str, Any]:
        """What the other processes' lobbies need of this game after an action, and whether a
        bot or a clock has to act next (then the lease holder loads the game if it let it go)."""
        to_act = after.to_act
        auto = to_act is not None and (self.bot_kind(to_act) is not None or self.timekeeper.clock is not None)
        return {"ply": self.seq + 1, "to_act": None if to_act is None else self.labels[to_act],
                "status": "finished" if result is not None else self.status, "auto": auto}

    async def _reload(self) -> None:
        """Catch up with storage, which holds more actions than this table (lock held)."""
        await self._take_in()
        self.broadcast()

    async def _take_in(self) -> None:
        """Take in what storage holds of this game beyond this table (lock held): the actions
        stored since — applied to the state, not replayed from the start —, seats, status and
        result. An action this table knows that storage no longer has (taken back) means a
        replay from the start, and every connection gets the whole log again."""
        store = self.hall.store
        since: int | None = max(0, self.seq - 1)
        try:
            stored = await store.in_thread(store.load, self.id, since)
            if isinstance(stored, StoredGame) and self.seq and stored.actions[:1] != self.stored.actions[since:]:
                stored = await store.in_thread(store.load, self.id)  # the last action we know was taken back
                since = None
        except StorageBusy:
            raise busy() from None
        try:
            if not isinstance(stored, StoredGame):
                raise ValueError("it is no longer stored whole")
            if since is None:
                state = self.hall.rebuild(stored)
                self.last.forget()
                for listener in self.listeners:
                    listener.log_sent = 0
            else:
                stored.actions = self.stored.actions[:since] + stored.actions
                state = self._carry_on(stored)
        except ValueError as exc:
            log.error("game %s: cannot catch up with storage: %s", self.id, exc)
            raise Refusal("damaged", DAMAGED) from None
        self.state, self.stored, self.seq = state, stored, len(stored.actions)

    def _carry_on(self, stored: StoredGame) -> State:
        """The state after ``stored``'s actions, carried on from this table's (which it extends) one
        action at a time, so that the table knows the state before each and who made it (:mod:`.undo`)."""
        state, count = self.state, len(stored.actions)
        for index in range(self.seq, count):
            before = state
            upto = stored if index + 1 == count else replace(stored, actions=stored.actions[:index + 1], result=None)
            state = self.hall.rebuild(upto, before.clone())
            self.last.played(index + 1, before.to_act, before, made_by(stored, before.to_act, index))
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
            log.exception("game %s: catching up with another process failed", self.id)
        finally:
            self._following = None

    async def catch_up(self) -> None:
        """Take in what another process stored of this game and tell every connection."""
        async with self.lock:
            seq, away = self.seq, [s.away for s in self.stored.seats]
            try:
                await self._take_in()
            except Refusal as exc:
                log.warning("game %s: could not catch up with storage (%s); trying again with the next news",
                            self.id, exc.code)
                return
            if self.bot_task is not None and (self.seq != seq or away != [s.away for s in self.stored.seats]):
                self.bot_task.cancel()  # it thought about a game that has moved on
                self.bot_task = None
        self.broadcast()
        if self.seq > seq:
            self.hall.notifier.seen_here(self)
        if self.status == "finished":
            self.hall.keep_finished(self)
        self.kick_bot()

    def stop_automation(self) -> None:
        """Stop this table's bot and clock (this process no longer plays them)."""
        self.timekeeper.cancel()
        if self.bot_task is not None:
            self.bot_task.cancel()
            self.bot_task = None

    async def take_back(self, seat: int, seq: int) -> None:
        """Take back ``seat``'s own last action, with the bots' answers since where the rule allows
        them (:mod:`.undo`), the game standing at ``seq`` actions: they are removed from storage and
        the game goes on from the state before the person's action."""
        async with self.lock:
            if seq != self.seq:
                raise Refusal("stale", t("Stale request: the game has moved on; nothing was taken back."))
            if self.stored.seats[seat].away:
                raise away_refusal(self.stored.seats[seat].away)
            reason = self.last.refusal(self, seat)
            if reason is not None:
                raise Refusal("undo", reason)
            words = self.last.words(self)
            first, before = self.last.taken(self)
            answers = self.seq - first - 1
            s, clock = self.stored.seats[seat], self.timekeeper.clock
            # the move's time added to the clock goes again; the time it took is not given back, nor
            # the time the seat's clock ran since (thinking over a bot's answer, say)
            clock_left = None if clock is None else max(0.0, self.timekeeper.left(seat) - clock.add)
            try:
                removed = await self.hall.store.in_thread(self.hall.store.take_back, self.id, first, seat, clock_left,
                                                          self.seq)
            except StorageBusy:
                raise busy() from None
            if not removed:
                await self._reload()
                raise Refusal("stale", t("Stale request: the game has moved on; nothing was taken back."))
            if self.bot_task is not None:  # a bot was about to answer the action taken back
                self.bot_task.cancel()
                self.bot_task = None
            self.state = before
            del self.stored.actions[first:]
            self.seq = first
            self.last.forget()
            self.stored.turn_since = now()
            if clock_left is not None:
                s.clock_left = clock_left
            self.touched = time.monotonic()
            for listener in self.listeners:
                listener.log_sent = 0  # the log is shorter now: every page gets it whole again
        self.broadcast()
        # the table hears who took back; only the player hears what (it may have been secret)
        self.tell("taken-back", seat, own=t("You took back: {action}", action=words) if not answers else
                  t("You took back: {action}, and the bots' answers since ({count}).", action=words, count=answers))
        self.kick_bot()

    async def resign(self, seat: int) -> None:
        """``seat``'s person leaves the game for good: the stand-in bot plays the seat to the end
        (partners play on), and the result names the seat as resigned."""
        async with self.lock:
            if self.status != "running":
                raise Refusal("over" if self.status == "finished" else "waiting",
                              t("Only a running game can be resigned."))
            if self.stored.seats[seat].away == "resigned":
                raise Refusal("resigned", t("You have resigned this game already."))
            try:
                resigned = await self.hall.store.in_thread(self.hall.store.set_away, self.id, seat, "resigned")
            except StorageBusy:
                raise busy() from None
            if not resigned:  # it ended through another process meanwhile
                await self._reload()
                raise Refusal("over", t("Only a running game can be resigned."))
            self.stored.seats[seat].away, self.stored.seats[seat].away_at = "resigned", self.seq
            self.touched = time.monotonic()
        log.info("game %s: seat %s resigned", self.id, self.labels[seat])
        self.tell("resigned", seat)
        self.broadcast()
        self.kick_bot()

    async def come_back(self, seat: int) -> None:
        """``seat``'s person takes the seat back from the bot that stood in after a timeout, with
        at least a move's time on the clock — once the bot has moved for it, and unless the seat
        has lost on time for good (:func:`comeback`)."""
        async with self.lock:
            self._check_comeback(seat)
            s, clock = self.stored.seats[seat], self.timekeeper.clock
            left = clock.on_return(s.clock_left or 0.0) if clock is not None else None
            moment = now() if self.state.to_act == seat else None  # the person's time runs from now
            try:
                back = await self.hall.store.in_thread(self.hall.store.come_back, self.id, seat, left, TIMEOUTS_LOST,
                                                       moment)
            except StorageBusy:
                raise busy() from None
            if not back:  # changed through another process meanwhile
                await self._reload()
                self._check_comeback(seat)
                raise Refusal("not-away", t("Your seat is yours already; no bot plays it."))
            if self.bot_task is not None and self.state.to_act == seat:  # the stand-in was thinking
                self.bot_task.cancel()
                self.bot_task = None
            s.away, s.clock_left, s.away_at = None, left, self.seq
            if moment is not None:
                self.stored.turn_since = moment
            self.touched = time.monotonic()
        self.tell("back", seat)
        self.broadcast()
        self.kick_bot()

    def _check_comeback(self, seat: int) -> None:
        """Refuse ``seat``'s person taking it back from the stand-in now, saying why, unless they may."""
        back = comeback(self.stored.seats[seat], self.seq) if self.status == "running" else None
        if back == "after-move":
            raise Refusal("too-soon", t("Your time ran out: you can take the seat back once the bot has made a move "
                                        "for it."))
        if back == "never":
            raise Refusal("lost-on-time", t("Your time ran out {count} times in this game: you have lost on time, and "
                                            "the bot plays your seat to the end.", count=TIMEOUTS_LOST))
        if back is None:
            raise Refusal("not-away", t("Your seat is yours already; no bot plays it."))

    async def fill(self, seat: int, kind: str) -> None:
        """Give the free person's seat ``seat`` of this game, which waits for players, to the bot
        ``kind`` (checked by :meth:`.hall.Hall.fill`); the game starts when no seat waits any more."""
        async with self.lock:
            if self.status != "open":
                raise Refusal("not-open", t("Only a free seat of a game that waits for players can go to a bot."))
            s = self.stored.seats[seat]
            if s.kind != HUMAN or s.joined:
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=self.labels[seat]))
            try:
                filled, started = await self.hall.store.in_thread(self.hall.store.fill_seat, self.id, seat, kind)
            except StorageBusy:
                raise busy() from None
            if not filled:  # taken through another process meanwhile
                await self._reload()
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=self.labels[seat]))
            s.kind, s.token_hash, s.clock_left = kind, None, None
            if started:
                self.stored.status = "running"
            self.touched = time.monotonic()
        self.tell("filled", seat)
        self.broadcast()
        self._after_join()

    async def rematch(self, seat: int, name: str, user_id: int | None, client: str) -> tuple[Table, int, str]:
        """``seat``'s person proposes or accepts the rematch of this finished game: it is seated in
        the rematch one seat on (under ``name``, bound to the account ``user_id``). Returns the
        rematch's table, the seat and its token; ``client`` is the address asking (for the limits)."""
        if self.status != "finished":
            raise Refusal("not-over", t("A rematch can be proposed once the game is over."))
        async with self.lock:
            proposed = self.stored.rematch is None
            again = await self.hall.rematch_of(self, client)
        seat_again = (seat + 1) % len(self.labels)
        token = new_token()
        await again.join(seat_again, name or self.stored.seats[seat].name, token, user_id)
        if proposed:
            self.tell("rematch-offered", seat)
        return again, seat_again, token

    def tell(self, kind: str, seat: int, own: Text | None = None) -> None:
        """Tell every connection — here and, through a signal, in the other processes — what
        happened to ``seat`` (a ``kind`` message of :data:`TOLD`), each in its language; the
        seat's own connections here hear ``own`` instead, if given."""
        self.told(kind, seat, own)
        if self.hall.store.shared:
            self.hall.chore(self.hall.publish("tell", self.id, what=kind, seat=seat))

    def told(self, kind: str, seat: int, own: Text | None = None) -> None:
        """Tell this process's connections what happened to ``seat``."""
        label = self.labels[seat]
        for listener in list(self.listeners):
            words = own if own is not None and listener.seat == seat else TOLD[kind](self, label)
            listener.send({"type": kind, "seat": label, "text": render(words, listener.lang)})

    def check_turn(self, seat: int, seq: int, stand_in: bool = False) -> None:
        """Refuse an action of ``seat`` chosen at move ``seq`` unless the game is running at that
        move, it is the seat's turn, and whoever sends it plays the seat now: its person, or the
        ``stand_in`` bot while the person is away (resigned, time ran out)."""
        if self.status == "finished":
            raise Refusal("over", t("The game is over; no more actions are taken."))
        if self.status == "open":
            waiting = [self.labels[s.seat] for s in self.stored.seats if s.kind == HUMAN and not s.joined]
            raise Refusal("waiting", t("The game starts when every seat is taken (free: {free}).",
                                         free=listed(waiting)))
        if seq != self.seq:
            raise Refusal("stale", t("Stale action: it was chosen at move {chosen}, but the game is at move {now}. "
                                     "It was not played; decide again on the current state.", chosen=seq, now=self.seq))
        actor = self.state.to_act
        if actor != seat:
            raise Refusal("turn", t("It is not your turn: {seat} decides now.", seat=self.labels[actor]))
        away = self.stored.seats[seat].away
        if stand_in != (away is not None):
            if stand_in:
                raise Refusal("stale", "its person plays the seat again; the bot does not move")  # bots only
            raise away_refusal(away)

    # ------------------------------------------------------------------ bots

    def kick_bot(self) -> None:
        """Start the bot's turn if a bot plays the seat to act and none is thinking yet (and
        set the alarm of the clock that runs now) — if this process holds the game's lease."""
        if not self.hall.leases.holds(self):
            self.timekeeper.cancel()
            return
        self.timekeeper.arm()
        if self.status != "running" or self.bot_task is not None or self.hall.closing:
            return
        seat = self.state.to_act
        if seat is None or self.bot_kind(seat) is None:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        """One bot move; a failure of the database or of a worker is retried, growing the wait."""
        failures = 0
        while True:
            try:
                timed_out = self.stored.seats[seat].away == "timeout"
                pause = self.stand_in_pace() if timed_out else self.hall.settings.bot_delay
                if pause:
                    await asyncio.sleep(pause)
                seq = self.seq
                kind = self.bot_kind(seat)
                if kind is None or self.status != "running" or self.state.to_act != seat:
                    break  # its person took the seat back, or the game moved on without this bot
                choice = self.guide.expected(seq) if self.guide is not None else None
                if choice is None:  # no script leads: the bot chooses
                    job = BotJob(self.id, self.stored.record(), seat, kind, self.hall.settings.bot_think)
                    choice = await self.hall.bots.choose(job, urgent=self.has_humans)
                await self.act(seat, seq, choice, stand_in=self.stored.seats[seat].kind == HUMAN)
                break
            except asyncio.CancelledError:
                raise
            except Refusal as exc:
                if exc.code == "stale":  # storage had moved on, the table caught up; think again
                    continue
                if exc.code != "busy":  # the bot chose an action the game refuses: a bug in the bot
                    self._bot_failed(seat, exc.code)
                    return
                what = "database busy"
            except Exception as exc:  # a worker died, the database went away: try again, never give up
                what = type(exc).__name__
            wait = RETRY[min(failures, len(RETRY) - 1)]
            failures += 1
            if failures in (1, len(RETRY)):
                log.warning("game %s: bot seat %s could not move (%s); trying again every %g s at most",
                            self.id, self.labels[seat], what, RETRY[-1])
            await asyncio.sleep(wait)
        self.bot_task = None
        self.kick_bot()

    def _bot_failed(self, seat: int, what: str) -> None:
        """Log a refused bot move by kind only (an exception's words may name hidden cards)."""
        log.error("game %s: bot seat %s failed at move %d (%s)", self.id, self.labels[seat], self.seq, what)
        self.bot_task = None

    # ------------------------------------------------------------------ chat

    async def chat(self, seat: int | None, text: str, channel: str = "table", name: str = "") -> None:
        """Send a message: a player's to the ``table`` (every player, spectators read along) or
        to its ``team`` (partners only, where the game's table talk allows it); a spectator's
        (``seat`` None, by ``name``) to the other spectators only, so nobody tips the players."""
        team = None
        if seat is None:
            channel = "watchers"
        elif channel == "team":
            if self.team_of is None:
                raise Refusal("chat-off", t("{game} has no teams, so there is no team chat.", game=self.game.title))
            if not self.chat_enabled:
                raise Refusal("chat-off",
                              t("Table talk is off in this game (option table_talk), so team chat is closed."))
            team = self.team_of[seat]
        line = ChatLine(seat, team, text, now(), channel, name if seat is None else "")
        try:
            await self.hall.store.in_thread(self.hall.store.add_chat, self.id, line)
        except StorageBusy:
            raise busy() from None
        await self._deliver(line)

    async def hear_chat(self, number: int) -> None:
        """A message another process stored: read it and pass it on here."""
        try:
            line = await self.hall.store.in_thread(self.hall.store.chat_line, self.id, number)
        except StorageBusy as exc:
            log.warning("game %s: a chat message from another process is lost here: %s", self.id, exc)
            return
        if line is not None:
            await self._deliver(line)

    async def _deliver(self, line: ChatLine) -> None:
        """Send ``line`` to every connection that reads it, but those of accounts that block its
        writer (issue 59: the writer is not told)."""
        message = {"type": "chat", "lines": [self.chat_line(line)]}
        readers = [listener for listener in self.listeners if self._reads(listener.seat, line)]
        deaf = await social.deaf_to(self.hall, self, line, [social.account_of(self, r.seat, r.user_id)
                                                            for r in readers])
        for listener in readers:
            if social.account_of(self, listener.seat, listener.user_id) not in deaf:
                listener.send(message)

    def _reads(self, seat: int | None, line: ChatLine) -> bool:
        """Whether a connection of ``seat`` (None: a spectator) reads ``line``."""
        if line.channel == "table":
            return True
        if line.channel == "watchers":
            return seat is None
        return seat is not None and self.team_of is not None and self.team_of[seat] == line.team

    def chat_line(self, line: ChatLine) -> dict[str, Any]:
        if line.seat is None:
            return {"from": None, "name": line.name, "text": line.text, "at": line.at.isoformat(),
                    "channel": line.channel}
        s = self.stored.seats[line.seat]
        return {"from": self.labels[line.seat], "name": s.name, "text": line.text, "at": line.at.isoformat(),
                "channel": line.channel}

    async def chat_history(self, seat: int | None, user_id: int | None = None) -> list[dict[str, Any]]:
        """The stored messages a connection of ``seat`` (None: a spectator) of the account ``user_id``
        may read, without those of the accounts it blocks."""
        if seat is None:
            team, channels = None, ("table", "watchers")
        else:
            team, channels = (self.team_of[seat] if self.chat_enabled else None), ("table",)
        try:
            lines = await self.hall.store.in_thread(self.hall.store.chat_of, self.id, team, channels)
        except StorageBusy:
            raise busy() from None
        lines = await social.unblocked(self.hall, self, social.account_of(self, seat, user_id), lines)
        return [self.chat_line(line) for line in lines]
