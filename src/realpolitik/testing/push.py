"""A local Web Push service for tests: it takes what the server pushes and reads it as a browser would.

:class:`PushService` listens on 127.0.0.1 and hands out subscriptions as a browser's push
manager does (:meth:`PushService.subscribe`: an endpoint on this service, a fresh P-256 key
and authentication secret). A POST to an endpoint is checked like a push service checks it —
the VAPID ``Authorization`` header (RFC 8292: an ES256 JWT whose audience is this service's
origin, not expired, with a contact, signed by the key it names) — and decrypted like the
browser decrypts it (``aes128gcm``, RFC 8291, with the subscription's private key and
secret). What arrived is kept in :attr:`PushService.received`; what was refused, and why,
in :attr:`PushService.refused`. An endpoint can be told to answer another status (410: the
subscription is gone), or never to answer: it takes the message and holds the connection
until the sender hangs up, keeping when each came and when the sender gave up
(:attr:`PushService.unanswered`).
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from realpolitik.testing.load import allowance


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class VapidError(Exception):
    """An ``Authorization`` header a push service refuses."""


def verify_vapid(header: str, audience: str) -> tuple[dict[str, Any], str]:
    """The claims and the public key (base64url) of a ``vapid t=…, k=…`` header (RFC 8292 §3),
    checked: the token's signature by that key (ES256), its audience, expiry (in the future,
    at most a day ahead) and contact; :class:`VapidError` otherwise."""
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "vapid":
        raise VapidError(f"not the vapid scheme: {scheme!r}")
    params = dict(part.strip().split("=", 1) for part in rest.split(",") if "=" in part)
    if "t" not in params or "k" not in params:
        raise VapidError("t or k missing")
    try:
        head, claims_part, signature = params["t"].split(".")
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(params["k"]))
        raw = _unb64(signature)
        if len(raw) != 64:
            raise VapidError("an ES256 signature has 64 bytes")
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key.verify(der, f"{head}.{claims_part}".encode(), ec.ECDSA(hashes.SHA256()))
        header_fields, claims = json.loads(_unb64(head)), json.loads(_unb64(claims_part))
    except InvalidSignature:
        raise VapidError("the signature does not verify") from None
    except ValueError as exc:
        raise VapidError(f"malformed token: {exc}") from None
    if header_fields.get("alg") != "ES256":
        raise VapidError(f"alg {header_fields.get('alg')!r}, not ES256")
    if claims.get("aud") != audience:
        raise VapidError(f"audience {claims.get('aud')!r}, not {audience!r}")
    if not isinstance(claims.get("exp"), int) or not time.time() < claims["exp"] <= time.time() + 24 * 3600:
        raise VapidError(f"expiry {claims.get('exp')!r} is not within the next 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise VapidError("no contact (sub)")
    return claims, params["k"]


@dataclass
class Received:
    """A message the service took: its endpoint's name, the decrypted payload (JSON), the
    headers that matter and the verified VAPID claims and key."""

    name: str
    payload: dict[str, Any]
    ttl: int
    topic: str | None
    claims: dict[str, Any]
    key: str


@dataclass
class Unanswered:
    """A message an endpoint that never answers took: its endpoint's name, when it came and when
    the sender hung up (``time.monotonic()``; ``None`` while the sender still waits)."""

    name: str
    came: float
    hung_up: float | None = None


@dataclass
class _Browser:
    private: ec.EllipticCurvePrivateKey
    auth: bytes
    #: the status its endpoint answers; ``None``: it never answers
    status: int | None = 201


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # all the browsers of an account are pushed to at once


@dataclass
class PushService:
    """A push service on 127.0.0.1 (a context manager: it serves while inside ``with``)."""

    received: list[Received] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    unanswered: list[Unanswered] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._browsers: dict[str, _Browser] = {}
        self._names: dict[str, str] = {}
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> PushService:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()

    def subscribe(self, name: str = "browser") -> dict[str, Any]:
        """A new subscription, as ``PushSubscription.toJSON()`` gives it; ``name`` tells its messages apart."""
        path = secrets.token_urlsafe(16)
        private = ec.generate_private_key(ec.SECP256R1())
        browser = _Browser(private, os.urandom(16))
        with self._lock:
            self._browsers[path], self._names[path] = browser, name
        point = private.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{path}", "expirationTime": None,
                "keys": {"p256dh": _b64(point), "auth": _b64(browser.auth)}}

    def answer(self, subscription: dict[str, Any], status: int | None) -> None:
        """Make the endpoint of ``subscription`` answer ``status`` from now on (410: gone; ``None``:
        never)."""
        with self._lock:
            self._browsers[subscription["endpoint"].rsplit("/", 1)[1]].status = status

    def wait(self, count: int, seconds: float = 10.0) -> list[Received]:
        """The messages received, once there are ``count`` (or the time is up)."""
        with self._arrived:
            self._arrived.wait_for(lambda: len(self.received) >= count, seconds)
            return list(self.received)

    def given_up(self, count: int, seconds: float = 10.0) -> list[Unanswered]:
        """The messages left unanswered, once the sender has hung up on ``count`` (or the time is up:
        ``seconds`` on an idle machine, ``allowance``)."""
        with self._arrived:
            self._arrived.wait_for(lambda: sum(u.hung_up is not None for u in self.unanswered) >= count,
                                   allowance(seconds))
            return list(self.unanswered)

    def _hold(self, connection: Any, message: Unanswered) -> None:
        """Answer nothing on ``connection`` until the sender hangs up (a minute at most)."""
        connection.settimeout(allowance(60))
        try:
            while connection.recv(1024):
                pass
        except OSError:  # reset, or the minute is over
            pass
        with self._arrived:
            message.hung_up = time.monotonic()
            self._arrived.notify_all()

    def _take(self, path: str, headers: Any, body: bytes) -> int | Unanswered:
        with self._lock:
            browser, name = self._browsers.get(path), self._names.get(path)
        if browser is None:
            return 404
        try:
            claims, key = verify_vapid(headers.get("authorization", ""), self.origin)
        except VapidError as exc:
            self._refuse(f"{name}: {exc}")
            return 401
        if headers.get("content-encoding") != "aes128gcm" or not headers.get("ttl", "").isdigit():
            self._refuse(f"{name}: content-encoding {headers.get('content-encoding')!r}, ttl {headers.get('ttl')!r}")
            return 400
        if browser.status is not None and browser.status >= 300:
            return browser.status
        try:
            plain = http_ece.decrypt(body, private_key=browser.private, auth_secret=browser.auth, version="aes128gcm")
            payload = json.loads(plain)
        except Exception as exc:  # not for this browser, or garbled
            self._refuse(f"{name}: does not decrypt ({type(exc).__name__})")
            return 400
        with self._arrived:
            if browser.status is None:
                self.unanswered.append(Unanswered(name, time.monotonic()))
                self._arrived.notify_all()
                return self.unanswered[-1]
            self.received.append(Received(name, payload, int(headers["ttl"]), headers.get("topic"), claims, key))
            self._arrived.notify_all()
        return browser.status

    def _refuse(self, why: str) -> None:
        with self._arrived:
            self.refused.append(why)
            self._arrived.notify_all()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                status = service._take(self.path.removeprefix("/push/"), self.headers, body)
                if isinstance(status, Unanswered):
                    self.close_connection = True
                    service._hold(self.connection, status)
                    return
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
