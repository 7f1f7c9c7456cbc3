"""The server's limits: how much one client, one game and the whole server may take.

Every limit has a default that suits a server for a club or a small community on one
machine; ``realpolitik serve --limit name=value`` changes one (docs/security.md lists
them all and how each is tested). Rates are counted in moving windows (the ``limits``
library) per client address; counts (connections, games) are kept by the hall.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from limits import RateLimitItem, parse, storage, strategies


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default."""

    #: TCP connections (HTTP and WebSocket together) one client address may hold at once
    connections_per_client: int = 64
    #: connections and requests the whole server serves at once; more are answered 503
    connections: int = 4096
    #: seconds a request's headers may take to arrive (a slow client is disconnected)
    header_seconds: float = 10.0
    #: seconds a request's body may take to arrive
    body_seconds: float = 10.0
    #: seconds a database statement waits for a lock; then the move is refused as busy (a bot tries again)
    lock_seconds: float = 5.0
    #: WebSocket connections that may watch one game as spectators
    spectators_per_game: int = 200
    #: WebSocket connections one seat may hold at once (tabs, devices)
    sockets_per_seat: int = 8
    #: WebSocket messages a connection may send (a moving window)
    messages: str = "100/10seconds"
    #: team chat messages one seat may send
    chat: str = "20/minute"
    #: hints ("What would the bot do?") one seat may ask for
    hints: str = "6/minute"
    #: search iterations the bot may spend on one hint
    hint_budget: int = 2000
    #: changes of a seat's notes (server/notes.py), per seat, and of an account's vacations
    notes: str = "30/minute"
    vacations: str = "30/hour"
    #: new games one client address may create
    creates: str = "30/hour"
    #: seats one client address may claim from the lobby
    claims: str = "60/hour"
    #: attempts to sign up, log in or change the password from one client address
    logins: str = "10/minute"
    #: failed attempts to log in to one account name (or to confirm its password when changing it)
    logins_per_name: str = "20/hour"
    #: private messages (invitations to friends among them) one account may send
    private_messages: str = "30/hour"
    #: players one account may report
    reports: str = "10/day"
    #: reviews of finished games one client address may ask the server's bots for
    reviews: str = "10/hour"
    #: reviews waiting or under way on the whole server (more are refused until one is done)
    review_queue: int = 8
    #: apply calls each search of a review may make (``realpolitik review --budget``)
    review_budget: int = 300
    #: accounts one account may have among its friends (with those it asked and no answer yet), and among
    #: those it blocks
    friends: int = 500
    blocks: int = 500
    #: changes one account may make to its friends (asking, answering, withdrawing, removing) and its
    #: blocked accounts (together)
    list_changes: str = "60/hour"
    #: games waiting for players on the whole server, and created by one client address
    open_games: int = 1000
    open_games_per_client: int = 10
    #: running games with bots in every seat, on the whole server and per client address
    bot_games: int = 8
    bot_games_per_client: int = 2
    #: tournaments taking sign-ups or running, on the whole server and created by one account
    tournaments: int = 50
    tournaments_per_account: int = 3
    #: players one tournament may take
    tournament_players: int = 64
    #: unfinished correspondence games one account may hold a seat in (joining another is refused)
    correspondence_games: int = 50
    #: hours an open game waits for its players before it is removed
    open_hours: float = 7 * 24
    #: seconds a game nobody watches stays in memory (it is stored and loaded on demand)
    idle_seconds: float = 300.0

    def set(self, name: str, text: str) -> Limits:
        """A copy with one limit changed from its text form (``ValueError`` names what is wrong)."""
        known = {f.name: f for f in fields(self)}
        if name not in known:
            raise ValueError(f"unknown limit {name!r} (limits: {', '.join(known)})")
        current = getattr(self, name)
        try:
            if isinstance(current, str):
                parse(text)
                value: Any = text
            else:
                value = type(current)(text)
                if not value > 0 or value != value or value == float("inf"):
                    raise ValueError
        except ValueError:
            kind = "a rate such as 10/minute" if isinstance(current, str) else f"a positive {type(current).__name__}"
            raise ValueError(f"limit {name!r}: {text!r} is not {kind}") from None
        return replace(self, **{name: value})


class Rates:
    """Moving-window rate limits by name and key (a client address, a connection)."""

    def __init__(self, limits: Limits) -> None:
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
        self._items: dict[str, RateLimitItem] = {
            f.name: parse(getattr(limits, f.name)) for f in fields(limits) if f.type == "str"
        }
        #: attempts being checked now, by limit and key (see :meth:`attempt`)
        self._pending: Counter[tuple[str, str]] = Counter()

    def hit(self, name: str, key: str) -> bool:
        """Count one event for ``key``; false when that exceeds the limit ``name`` (not counted then)."""
        return self._limiter.hit(self._items[name], name, key)

    @contextlib.contextmanager
    def attempt(self, name: str, key: str) -> Iterator[Attempt | None]:
        """One attempt for ``key`` that counts against the limit ``name`` only if it fails
        (``failed()``), such as a password check; ``None`` (refused) when the attempts counted
        and those still under way would exceed the limit, so attempts made in parallel
        cannot all pass the limit before any of them is counted."""
        pending = (name, key)
        if not self._limiter.test(self._items[name], name, key, cost=self._pending[pending] + 1):
            yield None
            return
        self._pending[pending] += 1
        try:
            yield Attempt(self, name, key)
        finally:
            self._pending[pending] -= 1
            if not self._pending[pending]:
                del self._pending[pending]


class Attempt:
    """An attempt under way (:meth:`Rates.attempt`)."""

    def __init__(self, rates: Rates, name: str, key: str) -> None:
        self._rates, self._name, self._key = rates, name, key

    def failed(self) -> None:
        """The attempt failed: it counts."""
        self._rates.hit(self._name, self._key)
