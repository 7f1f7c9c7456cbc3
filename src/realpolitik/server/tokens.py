"""Seat tokens and game ids: random, and only the token's hash is ever stored."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

GAME_ID = re.compile(r"^[0-9a-f]{12}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")


def new_game_id() -> str:
    """A fresh public game id: 12 hex digits."""
    return secrets.token_hex(6)


def new_token() -> str:
    """A fresh seat token: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token. Tokens carry 192 random bits, so a plain SHA-256 suffices."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, stored_hash: str | None) -> bool:
    """True when ``token`` hashes to ``stored_hash`` (compared in constant time)."""
    return stored_hash is not None and hmac.compare_digest(hash_token(token), stored_hash)
