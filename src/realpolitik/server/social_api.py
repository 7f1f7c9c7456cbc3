"""The HTTP routes of friends, blocks, private messages, invitations and reports (issue 59).

Every route needs a signed-in account (and, as every state-changing request with a session,
its CSRF token) but the header's count of what is new, which tells a guest it has nothing;
bodies are JSON, checked by the models below. Accounts are named as on their
player pages. What each answers: docs/web/players.md; limits: docs/security.md.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import StringConstraints
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from realpolitik.i18n import t

from . import accounts, social
from .api import _body, _hall, _json_body, guarded
from .protocol import MAX_BODY, SentName, Strict, clean_text, parse
from .store import User
from .table import Refusal
from .tokens import GAME_ID, TOKEN

#: a private message's length, in characters, and a report's reason's
MAX_LETTER, MIN_REASON, MAX_REASON = 1000, 3, 500
#: messages on a page of a conversation, conversations in the inbox
PAGE, CONVERSATIONS = 50, 100
NUMBER = re.compile(r"^[0-9]{1,12}$")


class Named(Strict):
    """``POST /api/social/friends`` and ``/blocks``: the account to ask, or to block."""

    name: SentName


class Letter(Strict):
    """``POST /api/social/messages``: a private message to an account."""

    to: SentName
    text: Annotated[str, StringConstraints(max_length=4 * MAX_LETTER)]


class Invite(Strict):
    """``POST /api/social/invites``: send a friend the link of a free seat of a game (its token
    shows the sender holds the invitation)."""

    friend: SentName
    game: Annotated[str, StringConstraints(max_length=16)]
    seat: Annotated[str, StringConstraints(max_length=20)]
    token: Annotated[str, StringConstraints(max_length=64)]


class Report(Strict):
    """``POST /api/social/reports``: report a player to the operators, saying why."""

    name: SentName
    reason: Annotated[str, StringConstraints(max_length=4 * MAX_REASON)]
    game: Annotated[str, StringConstraints(max_length=16)] | None = None


async def _other(request: Request, me: User, name: str) -> User:
    """The account called ``name``; refused when there is none, or when it is the asker's own."""
    store = _hall(request).store
    other = await store.in_thread(store.user_named, accounts.name_key(name))
    if other is None:
        raise Refusal("no-player", t("There is no such player."))
    if other.id == me.id:
        raise Refusal("bad-request", t("That is your own account."))
    return other


def _hit(request: Request, limit: str, me: User) -> None:
    if not _hall(request).rates.hit(limit, str(me.id)):
        raise Refusal("limit", t("You have sent too many of these lately; wait a while before the next."))


def _changing(request: Request, me: User) -> None:
    """Count a change of the account's friends or blocked accounts; refused past ``list_changes``."""
    if not _hall(request).rates.hit("list_changes", str(me.id)):
        raise Refusal("limit", t("You have changed your friends and blocked accounts too often lately; wait a while "
                                 "before the next change."))


async def _lists(request: Request, me: User, status: int = 200) -> Response:
    hall = _hall(request)
    listed = await hall.store.in_thread(hall.social.listed, me.id)
    sanction = await hall.store.in_thread(hall.social.sanction, me.id)
    warnings = await hall.store.in_thread(hall.social.warnings, me.id)
    return JSONResponse({**listed, "warnings": warnings, "muted": sanction.muted, "banned": sanction.banned},
                        status_code=status, headers=accounts.NO_STORE)


@guarded
async def overview(request: Request) -> Response:
    """GET /api/social — the account's friends and blocked accounts, the operators' warnings to
    it and whether it is muted or banned."""
    session = await accounts.signed_in(request)
    return await _lists(request, session.user)


async def _room(request: Request, me: User, kind: str) -> None:
    """Refuse a new entry of a list that is full: ``friends`` (with the requests the account made
    and that wait for an answer) or ``blocks``."""
    hall = _hall(request)
    listed = await hall.store.in_thread(hall.social.listed, me.id)
    held = len(listed["friends"]) + len(listed["outgoing"]) if kind == "friends" else len(listed["blocked"])
    most = getattr(hall.limits, kind)
    if held >= most:
        raise Refusal("limit", t("Your list holds {count} accounts, the most it may; remove one first.", count=most))


