"""Accounts: sign up, log in and out, change the password, and the seats bound to an account.

Passwords are stored only as Argon2id hashes (``argon2-cffi``'s defaults, RFC 9106's
low-memory profile), hashed and checked on a thread so the server keeps answering. A
session is a random 32-byte token in an HttpOnly, SameSite=Lax cookie (Secure over
https); the database keeps only its SHA-256, the account and when it expires — 30 days
after it was last used. Every state-changing request under ``/api`` that carries the
cookie must carry the session's CSRF token too (``X-CSRF-Token``, from ``GET
/api/account``); requests without the cookie (guests) work as before. Login and signup
attempts are rate-limited per client address and per account name (in :mod:`.api`, which
serves the routes); a refused login does not say whether the name exists. Routes:
docs/web.md; threat model: docs/security.md.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from urllib.parse import SplitResult, urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from realpolitik.i18n import LANGUAGES, render, t

from .protocol import language as language_of
from .protocol import person_name
from .store import StorageBusy, User, now
from .table import Refusal, busy
from .tokens import hash_token

#: the session cookie's name
COOKIE = "session"
#: a session lives this long after it was last used
LIFETIME = timedelta(days=30)
#: a session's use is written down at most this often (each time, it lives LIFETIME again)
SLIDE_AFTER = timedelta(hours=1)
MIN_PASSWORD, MAX_PASSWORD = 8, 256
SESSION_TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
NO_STORE = {"cache-control": "no-store"}

_hasher = PasswordHasher()


# ---------------------------------------------------------------------- passwords and tokens


def hash_password(password: str) -> str:
    """The Argon2id hash of a password (slow on purpose: call it on a thread)."""
    return _hasher.hash(password)


@lru_cache(maxsize=1)
def _decoy() -> str:
    """A hash to check passwords against when the name is unknown, so both take as long."""
    return _hasher.hash(secrets.token_urlsafe(16))


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one hashed as ``stored`` (``None``: an unknown name, checked
    against a decoy so that it takes as long)."""
    try:
        return _hasher.verify(stored or _decoy(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def new_session_token() -> str:
    """A fresh session token: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session: derived from its token (HMAC-SHA-256), so it needs no storage
    and a page of another site, which cannot read the cookie, cannot know it."""
    digest = hmac.new(session_token.encode(), b"realpolitik csrf", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def fold(name: str) -> str:
    """The form of a name that must be unique: compatibility characters and case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def name_key(text: str) -> str:
    """The key an account is looked up by: ``text`` as a person's name, folded; a name no account can have
    (too short, too long) is refused as at sign-up."""
    return fold(person_name(text))


def check_password(password: str) -> None:
    """Refuse a new password shorter than 8 or longer than 256 characters."""
    if len(password) < MIN_PASSWORD:
        raise Refusal("bad-password", t("A password needs at least {count} characters.", count=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise Refusal("bad-password", t("A password may have at most {count} characters.", count=MAX_PASSWORD))


# ---------------------------------------------------------------------- sessions


@dataclass(frozen=True)
class Session:
    """A signed-in connection: its token (from the cookie), the account, when it expires."""

    token: str
    user: User
    expires: datetime


_LOOKED_UP = "realpolitik.session"


def same_origin(connection: HTTPConnection) -> bool:
    """False for a WebSocket a page of another site opened (its ``Origin`` names another host):
    such a socket must not ride on the player's cookie. Programs that send no Origin pass."""
    origin = connection.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == connection.headers.get("host")


async def session_of(connection: HTTPConnection) -> Session | None:
    """The session of a request or WebSocket's cookie, if it is valid; looked up once per request.
    Raises :class:`StorageBusy` when the database does not answer."""
    if _LOOKED_UP in connection.scope:
        return connection.scope[_LOOKED_UP]
    token = connection.cookies.get(COOKIE, "")
    session = None
    if SESSION_TOKEN.match(token) and (connection.scope["type"] == "http" or same_origin(connection)):
        store = connection.app.state.hall.store
        found = await store.in_thread(store.session, hash_token(token), LIFETIME, SLIDE_AFTER)
        if found is not None:
            session = Session(token, *found)
    connection.scope[_LOOKED_UP] = session
    return session


async def account_of(connection: HTTPConnection) -> int | None:
    """The account signed in on a request or WebSocket (its id), if any."""
    session = await session_of(connection)
    return None if session is None else session.user.id


async def signed_in(request: Request) -> Session:
    """The request's session; refused when there is none."""
    session = await session_of(request)
    if session is None:
        raise Refusal("signed-out", t("You are not logged in."))
    return session


def set_cookie(response: Response, request: Request, token: str, expires: datetime) -> None:
    response.set_cookie(COOKIE, token, max_age=max(0, round((expires - now()).total_seconds())), path="/",
                        secure=request.url.scheme == "https", httponly=True, samesite="lax")


#: Exactly one plain e-mail address, at most 254 characters: a local part of at most 64
#: letters, digits and ``. _ + -`` (no dot first, last or twice in a row), ``@``, and a domain
#: name of two labels or more (letters, digits, inner hyphens; at most 63 each) that ends in a
#: top-level name. So no second address (``,`` ``;``), no display name or ``<>``, no quotes,
#: spaces or control characters, no second ``@``, no address literal, and none of ``% ! / |``
#: that a mail relay may read as a route, a file or a program.
_EMAIL = re.compile(r"(?=[^@]{1,64}@)(?=.{1,254}\Z)"
                    r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*"
                    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
                    r"(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})", re.ASCII)


def address(kind: str, value: str | None) -> str | None:
    """An e-mail address or a webhook URL as given for notifications, checked; empty: none.
    An e-mail address must be exactly one (:data:`_EMAIL`): it is all a notice's ``To`` holds."""
    value = (value or "").strip()
    if not value:
        return None
    if kind == "email" and not _EMAIL.fullmatch(value):
        raise Refusal("bad-address", t("{address} is not an e-mail address.", address=repr(value[:60])))
    if kind == "webhook":
        parts = urlsplit(value)
        if (parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in value)
                or not _valid_port(parts)):
            raise Refusal("bad-address", t("A webhook is an http:// or https:// address, not {address}.",
                                           address=repr(value[:60])))
    return value


def _valid_port(parts: SplitResult) -> bool:
    try:
        return parts.port != 0  # a port that is not a number or beyond 65535 raises
    except ValueError:
        return False


def set_language(response: Response, request: Request, language: str | None) -> None:
    """Make the account's language the pages' (the ``lang`` cookie they and the server read),
    so it follows the player to every device they log in from; none set: leave it."""
    if language in LANGUAGES:
        response.set_cookie("lang", language, max_age=365 * 24 * 3600, path="/",
                            secure=request.url.scheme == "https", samesite="lax")


def clear_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="lax")


class CsrfGuard:
    """Refuses a state-changing ``/api`` request that carries a valid session cookie but not the
    session's CSRF token in ``X-CSRF-Token`` (403, code ``csrf``). Guests pass untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE and scope["path"].startswith("/api/"):
            request = Request(scope)
            if COOKIE in request.cookies:
                refusal = None
                try:
                    session = await session_of(request)
                except StorageBusy:
                    session, refusal = None, busy()
                sent = request.headers.get("x-csrf-token", "").encode()
                if session is not None and not hmac.compare_digest(sent, csrf_token(session.token).encode()):
                    refusal = Refusal("csrf", t("This request lacks the page's security token (X-CSRF-Token); "
                                                "reload the page and try again."))
                if refusal is not None:
                    body = {"error": render(refusal.message, language_of(request)), "code": refusal.code}
                    status, headers = (503, {"retry-after": "5"}) if refusal.code == "busy" else (403, None)
                    await JSONResponse(body, status_code=status, headers=headers)(scope, receive, send)
                    return
        await self.app(scope, receive, send)
