"""Web Push (issue 59): turn notices to a browser with no tab of the game open.

A signed-in account subscribes a browser (``POST /api/push/subscribe``, the
``PushSubscription`` as the browser gives it) and may unsubscribe it (``DELETE``). The turn
notices' outbox (:mod:`.notify`) has a channel ``push`` beside e-mail and webhooks, queued on
the same terms — the turn came to a person's seat and nobody looks at the game as that seat —
when the account has a subscription. Sending it (:meth:`Pusher.send`, on a notice's thread)
POSTs to every subscription of the account at once, each on a thread of its own and all
within the notice's one deadline, the payload — game, seat, a short text in the account's
language, the link — encrypted for that browser (``aes128gcm``, RFC 8291, by pywebpush) and
signed with the server's VAPID key (RFC 8292, by py_vapid), with a ``TTL``. A push service
that answers 404 or 410 no longer knows the subscription: it is forgotten.

Push endpoints are guarded like webhooks (:func:`.notify.resolve`): ``https`` only, never a
loopback, private or otherwise special address — checked when the browser subscribes, its
host read as the resolver reads it (:func:`written_address`: ``127.1``, ``0x7f.1`` and
``2130706433`` are all 127.0.0.1), and again when the host is resolved once right before each
POST and connected to as checked. The server setting ``push_loopback`` (for tests with a
local push service) lets ``http`` endpoints on loopback addresses through. An endpoint is one
account's: another account that posts it is refused (:meth:`.push_store.PushStore.subscribe`).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import logging
import re
import socket
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import SplitResult, urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pydantic import StringConstraints

from realpolitik.i18n import DEFAULT, LANGUAGES, render, t

from .notify import Deadline, Failed, Refused, _Pinned, _PinnedTls, public, resolve
from .protocol import Strict
from .push_store import PushStore
from .table import Refusal

if TYPE_CHECKING:
    from .notify import NoticeSettings

log = logging.getLogger("realpolitik.server")

#: browsers one account may subscribe
MAX_DEVICES = 10
#: seconds a push service keeps a notice for a browser that is offline (a turn waits a while)
TTL = 24 * 3600
#: seconds a VAPID token is valid (RFC 8292 §2: at most 24 hours)
TOKEN_LIFE = 12 * 3600
#: the length of an endpoint URL, at most
MAX_ENDPOINT = 500
B64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")
#: a host's last label that is a number, as the WHATWG URL standard's "ends in a number": such a
#: host is an IPv4 address in some form, or no host at all
NUMBER = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")
#: host names that are loopback wherever they are looked up (RFC 6761 §6.3)
LOOPBACK_NAME = re.compile(r"^(.+\.)?localhost$")
#: what a push service answers for a subscription it no longer knows (RFC 8030 §7.3)
GONE = (404, 410)

Key = Annotated[str, StringConstraints(max_length=100)]


class Keys(Strict):
    """A subscription's keys: the browser's P-256 public key and its authentication secret."""

    p256dh: Key
    auth: Key


class Subscription(Strict):
    """``POST /api/push/subscribe``: a browser's ``PushSubscription.toJSON()``."""

    endpoint: Annotated[str, StringConstraints(max_length=MAX_ENDPOINT)]
    keys: Keys
    expirationTime: int | float | None = None  # noqa: N815 (the browser's name)


class Endpoint(Strict):
    """``DELETE /api/push/subscribe``: the endpoint of the subscription to forget."""

    endpoint: Annotated[str, StringConstraints(max_length=MAX_ENDPOINT)]


def _bad(message) -> Refusal:
    return Refusal("bad-request", message)


def _decoded(text: str, size: int, name: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)) if B64URL.match(text) else b""
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size:
        raise _bad(t("The subscription's key {name} is not {size} bytes in base64url.", name=name, size=size))
    return raw