@guarded
async def ask(request: Request) -> Response:
    """POST /api/social/friends — ask an account to be friends; when it had asked the asker, this
    accepts: both are friends now. The account asked sees the request in its lists."""
    session = await accounts.signed_in(request)
    _json_body(request)
    other = await _other(request, session.user, parse(await _body(request), Named, MAX_BODY).name)
    hall = _hall(request)
    if await hall.store.in_thread(hall.social.blocked_by, session.user.id, [other.id]):
        raise Refusal("blocking", t("You block {name}; unblock them first.", name=other.name))
    _changing(request, session.user)
    await _room(request, session.user, "friends")
    await hall.store.in_thread(hall.social.ask, session.user.id, other.id)
    return await _lists(request, session.user, 201)


@guarded
async def block(request: Request) -> Response:
    """POST /api/social/blocks — block an account (nobody is told); ends a friendship with it."""
    session = await accounts.signed_in(request)
    _json_body(request)
    other = await _other(request, session.user, parse(await _body(request), Named, MAX_BODY).name)
    _changing(request, session.user)
    await _room(request, session.user, "blocks")
    hall = _hall(request)
    await hall.store.in_thread(hall.social.block, session.user.id, other.id)
    return await _lists(request, session.user, 201)


def _remover(kind: str):
    @guarded
    async def remove(request: Request) -> Response:
        """DELETE /api/social/{friends,requests,blocks}/{name} — end a friendship (both sides), withdraw
        or decline a friend request, lift a block."""
        session = await accounts.signed_in(request)
        other = await _other(request, session.user, request.path_params["name"])
        _changing(request, session.user)
        hall = _hall(request)
        method = {"friends": hall.social.unfriend, "requests": hall.social.drop_request,
                  "blocks": hall.social.unblock}[kind]
        await hall.store.in_thread(method, session.user.id, other.id)
        return await _lists(request, session.user)
    remove.__name__ = f"remove_{kind}"
    return remove


@guarded
async def unread(request: Request) -> Response:
    """GET /api/social/unread — the header's badge: how many messages the account has not read and
    how many friend requests wait for its answer (a guest: none, so every page may ask)."""
    session = await accounts.session_of(request)
    if session is None:
        return JSONResponse({"messages": 0, "requests": 0}, headers=accounts.NO_STORE)
    hall = _hall(request)
    return JSONResponse(await hall.store.in_thread(hall.social.unread, session.user.id), headers=accounts.NO_STORE)


@guarded
async def inbox(request: Request) -> Response:
    """GET /api/social/messages — the account's conversations, the latest first."""
    session = await accounts.signed_in(request)
    hall = _hall(request)
    found = await hall.store.in_thread(hall.social.inbox, session.user.id, CONVERSATIONS)
    return JSONResponse({"conversations": found}, headers=accounts.NO_STORE)


@guarded
async def conversation(request: Request) -> Response:
    """GET /api/social/messages/{name}?before=N — a page of the messages with an account, oldest
    first: the newest ``PAGE`` numbered below ``before`` (all: the newest); ``more`` says whether
    older ones remain."""
    session = await accounts.signed_in(request)
    other = await _other(request, session.user, request.path_params["name"])
    before = request.query_params.get("before")
    if before is not None and not NUMBER.match(before):
        raise Refusal("bad-request", t("before is the number of a message (digits 0-9)."))
    hall = _hall(request)
    page = await hall.store.in_thread(hall.social.conversation, session.user.id, other.id,
                                      None if before is None else int(before), PAGE + 1)
    return JSONResponse({"with": other.name, "messages": page[-PAGE:], "more": len(page) > PAGE},
                        headers=accounts.NO_STORE)


async def _may_write(request: Request, me: User, other: User) -> None:
    """Refuse a message of a muted account, to an account the writer blocks, or to one that takes
    none from the writer (:meth:`.social_store.SocialStore.may_write`); count it."""
    hall = _hall(request)
    await social.check_not_muted(hall.social, me.id)
    if await hall.store.in_thread(hall.social.blocked_by, me.id, [other.id]):
        raise Refusal("blocking", t("You block {name}; unblock them to write to them.", name=other.name))
    if not await hall.store.in_thread(hall.social.may_write, me.id, other.id):
        raise Refusal("stranger", t("{name} takes messages only from friends and from players they have played "
                                    "with.", name=other.name))
    _hit(request, "private_messages", me)


