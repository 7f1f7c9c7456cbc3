"""A live game: the authoritative state and its seats, shared by the parts that play it.

A table is what the parts of one game share — the stored game, the state, the number of
actions, the connections and one lock — and the facts read from them (who sits where, the
lobby entry). Each part has one job and is given by the hall (:mod:`..hall`, ``Hall._wire``)
what it needs from outside; the parts reach each other through the table, never the hall:

- :class:`.admission.Admission` (``table.admission``): who sits where — invitations, seats from the
  lobby, seats bound to accounts, free seats given to bots;
- :class:`.moves.Moves` (``table.moves``): the move pipeline — every action, and every take-back;
- :class:`.away.Away` (``table.away``): resignation, time-outs and coming back;
- :class:`.bot_turns.BotTurns` (``table.bots``): the bots' moves;
- :class:`.rematch.Rematch` (``table.rematch``): the rematch of a finished game;
- :class:`.chat.Chat` (``table.chat``): the table's chat;
- :class:`.audience.Audience` (``table.audience``): the connections and what they are sent;
- :class:`.following.Following` (``table.following``): what other processes stored, taken in;
- :class:`..timekeeper.Timekeeper` (``table.timekeeper``) and :class:`..undo.LastDecision`
  (``table.last``): the clocks, and what a take-back would remove.

Every action goes through :meth:`.moves.Moves.act`: the state changes only after storage
accepted the action. Several server processes may hold the same game (PostgreSQL): what
another one stored is taken in by :meth:`.following.Following.catch_up`. Bots move and
clocks run only in the process that holds the game's lease (:mod:`..leases`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from realpolitik.engine import Game, Record, State
from realpolitik.i18n import LANGUAGES, render

from .. import lessons, ratings
from ..refusals import Refusal, bad_token, busy
from ..store import Store, StoredGame
from ..timekeeper import Timekeeper, comeback
from ..undo import LastDecision
from .admission import Admission
from .audience import Audience
from .away import Away
from .bot_turns import BotTurns
from .chat import Chat
from .following import Following
from .moves import Moves
from .rematch import Rematch
from .shared import DAMAGED, HUMAN, Listener, seat_titles

if TYPE_CHECKING:
    from ..bots import BotRunner
    from ..metrics import Metrics
    from ..notify import Notifier
    from ..social_store import SocialStore

__all__ = ["DAMAGED", "HUMAN", "Listener", "Refusal", "Table", "bad_token", "busy", "seat_titles"]


class Table:
    """One game being played on this server."""

    def __init__(self, stored: StoredGame, game: Game, state: State, *, store: Store, runner: BotRunner,
                 metrics: Metrics, notifier: Notifier, blocks: SocialStore, holds: Callable[[Table], bool],
                 closing: Callable[[], bool], chore: Callable[[Coroutine[Any, Any, None]], None],
                 signal: Callable[..., None] | None, rebuild: Callable[..., State],
                 ended: Callable[[Table], None], keep_finished: Callable[[Table], None],
                 rematch_of: Callable[[Table, str], Awaitable[Table]],
                 vacation_began: Callable[[int], Awaitable[None]], bot_delay: float, bot_think: float,
                 stand_in_pace: float | None, vacation_days: int) -> None:
        self.id = stored.id
        self.game = game
        self.stored = stored
        self.state = state
        self.seq = len(stored.actions)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.team_of = game.teams(len(stored.seats))
        self.touched = time.monotonic()
        self.last = LastDecision(rebuild)
        #: the script of a lesson game that still fits its lesson (lessons.py), else None
        self.guide = lessons.guide_of(game, stored)
        #: seats whose hint a bot worker computes now (hints.py): one at a time per seat
        self.hinting: set[int] = set()
        self.timekeeper = Timekeeper(self, store, closing)
        self.audience = Audience(self, signal)
        self.bots = BotTurns(self, runner, holds, closing, bot_delay, bot_think, stand_in_pace)
        self.following = Following(self, store, rebuild, notifier, keep_finished)
        self.moves = Moves(self, store, metrics, notifier, ended)
        self.admission = Admission(self, store, chore)
        self.away = Away(self, store, vacation_days, vacation_began)
        self.rematch = Rematch(self, rematch_of)
        self.chat = Chat(self, store, blocks)

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

    def bot_kind(self, seat: int) -> str | None:
        """The bot kind that plays ``seat``: a bot seat's own, the stand-in for a person who is
        away (time ran out, resigned); ``None`` while its person plays it."""
        s = self.stored.seats[seat]
        if s.kind != HUMAN:
            return lessons.spec_of(s.kind)
        return (self.stored.stand_in or "heuristic") if s.away else None

    def watchers(self, seat: int | None) -> int:
        """Connections watching as this seat (``None``: spectators)."""
        return sum(c.seat == seat for c in self.listeners)

    def idle(self, moment: float) -> float:
        """Seconds since anything happened at this table; 0 while someone watches or a bot plays."""
        if self.listeners or self.bots.task is not None or self.lock.locked():
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
