"""The routes of long games (issue "playing together for weeks"): an account's vacation and
a seat's private notes. Registered by :mod:`.app`; every route is described in
docs/web/players.md, and what each guards in docs/security.md.

- ``GET /api/account/vacation`` — the signed-in account's bank and vacations;
- ``POST /api/account/vacation`` — ``{"from": "2026-12-24", "to": "2026-12-27"}`` (UTC days,
  both included) or ``{"days": 3}`` from now: take a vacation;
- ``POST /api/account/vacation/end`` — ``{"id": 7}``: end it now (one not begun: cancel it);
- ``POST /api/games/{id}/notes`` — ``{"seat": "p1", "token": …, "text": …, "shown": …}``: read
  the seat's notes (no ``text``/``shown``) or change them; with the seat's token or signed in
  to the account it is bound to;
- ``GET /api/games/{id}/notes`` — a finished game's notes its writers show.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Annotated

from pydantic import Field, StringConstraints
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from realpolitik.i18n import t

from . import accounts, notes, vacation
from .api import _body, _hall, _json_body, _table, guarded
from .protocol import MAX_BODY, BadRequest, Short, Strict, parse
from .store import now
from .table import Refusal, Table
from .tokens import TOKEN

DAY_TEXT = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


class TakeVacation(Strict):
    """``POST /api/account/vacation``: from one UTC day to another (both included), or some days from now."""

    model_config = Strict.model_config | {"populate_by_name": True}

    first: Annotated[str, StringConstraints(max_length=10)] | None = Field(default=None, alias="from")
    to: Annotated[str, StringConstraints(max_length=10)] | None = None
    days: int | None = Field(default=None, ge=1, le=366)


class EndVacation(Strict):
    """``POST /api/account/vacation/end``: the vacation to end now (or cancel)."""

    id: int = Field(ge=1, le=2**31 - 1)


class Notes(Strict):
    """``POST /api/games/{id}/notes``: the seat, its token (or the session's account), what to change."""

    seat: Short
    token: Annotated[str, StringConstraints(max_length=64)] | None = None
    text: Annotated[str, StringConstraints(max_length=notes.MAX_NOTES)] | None = None
    shown: bool | None = None


# ---------------------------------------------------------------------- vacation


def _day(text: str, what: str) -> date:
    if not DAY_TEXT.match(text):
        raise BadRequest(f"field {what!r}: a day is written YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise BadRequest(f"field {what!r}: {text!r} is not a day of the calendar") from None


async def _bank(request: Request, user_id: int) -> JSONResponse:
    hall = _hall(request)
    moment = now()
    taken = await hall.store.in_thread(vacation.of_account, hall.store, user_id, moment.replace(
        month=1, day=1, hour=0, minute=0, second=0, microsecond=0))
    return JSONResponse(vacation.bank(taken, hall.settings.vacation_days, moment), headers=accounts.NO_STORE)


@guarded
async def show_vacation(request: Request) -> Response:
    """GET /api/account/vacation — the account's vacation days this year and its vacations."""
    session = await accounts.signed_in(request)
    return await _bank(request, session.user.id)


@guarded
async def take_vacation(request: Request) -> Response:
    """POST /api/account/vacation — take a vacation ahead, or from now for some days."""
    _json_body(request)
    body = parse(await _body(request), TakeVacation, MAX_BODY)
    session = await accounts.signed_in(request)
    hall = _hall(request)
    allowance = hall.settings.vacation_days
    if allowance <= 0:
        raise Refusal("vacation-off", t("This server gives no vacation days."))
    moment = now()
    if body.days is not None and body.first is None and body.to is None:
        starts, ends = moment, moment + timedelta(days=body.days)
    elif body.days is None and body.first is not None and body.to is not None:
        first, last = _day(body.first, "from"), _day(body.to, "to")
        if last < first:
            raise BadRequest("field 'to': the last day comes before the first")
        if first < moment.date():
            raise Refusal("bad-request", t("A vacation cannot begin in the past."))
        starts, ends = vacation.span(first, last, moment)
    else:
        raise BadRequest("send either 'days' (from now) or both 'from' and 'to'")
    if ends - moment > vacation.AHEAD:
        raise Refusal("bad-request", t("A vacation can be planned up to {days} days ahead.",
                                       days=vacation.AHEAD.days))
    if not hall.rates.hit("vacations", str(session.user.id)):
        raise Refusal("limit", t("Too many changes of your vacation; wait a while."))
    try:
        await hall.store.in_thread(vacation.take, hall.store, session.user.id, starts, ends, allowance)
    except vacation.Refused as exc:
        raise Refusal(exc.code, exc.message) from None
    await _changed(request, session.user.id)
    return await _bank(request, session.user.id)


@guarded
async def end_vacation(request: Request) -> Response:
    """POST /api/account/vacation/end — end a vacation now, or cancel one not begun."""
    _json_body(request)
    body = parse(await _body(request), EndVacation, MAX_BODY)
    session = await accounts.signed_in(request)
    hall = _hall(request)
    if not hall.rates.hit("vacations", str(session.user.id)):
        raise Refusal("limit", t("Too many changes of your vacation; wait a while."))
    if not await hall.store.in_thread(vacation.end, hall.store, session.user.id, body.id, now()):
        raise Refusal("no-vacation", t("You have no such vacation going on or ahead."))
    await _changed(request, session.user.id)
    return await _bank(request, session.user.id)


async def _changed(request: Request, user_id: int) -> None:
    """The account's clocks follow its vacations here and in the other processes."""
    hall = _hall(request)
    await vacation.changed(hall.roster.tables.values(), user_id)
    hall.chore(hall.others.publish("vacation", "", user=user_id))


# ---------------------------------------------------------------------- notes


def not_yours(label: str) -> Refusal:
    """The one refusal of someone who may not read a seat's notes (it never says whether there are any)."""
    return Refusal("not-yours", t("Only the player of seat {seat} reads and writes its notes.", seat=label))


async def _holder(request: Request, table: Table, label: str, token: str | None) -> int:
    """The seat whose notes the request may read: its token's, or bound to the session's account."""
    seat = table.seat_of(label)
    if seat is None:
        raise BadRequest(f"seat {label[:20]!r} is not in this game (seats: {', '.join(table.labels)})")
    if token is not None:
        if TOKEN.match(token) and table.admission.authenticate(token) == seat:
            return seat
        raise not_yours(label)
    session = await accounts.session_of(request)
    if session is not None and table.stored.seats[seat].user_id == session.user.id:
        return seat
    raise not_yours(label)


@guarded
async def seat_notes(request: Request) -> Response:
    """POST /api/games/{id}/notes — read or change a seat's private notes."""
    body = parse(await _body(request), Notes, MAX_BODY)
    table = await _table(request)
    label = body.seat.strip().lower()
    seat = await _holder(request, table, label, body.token)
    hall = _hall(request)
    if body.text is None and body.shown is None:
        found = await hall.store.in_thread(notes.read, hall.store, table.id, seat)
    else:
        if body.text is not None and table.status == "finished":
            raise Refusal("over", t("The game is over; its notes are kept as they were."))
        if not hall.rates.hit("notes", f"{table.id}/{seat}"):
            raise Refusal("limit", t("Too many changes of your notes; wait a little."))
        text = None if body.text is None else notes.cleaned(body.text)
        found = await hall.store.in_thread(notes.write, hall.store, table.id, seat, text, body.shown)
    return JSONResponse({"seat": label, **found}, headers=accounts.NO_STORE)


@guarded
async def shown_notes(request: Request) -> Response:
    """GET /api/games/{id}/notes — the notes a finished game's players show with its replay."""
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("Notes are shown with the replay, once the game is over."))
    hall = _hall(request)
    found = await hall.store.in_thread(notes.shown, hall.store, table.id)
    return JSONResponse({"notes": [{"seat": table.labels[seat], "text": text} for seat, text in found
                                   if seat < len(table.labels)]})


routes = [
    Route("/api/account/vacation", show_vacation, methods=["GET"]),
    Route("/api/account/vacation", take_vacation, methods=["POST"]),
    Route("/api/account/vacation/end", end_vacation, methods=["POST"]),
    Route("/api/games/{game_id}/notes", seat_notes, methods=["POST"]),
    Route("/api/games/{game_id}/notes", shown_notes, methods=["GET"]),
]
