"""The lobby's HTTP API (JSON), under ``/api``. See docs/web.md for every route.

Errors are ``{"error": sentence, "code": word}`` with a 4xx status. Nothing here shows
a seat's hidden data: games are described by their public facts, records and replays
exist only for finished games (a record holds the seed, which would reveal every card).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from realpolitik.bots import bot_kinds
from realpolitik.bots.levels import measured
from realpolitik.engine import Game, Record
from realpolitik.i18n import LANGUAGES, Written, places, render, t
from realpolitik.i18n import catalog as catalog_of
from realpolitik.web import ROOT as WEB

from . import accounts, lessons, pages, reliability, social, statistics
from .clock import Clock
from .hall import Hall
from .protocol import (
    MAX_BODY,
    BadRequest,
    Claim,
    CreateGame,
    Credentials,
    GuestSeats,
    Learn,
    PasswordChange,
    clean_name,
    clean_text,
    parse,
    person_name,
)
from .protocol import (
    Settings as AccountSettings,
)
from .protocol import language as language_of
from .quota import Attempt
from .store import StorageBusy, User
from .table import Refusal, Table, busy, seat_titles
from .tokens import GAME_ID, TOKEN, hash_token

log = logging.getLogger("realpolitik.server")

CONTENT_NAME = re.compile(r"^[a-z0-9_-]{1,40}$")
PLY = re.compile(r"^[0-9]{1,9}$")
STATUS = {"bad-game": 400, "bad-seat": 400, "bad-option": 400, "bad-request": 400, "taken": 409,
          "invite-only": 403, "not-finished": 403, "no-game": 404, "no-content": 404, "no-language": 404, "limit": 429,
          "busy": 503, "damaged": 500, "internal": 500, "timeout": 408, "bad-name": 400, "bad-password": 400,
          "name-taken": 409, "bad-login": 401, "signed-out": 401, "csrf": 403, "no-player": 404,
          "bad-address": 400, "no-lesson": 404, "banned": 403, "muted": 403, "not-friend": 403, "blocking": 403,
          "reviewing": 409, "no-tournament": 404, "closed": 409, "not-playing": 409,
          "vacation-overlap": 409, "vacation-bank": 409, "no-vacation": 404,
          "vacation-off": 403, "not-yours": 403, "over": 409, "unreliable": 403, "stranger": 403}

#: a bot level's name in players' words
LEVEL_WORDS = {"easy": t("easy"), "normal": t("normal"), "hard": t("hard")}


def error(code: str, message: str) -> JSONResponse:
    headers = {"retry-after": "5"} if code == "busy" else None
    return JSONResponse({"error": message, "code": code}, status_code=STATUS.get(code, 400), headers=headers)


def client(request: Request) -> str:
    """The client's address, for the per-client limits."""
    return request.client.host if request.client else ""


def _hall(request: Request) -> Hall:
    return request.app.state.hall