@guarded
async def send(request: Request) -> Response:
    """POST /api/social/messages — send a private message; the answer is the message as its
    writer reads it."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), Letter, MAX_BODY)
    other = await _other(request, session.user, body.to)
    text = clean_text(body.text)
    if not 1 <= len(text) <= MAX_LETTER:
        raise Refusal("bad-request", t("A message has 1 to {count} visible characters.", count=MAX_LETTER))
    await _may_write(request, session.user, other)
    hall = _hall(request)
    return JSONResponse(await hall.store.in_thread(hall.social.send, session.user.id, other.id, text), status_code=201,
                        headers=accounts.NO_STORE)


@guarded
async def invite(request: Request) -> Response:
    """POST /api/social/invites — give a friend a free seat of a game: a private message that
    carries the seat's link (as the game's creator got it)."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), Invite, MAX_BODY)
    other = await _other(request, session.user, body.friend)
    hall = _hall(request)
    if not await hall.store.in_thread(hall.social.is_friend, session.user.id, other.id):
        raise Refusal("not-friend", t("{name} is not among your friends; add them first.", name=other.name))
    table = await hall.roster.table(body.game) if GAME_ID.match(body.game) else None
    seat = table.seat_of(body.seat.strip().lower()) if table is not None else None
    if seat is None or not TOKEN.match(body.token) or table.admission.authenticate(body.token) != seat:
        raise Refusal("bad-token", t("This seat link is not valid for this game. Ask for a new invitation, "
                                     "or watch as a spectator."))
    if table.stored.seats[seat].joined:
        raise Refusal("taken", t("Seat {seat} is already taken.", seat=table.labels[seat]))
    await _may_write(request, session.user, other)
    link = f"/game/{table.id}#seat={table.labels[seat]}&token={body.token}"
    sent = await hall.store.in_thread(hall.social.send, session.user.id, other.id, table.game.title, link)
    return JSONResponse(sent, status_code=201, headers=accounts.NO_STORE)


@guarded
async def report(request: Request) -> Response:
    """POST /api/social/reports — report a player to the operators with a reason (and the game
    it is about); they see it in ``realpolitik admin reports``."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), Report, MAX_BODY)
    other = await _other(request, session.user, body.name)
    reason = clean_text(body.reason)
    if not MIN_REASON <= len(reason) <= MAX_REASON:
        raise Refusal("bad-request", t("Say why in {low} to {high} characters.", low=MIN_REASON, high=MAX_REASON))
    game = (body.game or "").strip().lower() or None
    if game is not None and not GAME_ID.match(game):
        raise Refusal("no-game", t("There is no such game."))
    _hit(request, "reports", session.user)
    hall = _hall(request)
    await hall.store.in_thread(hall.social.report, session.user.id, other.id, reason, game)
    return JSONResponse({"reported": other.name}, status_code=201, headers=accounts.NO_STORE)


def routes() -> list[Route]:
    """The routes above, for :func:`.app.create_app`."""
    return [
        Route("/api/social", overview, methods=["GET"]),
        Route("/api/social/unread", unread, methods=["GET"]),
        Route("/api/social/friends", ask, methods=["POST"]),
        Route("/api/social/friends/{name:path}", _remover("friends"), methods=["DELETE"]),
        Route("/api/social/requests/{name:path}", _remover("requests"), methods=["DELETE"]),
        Route("/api/social/blocks", block, methods=["POST"]),
        Route("/api/social/blocks/{name:path}", _remover("blocks"), methods=["DELETE"]),
        Route("/api/social/messages", inbox, methods=["GET"]),
        Route("/api/social/messages", send, methods=["POST"]),
        Route("/api/social/messages/{name:path}", conversation, methods=["GET"]),
        Route("/api/social/invites", invite, methods=["POST"]),
        Route("/api/social/reports", report, methods=["POST"]),
    ]

