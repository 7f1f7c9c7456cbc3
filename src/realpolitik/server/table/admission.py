"""Who sits where at a table: invitations, seats taken from the lobby, seats bound to accounts,
free seats given to bots.

A seat is taken under the table's lock and by one conditional write, so one seat has one
holder; a seat taken through another process a moment ago is taken in from storage first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import t

from ..refusals import Refusal, bad_token, busy
from ..store import StorageBusy, Store
from ..tokens import hash_token, matches
from .shared import HUMAN

if TYPE_CHECKING:
    from . import Table


class Admission:
    """The seats of one table and who holds them."""

    def __init__(self, table: Table, store: Store, chore: Callable[[Coroutine[Any, Any, None]], None]) -> None:
        self.table = table
        self.store = store
        #: runs work beside the games (:meth:`.hall.Hall.chore`)
        self.chore = chore

    def authenticate(self, token: str) -> int | None:
        """The seat this token belongs to, or ``None``."""
        for s in self.table.stored.seats:
            if s.kind == HUMAN and matches(token, s.token_hash):
                return s.seat
        return None

    def seat_of_account(self, label: str, user_id: int) -> int | None:
        """The seat of a label if it is bound to the account ``user_id``, else ``None``."""
        seat = self.table.seat_of(label)
        return seat if seat is not None and self.table.stored.seats[seat].user_id == user_id else None

    async def enter(self, token: str, name: str, user_id: int | None = None) -> int:
        """The seat of an invitation token, taken now if it was still free; a signed-in
        player's (``user_id``) seat is bound to the account unless one holds it already."""
        table = self.table
        async with table.lock:
            seat = self.authenticate(token)
            if seat is None and self.store.shared:  # taken through another process a moment ago?
                await table.following.take_in()
                seat = self.authenticate(token)
            if seat is None:
                raise bad_token()
            if not table.stored.seats[seat].joined:
                try:
                    await self._take(seat, name, holding=hash_token(token), user_id=user_id)
                except Refusal as exc:
                    if exc.code != "taken" or not await self._taken_elsewhere(token, seat):
                        raise
            if table.stored.seats[seat].joined and user_id is not None:
                await self._bind(seat, user_id)
        self._after_join()
        return seat

    async def _taken_elsewhere(self, token: str, seat: int) -> bool:
        """Whether ``seat``, refused as taken, was taken with this same invitation through
        another process a moment ago (its link open in two places at once): then it is the
        token's seat like any seat already joined (lock held)."""
        if not self.store.shared:
            return False
        await self.table.following.take_in()
        return self.authenticate(token) == seat and self.table.stored.seats[seat].joined

    async def join(self, seat: int, name: str, token: str, user_id: int | None = None) -> None:
        """Take a free human seat from the lobby, with a new token (bound to the account ``user_id``)."""
        table = self.table
        async with table.lock:
            if table.stored.seats[seat].joined:
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
            await self._take(seat, name, token_hash=hash_token(token), user_id=user_id)
        self._after_join()

    async def bind(self, seat: int, user_id: int) -> bool:
        """Bind a taken seat that no account holds to ``user_id``; false if it is not such a seat."""
        async with self.table.lock:
            return await self._bind(seat, user_id)

    async def _bind(self, seat: int, user_id: int) -> bool:
        s = self.table.stored.seats[seat]
        if not s.joined or s.user_id is not None:
            return False
        try:
            bound = await self.store.in_thread(self.store.bind_seat, self.table.id, seat, user_id)
        except StorageBusy:
            raise busy() from None
        if bound:
            s.user_id = user_id
        return bound

    async def _take(self, seat: int, name: str, token_hash: str | None = None, holding: str | None = None,
                    user_id: int | None = None) -> None:
        """Store the seat as taken (lock held); the database checks that it is still free."""
        table = self.table
        try:
            taken, started = await self.store.in_thread(self.store.join, table.id, seat, name, token_hash, holding,
                                                  user_id)
        except StorageBusy:
            raise busy() from None
        if not taken:
            raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
        s = table.stored.seats[seat]
        s.joined, s.name, s.user_id = True, name, user_id
        if token_hash is not None:
            s.token_hash = token_hash
        if started:
            table.stored.status = "running"
            table.audience.broadcast()

    def _after_join(self) -> None:
        table = self.table
        table.touched = time.monotonic()
        table.audience.announce_players()
        table.bots.kick()
        if table.timekeeper.by_mail:  # the new player's vacations stop its clock too
            self.chore(self._clock_follows())

    async def _clock_follows(self) -> None:
        await self.table.timekeeper.refresh()
        self.table.bots.kick()
        self.table.audience.broadcast()

    async def fill(self, seat: int, kind: str) -> None:
        """Give the free person's seat ``seat`` of this game, which waits for players, to the bot
        ``kind`` (checked by :meth:`..founder.Founder.fill`); the game starts when no seat waits any more."""
        table = self.table
        async with table.lock:
            if table.status != "open":
                raise Refusal("not-open", t("Only a free seat of a game that waits for players can go to a bot."))
            s = table.stored.seats[seat]
            if s.kind != HUMAN or s.joined:
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
            try:
                filled, started = await self.store.in_thread(self.store.fill_seat, table.id, seat, kind)
            except StorageBusy:
                raise busy() from None
            if not filled:  # taken through another process meanwhile
                await table.following.reload()
                raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
            s.kind, s.token_hash, s.clock_left = kind, None, None
            if started:
                table.stored.status = "running"
            table.touched = time.monotonic()
        table.audience.tell("filled", seat)
        table.audience.broadcast()
        self._after_join()
