"""Guards on TCP connections, below the ASGI application: per client address, and slow clients.

uvicorn runs the protocol classes it is given; these subclasses of its httptools HTTP
protocol and of its WebSocket protocol add two guards no ASGI middleware can give,
because they act before a request exists:

- a client address holds at most ``connections_per_client`` connections at once, HTTP
  and WebSocket together (a WebSocket carries the count over from the HTTP connection
  it was upgraded from); one more is answered 429 and closed at once;
- a request's headers must arrive within ``header_seconds`` of the connection or of the
  request's first byte; a client trickling them (slowloris) is disconnected.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from functools import partial
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .quota import Limits

_BODY = json.dumps({"error": "Too many connections from your address at once; close some and try again.",
                    "code": "limit"}).encode()
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: "
            + str(len(_BODY)).encode() + b"\r\nconnection: close\r\n\r\n" + _BODY)


class ConnectionGuard:
    """Open connections per client address."""

    def __init__(self, limits: Limits) -> None:
        self.per_client = limits.connections_per_client
        self.header_seconds = limits.header_seconds
        self.open: Counter[str] = Counter()

    def admit(self, host: str) -> bool:
        """Count a new connection of ``host``; false (not counted) when it holds too many."""
        if self.open[host] >= self.per_client:
            return False
        self.open[host] += 1
        return True

    def release(self, host: str) -> None:
        self.open[host] -= 1
        if self.open[host] <= 0:
            del self.open[host]

    def protocols(self) -> dict[str, Any]:
        """uvicorn ``Config`` arguments that run the guarded protocols."""
        return {"http": partial(GuardedHttp, guard=self), "ws": partial(GuardedWebSocket, guard=self)}


def _host(protocol: Any) -> str:
    return protocol.client[0] if protocol.client else ""


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the connection count and the header deadline."""

    def __init__(self, *args: Any, guard: ConnectionGuard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = guard
        self.counted = False
        self.handed_over = False
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.guard.admit(_host(self)):
            transport.write(TOO_MANY)
            transport.close()
            return
        self.counted = True
        self._arm()

    def _arm(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(self.guard.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        self.handed_over = True  # the WebSocket protocol releases the count when it closes
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.counted and not self.handed_over:
            self.guard.release(_host(self))
        super().connection_lost(exc)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, releasing the connection count of its upgrade."""

    def __init__(self, *args: Any, guard: ConnectionGuard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = guard

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(_host(self))
        super().connection_lost(exc)
