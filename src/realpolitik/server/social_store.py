"""Storage of the accounts' social ties: friends, blocks, private messages, reports, sanctions.

The tables sit in :data:`.store.metadata` beside the others (revision 8 creates them). Each
list is one-sided: Ann's friends are the accounts Ann added, Ann's blocks those Ann blocked;
nobody is told that they were added or blocked. A private message sent to an account that
blocks its sender is kept as ``withheld``: its sender sees it in the conversation as sent,
its recipient never sees it, so a block does not show. A message without a sender is a
warning from the operators. Methods are blocking; the server calls them through
:meth:`.store.Store.run`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    and_,
    case,
    delete,
    false,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from .removal import remove_account
from .store import Store, _utc, metadata, now, seats, users

friends = Table(
    "friends", metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("friend_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

blocks = Table(
    "blocks", metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("blocked_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

private_messages = Table(
    "private_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    # no sender: a warning from the operators
    Column("sender_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
    Column("recipient_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    # a seat's invitation link that goes with the message (an invite to a friend)
    Column("invite", String(200), nullable=True),
    # sent while the recipient blocked the sender: the sender's copy only
    Column("withheld", Boolean, nullable=False, server_default=false()),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("ix_private_messages_recipient", private_messages.c.recipient_id, private_messages.c.id)
Index("ix_private_messages_sender", private_messages.c.sender_id, private_messages.c.id)

reports = Table(
    "reports", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("reporter_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("reported_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("reason", String(500), nullable=False),
    # the game the report is about, if the reporter named one
    Column("game_id", String(16), nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    # once an operator acted on it: when, and what was done (warn, mute, ban, remove, dismiss …)
    Column("handled", DateTime(timezone=True), nullable=True),
    Column("action", String(10), nullable=True),
)

sanctions = Table(
    "sanctions", metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("warnings", Integer, nullable=False, server_default="0"),
    # muted: may not chat at a table nor write private messages; banned: may not create or join games
    Column("muted", Boolean, nullable=False, server_default=false()),
    Column("banned", Boolean, nullable=False, server_default=false()),
    Column("changed", DateTime(timezone=True), nullable=False),
    CheckConstraint("warnings >= 0", name="ck_sanctions_warnings"),
)

#: what an operator may do about a report (and to an account), with the sanction it changes
ACTIONS = ("warn", "mute", "unmute", "ban", "unban", "remove", "dismiss")


@dataclass(frozen=True)
class Sanction:
    """What the operators decided about an account: warnings given, muted, banned."""

    warnings: int = 0
    muted: bool = False
    banned: bool = False


class SocialStore:
    """The social tables of a :class:`.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # ------------------------------------------------------------------ friends and blocks

    def _add(self, table: Table, column: str, user_id: int, other_id: int) -> bool:
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(table).values(user_id=user_id, created=now(), **{column: other_id}))
        except IntegrityError:  # listed already
            return False
        return True

    def befriend(self, user_id: int, friend_id: int) -> bool:
        """Add ``friend_id`` to the friends of ``user_id``; false if listed already."""
        return self._add(friends, "friend_id", user_id, friend_id)

    def unfriend(self, user_id: int, friend_id: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(friends).where(friends.c.user_id == user_id, friends.c.friend_id == friend_id))
        return gone.rowcount > 0

    def block(self, user_id: int, blocked_id: int) -> bool:
        """Block ``blocked_id`` for ``user_id`` (and take it off the blocker's friends)."""
        with self.engine.begin() as conn:
            conn.execute(delete(friends).where(friends.c.user_id == user_id, friends.c.friend_id == blocked_id))
        return self._add(blocks, "blocked_id", user_id, blocked_id)

    def unblock(self, user_id: int, blocked_id: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(blocks).where(blocks.c.user_id == user_id, blocks.c.blocked_id == blocked_id))
        return gone.rowcount > 0

    def listed(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """The account's ``friends`` and ``blocked`` accounts by name, each with when it was added."""
        out: dict[str, list[dict[str, Any]]] = {}
        with self.engine.connect() as conn:
            for key, table, column in (("friends", friends, friends.c.friend_id),
                                       ("blocked", blocks, blocks.c.blocked_id)):
                rows = conn.execute(select(users.c.name, table.c.created).join(users, users.c.id == column)
                                    .where(table.c.user_id == user_id).order_by(users.c.name_key)).all()
                out[key] = [{"name": name, "since": _utc(at).isoformat()} for name, at in rows]
        return out

    def is_friend(self, user_id: int, friend_id: int) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(friends.c.user_id).where(
                friends.c.user_id == user_id, friends.c.friend_id == friend_id)).first() is not None

    def blockers(self, user_id: int, among: list[int]) -> set[int]:
        """The accounts of ``among`` that block ``user_id``."""
        if not among:
            return set()
        with self.engine.connect() as conn:
            return set(conn.execute(select(blocks.c.user_id).where(
                blocks.c.blocked_id == user_id, blocks.c.user_id.in_(among))).scalars())

    def blocked_by(self, user_id: int, among: list[int]) -> set[int]:
        """The accounts of ``among`` that ``user_id`` blocks."""
        if not among:
            return set()
        with self.engine.connect() as conn:
            return set(conn.execute(select(blocks.c.blocked_id).where(
                blocks.c.user_id == user_id, blocks.c.blocked_id.in_(among))).scalars())

    def blocking_games(self, user_id: int, game_ids: list[str]) -> set[str]:
        """The games of ``game_ids`` where another account seated blocks ``user_id``."""
        if not game_ids:
            return set()
        with self.engine.connect() as conn:
            return set(conn.execute(select(seats.c.game_id).distinct()
                                    .join(blocks, blocks.c.user_id == seats.c.user_id)
                                    .where(blocks.c.blocked_id == user_id, seats.c.user_id != user_id,
                                           seats.c.game_id.in_(game_ids))).scalars())

    # ------------------------------------------------------------------ private messages

    def send(self, sender_id: int | None, recipient_id: int, text: str, invite: str | None = None) -> dict[str, Any]:
        """Store a message (withheld when the recipient blocks the sender); as its sender reads it."""
        at = now()
        with self.engine.begin() as conn:
            withheld = sender_id is not None and conn.execute(select(blocks.c.user_id).where(
                blocks.c.user_id == recipient_id, blocks.c.blocked_id == sender_id)).first() is not None
            number = conn.execute(insert(private_messages).values(
                sender_id=sender_id, recipient_id=recipient_id, text=text, invite=invite, withheld=withheld, at=at,
            )).inserted_primary_key[0]
        return {"id": number, "mine": True, "text": text, "invite": invite, "at": at.isoformat()}

    def _readable(self, user_id: int):
        """The messages ``user_id`` may read: sent by it, or sent to it and not withheld."""
        m = private_messages.c
        return or_(m.sender_id == user_id, and_(m.recipient_id == user_id, m.withheld == false()))

    def conversation(self, user_id: int, other_id: int, before: int | None, limit: int) -> list[dict[str, Any]]:
        """The messages between two accounts as ``user_id`` reads them, the newest ``limit`` with a
        number below ``before`` (if given), oldest first."""
        m = private_messages.c
        between = or_(and_(m.sender_id == user_id, m.recipient_id == other_id),
                      and_(m.sender_id == other_id, m.recipient_id == user_id))
        query = select(private_messages).where(between, self._readable(user_id))
        if before is not None:
            query = query.where(m.id < before)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(m.id.desc()).limit(limit)).mappings().all()
        return [_message(r, user_id) for r in reversed(rows)]

    def inbox(self, user_id: int, limit: int, scan: int = 1000) -> list[dict[str, Any]]:
        """The account's conversations, the latest first: the other account's name, the last
        message and how many were received in it (of the last ``scan`` messages)."""
        m = private_messages.c
        partner = (select(private_messages, users.c.name)
                   .join(users, users.c.id == case((m.sender_id == user_id, m.recipient_id), else_=m.sender_id))
                   .where(m.sender_id.is_not(None), or_(m.sender_id == user_id, m.recipient_id == user_id),
                          self._readable(user_id))
                   .order_by(m.id.desc()).limit(scan))
        out: dict[str, dict[str, Any]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(partner).mappings():
                entry = out.setdefault(r["name"], {"name": r["name"], "last": _message(r, user_id), "received": 0})
                entry["received"] += r["recipient_id"] == user_id
        return list(out.values())[:limit]

    def warnings(self, user_id: int, limit: int = 20) -> list[dict[str, Any]]:
        """The operators' warnings to the account, newest first."""
        m = private_messages.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(private_messages).where(m.recipient_id == user_id, m.sender_id.is_(None))
                                .order_by(m.id.desc()).limit(limit)).mappings().all()
        return [_message(r, user_id) for r in rows]

    # ------------------------------------------------------------------ reports and sanctions

    def report(self, reporter_id: int, reported_id: int, reason: str, game_id: str | None) -> int:
        """File a report; its number."""
        with self.engine.begin() as conn:
            return conn.execute(insert(reports).values(reporter_id=reporter_id, reported_id=reported_id,
                                                       reason=reason, game_id=game_id, at=now())
                                ).inserted_primary_key[0]

    def reports(self, everything: bool = False, limit: int = 200, number: int | None = None) -> list[dict[str, Any]]:
        """The reports not acted on (``everything``: all; ``number``: that one), oldest first: number,
        who reported whom, why, the game, when, and what was done."""
        reporter, reported = users.alias("reporter"), users.alias("reported")
        r = reports.c
        query = (select(reports, reporter.c.name.label("reporter"), reported.c.name.label("reported"))
                 .join(reporter, reporter.c.id == r.reporter_id).join(reported, reported.c.id == r.reported_id)
                 .order_by(r.id).limit(limit))
        if not everything:
            query = query.where(r.handled.is_(None))
        if number is not None:
            query = query.where(r.id == number)
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [{**row, "at": _utc(row["at"]), "handled": row["handled"] and _utc(row["handled"])} for row in rows]

    def report_of(self, number: int) -> dict[str, Any] | None:
        """One report by its number, handled or not."""
        found = self.reports(True, 1, number)
        return found[0] if found else None

    def language(self, user_id: int) -> str | None:
        """An account's language (``None``: its browser's)."""
        with self.engine.connect() as conn:
            return conn.execute(select(users.c.language).where(users.c.id == user_id)).scalar()

    def sanction(self, user_id: int) -> Sanction:
        """What the operators decided about an account (nothing: :class:`Sanction`'s defaults)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(sanctions).where(sanctions.c.user_id == user_id)).mappings().first()
        return Sanction() if row is None else Sanction(row["warnings"], row["muted"], row["banned"])

    def act(self, user_id: int, action: str, note: str = "", report: int | None = None) -> None:
        """Do ``action`` (one of :data:`ACTIONS`) to an account, marking ``report`` handled: a
        warning (a message from the operators saying ``note``), muting, banning, lifting either,
        or removing the account with all that is its own (its emptied row stays: :mod:`.removal`)."""
        moment = now()
        with self.engine.begin() as conn:
            if report is not None:
                conn.execute(update(reports).where(reports.c.id == report).values(handled=moment, action=action))
            if action == "remove":
                remove_account(conn, user_id)
                return
            if action == "dismiss":
                return
            row = conn.execute(select(sanctions).where(sanctions.c.user_id == user_id)).mappings().first()
            state = {"warnings": 0, "muted": False, "banned": False} if row is None else dict(row)
            state.pop("user_id", None)
            if action == "warn":
                state["warnings"] += 1
                conn.execute(insert(private_messages).values(sender_id=None, recipient_id=user_id, text=note,
                                                             withheld=False, at=moment))
            elif action in ("mute", "unmute"):
                state["muted"] = action == "mute"
            elif action in ("ban", "unban"):
                state["banned"] = action == "ban"
            state["changed"] = moment
            if row is None:
                conn.execute(insert(sanctions).values(user_id=user_id, **state))
            else:
                conn.execute(update(sanctions).where(sanctions.c.user_id == user_id).values(**state))


def _message(row, user_id: int) -> dict[str, Any]:
    """A stored message as ``user_id`` reads it: its number, whether it is its own, text, invite, when."""
    at: datetime = _utc(row["at"])
    return {"id": row["id"], "mine": row["sender_id"] == user_id, "text": row["text"], "invite": row["invite"],
            "at": at.isoformat()}