async def _body(request: Request) -> bytes:
    """The request body, refused past ``MAX_BODY`` bytes without reading further."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise BadRequest(f"payload too large: at most {MAX_BODY} bytes")
    chunks, size = [], 0
    try:
        async with asyncio.timeout(_hall(request).limits.body_seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise BadRequest(f"payload too large: at most {MAX_BODY} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise Refusal("timeout", t("The request body did not arrive in time.")) from None
    return b"".join(chunks)


async def _table(request: Request) -> Table:
    table = await _hall(request).roster.table(request.path_params["game_id"])
    if table is None:
        raise Refusal("no-game", t("There is no such game."))
    return table


def guarded(handler):
    """Turn refusals, malformed payloads and a busy database into JSON errors; a client that
    went away mid-request gets nothing and costs no log line."""
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest as exc:
            return error("bad-request", str(exc))
        except Refusal as exc:
            return error(exc.code, render(exc.message, language_of(request)))
        except StorageBusy:
            refusal = busy()
            return error(refusal.code, render(refusal.message, language_of(request)))
        except ClientDisconnect:
            return Response(status_code=400)
        except Exception:  # a bug, not bad input: answer in JSON, tell the operator
            log.exception("%s %s failed", request.method, request.url.path)
            return error("internal", render(t("The server failed on this request."), language_of(request)))
    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


# ---------------------------------------------------------------------- catalog


def catalog_entry(game: Game, lang: str = "en") -> dict[str, Any]:
    """What the lobby needs to offer a game, in ``lang``: what it is, players, seats, bots,
    options in players' words, teams, board. File options are left out: online, the server
    never opens a file a client names."""
    counts = range(game.min_players, game.max_players + 1)

    def words(text: Any) -> str:
        return "" if text is None else render(text, lang)

    def seats(n: int) -> list[dict[str, Any]]:
        teams, team_titles = game.teams(n), game.team_titles(n)
        return [{"label": label, "title": words(title),
                 "team": words(team_titles[teams[i]]) if teams and team_titles else None}
                for i, (label, title) in enumerate(zip(game.seat_labels(n), game.seat_titles(n), strict=True))]

    def offered(players: int | None) -> list[dict[str, Any]]:
        # each level says the count its ladder was played at: a count without levels of its own
        # is offered the game's, measured at another count
        ladder, found = measured(game.id, players) or (None, ())
        return [{"name": level.name, "label": words(LEVEL_WORDS[level.name]), "spec": level.spec,
                 "mu": level.mu, "sigma": level.sigma, "measured_at": ladder.players} for level in found]

    return {
        "id": game.id, "title": game.title, "summary": words(game.summary), "length": words(game.length),
        "min_players": game.min_players, "max_players": game.max_players,
        "default_players": game.default_players(), "bots": bot_kinds(game),
        "levels": offered(None),
        "levels_by_players": {str(n): offered(n) for n in counts},
        "options": [{"name": o.name, "label": words(o.label or o.name), "help": words(o.about or o.help),
                     "default": o.default, "choices": list(o.choices),
                     "choice_labels": [words(c) for c in o.choice_labels] or [str(c) for c in o.choices],
                     "values": words(o.values()), "minimum": o.minimum, "maximum": o.maximum}
                    for o in game.options if not o.local_file],
        "seats": {str(n): seats(n) for n in counts},
        "teams": {str(n): game.teams(n) for n in counts},
        "board": (WEB / "boards" / f"{game.id}.js").is_file(),
        "lesson": lessons.script(game) is not None,
    }


@guarded
async def catalog(request: Request) -> Response:
    """GET /api/catalog — the games this server offers, in the request's language."""
    lang = language_of(request)
    return JSONResponse([catalog_entry(g, lang) for g in _hall(request).games.values()],
                        headers={"vary": "accept-language, cookie"})


async def language(request: Request) -> Response:
    """GET /i18n/{lang}.json — the catalog of a language for the pages, ``{"messages": {English:
    translation, English singular: [forms]}, "places": {"plain", "named"}}`` (the place forms);
    kept a year when asked for with this version's ``v`` (:mod:`.pages`)."""
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return error("no-language", render(t("There is no such language."), language_of(request)))
    kept = pages.KEEP if request.query_params.get("v") == pages.build() else "max-age=300"
    return JSONResponse({"messages": catalog_of(lang), "places": places(lang).to_json()},
                        headers={"cache-control": kept})


@lru_cache(maxsize=64)
def _content(module: str, name: str) -> dict[str, Any] | None:
    path = Path(sys.modules[module].__file__).parent / "data" / f"{name}.toml"
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return tomllib.load(fh)


@guarded
async def content(request: Request) -> Response:
    """GET /api/content/{game}/{name} — a game's printed content file ``data/{name}.toml`` as JSON."""
    game = _hall(request).games.get(request.path_params["game"])
    name = request.path_params["name"]
    data = _content(type(game).__module__, name) if game is not None and CONTENT_NAME.match(name) else None
    if data is None:
        raise Refusal("no-content", t("There is no such content file."))
    return JSONResponse(data, headers={"cache-control": "max-age=3600"})


# ---------------------------------------------------------------------- games


@guarded
async def list_games(request: Request) -> Response:
    """GET /api/games — open, running and finished games (as the account signed in may see them)."""
    listing = await _hall(request).roster.listing()
    listing["open"] = await social.lobby_seen_by(_hall(request).social, await accounts.account_of(request),
                                                 listing["open"])
    return JSONResponse(listing)


