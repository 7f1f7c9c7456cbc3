"""The game server: lobby, seats, WebSocket play, bots, storage and replays.

An ASGI application (Starlette on uvicorn). The server holds every live game's state
and sends each connection only the view of its own seat; games are stored as their
records (SQLite by default, PostgreSQL by URL) and resumed on start-up. The browser
client it serves lives in ``realpolitik.web``. Protocol and routes: docs/web.md.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import socket
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from sqlalchemy.engine import URL

from realpolitik.i18n import t

from .app import create_app
from .bots import fork_workers
from .connections import ConnectionGuard
from .metrics import MetricsPort
from .notify import NoticeSettings
from .quota import Limits
from .settings import Settings
from .store import StorageError, Store, database_url

__all__ = ["Limits", "NoticeSettings", "Settings", "StorageError", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "realpolitik.db", bot_delay: float = 0.3,
          bot_workers: int | None = None, announce=print, bot_think: float = 1.0,
          limits: Limits | None = None, notices: NoticeSettings | None = None,
          stand_in_pace: float | None = None, vacation_days: int = 21, metrics_port: int | None = None) -> None:
    """Run the server until interrupted; ``announce`` gets the address once it is bound.
    ``notices`` configures turn notifications (links use the bound address unless it names
    a public URL); ``stand_in_pace`` the seconds a stand-in waits per move after a time-out
    (default: the time control's); ``vacation_days`` the days of vacation each account banks
    a year; ``metrics_port`` where on 127.0.0.1 ``/metrics`` is served (None: nowhere).

    Raises :class:`StorageError` when the database cannot be used and ``OSError`` when
    the address cannot be bound.
    """
    url = database_url(db)
    _log_to_console()  # before the store opens: a schema upgrade says so
    # fails early, with the reason, when the database cannot be used
    Store(url, (limits or Limits()).lock_seconds).close()
    forked = fork_workers(bot_workers)  # before the lock and the socket, which the workers must not hold
    try:
        with _only_server(url):
            _run(host, port, url, bot_delay, bot_workers, announce, bot_think, limits, notices, stand_in_pace,
                 vacation_days, forked, metrics_port)
    finally:
        if forked is not None:
            forked.shutdown(wait=False, cancel_futures=True)


def _run(host: str, port: int, url: URL, bot_delay: float, bot_workers: int | None, announce, bot_think: float,
         limits: Limits | None, notices: NoticeSettings | None, stand_in_pace: float | None,
         vacation_days: int, forked: ProcessPoolExecutor | None, metrics_port: int | None) -> None:
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = _bound(family, host, port)
    bound = sock.getsockname()[1]
    sockets = [sock]
    if metrics_port is not None:  # loopback only: what a proxy in front passes on never reaches it
        sockets.append(_bound(socket.AF_INET, "127.0.0.1", metrics_port))
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    notices = notices or NoticeSettings()
    if not notices.public_url:
        notices = replace(notices, public_url=f"http://{shown}:{bound}")
    settings = Settings(db=url.render_as_string(hide_password=False), bot_delay=bot_delay, bot_workers=bot_workers,
                        bot_think=bot_think, limits=limits or Limits(), notices=notices, stand_in_pace=stand_in_pace,
                        vacation_days=vacation_days)
    app = create_app(settings, forked=forked)
    if metrics_port is not None:
        app = MetricsPort(app, sockets[1].getsockname()[1])
    config = uvicorn.Config(app, ws_max_size=64 * 1024, log_level="info", lifespan="on",
                            limit_concurrency=settings.limits.connections,
                            **ConnectionGuard(settings.limits).protocols())
    announce(f"realpolitik server on http://{shown}:{bound}/  (games stored in {url.render_as_string()})")
    if metrics_port is not None:
        announce(f"metrics on http://127.0.0.1:{sockets[1].getsockname()[1]}/metrics")
    uvicorn.Server(config).run(sockets=sockets)


def _bound(family: socket.AddressFamily, host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port``; ``OSError`` naming that address when it is taken or not this machine's."""
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise OSError(exc.errno, exc.strerror, f"{host}:{port}") from None
    return sock


@contextlib.contextmanager
def _only_server(url: URL) -> Iterator[None]:
    """Make sure no other server process uses this SQLite file: an exclusive lock on
    ``FILE.lock`` beside it, held while the server runs and freed by the system however the
    process ends. PostgreSQL takes any number of server processes."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        yield
        return
    with Path(f"{url.database}.lock").open("a") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StorageError(t("another server process uses {database}; SQLite serves one process at a time — "
                                 "for several, use PostgreSQL (docs/web.md)", database=url.database)) from None
        yield


def _log_to_console() -> None:
    """The server's own messages (schema upgrades, bots, storage) on the console, once."""
    logger = logging.getLogger("realpolitik")
    logger.setLevel(logging.INFO)
    if not any(getattr(h, "realpolitik_console", False) for h in logger.handlers):
        handler = logging.StreamHandler()
        handler.realpolitik_console = True
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
