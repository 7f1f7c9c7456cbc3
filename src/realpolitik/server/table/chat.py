"""A table's chat: the table's channel (every player, spectators read along), a team's (partners
only, where the game's table talk allows it) and the spectators' own.

Every line is stored before it is delivered; one another process stored reaches this table as a
signal (:meth:`Chat.hear`). A line is not delivered to an account that blocks its writer, and
the writer is not told (issue 59: :mod:`..social`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import t

from .. import social
from ..refusals import Refusal, busy
from ..store import ChatLine, StorageBusy, Store, now

if TYPE_CHECKING:
    from ..social_store import SocialStore
    from . import Table

log = logging.getLogger("realpolitik.server")


class Chat:
    """The messages of one table."""

    def __init__(self, table: Table, store: Store, blocks: SocialStore) -> None:
        self.table = table
        self.store = store
        #: who blocks whom (issue 59)
        self.blocks = blocks

    async def say(self, seat: int | None, text: str, channel: str = "table", name: str = "") -> None:
        """Send a message: a player's to the ``table`` (every player, spectators read along) or
        to its ``team`` (partners only, where the game's table talk allows it); a spectator's
        (``seat`` None, by ``name``) to the other spectators only, so nobody tips the players."""
        table = self.table
        team = None
        if seat is None:
            channel = "watchers"
        elif channel == "team":
            if table.team_of is None:
                raise Refusal("chat-off", t("{game} has no teams, so there is no team chat.", game=table.game.title))
            if not table.chat_enabled:
                raise Refusal("chat-off",
                              t("Table talk is off in this game (option table_talk), so team chat is closed."))
            team = table.team_of[seat]
        line = ChatLine(seat, team, text, now(), channel, name if seat is None else "")
        try:
            await self.store.in_thread(self.store.add_chat, table.id, line)
        except StorageBusy:
            raise busy() from None
        await self._deliver(line)

    async def hear(self, number: int) -> None:
        """A message another process stored: read it and pass it on here."""
        try:
            line = await self.store.in_thread(self.store.chat_line, self.table.id, number)
        except StorageBusy as exc:
            log.warning("game %s: a chat message from another process is lost here: %s", self.table.id, exc)
            return
        if line is not None:
            await self._deliver(line)

    async def _deliver(self, line: ChatLine) -> None:
        """Send ``line`` to every connection that reads it, but those of accounts that block its
        writer (issue 59: the writer is not told)."""
        table = self.table
        message = {"type": "chat", "lines": [self.line(line)]}
        readers = [listener for listener in table.listeners if self._reads(listener.seat, line)]
        deaf = await social.deaf_to(self.store, self.blocks, table, line,
                                    [social.account_of(table, r.seat, r.user_id) for r in readers])
        for listener in readers:
            if social.account_of(table, listener.seat, listener.user_id) not in deaf:
                listener.send(message)

    def _reads(self, seat: int | None, line: ChatLine) -> bool:
        """Whether a connection of ``seat`` (None: a spectator) reads ``line``."""
        if line.channel == "table":
            return True
        if line.channel == "watchers":
            return seat is None
        team_of = self.table.team_of
        return seat is not None and team_of is not None and team_of[seat] == line.team

    def line(self, line: ChatLine) -> dict[str, Any]:
        """A stored line as the pages show it: who wrote it (seat and name), what, when, where."""
        if line.seat is None:
            return {"from": None, "name": line.name, "text": line.text, "at": line.at.isoformat(),
                    "channel": line.channel}
        s = self.table.stored.seats[line.seat]
        return {"from": self.table.labels[line.seat], "name": s.name, "text": line.text, "at": line.at.isoformat(),
                "channel": line.channel}

    async def history(self, seat: int | None, user_id: int | None = None) -> list[dict[str, Any]]:
        """The stored messages a connection of ``seat`` (None: a spectator) of the account ``user_id``
        may read, without those of the accounts it blocks."""
        table = self.table
        if seat is None:
            team, channels = None, ("table", "watchers")
        else:
            team, channels = (table.team_of[seat] if table.chat_enabled else None), ("table",)
        try:
            lines = await self.store.in_thread(self.store.chat_of, table.id, team, channels)
        except StorageBusy:
            raise busy() from None
        lines = await social.unblocked(self.store, self.blocks, table, social.account_of(table, seat, user_id), lines)
        return [self.line(line) for line in lines]