@guarded
async def create_game(request: Request) -> Response:
    """POST /api/games — a new game; the answer holds an invite link per human seat."""
    body = parse(await _body(request), CreateGame, MAX_BODY)
    await social.check_not_banned(_hall(request).social, await accounts.account_of(request))
    table, tokens = await _hall(request).founder.create(
        body.game, [s.strip().lower() for s in body.seats], body.options, body.lobby_join, client(request),
        clock=body.clock and Clock.chosen(body.clock), stand_in=body.stand_in, rated=body.rated, hints=body.hints,
        terms=reliability.terms_of(body.terms))
    invites = [{"seat": table.labels[s], "url": f"/game/{table.id}#seat={table.labels[s]}&token={t}"}
               for s, t in tokens.items()]
    return JSONResponse({"id": table.id, "game": table.game.id, "invites": invites,
                         "watch": f"/game/{table.id}"}, status_code=201)


@guarded
async def learn(request: Request) -> Response:
    """POST /api/learn/{game} — a first game with a guide (a lesson) for the person asking; the
    answer's ``url`` is the game page with the learner's seat token, as an invitation's."""
    raw = await _body(request)
    body = parse(raw, Learn, MAX_BODY) if raw.strip() else Learn()
    await social.check_not_banned(_hall(request).social, await accounts.account_of(request))
    table, script, token = await _hall(request).founder.create_lesson(request.path_params["game"], client(request))
    label = table.labels[script.seat]
    return JSONResponse({"id": table.id, "game": table.game.id, "seat": label,
                         "title": render(Written(script.lesson.title), body.lang or language_of(request)),
                         "url": f"/game/{table.id}#seat={label}&token={token}"}, status_code=201)


@guarded
async def game_info(request: Request) -> Response:
    """GET /api/games/{id} — the public facts of one game (as the account signed in may see them)."""
    table, user_id = await _table(request), await accounts.account_of(request)
    yours = [table.labels[s.seat] for s in table.stored.seats if user_id is not None and s.user_id == user_id]
    facts = await social.seen_by(_hall(request).social, table, user_id, table.summary())
    return JSONResponse({**facts, "seats": list(table.labels), "options": table.stored.options, "yours": yours})


@guarded
async def claim(request: Request) -> Response:
    """POST /api/games/{id}/claim — take a free seat from the lobby; answers its link. A signed-in
    player sits under the account's name, and the seat is bound to the account."""
    body = parse(await _body(request), Claim, MAX_BODY)
    table = await _table(request)
    label = body.seat.strip().lower()
    session = await accounts.session_of(request)
    name, user_id = (session.user.name, session.user.id) if session else (clean_name(body.name), None)
    hall = _hall(request)
    await reliability.admit(table, user_id, True, hall.store, hall.limits.correspondence_games)
    token = await hall.founder.claim(table, label, name, client(request), user_id)
    return JSONResponse({"seat": label, "url": f"/game/{table.id}#seat={label}&token={token}"})


async def _published(request: Request, table: Table) -> Record:
    """A finished game's record as published: with its notes (the hints its players asked for)."""
    record = table.record()
    store = _hall(request).store
    record.notes = await store.in_thread(store.notes_of, table.id)
    return record


@guarded
async def record(request: Request) -> Response:
    """GET /api/games/{id}/record — the record of a finished game, as a download."""
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("The record is published when the game is over "
                                        "(it holds the seed, which would reveal every hidden card)."))
    return Response((await _published(request, table)).to_json() + "\n", media_type="application/json", headers={
        "content-disposition": f'attachment; filename="{table.game.id}-{table.id}.json"'})


@guarded
async def replay(request: Request) -> Response:
    """GET /api/games/{id}/replay?seat=p1&ply=12 — a finished game seen by a seat (or nobody) at a ply."""
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("Replays open when the game is over."))
    label = request.query_params.get("seat", "")
    seat = table.seat_of(label) if label else None
    if label and seat is None:
        raise BadRequest(f"seat {label[:20]!r} is not in this game (seats: {', '.join(table.labels)})")
    ply = request.query_params.get("ply", "0")
    if not PLY.match(ply):
        raise BadRequest("ply must be a whole number of actions (digits 0-9)")
    replays, record = request.app.state.replays, await _published(request, table)
    step = await asyncio.to_thread(replays.step, table.id, record, seat, int(ply), language_of(request))
    return JSONResponse({**step, "id": table.id, "game": table.game.id, "title": table.game.title,
                         "seats": list(table.labels), "players": table.players()})


