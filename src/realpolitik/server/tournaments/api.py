"""The HTTP routes of tournaments (issue 59): create, list, show, sign up, withdraw.

Reading is open to everyone; creating, signing up and withdrawing need a signed-in
account (and, as every state-changing request with a session, its CSRF token). What
each answers: docs/web/tournaments.md; limits: docs/security.md.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import Field, StringConstraints
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from realpolitik.engine import Game
from realpolitik.i18n import LANGUAGES, render, t

from .. import accounts, social
from ..api import _body, _hall, _json_body, guarded
from ..clock import Clock, ClockChoice
from ..protocol import MAX_BODY, Short, Strict, clean_text, parse
from ..protocol import language as language_of
from ..store import now
from ..table import Refusal, seat_titles
from .runner import KINDS, Tournaments
from .store import Tournament

NUMBER = re.compile(r"^[0-9]{1,9}$")
#: a name's length; Swiss rounds; time-outs a tournament may allow; how far ahead a sign-up may close
MIN_NAME, MAX_NAME, MAX_ROUNDS, MAX_TIMEOUTS, MAX_DAYS = 3, 80, 20, 10, 60
#: tournaments a listing shows
LISTED = 100


class NewTournament(Strict):
    """``POST /api/tournaments``: name, game, kind, seats per game, Swiss rounds, when the
    sign-up closes (an ISO 8601 time) and/or at how many players, clock (one is needed; left
    out, it is refused in words), time-outs allowed."""

    name: Annotated[str, StringConstraints(max_length=4 * MAX_NAME)]
    game: Short
    kind: Short
    seats: int = Field(ge=2, le=12)
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    closes: Annotated[str, StringConstraints(max_length=40)] | None = None
    capacity: int | None = Field(default=None, ge=2, le=10_000)
    clock: ClockChoice | None = None
    timeouts: int = Field(default=1, ge=0, le=MAX_TIMEOUTS)


def _tournaments(request: Request) -> Tournaments:
    return _hall(request).tournaments


def _closing(text: str | None) -> datetime | None:
    """When the sign-up closes: an ISO 8601 time with its zone, in the future, within ``MAX_DAYS``."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise Refusal("bad-request", t("Give the closing time as a date and time with its time zone."))
    if not now() < moment <= now() + timedelta(days=MAX_DAYS):
        raise Refusal("bad-request", t("The sign-up must close in the future, within {days} days.", days=MAX_DAYS))
    return moment


async def _checked(request: Request, body: NewTournament, user_id: int) -> dict[str, Any]:
    """The new tournament's stored values; refused in words when something does not fit."""
    hall = _hall(request)
    limits = hall.limits
    name = clean_text(body.name)
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise Refusal("bad-request", t("Give the tournament a name of {low} to {high} characters.",
                                       low=MIN_NAME, high=MAX_NAME))
    game = hall.games.get(body.game)
    if game is None:
        raise Refusal("bad-game", t("unknown game {game} (known: {known})", game=repr(body.game),
                                    known=", ".join(hall.games)))
    if body.kind not in KINDS:
        raise Refusal("bad-request", t("A tournament is a round robin or Swiss."))
    if not game.min_players <= body.seats <= game.max_players:
        raise Refusal("bad-request", t("{game} takes {minimum}–{maximum} players, not {players}", game=game.title,
                                       minimum=game.min_players, maximum=game.max_players, players=body.seats))
    if (body.kind == "swiss") != (body.rounds is not None):
        raise Refusal("bad-request", t("A Swiss tournament needs its number of rounds; a round robin has none."))
    closes = _closing(body.closes)
    if closes is None and body.capacity is None:
        raise Refusal("bad-request", t("Say when the sign-up closes: a time, a number of players, or both."))
    if body.capacity is not None and not body.seats <= body.capacity <= limits.tournament_players:
        raise Refusal("bad-request", t("A tournament takes {low} to {high} players.", low=body.seats,
                                       high=limits.tournament_players))
    clock = None if body.clock is None else Clock.chosen(body.clock)
    if clock is None:  # without one, a player who stays away would hold up a round for ever
        raise Refusal("bad-request", t("A tournament needs a time control, so that nobody can hold up a round."))
    await social.check_not_banned(hall.social, user_id)
    store = hall.tournaments.store
    active = 0
    for status in ("signup", "running"):
        active += len(await hall.store.in_thread(store.with_status, status))
    if active >= limits.tournaments:
        raise Refusal("limit", t("The server has {count} tournaments under way, its limit; try again later.",
                                 count=active))
    if await hall.store.in_thread(store.active_of, user_id) >= limits.tournaments_per_account:
        raise Refusal("limit", t("You have {count} tournaments under way already, the most one account may have.",
                                 count=limits.tournaments_per_account))
    return {"name": name, "game": game.id, "kind": body.kind, "seats": body.seats, "rounds": body.rounds,
            "clock": clock.to_json(), "timeouts": body.timeouts, "closes": closes,
            "capacity": body.capacity, "creator_id": user_id}


