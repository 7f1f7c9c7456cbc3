"""Storage of Web Push: the server's VAPID key and the accounts' push subscriptions.

The tables sit in :data:`.store.metadata` beside the others (revision 13 creates them). The
VAPID key (RFC 8292) is made once, by the first server process that needs it, and kept in
``vapid_keys``: every process of the database signs with the same key, and the subscriptions
the browsers made with its public half stay valid across restarts. A subscription (the
browser's ``PushSubscription``: endpoint, ``p256dh`` and ``auth`` keys) belongs to one
account: the same endpoint posted by another account is refused and stays where it was, for
whoever learnt a browser's endpoint could otherwise take that browser's notices from its
account. (When a device changes hands, its browser subscribes anew: a new endpoint.)
Methods are blocking; the server calls them through :meth:`.store.Store.in_thread`, the turn
notices' threads directly.
"""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .store import Store, metadata, notices, now

push_subscriptions = Table(
    "push_subscriptions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    # the push service's URL for this browser: unique, one account's at a time
    Column("endpoint", String(500), nullable=False, unique=True),
    # the browser's P-256 public key and authentication secret, base64url (RFC 8291)
    Column("p256dh", String(100), nullable=False),
    Column("auth", String(40), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

vapid_keys = Table(
    "vapid_keys", metadata,
    # one row, number 1: the server's signing key
    Column("id", Integer, primary_key=True),
    # the P-256 private key, PKCS#8 PEM
    Column("private_key", String(400), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)


def b64url(data: bytes) -> str:
    """Base64url without padding, as Web Push writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_key(private: ec.EllipticCurvePrivateKey) -> str:
    """The public half of a VAPID key as the browser takes it (``applicationServerKey``):
    the uncompressed point, base64url."""
    return b64url(private.public_key().public_bytes(serialization.Encoding.X962,
                                                     serialization.PublicFormat.UncompressedPoint))


class PushStore:
    """The push tables of a :class:`.store.Store`."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def vapid_key(self) -> ec.EllipticCurvePrivateKey:
        """The server's VAPID key, made and stored the first time it is asked for (by whichever
        process comes first: another that raced it reads the stored one)."""
        with self.engine.connect() as conn:
            pem = conn.execute(select(vapid_keys.c.private_key).where(vapid_keys.c.id == 1)).scalar()
        if pem is None:
            made = ec.generate_private_key(ec.SECP256R1())
            pem = made.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()).decode()
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(vapid_keys).values(id=1, private_key=pem, created=now()))
            except IntegrityError:
                return self.vapid_key()
        key = serialization.load_pem_private_key(pem.encode(), password=None)
        assert isinstance(key, ec.EllipticCurvePrivateKey)
        return key

    def subscribe(self, user_id: int, endpoint: str, p256dh: str, auth: str, most: int) -> str:
        """Keep ``user_id``'s subscription (its own endpoint again takes the new keys): ``"kept"``;
        ``"taken"`` when another account holds the endpoint, ``"full"`` when this one holds
        ``most`` others already — and nothing changed."""
        try:
            with self.engine.begin() as conn:
                owner = conn.execute(select(push_subscriptions.c.user_id)
                                     .where(push_subscriptions.c.endpoint == endpoint)).scalar()
                if owner is not None and owner != user_id:
                    return "taken"
                mine = conn.execute(select(func.count()).select_from(push_subscriptions).where(
                    push_subscriptions.c.user_id == user_id, push_subscriptions.c.endpoint != endpoint)).scalar_one()
                if mine >= most:
                    return "full"
                values = {"p256dh": p256dh, "auth": auth, "created": now()}
                if owner is None:
                    conn.execute(insert(push_subscriptions).values(endpoint=endpoint, user_id=user_id, **values))
                else:
                    conn.execute(update(push_subscriptions).where(push_subscriptions.c.endpoint == endpoint,
                                                                  push_subscriptions.c.user_id == user_id)
                                 .values(**values))
        except IntegrityError:  # another request kept the same new endpoint meanwhile: as if it came first
            return self.subscribe(user_id, endpoint, p256dh, auth, most)
        return "kept"

    def unsubscribe(self, user_id: int, endpoint: str) -> bool:
        """Forget ``user_id``'s subscription at ``endpoint``; whether there was one."""
        with self.engine.begin() as conn:
            return bool(conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.user_id == user_id, push_subscriptions.c.endpoint == endpoint)).rowcount)

    def gone(self, subscription_id: int) -> None:
        """Forget a subscription its push service no longer knows (404, 410)."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id == subscription_id))

    def subscriptions(self, user_id: int) -> list[dict[str, Any]]:
        """The account's subscriptions: id, endpoint, keys, the oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(push_subscriptions.c.id, push_subscriptions.c.endpoint,
                                       push_subscriptions.c.p256dh, push_subscriptions.c.auth)
                                .where(push_subscriptions.c.user_id == user_id).order_by(push_subscriptions.c.id))
            return [dict(r) for r in rows.mappings()]

    def add_notice(self, user_id: int, game_id: str, seat: int, turn: int, wait: float = 0.0) -> int:
        """Queue the ``push`` notice of a turn (as :meth:`.store.Store.add_notices`) when the
        account has a subscription; once per turn. Returns how many were queued (0 or 1)."""
        with self.engine.connect() as conn:
            if conn.execute(select(push_subscriptions.c.id).where(push_subscriptions.c.user_id == user_id)
                            .limit(1)).first() is None:
                return 0
        moment = now()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(notices).values(user_id=user_id, game_id=game_id, seat=seat, turn=turn,
                                                    channel="push", created=moment,
                                                    next_try=moment + timedelta(seconds=wait)))
        except IntegrityError:  # this turn was told on this channel already
            return 0
        return 1
