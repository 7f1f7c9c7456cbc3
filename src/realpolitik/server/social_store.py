"""Storage of the accounts' social ties: friends, blocks, private messages, reports, sanctions.

The tables sit in :data:`.store.metadata` beside the others (revision 8 creates them, 17 makes
friendship mutual). A friendship is asked and accepted: Ann's request to Bo waits in
``friend_requests`` until Bo accepts it (or asks Ann in turn), then both are friends — a row
each way in ``friends`` — until either ends it. Blocks are one-sided: Ann's blocks are those
Ann blocked, and nobody is told. A block ends the friendship and the requests between the two.
A private message sent to an account that blocks its sender is kept as ``withheld``: its sender
sees it in the conversation as sent, its recipient never sees it, so a block does not show; a
friend request so asked is withheld alike. A message is ``unread`` until its recipient opens
the conversation. A message without a sender is a warning from the operators. Methods are
blocking; the server calls them through :meth:`.store.Store.in_thread`.
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
    func,
    insert,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .removal import remove_account
from .store import Store, _utc, metadata, now, seats, users

friends = Table(
    "friends", metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("friend_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

friend_requests = Table(
    "friend_requests", metadata,
    Column("asker_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("asked_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    # asked while the account asked blocked the asker: the asker's to see only
    Column("withheld", Boolean, nullable=False, server_default=false()),
)
Index("ix_friend_requests_asked", friend_requests.c.asked_id, friend_requests.c.withheld)

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
    # not yet read by its recipient (never, when withheld or from the operators)
    Column("unread", Boolean, nullable=False, server_default=false()),
)
Index("ix_private_messages_recipient", private_messages.c.recipient_id, private_messages.c.id)
Index("ix_private_messages_sender", private_messages.c.sender_id, private_messages.c.id)
Index("ix_private_messages_unread", private_messages.c.recipient_id, private_messages.c.unread)

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

    def ask(self, user_id: int, other_id: int) -> str:
        """``user_id`` asks ``other_id`` to be friends: ``"friends"`` when they are now (they were,
        or ``other_id`` had asked ``user_id``, which this accepts), else ``"asked"`` (the request
        waits; withheld when ``other_id`` blocks ``user_id``)."""
        r = friend_requests.c
        with self.engine.begin() as conn:
            if _friends(conn, user_id, other_id):
                return "friends"
            if conn.execute(delete(friend_requests).where(r.asker_id == other_id, r.asked_id == user_id)).rowcount:
                moment = now()
                conn.execute(insert(friends), [{"user_id": user_id, "friend_id": other_id, "created": moment},
                                               {"user_id": other_id, "friend_id": user_id, "created": moment}])
                return "friends"
            if conn.execute(select(r.asker_id).where(r.asker_id == user_id, r.asked_id == other_id)).first() is None:
                conn.execute(insert(friend_requests).values(asker_id=user_id, asked_id=other_id, created=now(),
                                                            withheld=_blocks(conn, other_id, user_id)))
        return "asked"

    def drop_request(self, user_id: int, other_id: int) -> bool:
        """Withdraw ``user_id``'s request to ``other_id``, or decline ``other_id``'s to it; false if
        there was none."""
        with self.engine.begin() as conn:
            return _drop_requests(conn, user_id, other_id) > 0

    def unfriend(self, user_id: int, friend_id: int) -> bool:
        """End the friendship of the two (both sides), and any request between them; false if none."""
        with self.engine.begin() as conn:
            return _unfriend(conn, user_id, friend_id) + _drop_requests(conn, user_id, friend_id) > 0

    def block(self, user_id: int, blocked_id: int) -> bool:
        """Block ``blocked_id`` for ``user_id``, ending their friendship and the requests between them;
        false if blocked already."""
        try:
            with self.engine.begin() as conn:
                _unfriend(conn, user_id, blocked_id)
                _drop_requests(conn, user_id, blocked_id)
                conn.execute(insert(blocks).values(user_id=user_id, blocked_id=blocked_id, created=now()))
        except IntegrityError:  # blocked already
            return False
        return True

    def unblock(self, user_id: int, blocked_id: int) -> bool:
        with self.engine.begin() as conn:
            gone = conn.execute(delete(blocks).where(blocks.c.user_id == user_id, blocks.c.blocked_id == blocked_id))
        return gone.rowcount > 0

    def listed(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """The account's ``friends``, ``blocked`` accounts, the requests to it it has not answered
        (``incoming``) and its own not answered yet (``outgoing``), by name, each with when."""
        r = friend_requests.c
        lists = (("friends", friends.c.friend_id, friends.c.created, friends.c.user_id == user_id),
                 ("blocked", blocks.c.blocked_id, blocks.c.created, blocks.c.user_id == user_id),
                 ("incoming", r.asker_id, r.created, and_(r.asked_id == user_id, r.withheld == false())),
                 ("outgoing", r.asked_id, r.created, r.asker_id == user_id))
        out: dict[str, list[dict[str, Any]]] = {}
        with self.engine.connect() as conn:
            for key, column, created, mine in lists:
                rows = conn.execute(select(users.c.name, created).join(users, users.c.id == column)
                                    .where(mine).order_by(users.c.name_key)).all()
                out[key] = [{"name": name, "since": _utc(at).isoformat()} for name, at in rows]
        return out

    def is_friend(self, user_id: int, friend_id: int) -> bool:
        with self.engine.connect() as conn:
            return _friends(conn, user_id, friend_id)

    def may_write(self, user_id: int, other_id: int) -> bool:
        """Whether ``other_id`` takes a message from ``user_id``: it takes them from everyone, or the
        two are friends, or they held seats in one game, or ``other_id`` wrote to ``user_id`` (an
        answer). A block is not asked here: a message to a blocker is withheld (:meth:`send`)."""
        mine, theirs = seats.alias("mine"), seats.alias("theirs")
        m = private_messages.c
        together = (select(mine.c.game_id).join(theirs, theirs.c.game_id == mine.c.game_id)
                    .where(mine.c.user_id == user_id, theirs.c.user_id == other_id).limit(1))
        wrote = select(m.id).where(m.sender_id == other_id, m.recipient_id == user_id, m.withheld == false()).limit(1)
        with self.engine.connect() as conn:
            return bool(conn.execute(select(users.c.messages_from_everyone).where(users.c.id == other_id)).scalar()
                        or _friends(conn, user_id, other_id) or conn.execute(together).first() is not None
                        or conn.execute(wrote).first() is not None)

    def messages_from_everyone(self, user_id: int, everyone: bool) -> None:
        """Let any account write to ``user_id`` (or, off, only those :meth:`may_write` names)."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(messages_from_everyone=everyone))

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
        """Store a message (withheld when the recipient blocks the sender, else unread); as its
        sender reads it."""
        at = now()
        with self.engine.begin() as conn:
            withheld = sender_id is not None and _blocks(conn, recipient_id, sender_id)
            number = conn.execute(insert(private_messages).values(
                sender_id=sender_id, recipient_id=recipient_id, text=text, invite=invite, withheld=withheld, at=at,
                unread=not withheld,
            )).inserted_primary_key[0]
        return {"id": number, "mine": True, "text": text, "invite": invite, "at": at.isoformat()}

    def _readable(self, user_id: int):
        """The messages ``user_id`` may read: sent by it, or sent to it and not withheld."""
        m = private_messages.c
        return or_(m.sender_id == user_id, and_(m.recipient_id == user_id, m.withheld == false()))

    def conversation(self, user_id: int, other_id: int, before: int | None, limit: int) -> list[dict[str, Any]]:
        """The messages between two accounts as ``user_id`` reads them, the newest ``limit`` with a
        number below ``before`` (if given), oldest first. Reading the newest marks every message
        ``other_id`` sent ``user_id`` read."""
        m = private_messages.c
        between = or_(and_(m.sender_id == user_id, m.recipient_id == other_id),
                      and_(m.sender_id == other_id, m.recipient_id == user_id))
        query = select(private_messages).where(between, self._readable(user_id))
        if before is not None:
            query = query.where(m.id < before)
        with self.engine.begin() as conn:
            rows = conn.execute(query.order_by(m.id.desc()).limit(limit)).mappings().all()
            if before is None:
                conn.execute(update(private_messages).where(m.recipient_id == user_id, m.unread == true(),
                                                            m.sender_id == other_id).values(unread=False))
        return [_message(r, user_id) for r in reversed(rows)]

    def inbox(self, user_id: int, limit: int, scan: int = 1000) -> list[dict[str, Any]]:
        """The account's conversations, the latest first: the other account's name, the last
        message and how many were received in it, and how many of those are unread (of the last
        ``scan`` messages)."""
        m = private_messages.c
        partner = (select(private_messages, users.c.name)
                   .join(users, users.c.id == case((m.sender_id == user_id, m.recipient_id), else_=m.sender_id))
                   .where(m.sender_id.is_not(None), or_(m.sender_id == user_id, m.recipient_id == user_id),
                          self._readable(user_id))
                   .order_by(m.id.desc()).limit(scan))
        out: dict[str, dict[str, Any]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(partner).mappings():
                entry = out.setdefault(r["name"], {"name": r["name"], "last": _message(r, user_id), "received": 0,
                                                   "unread": 0})
                entry["received"] += r["recipient_id"] == user_id
                entry["unread"] += bool(r["unread"]) and r["recipient_id"] == user_id
        return list(out.values())[:limit]

    def unread(self, user_id: int) -> dict[str, int]:
        """How many messages ``user_id`` has not read, and how many friend requests wait for its
        answer: one statement over two indexes (``ix_private_messages_unread``, ``ix_friend_requests_asked``)."""
        m, r = private_messages.c, friend_requests.c
        letters = select(func.count()).where(m.recipient_id == user_id, m.unread == true()).scalar_subquery()
        asking = select(func.count()).where(r.asked_id == user_id, r.withheld == false()).scalar_subquery()
        with self.engine.connect() as conn:
            messages, requests = conn.execute(select(letters, asking)).one()
        return {"messages": messages, "requests": requests}

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


def _friends(conn: Connection, user_id: int, other_id: int) -> bool:
    return conn.execute(select(friends.c.user_id).where(
        friends.c.user_id == user_id, friends.c.friend_id == other_id)).first() is not None


def _blocks(conn: Connection, user_id: int, blocked_id: int) -> bool:
    """Whether ``user_id`` blocks ``blocked_id``."""
    return conn.execute(select(blocks.c.user_id).where(
        blocks.c.user_id == user_id, blocks.c.blocked_id == blocked_id)).first() is not None


def _unfriend(conn: Connection, one: int, other: int) -> int:
    """End the friendship of two accounts (both sides); the rows it took."""
    f = friends.c
    return conn.execute(delete(friends).where(or_(and_(f.user_id == one, f.friend_id == other),
                                                  and_(f.user_id == other, f.friend_id == one)))).rowcount


def _drop_requests(conn: Connection, one: int, other: int) -> int:
    """Take back the friend requests between two accounts, either way; how many there were."""
    r = friend_requests.c
    return conn.execute(delete(friend_requests).where(or_(and_(r.asker_id == one, r.asked_id == other),
                                                          and_(r.asker_id == other, r.asked_id == one)))).rowcount


def _message(row, user_id: int) -> dict[str, Any]:
    """A stored message as ``user_id`` reads it: its number, whether it is its own, text, invite, when."""
    at: datetime = _utc(row["at"])
    return {"id": row["id"], "mine": row["sender_id"] == user_id, "text": row["text"], "invite": row["invite"],
            "at": at.isoformat()}
