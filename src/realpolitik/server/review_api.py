"""``/api/games/{id}/review``: a finished game's review, asked for (POST) and read (GET) by
anyone who may see the game's replay (:mod:`.reviews`). See docs/web/browser.md."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from realpolitik.i18n import t

from .api import _hall, _table, client, guarded
from .protocol import BadRequest
from .protocol import language as language_of
from .table import Refusal, Table


def _seat(request: Request, table: Table) -> int | None:
    """The viewpoint's seat from ``?seat=`` (none: each action's actor)."""
    label = request.query_params.get("seat", "")
    seat = table.seat_of(label) if label else None
    if label and seat is None:
        raise BadRequest(f"seat {label[:20]!r} is not in this game (seats: {', '.join(table.labels)})")
    return seat


def turning_words(request: Request, review: dict[str, Any]) -> list[dict[str, str]]:
    """The words of each turning point's move played and move preferred in the request's language."""
    lang = language_of(request)
    return [{"played": tp["played_words"][lang], "best": tp["best_words"][lang]} for tp in review["turning_points"]]


def _answer(request: Request, found: dict[str, Any], status: int = 200) -> Response:
    if found["status"] == "done":
        found = {**found, "words": turning_words(request, found["review"])}
    return JSONResponse(found, status_code=status)


async def _finished(request: Request) -> Table:
    table = await _table(request)
    if table.status != "finished":
        raise Refusal("not-finished", t("A game is reviewed once it is over."))
    return table


@guarded
async def read(request: Request) -> Response:
    """GET /api/games/{id}/review?seat=p1 — the review: ``status`` none, queued, running (with
    ``done`` and ``total`` actions) or done (with ``review``, as ``realpolitik review --json``,
    and ``words``: each turning point's moves as their buttons read)."""
    table = await _finished(request)
    return _answer(request, await _hall(request).reviews.status(table, _seat(request, table)))


@guarded
async def ask(request: Request) -> Response:
    """POST /api/games/{id}/review?seat=p1 — queue the review; answers as GET does (202 while
    it is under way)."""
    table = await _finished(request)
    found = await _hall(request).reviews.ask(table, _seat(request, table), client(request))
    return _answer(request, found, 200 if found["status"] == "done" else 202)


def routes() -> list[Route]:
    """The routes above, for :func:`.app.create_app`."""
    return [Route("/api/games/{game_id}/review", read, methods=["GET"]),
            Route("/api/games/{game_id}/review", ask, methods=["POST"])]
