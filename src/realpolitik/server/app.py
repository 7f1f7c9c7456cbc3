"""The ASGI application: pages, the lobby API, the game WebSocket and static files."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from realpolitik.engine import Game
from realpolitik.i18n import LANGUAGES, catalog
from realpolitik.web import ROOT as WEB

from . import api, health, my_games, pages, push_api, review_api, social_api, weeks_api
from .accounts import CsrfGuard
from .hall import Hall
from .lobby_page import lobby_page
from .play import play
from .protocol import language
from .replay import Replays
from .rules import rules
from .rules_page import rules_page
from .settings import Settings
from .store import Store
from .tournaments import api as tournaments_api

log = logging.getLogger("realpolitik.server")

HEADERS = [
    (b"content-security-policy", ("default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                                  f"style-src 'self' {pages.style_source()}; script-src 'self'; base-uri 'none'; "
                                  "frame-ancestors 'none'").encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Adds a strict content-security policy and friends to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _not_routed(request: Request, exc: HTTPException) -> Response:
    """An unknown route or method: JSON under ``/api`` like every other refusal there."""
    if request.url.path.startswith("/api/"):
        code = "no-route" if exc.status_code == 404 else "bad-method"
        return JSONResponse({"error": exc.detail, "code": code}, status_code=exc.status_code, headers=exc.headers)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


def _page(name: str):
    async def page(request: Request) -> Response:
        return pages.response(name, language(request))
    page.__name__ = name.replace(".", "_")
    return page


def _served(name: str, media_type: str):
    """A file of the web client at the site's root: the service worker (whose scope is the
    folder it is served from, so all pages) and the web app manifest."""
    async def served(request: Request) -> Response:
        return FileResponse(WEB / name, media_type=media_type, headers={"cache-control": "no-cache"})
    served.__name__ = name.replace(".", "_")
    return served


def create_app(settings: Settings | None = None, games: Iterable[Game] | None = None,
               forked: ProcessPoolExecutor | None = None) -> Starlette:
    """The server; ``games`` defaults to every registered game (others need ``bot_workers=0``);
    ``forked``: bot workers started already (:func:`.bots.fork_workers`)."""
    settings = settings or Settings()
    if games is None:
        from realpolitik.games import get, registry

        games, lookup = list(registry()), get
    else:
        games = list(games)
        by_id = {g.id: g for g in games}
        lookup = by_id.__getitem__

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        for lang in LANGUAGES:  # read every catalog now: a first German page must not stall the event loop
            catalog(lang)
        pages.build()
        store = Store(settings.db, settings.limits.lock_seconds)
        hall = Hall(settings, lookup, games, store, forked)
        app.state.hall = hall
        app.state.replays = Replays(lookup)
        resumed = await hall.start()
        log.info("storage %s; %d unfinished games resumed", store.describe(), resumed)
        try:
            yield
        finally:
            await hall.close()
            store.close()

    routes = [
        Route("/", lobby_page),
        Route("/game/{game_id}", _page("game.html")),
        Route("/replay/{game_id}", _page("replay.html")),
        Route("/account", _page("account.html")),
        Route("/leaderboard", _page("leaderboard.html")),
        Route("/player/{name:path}", _page("player.html")),
        Route("/statistics", _page("statistics.html")),
        Route("/tournaments", _page("tournaments.html")),
        Route("/rules/{game}", rules_page),
        Route("/learn/{game}", _page("learn.html")),
        Route("/i18n/{lang}.json", api.language),
        Route("/healthz", health.healthz),
        Route("/api/catalog", api.catalog),
        Route("/api/content/{game}/{name}", api.content),
        Route("/api/games", api.list_games, methods=["GET"]),
        Route("/api/games", api.create_game, methods=["POST"]),
        Route("/api/games/{game_id}", api.game_info),
        Route("/api/games/{game_id}/claim", api.claim, methods=["POST"]),
        Route("/api/learn/{game}", api.learn, methods=["POST"]),
        Route("/api/games/{game_id}/record", api.record),
        Route("/api/games/{game_id}/replay", api.replay),
        Route("/api/games/{game_id}/chat", api.chat),
        Route("/api/leaderboard/{game}", api.leaderboard),
        Route("/api/players/{name:path}", api.player),
        Route("/api/statistics/{game}", api.game_statistics),
        Route("/api/rules/{game}", rules),
        Route("/api/account", api.whoami, methods=["GET"]),
        Route("/api/account/signup", api.signup, methods=["POST"]),
        Route("/api/account/login", api.login, methods=["POST"]),
        Route("/api/account/logout", api.logout, methods=["POST"]),
        Route("/api/account/password", api.change_password, methods=["POST"]),
        Route("/api/account/seats", api.bind_seats, methods=["POST"]),
        Route("/api/account/settings", api.settings, methods=["POST"]),
        *my_games.routes,
        *social_api.routes(),
        *review_api.routes(),
        *tournaments_api.routes(),
        *weeks_api.routes,
        *push_api.routes(),
        Route("/sw.js", _served("sw.js", "text/javascript")),
        Route("/manifest.webmanifest", _served("manifest.webmanifest", "application/manifest+json")),
        WebSocketRoute("/ws/{game_id}", play),
        Mount("/static/v/{build}", pages.Kept(StaticFiles(directory=WEB))),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: _not_routed})
    app.add_middleware(CsrfGuard)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=800)
    return app