@guarded
async def chat(request: Request) -> Response:
    """GET /api/games/{id}/chat — a finished game's chat as its replay shows it: the table's and the
    spectators' messages to everyone, a team's only to the account that held one of its seats."""
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("The chat of a game is shown with its replay, once the game is over."))
    session = await accounts.session_of(request)
    teams = {table.team_of[s.seat] for s in table.stored.seats
             if session is not None and s.user_id == session.user.id and table.team_of is not None}
    store = _hall(request).store
    try:
        found = await store.in_thread(store.chat_of, table.id, None, ("table", "watchers"))
        for team in sorted(teams):
            found += await store.in_thread(store.chat_of, table.id, team, ())
    except StorageBusy:
        raise busy() from None
    found = await social.unblocked(store, _hall(request).social, table, session and session.user.id, found)
    return JSONResponse({"lines": [table.chat.line(line) for line in sorted(found, key=lambda line: line.at)]})


@guarded
async def leaderboard(request: Request) -> Response:
    """GET /api/leaderboard/{game} — the rated players of a game title, best first: accounts by
    name, bots by kind (``name`` is the kind), each with games played, mu, sigma and the
    ordinal mu − 3σ it is ordered by."""
    hall = _hall(request)
    game = hall.games.get(request.path_params["game"])
    if game is None:
        raise Refusal("no-game", t("There is no such game."))
    store = hall.store
    try:
        rows = await store.in_thread(store.leaderboard, game.id)
    except StorageBusy:
        raise busy() from None
    players = [{"name": row["name"] if row["user_id"] is not None else row["bot"],
                "kind": "account" if row["user_id"] is not None else "bot", "games": row["games"],
                "mu": round(row["mu"], 2), "sigma": round(row["sigma"], 2),
                "ordinal": round(row["mu"] - 3 * row["sigma"], 2)} for row in rows]
    return JSONResponse({"game": game.id, "title": game.title, "players": players})


@guarded
async def game_statistics(request: Request) -> Response:
    """GET /api/statistics/{game} — win rates, lengths and end reasons of a game title's
    finished games, per number of players, in the request's language."""
    hall = _hall(request)
    game = hall.games.get(request.path_params["game"])
    if game is None:
        raise Refusal("no-game", t("There is no such game."))
    try:
        raw = await hall.store.in_thread(statistics.counts, hall.store, game.id, statistics.team_seats(game))
    except StorageBusy:
        raise busy() from None
    return JSONResponse(statistics.summary(game, raw, language_of(request)),
                        headers={"vary": "accept-language, cookie"})


@guarded
async def player(request: Request) -> Response:
    """GET /api/players/{name} — an account's public page: its ratings per game title with their
    history, and its recent finished games (nothing private: no e-mail, no tokens)."""
    store = _hall(request).store
    try:
        user = await store.in_thread(store.user_named, accounts.name_key(request.path_params["name"]))
        if user is None:
            raise Refusal("no-player", t("There is no such player."))
        history = await store.in_thread(store.rating_history, user.id)
        seats = await store.in_thread(store.seats_of, user.id, 50)
        record = await store.in_thread(reliability.figures, store, user.id)
    except StorageBusy:
        raise busy() from None
    games = _hall(request).games
    titles: dict[str, dict[str, Any]] = {}
    for row in history:
        entry = titles.setdefault(row["game"], {"game": row["game"], "title": games[row["game"]].title
                                                if row["game"] in games else row["game"], "history": []})
        entry["history"].append({"at": row["at"].isoformat(), "mu": round(row["mu"], 2),
                                 "sigma": round(row["sigma"], 2), "game_id": row["game_id"]})
    for entry in titles.values():
        last = entry["history"][-1]
        entry.update(mu=last["mu"], sigma=last["sigma"], ordinal=round(last["mu"] - 3 * last["sigma"], 2),
                     games=len(entry["history"]))
    recent = []
    for row in seats:
        game = games.get(row["game"])
        if row["status"] != "finished" or game is None:
            continue
        labels = game.seat_labels(row["seat_count"])
        outcome = (row["result"] or {}).get("outcome") or {}
        recent.append({"id": row["id"], "game": game.id, "title": game.title, "created": row["created"].isoformat(),
                       "seat": labels[row["seat"]], "place": outcome.get("places", {}).get(labels[row["seat"]]),
                       "players": row["seat_count"], "replay": f"/replay/{row['id']}"})
    return JSONResponse({"name": user.name, "since": user.created.isoformat(), "ratings": list(titles.values()),
                         "recent": recent[:20], "reliability": record})


