"""The move pipeline of a table: every action, and every action taken back.

An action is checked against the sequence number the sender saw (and, in a lesson game, against
the move its script asks for: :mod:`..lessons`), validated by the engine on a clone, stored —
with the game's result when it ends the game, in the same transaction — and only then made the
state; then every connection receives the view of its own seat. Nothing else changes a state
but a take-back (:mod:`..undo`), which removes the actions from storage first in the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from realpolitik.engine import IllegalAction, State, normalize
from realpolitik.i18n import listed, t

from .. import results
from ..refusals import Refusal, away_refusal, busy
from ..store import StaleWrite, StorageBusy, Store, now
from ..undo import BOT, PERSON, STAND_IN
from .shared import HUMAN

if TYPE_CHECKING:
    from ..metrics import Metrics
    from ..notify import Notifier
    from . import Table


class Moves:
    """Actions played at one table and taken back."""

    def __init__(self, table: Table, store: Store, metrics: Metrics, notifier: Notifier,
                 ended: Callable[[Table], None]) -> None:
        self.table = table
        self.store = store
        self.metrics = metrics
        self.notifier = notifier
        #: what follows a game that an action here ended (the hall's: the cache of finished games, the
        #: rating, the tournament)
        self.ended = ended

    def check_turn(self, seat: int, seq: int, stand_in: bool = False) -> None:
        """Refuse an action of ``seat`` chosen at move ``seq`` unless the game is running at that
        move, it is the seat's turn, and whoever sends it plays the seat now: its person, or the
        ``stand_in`` bot while the person is away (resigned, time ran out)."""
        table = self.table
        if table.status == "finished":
            raise Refusal("over", t("The game is over; no more actions are taken."))
        if table.status == "open":
            waiting = [table.labels[s.seat] for s in table.stored.seats if s.kind == HUMAN and not s.joined]
            raise Refusal("waiting", t("The game starts when every seat is taken (free: {free}).",
                                         free=listed(waiting)))
        if seq != table.seq:
            raise Refusal("stale", t("Stale action: it was chosen at move {chosen}, but the game is at move {now}. "
                                     "It was not played; decide again on the current state.", chosen=seq,
                                     now=table.seq))
        actor = table.state.to_act
        if actor != seat:
            raise Refusal("turn", t("It is not your turn: {seat} decides now.", seat=table.labels[actor]))
        away = table.stored.seats[seat].away
        if stand_in != (away is not None):
            if stand_in:
                raise Refusal("stale", "its person plays the seat again; the bot does not move")  # bots only
            raise away_refusal(away)

    async def act(self, seat: int, seq: int, text: str, stand_in: bool = False) -> None:
        """Play ``text`` for ``seat`` against the game as it stood after ``seq`` actions (for a
        ``stand_in`` bot: only while the seat's person is still away, in storage too)."""
        table = self.table
        async with table.lock:
            self.check_turn(seat, seq, stand_in)
            state = table.state
            canonical = text if text in state.legal_actions() else normalize(text)
            if table.guide is not None and (said := table.guide.refusal(state, seq, canonical)) is not None:
                raise Refusal("guide", said)
            probe = state.clone()
            try:
                probe.apply(text, seat)
            except IllegalAction as exc:
                raise Refusal("illegal", exc.args[0]) from None
            result = results.result_of(table, probe) if probe.is_over() else None
            clock_left = table.timekeeper.after_move(seat)
            facts = self._facts(probe, result)
            try:
                started = time.perf_counter()
                moment = await self.store.in_thread(self.store.append, table.id, table.seq, seat, canonical, result,
                                              clock_left, facts, stand_in)
                self.metrics.move_store.observe(time.perf_counter() - started)
            except StaleWrite:  # another process changed the game first: take that in and refuse
                await table.following.reload()
                if not stand_in and table.stored.seats[seat].away:
                    raise away_refusal(table.stored.seats[seat].away) from None
                raise Refusal("stale", t("Another action was stored for this move first; the game has moved on. "
                                         "Decide again on the current state.")) from None
            except StorageBusy:
                raise busy() from None
            table.state = probe
            table.stored.actions.append(canonical)
            table.seq += 1
            table.last.played(table.seq, seat, state,
                              STAND_IN if stand_in else PERSON if table.stored.seats[seat].kind == HUMAN else BOT)
            table.stored.turn_since = moment
            if clock_left is not None:
                table.stored.seats[seat].clock_left = clock_left
            if probe.to_act is not None and probe.to_act != seat:
                self.notifier.turn_came(table, probe.to_act)
            table.touched = time.monotonic()
            if result is not None:
                table.stored.status, table.stored.result = "finished", result
        table.audience.broadcast()
        if table.status == "finished":
            self.ended(table)
        table.bots.kick()

    def _facts(self, after: State, result: dict[str, Any] | None) -> dict[str, Any]:
        """What the other processes' lobbies need of this game after an action, and whether a
        bot or a clock has to act next (then the lease holder loads the game if it let it go)."""
        table = self.table
        to_act = after.to_act
        auto = to_act is not None and (table.bot_kind(to_act) is not None or table.timekeeper.clock is not None)
        return {"ply": table.seq + 1, "to_act": None if to_act is None else table.labels[to_act],
                "status": "finished" if result is not None else table.status, "auto": auto}

    async def take_back(self, seat: int, seq: int) -> None:
        """Take back ``seat``'s own last action, with the bots' answers since where the rule allows
        them (:mod:`..undo`), the game standing at ``seq`` actions: they are removed from storage and
        the game goes on from the state before the person's action."""
        table = self.table
        async with table.lock:
            if seq != table.seq:
                raise Refusal("stale", t("Stale request: the game has moved on; nothing was taken back."))
            if table.stored.seats[seat].away:
                raise away_refusal(table.stored.seats[seat].away)
            reason = table.last.refusal(table, seat)
            if reason is not None:
                raise Refusal("undo", reason)
            words = table.last.words(table)
            first, before = table.last.taken(table)
            answers = table.seq - first - 1
            s, clock = table.stored.seats[seat], table.timekeeper.clock
            # the move's time added to the clock goes again; the time it took is not given back, nor
            # the time the seat's clock ran since (thinking over a bot's answer, say)
            clock_left = None if clock is None else max(0.0, table.timekeeper.left(seat) - clock.add)
            try:
                removed = await self.store.in_thread(self.store.take_back, table.id, first, seat, clock_left, table.seq)
            except StorageBusy:
                raise busy() from None
            if not removed:
                await table.following.reload()
                raise Refusal("stale", t("Stale request: the game has moved on; nothing was taken back."))
            table.bots.cancel()  # a bot was about to answer the action taken back
            table.state = before
            del table.stored.actions[first:]
            table.seq = first
            table.last.forget()
            table.stored.turn_since = now()
            if clock_left is not None:
                s.clock_left = clock_left
            table.touched = time.monotonic()
            for listener in table.listeners:
                listener.log_sent = 0  # the log is shorter now: every page gets it whole again
        table.audience.broadcast()
        # the table hears who took back; only the player hears what (it may have been secret)
        table.audience.tell("taken-back", seat, own=t("You took back: {action}", action=words) if not answers else
                            t("You took back: {action}, and the bots' answers since ({count}).", action=words,
                              count=answers))
        table.bots.kick()
