"""A live game: the authoritative state, its seats, its connections and its bot turns.

Every action goes through :meth:`Table.act`: checked against the sequence number the
sender saw, validated by the engine on a clone, stored, and only then made the state;
then every connection receives the view of its own seat. Nothing else changes a state.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from realpolitik.engine import Game, IllegalAction, Record, State, normalize

from .bots import BotJob
from .store import ChatLine, StaleWrite, StoredGame, now
from .tokens import hash_token, matches

if TYPE_CHECKING:
    from .hall import Hall

HUMAN = "human"
log = logging.getLogger("realpolitik.server")


class Refusal(Exception):
    """A request the table refuses; ``code`` is for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Listener(Protocol):
    """A connection watching a table: its seat (``None``: spectator) and an outbox."""

    seat: int | None
    log_sent: int

    def send(self, message: dict[str, Any]) -> None: ...


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
        n = len(stored.seats)
        self.team_of = game.teams(n)

    # ------------------------------------------------------------------ facts

    @property
    def labels(self) -> tuple[str, ...]:
        return self.state.seats

    @property
    def status(self) -> str:
        return self.stored.status

    @property
    def chat_enabled(self) -> bool:
        """Team chat follows the game's table-talk option: only ``partners`` allows it."""
        return self.team_of is not None and self.stored.options.get("table_talk") == "partners"

    def seat_of(self, label: str) -> int | None:
        """The seat index of a label, or ``None``."""
        return self.labels.index(label) if label in self.labels else None

    def authenticate(self, token: str) -> int | None:
        """The seat this token belongs to, or ``None``."""
        for s in self.stored.seats:
            if s.kind == HUMAN and matches(token, s.token_hash):
                return s.seat
        return None

    def players(self) -> list[dict[str, Any]]:
        """Public facts per seat: label, kind, name, taken, online."""
        online = {c.seat for c in self.listeners}
        return [
            {"seat": self.labels[s.seat], "kind": s.kind, "name": s.name,
             "joined": s.joined or s.kind != HUMAN, "online": s.kind != HUMAN or s.seat in online}
            for s in self.stored.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The public lobby entry of this game."""
        out = {
            "id": self.id, "game": self.game.id, "title": self.game.title, "status": self.status,
            "created": self.stored.created.isoformat(), "players": self.players(),
            "lobby_join": self.stored.lobby_join, "ply": self.seq,
            "to_act": None if self.state.to_act is None else self.labels[self.state.to_act],
        }
        if self.stored.result is not None:
            out["outcome"] = self.stored.result.get("outcome")
        return out

    def record(self) -> Record:
        """The game's record; with the result once the game is over."""
        names = [s.name or s.kind if s.kind == HUMAN else s.kind for s in self.stored.seats]
        return Record(self.game.id, self.stored.rules_version, dict(self.stored.options), self.stored.seed,
                      names, list(self.stored.actions), self.stored.result)

    # ------------------------------------------------------------------ views

    def view_message(self, listener: Listener) -> dict[str, Any]:
        """The next view for a listener: its seat's view, the log from where it left off."""
        view = self.state.view(listener.seat, log_from=listener.log_sent)
        listener.log_sent = self.state.log.size
        return {"type": "view", "seq": self.seq, "status": self.status, "players": self.players(), "view": view}

    def broadcast(self) -> None:
        """Send every listener the view of its own seat."""
        for listener in list(self.listeners):
            listener.send(self.view_message(listener))

    def announce_players(self) -> None:
        """Tell every listener who sits where and who is online."""
        message = {"type": "players", "players": self.players(), "status": self.status}
        for listener in list(self.listeners):
            listener.send(message)

    def attach(self, listener: Listener) -> None:
        """A new connection: it gets the current view with the whole log."""
        listener.log_sent = 0
        self.listeners.add(listener)
        listener.send(self.view_message(listener))
        self.announce_players()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self.announce_players()
        if not self.listeners and self.status == "finished":
            self.hall.evict(self)

    # ------------------------------------------------------------------ seats

    async def join(self, seat: int, name: str, token: str | None = None) -> None:
        """Take a free human seat (with a new token when claimed from the lobby)."""
        async with self.lock:
            s = self.stored.seats[seat]
            if s.joined:
                raise Refusal("taken", f"Seat {self.labels[seat]} is already taken.")
            token_hash = hash_token(token) if token is not None else None
            if not await self.hall.store.run(self.hall.store.join, self.id, seat, name, token_hash):
                raise Refusal("taken", f"Seat {self.labels[seat]} is already taken.")
            s.joined, s.name = True, name
            if token_hash is not None:
                s.token_hash = token_hash
            if self.status == "open" and all(x.joined for x in self.stored.seats if x.kind == HUMAN):
                await self.hall.store.run(self.hall.store.set_status, self.id, "running")
                self.stored.status = "running"
                self.broadcast()
        self.announce_players()
        self.kick_bot()

    # ------------------------------------------------------------------ play

    async def act(self, seat: int, seq: int, text: str) -> None:
        """Play ``text`` for ``seat`` against the game as it stood after ``seq`` actions."""
        async with self.lock:
            self._check_turn(seat, seq)
            state = self.state
            legal = state.legal_actions()
            probe = state.clone()
            try:
                probe.apply(text, seat)
            except IllegalAction as exc:
                raise Refusal("illegal", str(exc)) from None
            canonical = text if text in legal else normalize(text)
            try:
                await self.hall.store.run(self.hall.store.append, self.id, self.seq, seat, canonical)
            except StaleWrite:
                await self._reload()
                raise Refusal("stale", "Another action was stored for this move first; "
                                       "the game has moved on. Decide again on the current state.") from None
            self.state = probe
            self.stored.actions.append(canonical)
            self.seq += 1
            if probe.is_over():
                record = self.record()
                record.finish(probe)
                await self.hall.store.run(self.hall.store.set_status, self.id, "finished", record.result)
                self.stored.status, self.stored.result = "finished", record.result
        self.broadcast()
        if self.status == "finished" and not self.listeners:
            self.hall.evict(self)
        self.kick_bot()

    async def _reload(self) -> None:
        """Catch up with storage, which holds more actions than this table (lock held)."""
        stored = await self.hall.store.run(self.hall.store.load, self.id)
        state = self.game.new_state(len(stored.seats), stored.options, stored.seed)
        for act in stored.actions:
            state.apply(act)
        self.state, self.stored, self.seq = state, stored, len(stored.actions)
        self.broadcast()

    def _check_turn(self, seat: int, seq: int) -> None:
        if self.status == "finished":
            raise Refusal("over", "The game is over; no more actions are taken.")
        if self.status == "open":
            waiting = [self.labels[s.seat] for s in self.stored.seats if s.kind == HUMAN and not s.joined]
            raise Refusal("waiting", f"The game starts when every seat is taken (free: {', '.join(waiting)}).")
        if seq != self.seq:
            raise Refusal("stale", f"Stale action: it was chosen at move {seq}, but the game is at move "
                                   f"{self.seq}. It was not played; decide again on the current state.")
        actor = self.state.to_act
        if actor != seat:
            raise Refusal("turn", f"It is not your turn: {self.labels[actor]} decides now.")

    # ------------------------------------------------------------------ bots

    def kick_bot(self) -> None:
        """Start the bot's turn if a bot seat is to act and none is thinking yet."""
        if self.status != "running" or self.bot_task is not None or self.hall.closing:
            return
        seat = self.state.to_act
        if seat is None or self.stored.seats[seat].kind == HUMAN:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        try:
            if self.hall.settings.bot_delay:
                await asyncio.sleep(self.hall.settings.bot_delay)
            seq = self.seq
            job = BotJob(self.id, self.game.id, len(self.labels), dict(self.stored.options), self.stored.seed,
                         tuple(self.stored.actions), seat, self.stored.seats[seat].kind,
                         self.hall.settings.bot_think)
            choice = await self.hall.bots.choose(job)
            await self.act(seat, seq, choice)
        except asyncio.CancelledError:
            raise
        except Refusal as exc:
            if exc.code != "stale":  # stale: storage had moved on, the table caught up; think again
                self._bot_failed(seat, exc.code)
                return
        except Exception as exc:  # a failing bot must not take the server down; it stops this table's bot
            self._bot_failed(seat, type(exc).__name__)
            return
        self.bot_task = None
        self.kick_bot()

    def _bot_failed(self, seat: int, what: str) -> None:
        """Log a failed bot move by kind only (an exception's words may name hidden cards)."""
        log.error("game %s: bot seat %s failed at move %d (%s)", self.id, self.labels[seat], self.seq, what)
        self.bot_task = None

    # ------------------------------------------------------------------ chat

    async def chat(self, seat: int, text: str) -> None:
        """Send a message to the seat's team (never to opponents or spectators)."""
        if self.team_of is None:
            raise Refusal("chat-off", f"{self.game.title} has no teams, so there is no team chat.")
        if not self.chat_enabled:
            raise Refusal("chat-off", "Table talk is off in this game (option table_talk), so team chat is closed.")
        team = self.team_of[seat]
        line = ChatLine(seat, team, text, now())
        await self.hall.store.run(self.hall.store.add_chat, self.id, line)
        message = {"type": "chat", "lines": [self.chat_line(line)]}
        for listener in list(self.listeners):
            if listener.seat is not None and self.team_of[listener.seat] == team:
                listener.send(message)

    def chat_line(self, line: ChatLine) -> dict[str, Any]:
        s = self.stored.seats[line.seat]
        return {"from": self.labels[line.seat], "name": s.name, "text": line.text, "at": line.at.isoformat()}

    async def chat_history(self, seat: int) -> list[dict[str, Any]]:
        """The stored messages of the seat's team."""
        if not self.chat_enabled:
            return []
        lines = await self.hall.store.run(self.hall.store.chat_of, self.id, self.team_of[seat])
        return [self.chat_line(line) for line in lines]