# ---------------------------------------------------------------------- accounts


def _me(session_token: str, user: User) -> dict[str, Any]:
    return {"user": {"name": user.name, "language": user.language, "created": user.created.isoformat(),
                     "email": user.email, "webhook": user.webhook,
                     "messages_from_everyone": user.messages_from_everyone},
            "csrf": accounts.csrf_token(session_token)}


def _throttle(request: Request) -> None:
    """Count a login or signup attempt of this address; refuse past the address's limit."""
    if not _hall(request).rates.hit("logins", client(request)):
        raise Refusal("limit", t("Too many attempts to log in or sign up from your address; wait a minute."))


@contextlib.contextmanager
def _password_check(request: Request, key: str) -> Iterator[Attempt]:
    """A check of a password of the account name ``key``, counted against the name's limit if it
    fails; refused at once when the failures and the checks under way reach that limit."""
    with _hall(request).rates.attempt("logins_per_name", key) as attempt:
        if attempt is None:
            raise Refusal("limit", t("Too many failed attempts for this name; wait a while before trying again."))
        yield attempt


def _json_body(request: Request) -> None:
    """Account forms come as JSON: a form another site posts cannot send that type without asking.
    Routes for members check this after the sign-in, so a guest is told to log in whatever it sent."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise Refusal("bad-request", t("Send this request as JSON (Content-Type: application/json)."))


async def _start_session(request: Request, user: User, status: int = 200) -> Response:
    """Log ``user`` in: a new session (ending the one the request carried), its cookie."""
    store = _hall(request).store
    token = accounts.new_session_token()
    old = request.cookies.get(accounts.COOKIE)
    ending = hash_token(old) if old and accounts.SESSION_TOKEN.match(old) else None
    expires = await store.in_thread(store.add_session, hash_token(token), user.id, accounts.LIFETIME, ending)
    response = JSONResponse(_me(token, user), status_code=status, headers=accounts.NO_STORE)
    accounts.set_cookie(response, request, token, expires)
    accounts.set_language(response, request, user.language)
    return response


@guarded
async def whoami(request: Request) -> Response:
    """GET /api/account — the account signed in (name, language, CSRF token), or ``{"user": null}``."""
    session = await accounts.session_of(request)
    if session is None:
        response = JSONResponse({"user": None}, headers=accounts.NO_STORE)
        if accounts.COOKIE in request.cookies:
            accounts.clear_cookie(response, request)
        return response
    response = JSONResponse(_me(session.token, session.user), headers=accounts.NO_STORE)
    accounts.set_cookie(response, request, session.token, session.expires)
    return response


@guarded
async def signup(request: Request) -> Response:
    """POST /api/account/signup — a new account, signed in at once."""
    _json_body(request)
    body = parse(await _body(request), Credentials, MAX_BODY)
    name = person_name(body.name)
    accounts.check_password(body.password)
    key = accounts.fold(name)
    _throttle(request)
    store = _hall(request).store
    taken = t("The name {name} is taken; choose another.", name=name)
    if await store.in_thread(store.user_by_name, key) is not None:
        raise Refusal("name-taken", taken)
    password_hash = await asyncio.to_thread(accounts.hash_password, body.password)
    user = await store.in_thread(store.add_user, name, key, password_hash, language_of(request))
    if user is None:  # taken meanwhile
        raise Refusal("name-taken", taken)
    return await _start_session(request, user, 201)


@guarded
async def login(request: Request) -> Response:
    """POST /api/account/login — sign in; a wrong name and a wrong password get the same answer."""
    _json_body(request)
    body = parse(await _body(request), Credentials, MAX_BODY)
    key = accounts.fold(clean_text(body.name))
    _throttle(request)
    store = _hall(request).store
    with _password_check(request, key) as attempt:
        found = await store.in_thread(store.user_by_name, key)
        right = await asyncio.to_thread(accounts.verify_password, found[1] if found else None, body.password)
        if found is None or not right:
            attempt.failed()
            raise Refusal("bad-login", t("Wrong name or password."))
    return await _start_session(request, found[0])


@guarded
async def logout(request: Request) -> Response:
    """POST /api/account/logout — end this session."""
    session = await accounts.session_of(request)
    if session is not None:
        store = _hall(request).store
        await store.in_thread(store.end_session, hash_token(session.token))
        _hall(request).roster.signed_out(session=hash_token(session.token))
    response = JSONResponse({"user": None}, headers=accounts.NO_STORE)
    accounts.clear_cookie(response, request)
    return response


@guarded
async def change_password(request: Request) -> Response:
    """POST /api/account/password — a new password; every other session of the account ends."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), PasswordChange, MAX_BODY)
    accounts.check_password(body.new)
    key = accounts.fold(session.user.name)
    _throttle(request)
    store = _hall(request).store
    with _password_check(request, key) as attempt:
        found = await store.in_thread(store.user_by_name, key)
        if found is None or not await asyncio.to_thread(accounts.verify_password, found[1], body.old):
            attempt.failed()
            raise Refusal("bad-login", t("The current password is wrong."))
    password_hash = await asyncio.to_thread(accounts.hash_password, body.new)
    await store.in_thread(store.set_password, session.user.id, password_hash, hash_token(session.token))
    _hall(request).roster.signed_out(session.user.id, keep=hash_token(session.token))
    return JSONResponse(_me(session.token, session.user), headers=accounts.NO_STORE)