def written_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``host`` (a URL's, in lower case) is written as, read as the sender's resolver
    reads it: an IPv6 literal (its zone ignored), or an IPv4 address in any form ``inet_aton``
    takes — dotted, decimal, octal, hex, in fewer than four parts (``127.1``, ``0x7f.1``,
    ``017700000001``, ``0``), a final dot or not; ``None`` for a host name. :class:`ValueError`
    for a host that ends in a number but is no address (``1.2.3.4.5``, ``08``): resolvers and
    browsers read such a host each their own way."""
    try:
        return ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        pass
    number = host.removesuffix(".")
    if not NUMBER.match(number.rsplit(".", 1)[-1]):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(number))
    except OSError:
        raise ValueError(host) from None


def check_endpoint(url: str, loopback: bool) -> str:
    """``url`` as a push endpoint: https (http only to loopback when ``loopback``), a host, no
    user name or fragment, and no special address — in whatever form it is written — nor a
    loopback name as the host: the check before each push (:meth:`Pusher._addresses`) made now."""
    url = url.strip()
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (raises on a port out of range)
        if not url.isascii() or any(c <= " " or c == "\x7f" for c in url) or parts.username is not None \
                or parts.fragment:
            raise ValueError(url)
        host = parts.hostname or ""
        address = written_address(host)
    except ValueError:
        raise _bad(t("The subscription's endpoint is not a valid URL.")) from None
    named = LOOPBACK_NAME.match(host.removesuffix(".")) is not None
    near = loopback and (named or (address is not None and address.is_loopback))
    if not host or not (parts.scheme == "https" or (parts.scheme == "http" and near)):
        raise _bad(t("The subscription's endpoint must be an https URL."))
    if not near and (named or (address is not None and not public(str(address)))):
        if address is None or str(address) == host.split("%")[0]:
            raise _bad(t("The subscription's endpoint is not a public address."))
        raise _bad(t("The subscription's endpoint is not a public address: its host {host} is {address}.",
                     host=host, address=str(address)))
    return url


def check(body: Subscription, loopback: bool) -> tuple[str, str, str]:
    """The endpoint and keys of a subscription, each checked: the key a point of P-256, the
    secret 16 bytes (RFC 8291 §3)."""
    endpoint = check_endpoint(body.endpoint, loopback)
    point = _decoded(body.keys.p256dh, 65, "p256dh")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise _bad(t("The subscription's key p256dh is not a point of the P-256 curve.")) from None
    _decoded(body.keys.auth, 16, "auth")
    return endpoint, body.keys.p256dh, body.keys.auth


@dataclass(frozen=True)
class Message:
    """One push to one browser, encrypted and signed: its subscription, URL, body and headers."""

    subscription: int
    url: SplitResult
    body: bytes
    headers: dict[str, str]

    @property
    def port(self) -> int:
        return self.url.port or (443 if self.url.scheme == "https" else 80)

    @property
    def target(self) -> str:
        return (self.url.path or "/") + (f"?{self.url.query}" if self.url.query else "")


class Pusher:
    """Web Push of a hall: its store, the VAPID key (read once) and the sending of a notice."""

    def __init__(self, store: PushStore, settings: NoticeSettings) -> None:
        self.store = store
        self.settings = settings
        self._key: ec.EllipticCurvePrivateKey | None = None
        self._lock = threading.Lock()

    def key(self) -> ec.EllipticCurvePrivateKey:
        """The server's VAPID key (blocking: read, or made, the first time)."""
        with self._lock:
            if self._key is None:
                self._key = self.store.vapid_key()
            return self._key

    def subject(self) -> str:
        """Whom a push service may contact about our pushes (RFC 8292 §2.1): the public https
        address of the server, else the sender address of its e-mail."""
        url = self.settings.public_url
        return url.rstrip("/") if url.startswith("https://") else f"mailto:{self.settings.smtp_from}"

    # ------------------------------------------------------------------ sending (on a thread)

    def send(self, notice: dict[str, Any], game: Any) -> None:
        """Push the turn ``notice`` to every browser of its account, all at once and all within
        the notice's one deadline. Done when one took it; :class:`.notify.Failed` (tried again
        later, again within one deadline) when none did and one may later;
        :class:`.notify.Refused` when none is left to try."""
        body = json.dumps(self.payload(notice, game)).encode()
        messages = []
        for subscription in self.store.subscriptions(notice["user_id"]):
            try:
                messages.append(self._message(subscription, body, notice["game_id"]))
            except Refused as exc:
                log.warning("game %s: a push endpoint refused: %s", notice["game_id"], exc)
        took = later = 0
        for message, outcome in zip(messages, self._post_all(messages), strict=True):
            if isinstance(outcome, Refused):
                log.warning("game %s: a push endpoint refused: %s", notice["game_id"], outcome)
            elif isinstance(outcome, Exception):  # down or too slow: another time
                log.info("game %s: a push failed (%s)", notice["game_id"], type(outcome).__name__)
                later += 1
            elif outcome in GONE:
                self.store.gone(message.subscription)
            elif 200 <= outcome < 300:
                took += 1
            else:
                later += 1
        if not took and later:
            raise Failed("no push service took the notice")
        if not took:
            raise Refused("the account has no push subscription that takes notices")

    def payload(self, notice: dict[str, Any], game: Any) -> dict[str, Any]:
        """What the browser shows: the game, the seat, a short text in the account's language,
        the link (on the server's own address: the browser opens it from the worker)."""
        lang = notice["language"] if notice["language"] in LANGUAGES else DEFAULT
        seat = render(game.seat_titles(notice["players"])[notice["seat"]], lang)
        label = game.seat_labels(notice["players"])[notice["seat"]]
        return {"event": "your-turn", "game": notice["game_id"], "seat": seat, "turn": notice["turn"],
                "title": render(t("Your turn in {game}", game=game.title), lang),
                "body": render(t("It is your turn as {seat}.", seat=seat), lang),
                "url": f"/game/{notice['game_id']}#seat={label}"}

    def _message(self, subscription: dict[str, Any], body: bytes, game_id: str) -> Message:
        """``body`` encrypted for one browser and signed, ready to POST to its push service."""
        try:  # checked again: a subscription kept while the server allowed loopback, say
            url = urlsplit(check_endpoint(subscription["endpoint"], self.settings.push_loopback))
        except Refusal:
            raise Refused("the push endpoint is not an allowed URL") from None
        from pywebpush import WebPusher  # loads aiohttp and requests: a third of a second at every start otherwise

        sealed = WebPusher({"endpoint": subscription["endpoint"],
                            "keys": {"p256dh": subscription["p256dh"], "auth": subscription["auth"]}}).encode(body)
        claims = {"aud": f"{url.scheme}://{url.netloc}", "exp": int(time.time()) + TOKEN_LIFE, "sub": self.subject()}
        headers = {"authorization": Vapid02(self.key()).sign(claims)["Authorization"],
                   "content-encoding": "aes128gcm", "content-type": "application/octet-stream",
                   "ttl": str(TTL), "urgency": "normal", "topic": f"turn-{game_id}"}
        return Message(subscription["id"], url, sealed["body"], headers)

    def _post_all(self, messages: list[Message]) -> list[int | Exception]:
        """POST every message at once, each on a thread of its own, all within one deadline: each
        one's answer's status, or what it failed with (:class:`TimeoutError` when it had not ended
        by the deadline)."""
        outcomes: list[int | Exception] = []
        with Deadline(self.settings.deadline) as deadline:
            outcomes.extend(deadline.late() for _ in messages)

            def post(i: int) -> None:
                try:
                    outcomes[i] = self._post(messages[i], deadline)
                except Exception as exc:  # each browser's failure is counted by send
                    outcomes[i] = exc

            threads = [threading.Thread(target=post, args=(i,), name="push", daemon=True)
                       for i in range(len(messages))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(max(0.0, deadline.end - time.monotonic()))
            return list(outcomes)  # as they are at the deadline: a lookup that lags behind changes nothing

    def _post(self, message: Message, deadline: Deadline) -> int:
        """POST one message to its push service within the notice's ``deadline``; its answer's status."""
        host, port = message.url.hostname, message.port
        connection = (_PinnedTls if message.url.scheme == "https" else _Pinned)(host, port,
                                                                                self._addresses(host, port), deadline)
        try:
            connection.request("POST", message.target, message.body, message.headers)
            answer = connection.getresponse()
            answer.read(1024)
        finally:
            connection.close()
        deadline.check()
        return answer.status

    def _addresses(self, host: str, port: int) -> list[tuple[Any, ...]]:
        """The checked addresses of a push service: public ones, or loopback when allowed."""
        if not self.settings.push_loopback:
            return resolve(host, port, False)
        found = resolve(host, port, True)
        if not all(public(a[0]) or ipaddress.ip_address(a[0].split("%")[0]).is_loopback for a in found):
            raise Refused("the push service's host is not a public address")
        return found
