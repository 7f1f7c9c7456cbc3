"""What friends, blocks and the operators' sanctions change at the tables (issue 59).

A block is never shown: an account that someone seated in an open game blocks is refused a
seat with exactly the words any taken seat gets, and a seat link it follows answers as an
invalid link does; to it, that game's free seats look taken wherever seats are shown (the
lobby, the game's facts, its page's views: :func:`veiled`). Its chat lines are not delivered
to the blocker (nor shown in the blocker's history or replay), and the sender is not told. A
muted account may not chat (at a table or as a spectator) or write private messages; a banned
one may not create games (lessons too) or join them. Each check is one query at a join, a chat
line or a look at an open game, none per action. Storage: :mod:`.social_store`; routes:
:mod:`.social_api`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import t

from . import refusals
from .store import ChatLine, StorageBusy, Store

if TYPE_CHECKING:
    from .social_store import SocialStore
    from .table import Table

MUTED = t("The operators have muted your account: you cannot chat or send messages.")
BANNED = t("The operators have banned your account from creating and joining games.")


async def _ask(store: Store, method, *args):
    try:
        return await store.in_thread(method, *args)
    except StorageBusy:
        raise refusals.busy() from None


async def check_not_banned(social: SocialStore, user_id: int | None) -> None:
    """Refuse a new game or a seat to a banned account."""
    if user_id is not None and (await _ask(social.store, social.sanction, user_id)).banned:
        raise refusals.Refusal("banned", BANNED)


async def check_not_muted(social: SocialStore, user_id: int | None) -> None:
    """Refuse a chat line or private message of a muted account."""
    if user_id is not None and (await _ask(social.store, social.sanction, user_id)).muted:
        raise refusals.Refusal("muted", MUTED)


async def shut_out(social: SocialStore, table: Table, user_id: int | None) -> bool:
    """Whether an account seated at ``table`` blocks ``user_id`` (a guest: never)."""
    seated = [s.user_id for s in table.stored.seats if s.user_id is not None and s.user_id != user_id]
    return user_id is not None and bool(await _ask(social.store, social.blockers, user_id, seated))


def veiled(facts: dict[str, Any]) -> dict[str, Any]:
    """A game's facts, view or ``players`` message with every seat shown taken — a free seat then
    looks as one taken by a guest who gave no name and is not connected: how an open game where
    an account seated blocks the reader looks to it."""
    return {**facts, "players": [{**p, "joined": True} for p in facts["players"]]}


async def seen_by(social: SocialStore, table: Table, user_id: int | None, facts: dict[str, Any]) -> dict[str, Any]:
    """``facts`` of ``table`` (its summary, a view or ``players`` message) as the account
    ``user_id`` may see them: :func:`veiled` while the game waits for players and an account
    seated there blocks it."""
    if facts.get("status") != "open" or not await shut_out(social, table, user_id):
        return facts
    return veiled(facts)


async def lobby_seen_by(social: SocialStore, user_id: int | None,
                        entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lobby entries as the account ``user_id`` may see them: the open games where an account
    seated blocks it :func:`veiled` (one query for them all)."""
    waiting = [e["id"] for e in entries if e["status"] == "open"]
    if user_id is None or not waiting:
        return entries
    hidden = await _ask(social.store, social.blocking_games, user_id, waiting)
    return [veiled(e) if e["id"] in hidden else e for e in entries]


def account_of(table: Table, seat: int | None, user_id: int | None = None) -> int | None:
    """The account behind a connection: its session's, else the one its seat is bound to."""
    if user_id is not None or seat is None:
        return user_id
    return table.stored.seats[seat].user_id


async def deaf_to(store: Store, blocks: SocialStore, table: Table, line: ChatLine,
                  readers: Iterable[int | None]) -> set[int]:
    """The accounts among ``readers`` that block the writer of ``line`` (a spectator's: none), as
    ``blocks`` holds them in ``store``."""
    writer = account_of(table, line.seat)
    among = sorted({r for r in readers if r is not None and r != writer})
    if writer is None or not among:
        return set()
    try:
        return await store.in_thread(blocks.blockers, writer, among)
    except StorageBusy:  # not known now: deliver to nobody who might block
        return set(among)


async def unblocked(store: Store, blocks: SocialStore, table: Table, reader: int | None,
                    lines: list[ChatLine]) -> list[ChatLine]:
    """``lines`` without those of the accounts ``reader`` blocks (as ``blocks`` holds them in ``store``)."""
    writers = sorted({w for line in lines if (w := account_of(table, line.seat)) is not None and w != reader})
    if reader is None or not writers:
        return lines
    blocked = await _ask(store, blocks.blocked_by, reader, writers)
    return [line for line in lines if account_of(table, line.seat) not in blocked]
