"""The lobby's HTTP API (JSON), under ``/api``. See docs/web.md for every route.

Errors are ``{"error": sentence, "code": word}`` with a 4xx status. Nothing here shows
a seat's hidden data: games are described by their public facts, records and replays
exist only for finished games (a record holds the seed, which would reveal every card).
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from realpolitik.bots import bot_kinds
from realpolitik.engine import Game
from realpolitik.i18n import LANGUAGES, render, t
from realpolitik.i18n import catalog as catalog_of
from realpolitik.web import ROOT as WEB

from .hall import Hall
from .protocol import MAX_BODY, BadRequest, Claim, CreateGame, clean_name, parse
from .protocol import language as language_of
from .store import StorageBusy
from .table import Refusal, Table, busy

log = logging.getLogger("realpolitik.server")

CONTENT_NAME = re.compile(r"^[a-z0-9_-]{1,40}$")
PLY = re.compile(r"^[0-9]{1,9}$")
STATUS = {"bad-game": 400, "bad-seat": 400, "bad-option": 400, "bad-request": 400, "taken": 409,
          "invite-only": 403, "not-finished": 403, "no-game": 404, "no-content": 404, "no-language": 404, "limit": 429,
          "busy": 503, "damaged": 500, "internal": 500, "timeout": 408}


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
    table = await _hall(request).table(request.path_params["game_id"])
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


def catalog_entry(game: Game) -> dict[str, Any]:
    """What the lobby needs to offer a game: players, bots, options, teams, board."""
    counts = range(game.min_players, game.max_players + 1)
    return {
        "id": game.id, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
        "default_players": game.default_players(), "bots": bot_kinds(game),
        "options": [{"name": o.name, "default": o.default, "help": o.help, "choices": list(o.choices),
                     "values": o.values(), "minimum": o.minimum, "maximum": o.maximum}
                    for o in game.options if not o.local_file],
        "teams": {str(n): game.teams(n) for n in counts},
        "board": (WEB / "boards" / f"{game.id}.js").is_file(),
    }


@guarded
async def catalog(request: Request) -> Response:
    """GET /api/catalog — the games this server offers."""
    return JSONResponse([catalog_entry(g) for g in _hall(request).games.values()])


async def language(request: Request) -> Response:
    """GET /i18n/{lang}.json — the catalog of a language for the pages: ``{English: translation}``."""
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return error("no-language", render(t("There is no such language."), language_of(request)))
    return JSONResponse(catalog_of(lang), headers={"cache-control": "max-age=300"})


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
    """GET /api/games — open, running and finished games."""
    return JSONResponse(await _hall(request).listing())


@guarded
async def create_game(request: Request) -> Response:
    """POST /api/games — a new game; the answer holds an invite link per human seat."""
    body = parse(await _body(request), CreateGame, MAX_BODY)
    table, tokens = await _hall(request).create(body.game, [s.strip().lower() for s in body.seats],
                                                body.options, body.lobby_join, client(request))
    invites = [{"seat": table.labels[s], "url": f"/game/{table.id}#seat={table.labels[s]}&token={t}"}
               for s, t in tokens.items()]
    return JSONResponse({"id": table.id, "game": table.game.id, "invites": invites,
                         "watch": f"/game/{table.id}"}, status_code=201)


@guarded
async def game_info(request: Request) -> Response:
    """GET /api/games/{id} — the public facts of one game."""
    table = await _table(request)
    return JSONResponse({**table.summary(), "seats": list(table.labels), "options": table.stored.options})


@guarded
async def claim(request: Request) -> Response:
    """POST /api/games/{id}/claim — take a free seat from the lobby; answers its link."""
    body = parse(await _body(request), Claim, MAX_BODY)
    table = await _table(request)
    label = body.seat.strip().lower()
    token = await _hall(request).claim(table, label, clean_name(body.name), client(request))
    return JSONResponse({"seat": label, "url": f"/game/{table.id}#seat={label}&token={token}"})


@guarded
async def record(request: Request) -> Response:
    """GET /api/games/{id}/record — the record of a finished game, as a download."""
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("The record is published when the game is over "
                                        "(it holds the seed, which would reveal every hidden card)."))
    return Response(table.record().to_json() + "\n", media_type="application/json", headers={
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
    replays = request.app.state.replays
    step = await asyncio.to_thread(replays.step, table.id, table.record(), seat, int(ply), language_of(request))
    return JSONResponse({**step, "id": table.id, "game": table.game.id, "title": table.game.title,
                         "seats": list(table.labels), "players": table.players()})
