"""The WebSocket of a game: ``/ws/{game_id}``.

The first message is ``{"type": "hello", "token": …}`` (a seat's token to play it, no
token to watch). The server answers ``welcome`` and then a ``view`` of that seat —
spectators get the spectator's view — and a new ``view`` after every action. The
client sends ``{"type": "act", "seq": n, "action": "…"}`` with ``seq`` the number of
actions in the view it decided on, and ``{"type": "chat", "text": "…"}`` for team chat.
Refusals come back as ``{"type": "error", "code": …, "message": …}``. See docs/web.md.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .protocol import MAX_MESSAGE, MESSAGE, Act, BadRequest, Chat, Hello, as_json, clean_text, parse
from .table import HUMAN, Refusal, Table
from .tokens import TOKEN

log = logging.getLogger("realpolitik.server")

HELLO_TIMEOUT = 30.0
#: messages a client may leave unread before it is dropped
BACKLOG = 256


class Connection:
    """One WebSocket: its seat and an outbox drained by a writer task, in order."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.log_sent = 0
        self.outbox: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that stopped reading is disconnected."""
        if self.outbox.qsize() >= BACKLOG:
            self.close(1008)
        else:
            self.outbox.put_nowait(message)

    def error(self, code: str, message: str) -> None:
        self.send({"type": "error", "code": code, "message": message})

    def close(self, code: int = 1000) -> None:
        """Close after everything queued so far has been sent."""
        self.outbox.put_nowait(code)

    async def _write(self) -> None:
        ws = self.websocket
        try:
            while True:
                item = await self.outbox.get()
                if isinstance(item, int):
                    if ws.application_state == WebSocketState.CONNECTED:
                        await ws.close(item)
                    return
                await ws.send_text(as_json(item))
        except Exception:  # the connection is gone; the reader sees it too and detaches
            return

    async def finish(self) -> None:
        """Wait for queued messages and the close to go out."""
        try:
            await asyncio.wait_for(self.writer, timeout=5)
        except TimeoutError:
            self.writer.cancel()


async def _receive(ws: WebSocket, timeout: float | None = None) -> str | None:
    """The next text message; ``None`` when the client has gone. Binary frames are refused."""
    message = await asyncio.wait_for(ws.receive(), timeout)
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is None:
        raise BadRequest("messages must be JSON text, not binary")
    return message["text"]


async def play(ws: WebSocket) -> None:
    """Serve one connection to a game."""
    await ws.accept()
    conn = Connection(ws)
    table: Table | None = None
    try:
        table = await ws.app.state.hall.table(ws.path_params["game_id"])
        if table is None:
            conn.error("no-game", "There is no such game.")
            conn.close(4404)
            return
        if not await _greet(ws, conn, table):
            return
        while True:
            try:
                text = await _receive(ws)
                if text is None:
                    return
                await _handle(conn, table, parse(text, MESSAGE, MAX_MESSAGE))
            except BadRequest as exc:
                conn.error("bad-message", str(exc))
            except Refusal as exc:
                conn.error(exc.code, exc.message)
                if exc.code == "stale":
                    conn.send(table.view_message(conn))
    except (TimeoutError, WebSocketDisconnect):
        return
    finally:
        if table is not None:
            table.detach(conn)
        conn.close()
        await conn.finish()


async def _greet(ws: WebSocket, conn: Connection, table: Table) -> bool:
    """Read the hello, authenticate the seat, attach to the table; false when refused."""
    try:
        text = await _receive(ws, HELLO_TIMEOUT)
        if text is None:
            return False
        hello = parse(text, MESSAGE, MAX_MESSAGE)
        if not isinstance(hello, Hello):
            raise BadRequest("the first message must be a hello")
    except BadRequest as exc:
        conn.error("bad-message", str(exc))
        conn.close(4400)
        return False
    if hello.token is not None:
        seat = table.authenticate(hello.token) if TOKEN.match(hello.token) else None
        if seat is None:
            conn.error("bad-token", "This seat link is not valid for this game. Ask for a new invitation, "
                                    "or watch as a spectator.")
            conn.close(4403)
            return False
        if not table.stored.seats[seat].joined:
            try:
                await table.join(seat, clean_text(hello.name)[:32])
            except Refusal:  # taken meanwhile through the same link: the token still proves the seat
                pass
        conn.seat = seat
    conn.send(_welcome(table, conn.seat))
    if conn.seat is not None and table.chat_enabled:
        conn.send({"type": "chat", "lines": await table.chat_history(conn.seat)})
    table.attach(conn)
    return True


def _welcome(table: Table, seat: int | None) -> dict[str, Any]:
    chat = seat is not None and table.chat_enabled
    team = ([table.labels[s] for s, t in enumerate(table.team_of) if t == table.team_of[seat]]
            if chat else None)
    return {
        "type": "welcome", "id": table.id, "game": table.game.id, "title": table.game.title,
        "you": None if seat is None else table.labels[seat], "seats": list(table.labels),
        "options": table.stored.options, "chat": chat, "team": team,
        "humans": [table.labels[s.seat] for s in table.stored.seats if s.kind == HUMAN],
    }


async def _handle(conn: Connection, table: Table, message: Hello | Act | Chat) -> None:
    if isinstance(message, Hello):
        raise BadRequest("already greeted: hello is only the first message")
    if conn.seat is None:
        raise Refusal("spectator", "Spectators watch; they cannot act or chat.")
    if isinstance(message, Act):
        await table.act(conn.seat, message.seq, message.action)
    else:
        text = clean_text(message.text)
        if not text:
            raise BadRequest("field 'text': the message is empty")
        await table.chat(conn.seat, text)