def _number(request: Request) -> int:
    text = request.path_params["number"]
    if not NUMBER.match(text):
        raise Refusal("no-tournament", t("There is no such tournament."))
    return int(text)


def _summary(games: dict[str, Game], found: Tournament, players: int) -> dict[str, Any]:
    game = games.get(found.game)
    clock = Clock.stored(found.clock)
    return {"id": found.id, "name": found.name, "game": found.game, "title": game.title if game else found.game,
            "kind": found.kind, "seats": found.seats, "rounds": found.rounds, "round": found.round,
            "status": found.status, "players": players, "capacity": found.capacity,
            "closes": found.closes and found.closes.isoformat(), "timeouts": found.timeouts,
            "clock": None if clock is None else {lang: render(clock.words(), lang) for lang in LANGUAGES},
            "created": found.created.isoformat()}


@guarded
async def listing(request: Request) -> Response:
    """GET /api/tournaments — the newest tournaments, each with its number of players."""
    hall = _hall(request)
    found = await hall.store.in_thread(_tournaments(request).store.listing, LISTED)
    return JSONResponse({"tournaments": [_summary(hall.games, one, count) for one, count in found]})


@guarded
async def create(request: Request) -> Response:
    """POST /api/tournaments — a new tournament, taking sign-ups; its creator is not signed up."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), NewTournament, MAX_BODY)
    values = await _checked(request, body, session.user.id)
    hall = _hall(request)
    number = await hall.store.in_thread(_tournaments(request).store.create, values)
    return JSONResponse({"id": number, "url": f"/tournaments#{number}"}, status_code=201,
                        headers=accounts.NO_STORE)


@guarded
async def show(request: Request) -> Response:
    """GET /api/tournaments/{number} — the tournament, its players, rounds and standings."""
    hall, runner = _hall(request), _tournaments(request)
    found = await runner.get(_number(request))
    players = await hall.store.in_thread(runner.store.players, found.id)
    boards = await hall.store.in_thread(runner.store.boards, found.id)
    names = {p["user_id"]: p["name"] for p in players}
    withdrawn = {p["user_id"]: p["withdrawn"] for p in players}
    gone = render(t("(an account no longer there)"), language_of(request))  # its entry deleted from the database
    game = hall.games.get(found.game)
    rounds: dict[int, dict[str, Any]] = {}
    for board in boards:
        entry = rounds.setdefault(board.round, {"round": board.round, "games": [], "rests": []})
        if board.rest:
            entry["rests"].append(names.get(board.players[0], gone))
        else:
            entry["games"].append({"board": board.board + 1, "game": board.game_id, "status": board.status,
                                   "players": [names.get(u, gone) for u in board.players]})
    table = runner.standings(found, players, boards) if game is not None and found.status != "signup" else []
    answer = _summary(hall.games, found, len(players))
    answer.update(
        total_rounds=runner.total_rounds(found, len(players)) if found.status in ("running", "finished") else None,
        seat_titles=list(seat_titles(game, found.seats)) if game is not None else [],
        entrants=[{"name": p["name"], "withdrawn": p["withdrawn"]} for p in players],
        schedule=list(rounds.values()),
        standings=[{"place": i + 1, "name": names.get(s.player, gone), "points": round(s.points, 3),
                    "tiebreak": round(s.tiebreak, 3), "games": s.games, "wins": s.wins, "rests": s.rests,
                    "withdrawn": withdrawn.get(s.player, "removed")} for i, s in enumerate(table)],
    )
    return JSONResponse(answer)


@guarded
async def sign_up(request: Request) -> Response:
    """POST /api/tournaments/{number}/signup — sign the account up."""
    session = await accounts.signed_in(request)
    _json_body(request)
    number = _number(request)
    await social.check_not_banned(_hall(request).social, session.user.id)
    await _tournaments(request).sign_up(number, session.user.id)
    return JSONResponse({"signed_up": number}, status_code=201, headers=accounts.NO_STORE)


@guarded
async def withdraw(request: Request) -> Response:
    """POST /api/tournaments/{number}/withdraw — take the account out (no more games)."""
    session = await accounts.signed_in(request)
    _json_body(request)
    number = _number(request)
    await _tournaments(request).withdraw(number, session.user.id)
    return JSONResponse({"withdrawn": number}, headers=accounts.NO_STORE)


def routes() -> list[Route]:
    """The routes above, for :func:`..app.create_app`."""
    return [
        Route("/api/tournaments", listing, methods=["GET"]),
        Route("/api/tournaments", create, methods=["POST"]),
        Route("/api/tournaments/{number}", show, methods=["GET"]),
        Route("/api/tournaments/{number}/signup", sign_up, methods=["POST"]),
        Route("/api/tournaments/{number}/withdraw", withdraw, methods=["POST"]),
    ]
