"""What an operator watches: ``/metrics`` in Prometheus's text format, per server process.

Off unless ``serve --metrics-port PORT`` asks for it, and then served on 127.0.0.1:PORT only
(:class:`MetricsPort`): never on the port players reach, so no proxy in front passes it on.
Each process counts what it does itself — its games in memory, its connections, the moves it
stored, its bot decisions, the notices it sent — and a scrape of each process's port gives
that process's figures; the notices due are the database's, the same from every process.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.process_collector import ProcessCollector
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from .notify import ATTEMPTS
from .store import StorageError, Store

if TYPE_CHECKING:
    from .notify import Notifier
    from .roster import Roster

#: the buckets of storing a move and of a bot's decision (seconds): a move is stored in milliseconds,
#: a decision may take the whole --bot-think and wait behind others
STORE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    """This process's figures: counters and timings kept as things happen, gauges read from the
    roster of games and the notifier when scraped."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)  # CPU, memory, open files of this process
        self.move_store = Histogram("realpolitik_move_store_seconds", "Time to store an action in the database "
                                    "(its count: the actions this process stored)", buckets=STORE_BUCKETS,
                                    registry=self.registry)
        self.bot_wait = Histogram("realpolitik_bot_decision_wait_seconds", "Time a bot decision waited for a "
                                  "worker", buckets=BOT_BUCKETS, registry=self.registry)
        self.bot_decision = Histogram("realpolitik_bot_decision_seconds", "Time a worker took for a bot decision",
                                      buckets=BOT_BUCKETS, registry=self.registry)
        #: bot decisions waiting for a worker now (:class:`.bots.BotRunner`)
        self.bots_waiting = 0
        #: turn notices due, as last read from the database (None: it did not answer)
        self.due: int | None = None

    def watch(self, roster: Roster, notifier: Notifier) -> None:
        """Read the gauges from this process's games and its notifier (once, when the server starts)."""
        self.registry.register(_Figures(self, roster, notifier))

    def bot_decided(self, waited: float, took: float) -> None:
        self.bot_wait.observe(waited)
        self.bot_decision.observe(took)

    async def scrape(self, store: Store) -> bytes:
        """Every figure in the text format; the notices due are read from the database now (left
        out when it does not answer)."""
        try:
            self.due = await store.in_thread(store.notices_due, ATTEMPTS)
        except StorageError:
            self.due = None
        return generate_latest(self.registry)


class _Figures:
    """The figures read from this process's games and its notifier at each scrape."""

    def __init__(self, metrics: Metrics, roster: Roster, notifier: Notifier) -> None:
        self.metrics = metrics
        self.roster = roster
        self.notifier = notifier

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        loaded = list({**self.roster.finished, **self.roster.tables}.values())
        yield GaugeMetricFamily("realpolitik_games_loaded", "Games in this process's memory", value=len(loaded))
        yield GaugeMetricFamily("realpolitik_games_running", "Running games in this process's memory",
                                value=sum(table.status == "running" for table in loaded))
        connections = GaugeMetricFamily("realpolitik_connections", "Game connections (WebSockets) open on this "
                                        "process: players' and spectators'", labels=["seat"])
        listeners = [listener for table in loaded for listener in table.listeners]
        connections.add_metric(["player"], sum(listener.seat is not None for listener in listeners))
        connections.add_metric(["spectator"], sum(listener.seat is None for listener in listeners))
        yield connections
        yield GaugeMetricFamily("realpolitik_bot_decisions_waiting", "Bot decisions waiting for a worker",
                                value=self.metrics.bots_waiting)
        notices = CounterMetricFamily("realpolitik_notices", "Turn notices this process tried to send, by outcome: "
                                      "sent, failed (tried again later), given_up", labels=["outcome"])
        for outcome in ("sent", "failed", "given_up"):
            notices.add_metric([outcome], self.notifier.tried[outcome])
        yield notices
        if self.metrics.due is not None:
            yield GaugeMetricFamily("realpolitik_notices_due", "Turn notices due and not yet sent (the database's, "
                                    "for every process)", value=self.metrics.due)


class MetricsPort:
    """The application as both listeners see it: a request to the metrics port (127.0.0.1) gets
    ``/metrics`` and nothing else; the players' port never answers ``/metrics`` (no route)."""

    def __init__(self, app: ASGIApp, port: int) -> None:
        self.app = app
        self.port = port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan" or (scope.get("server") or ("", None))[1] != self.port:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await WebSocketClose()(scope, receive, send)
            return
        if scope["path"] != "/metrics":
            await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
            return
        hall = self.app.state.hall
        await Response(await hall.metrics.scrape(hall.store), media_type=CONTENT_TYPE_LATEST)(scope, receive, send)