@guarded
async def settings(request: Request) -> Response:
    """POST /api/account/settings — the account's language (the pages follow it at once), e-mail
    address and webhook URL, whether any account may write to it; only the fields sent change."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), AccountSettings, MAX_BODY)
    given = body.model_fields_set
    if not given:
        raise BadRequest("nothing to change: send language, email, webhook or messages_from_everyone")
    addresses = {name: accounts.address(name, getattr(body, name)) for name in ("email", "webhook") if name in given}
    hall = _hall(request)
    store = hall.store
    language = body.language or None
    if "language" in given:
        await store.in_thread(store.set_language, session.user.id, language)
    if addresses:
        await store.in_thread(store.set_addresses, session.user.id, addresses)
    everyone = {}
    if "messages_from_everyone" in given and body.messages_from_everyone is not None:
        everyone = {"messages_from_everyone": body.messages_from_everyone}
        await store.in_thread(hall.social.messages_from_everyone, session.user.id, body.messages_from_everyone)
    user = replace(session.user, **({"language": language} if "language" in given else {}), **addresses, **everyone)
    response = JSONResponse(_me(session.token, user), headers=accounts.NO_STORE)
    if "language" in given and language is None:  # the browser's: the pages follow its languages again
        response.delete_cookie("lang", path="/", secure=request.url.scheme == "https", samesite="lax")
    elif "language" in given:
        accounts.set_language(response, request, language)
    return response


@guarded
async def bind_seats(request: Request) -> Response:
    """POST /api/account/seats — bind seats taken as a guest (game and token each) to the account."""
    session = await accounts.signed_in(request)
    body = parse(await _body(request), GuestSeats, MAX_BODY)
    hall = _hall(request)
    bound = []
    for key in body.seats:
        if not (GAME_ID.match(key.game) and TOKEN.match(key.token)):
            continue
        try:
            table = await hall.roster.table(key.game)
        except Refusal:  # a damaged game: nothing to bind
            continue
        seat = None if table is None else table.admission.authenticate(key.token)
        if seat is not None and await table.admission.bind(seat, session.user.id):
            bound.append({"game": table.id, "seat": table.labels[seat], "title": table.game.title,
                          "seat_title": seat_titles(table.game, len(table.labels))[seat]})
    return JSONResponse({"bound": bound}, headers=accounts.NO_STORE)
