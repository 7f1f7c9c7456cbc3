"""``GET /healthz``: whether this process serves — it answers, its database answers within
``HEALTH_SECONDS``, and the database's schema is the newest this version's migrations make (a
newer version's process may have upgraded it since this one started). 200 when all holds, else
503 naming what does not: for a proxy's or a monitor's checks, and for a start-up script that
waits until the server is up. Public: it says nothing of games or players."""

from __future__ import annotations

import asyncio
import functools

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse

from . import migrations
from .store import StorageError, Store

#: seconds the database may take to answer a health check
HEALTH_SECONDS = 5.0


@functools.cache
def newest() -> str:
    """The newest revision of the schema (read from the migrations once)."""
    return migrations.head()


def revision(store: Store) -> str | None:
    """The revision the database's schema is at (blocking)."""
    with store.engine.connect() as conn:
        return migrations.current(conn)


async def healthz(request: Request) -> JSONResponse:
    """``{"status": "ok", "database": "ok", "schema": "current"}``, or 503 with what fails."""
    hall = request.app.state.hall
    if hall.closing:
        return JSONResponse({"status": "stopping"}, status_code=503)
    try:
        found = await asyncio.wait_for(hall.store.in_thread(revision, hall.store), HEALTH_SECONDS)
    except (StorageError, SQLAlchemyError, TimeoutError):
        return JSONResponse({"status": "failing", "database": "not answering"}, status_code=503)
    if found != newest():
        return JSONResponse({"status": "failing", "database": "ok",
                             "schema": f"at revision {found}, not {newest()}"}, status_code=503)
    return JSONResponse({"status": "ok", "database": "ok", "schema": "current"})
