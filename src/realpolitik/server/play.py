"""The WebSocket of a game: ``/ws/{game_id}``.

The first message is ``{"type": "hello", "token": …}`` (a seat's token to play it, no
token to watch; ``{"type": "hello", "seat": "p2"}`` plays a seat bound to the account
signed in with the session cookie). The server answers ``welcome`` and then a ``view`` of that seat —
spectators get the spectator's view — and a new ``view`` after every action. The
client sends ``{"type": "act", "seq": n, "action": "…"}`` with ``seq`` the number of
actions in the view it decided on, and ``{"type": "chat", "text": "…"}`` for team chat;
``{"type": "hint", "seq": n}`` asks the bot what it would do (:mod:`.hints`), answered to
this connection only.
Refusals come back as ``{"type": "error", "code": …, "message": …}``. See docs/web.md.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from realpolitik.i18n import Text, render, t

from . import hints, reliability, social
from .accounts import Session, session_of
from .protocol import (
    MAX_MESSAGE,
    MESSAGE,
    Act,
    Back,
    BadRequest,
    Chat,
    Fill,
    Hello,
    Hint,
    Rematch,
    Resign,
    Undo,
    as_json,
    clean_name,
    clean_text,
    language,
    parse,
)
from .store import StorageBusy
from .table import HUMAN, Refusal, Table, bad_token, busy
from .tokens import TOKEN, hash_token

if TYPE_CHECKING:
    from .hall import Hall
    from .social_store import SocialStore

log = logging.getLogger("realpolitik.server")

HELLO_TIMEOUT = 30.0
#: messages a client may leave unread before it is dropped
BACKLOG = 256
#: close codes: refused greeting, unknown game, removed or damaged game, try again later
BAD_HELLO, NOT_ALLOWED, NO_GAME, GONE, TRY_LATER, TOO_SLOW = 4400, 4403, 4404, 4410, 1013, 1008

_numbers = itertools.count()


class Connection:
    """One WebSocket: its seat and an outbox drained by a writer task, in order."""

    def __init__(self, websocket: WebSocket, social: SocialStore) -> None:
        self.websocket = websocket
        self.social = social  # who blocks whom, for what this connection is shown
        self.seat: int | None = None
        self.name = ""  # the player's or spectator's name (a spectator's shows in the spectators' chat)
        self.user_id: int | None = None  # the account of the session, if any (a spectator's too)
        self.session: str | None = None  # the hash of that session's token: a seat's closes when the session ends
        self.table: Table | None = None  # once attached
        #: whether an account seated at the table blocks this one, as last known (until known, and while the
        #: database is busy then, it counts as blocked: a block never shows)
        self.shut_out = True
        self.log_sent = 0
        self.lang = language(websocket)  # the hello may choose another
        #: the client's address, for the limits that count per client
        self.client = websocket.client.host if websocket.client else ""
        self.key = f"{self.client}#{next(_numbers)}"  # for its message rate
        self.closing = False
        self.outbox: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that stopped reading is disconnected."""
        if self.closing:
            return
        if self.outbox.qsize() >= BACKLOG:
            self.close(TOO_SLOW)
        else:
            self.outbox.put_nowait(message)

    def error(self, code: str, message: str | Text) -> None:
        self.send({"type": "error", "code": code, "message": render(message, self.lang)})

    def refuse(self, refusal: Refusal, close: int) -> None:
        """Send a refusal and close."""
        self.error(refusal.code, refusal.message)
        self.close(close)

    def close(self, code: int = 1000) -> None:
        """Close after everything queued so far has been sent."""
        if not self.closing:
            self.closing = True
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
                await ws.send_text(as_json(await self._as_seen(item)))
        except Exception:  # the connection is gone; the reader sees it too and detaches
            return

    async def _as_seen(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` as this connection's account may see it: the seats of an open game where an
        account seated blocks it shown taken (:func:`.social.veiled`). Asked as the message goes out, in
        order, so a seat taken or a block made since the connection opened counts too."""
        if self.table is None or self.user_id is None or "players" not in message or message.get("status") != "open":
            return message
        try:
            self.shut_out = await social.shut_out(self.social, self.table, self.user_id)
        except Refusal:  # the database is busy: as last known
            pass
        return social.veiled(message) if self.shut_out else message

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
    hall = ws.app.state.hall
    conn = Connection(ws, hall.social)
    table: Table | None = None
    try:
        try:
            table = await hall.roster.table(ws.path_params["game_id"])
        except Refusal as exc:
            conn.refuse(exc, GONE)
            return
        except StorageBusy:
            conn.error("busy", t("The game cannot be loaded just now (the database is busy); try again soon."))
            conn.close(TRY_LATER)
            return
        if table is None:
            conn.error("no-game", t("There is no such game."))
            conn.close(NO_GAME)
            return
        if not await _greet(ws, conn, hall, table):
            table = None
            return
        while True:
            try:
                text = await _receive(ws)
                if text is None:
                    return
                if not hall.rates.hit("messages", conn.key):
                    raise Refusal("limit", t("Too many messages at once; this one was not read. Slow down."))
                await _handle(conn, hall, table, parse(text, MESSAGE, MAX_MESSAGE))
            except BadRequest as exc:
                conn.error("bad-message", str(exc))
            except Refusal as exc:
                conn.error(exc.code, exc.message)
                if exc.code == "stale":
                    conn.send(table.audience.view_message(conn))
            except (TimeoutError, WebSocketDisconnect):
                raise
            except Exception:  # a bug, not bad input: keep the connection, tell the operator
                log.exception("game %s: a message failed", table.id)
                conn.error("internal", t("The server failed on this message; nothing was changed."))
    except (TimeoutError, WebSocketDisconnect):
        return
    finally:
        if table is not None:
            table.audience.detach(conn)
        conn.close()
        await conn.finish()


async def _greet(ws: WebSocket, conn: Connection, hall: Hall, table: Table) -> bool:
    """Read the hello, authenticate the seat, attach to the table; false when refused."""
    limits = hall.limits
    try:
        text = await _receive(ws, HELLO_TIMEOUT)
        if text is None:
            return False
        hello = parse(text, MESSAGE, MAX_MESSAGE)
        if not isinstance(hello, Hello):
            raise BadRequest("the first message must be a hello")
        conn.lang = hello.lang or conn.lang
        name = clean_name(hello.name)
    except BadRequest as exc:
        conn.error("bad-message", str(exc))
        conn.close(BAD_HELLO)
        return False
    except Refusal as exc:  # a name no person may have
        conn.refuse(exc, BAD_HELLO)
        return False
    try:
        session = await _session(ws)
        if hello.token is not None:
            if not TOKEN.match(hello.token):
                raise bad_token()
            seat = table.admission.authenticate(hello.token)
            _check_room(table, seat, limits.sockets_per_seat)
            user_id = None
            if session is not None:  # a signed-in player sits under the account's name, bound to it
                name, user_id = session.user.name, session.user.id
                if seat is not None and not table.stored.seats[seat].joined:  # issue 59: bans and blocks
                    await social.check_not_banned(hall.social, user_id)
                    if await social.shut_out(hall.social, table, user_id):
                        raise bad_token()
            if seat is not None and not table.stored.seats[seat].joined:
                await reliability.admit(table, user_id, False, hall.store, limits.correspondence_games)
            conn.seat = await table.admission.enter(hello.token, name, user_id)
        elif hello.seat is not None:
            label = hello.seat.strip().lower()
            if session is None:
                raise Refusal("signed-out", t("Log in to take your seat {seat} without its invitation link.",
                                              seat=label))
            seat = table.admission.seat_of_account(label, session.user.id)
            if seat is None:
                raise Refusal("not-yours", t("Seat {seat} of this game is not bound to your account.", seat=label))
            _check_room(table, seat, limits.sockets_per_seat)
            conn.seat = seat
        elif table.watchers(None) >= limits.spectators_per_game:
            raise Refusal("limit", t("This game has as many spectators as it can take; try again later."))
        if session is not None:  # a spectator's account too: its mute, its blocks and who blocks it count
            conn.user_id = session.user.id
            conn.session = hash_token(session.token) if conn.seat is not None else None  # watching needs no session
        if conn.seat is None:  # a spectator chats under the name given, or the account's
            conn.name = name or (session.user.name if session is not None else "") or render(t("Spectator"), conn.lang)
        history = await table.chat.history(conn.seat, conn.user_id)
    except Refusal as exc:
        conn.refuse(exc, TRY_LATER if exc.code in ("limit", "busy") else NOT_ALLOWED)
        return False
    conn.send(_welcome(table, conn.seat))
    if history:
        conn.send({"type": "chat", "lines": history})
    conn.table = table
    table.audience.attach(conn)
    return True


async def _session(ws: WebSocket) -> Session | None:
    """The session of the WebSocket's cookie (same-origin sockets only), if valid."""
    try:
        return await session_of(ws)
    except StorageBusy:
        raise busy() from None


def _check_room(table: Table, seat: int | None, most: int) -> None:
    """Refuse one more connection to a seat open in as many places as it may be (``most``)."""
    if seat is not None and table.watchers(seat) >= most:
        raise Refusal("limit", t("This seat is open in {count} places already; close one of them first.", count=most))


def _welcome(table: Table, seat: int | None) -> dict[str, Any]:
    chat = seat is not None and table.chat_enabled
    team = ([table.labels[s] for s, t in enumerate(table.team_of) if t == table.team_of[seat]]
            if chat else None)
    return {
        "type": "welcome", "id": table.id, "game": table.game.id, "title": table.game.title,
        "you": None if seat is None else table.labels[seat], "seats": list(table.labels),
        "options": table.stored.options, "chat": chat, "team": team,
        "humans": [table.labels[s.seat] for s in table.stored.seats if s.kind == HUMAN],
        "hints": hints.allowed(table.stored),
    }


async def _handle(conn: Connection, hall: Hall, table: Table,
                  message: Hello | Act | Chat | Undo | Hint | Resign | Back | Rematch | Fill) -> None:
    if isinstance(message, Hello):
        raise BadRequest("already greeted: hello is only the first message")
    if conn.seat is None and not isinstance(message, Chat):
        raise Refusal("spectator", t("Spectators watch; they cannot act."))
    if isinstance(message, Back):
        await table.away.come_back(conn.seat)
        return
    if isinstance(message, Fill):
        await hall.founder.fill(table, message.seat, message.bot)
        return
    if isinstance(message, Rematch):
        await social.check_not_banned(hall.social, social.account_of(table, conn.seat, conn.user_id))
        again, seat, token = await table.rematch.join(conn.seat, conn.name, conn.user_id, conn.client)
        conn.send({"type": "rematch", "game": again.id, "seat": again.labels[seat],
                   "url": f"/game/{again.id}#seat={again.labels[seat]}&token={token}"})
        return
    if isinstance(message, Act):
        await table.moves.act(conn.seat, message.seq, message.action)
        return
    if isinstance(message, Hint):
        hints.admit(table, conn.seat, message.seq, hall.rates)
        hall.chore(_hint(conn, hall, table, message.seq))
        return
    if isinstance(message, Undo):
        await table.moves.take_back(conn.seat, message.seq)
        return
    if isinstance(message, Resign):
        await table.away.resign(conn.seat)
        return
    text = clean_text(message.text)
    if not text:
        raise BadRequest("field 'text': the message is empty")
    await social.check_not_muted(hall.social, social.account_of(table, conn.seat, conn.user_id))
    # a seat's messages count against the seat, a spectator's against its address: reconnecting starts no new count
    if not hall.rates.hit("chat", f"{table.id}/{conn.client if conn.seat is None else conn.seat}"):
        raise Refusal("limit", t("Too many chat messages; wait a little before the next one."))
    channel = message.channel or ("team" if table.chat_enabled else "table")
    await table.chat.say(conn.seat, text, channel, conn.name)


async def _hint(conn: Connection, hall: Hall, table: Table, seq: int) -> None:
    """Answer a hint taken for ``conn``'s seat, beside the connection's other messages (the bot
    may think a while, and the player may act meanwhile): to this connection only."""
    try:
        conn.send(await hints.answer(table, conn.seat, seq, conn.lang, hall.store, hall.bots,
                                     hall.limits.hint_budget))
    except Refusal as exc:
        conn.error(exc.code, exc.message)
    except Exception:  # a bug, not bad input: tell the operator
        log.exception("game %s: a hint failed", table.id)
        conn.error("internal", t("The server failed on this message; nothing was changed."))
