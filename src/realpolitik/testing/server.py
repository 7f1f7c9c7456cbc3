"""Real servers for tests and benchmarks, both on loopback, and clients to drive them.

``ServerProcess`` runs ``realpolitik serve`` exactly as a user would and can be stopped,
killed (SIGKILL, as by a crash) and started again on the same port and database; it is forked
from a process that loaded the server once (``realpolitik.testing.forks``).
``Postgres`` runs ``initdb`` and ``postgres`` from the system's PostgreSQL in a
temporary directory (as the ``postgres`` user when we are root) and removes it after.
``Api`` (HTTP) and ``GameSocket`` (WebSocket) are the clients the tests use; they need
the test extras (httpx, websockets).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from realpolitik.testing.forks import Forked, forker
from realpolitik.testing.load import allowance

if TYPE_CHECKING:
    import httpx

#: Chromium: the full browser (in its headless mode), and Debian's headless build (the same
#: engine without the browser's windows and services, about a third less CPU in the browser
#: tests; it has no push messaging nor notifications, so the tests of those take the full one)
FULL_CHROMIUM = "/usr/bin/chromium"
CHROMIUM = next((path for path in ("/usr/bin/chromium-headless-shell", FULL_CHROMIUM) if os.path.exists(path)),
                FULL_CHROMIUM)
#: headless, as root, and quiet on a machine without network beyond loopback
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
ANNOUNCE = re.compile(r"realpolitik server on (http://\S+?)/ ")
#: limits for test servers, where one address (the tests) creates games by the hundred;
#: tests of the limits themselves pass their own
ROOMY = {"creates": "100000/hour", "claims": "100000/hour", "open_games_per_client": 10000,
         "bot_games": 1000, "bot_games_per_client": 1000, "messages": "10000/10seconds",
         "connections_per_client": 2000, "logins": "100000/hour", "logins_per_name": "100000/hour"}


def launch_chromium(playwright, executable: str = CHROMIUM):
    """The system Chromium (``CHROMIUM`` unless told) under Playwright, which downloads no
    browser of its own."""
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _within(check: Callable[[], bool], end: float) -> bool:
    """Whether ``check`` holds before the monotonic time ``end``."""
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


def _wait_for(check, timeout: float, what: str) -> None:
    timeout = allowance(timeout)
    if not _within(check, time.monotonic() + timeout):
        raise TimeoutError(f"{what} did not happen within {timeout:.0f} s (load {os.getloadavg()[0]:.1f})")


class NotStarted(RuntimeError):
    """A test server that did not come up, and why: how it ended (a status, or a signal and who
    sent it) or what it did not do in time, the time taken against the bound, the machine's load,
    and everything it printed."""

    def __init__(self, server: ServerProcess, proc: Forked, began: float, bound: float, mark: int,
                 missing: str = "") -> None:
        code = proc.poll()
        if missing:
            how = f"{missing} within {bound:.0f} s"
        elif code is not None and code < 0:
            how = f"it was ended by {signal.Signals(-code).name} ({proc.ended_by()})"
        else:
            how = f"it exited with status {code}"
        cores = os.cpu_count() or 1
        printed = server.output()[mark:].strip() or "(nothing)"
        super().__init__(f"the test server did not start: {how}, after {time.monotonic() - began:.1f} s "
                         f"(load {os.getloadavg()[0]:.1f} on {cores} cores); it printed:\n{printed}")


class ServerProcess:
    """``realpolitik serve`` on 127.0.0.1 in a child process, its output in a log file."""

    def __init__(self, db: str, bot_delay: float = 0.0, bot_workers: int = 1, log: Path | None = None,
                 bot_think: float = 0.2, limits: dict[str, Any] | None = None, args: tuple[str, ...] = (),
                 stand_in_pace: float | None = None) -> None:
        self.db = db
        self.args = args  # more options of ``serve``
        self.limits = ROOMY if limits is None else limits
        self.bot_think = bot_think
        #: the stand-in's pace after a time-out; tests take the bots' delay unless they test the pace
        self.stand_in_pace = bot_delay if stand_in_pace is None else stand_in_pace
        self.bot_delay = bot_delay
        self.bot_workers = bot_workers
        self.port = 0
        if log is None:  # a file of its own, removed with this object (tests read it after the stop)
            log = Path(tempfile.mkstemp(prefix="realpolitik-server-", suffix=".log")[1])
            weakref.finalize(self, log.unlink, missing_ok=True)
        self.log = log
        self.proc: Forked | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> ServerProcess:
        """Start (on the same port as before, if it ran already) and wait until it answers;
        stopped again when it does not within ``timeout`` seconds — as long on an idle machine,
        stretched with the load (``allowance``) — and then :class:`NotStarted` says why."""
        import httpx

        args = ["serve", "--port", str(self.port), "--db", self.db,
                "--bot-delay", str(self.bot_delay), "--bot-workers", str(self.bot_workers),
                "--bot-think", str(self.bot_think), "--stand-in-pace", str(self.stand_in_pace)]
        args += [f"--limit={name}={value}" for name, value in self.limits.items()]
        args += self.args
        mark = len(self.output())
        began, bound = time.monotonic(), allowance(timeout)
        self.proc = proc = self._launch(args)

        def announced() -> bool:
            if proc.poll() is not None:
                raise NotStarted(self, proc, began, bound, mark)
            found = ANNOUNCE.search(self.output()[mark:])
            if found:
                self.url = found.group(1)
                self.port = int(self.url.rsplit(":", 1)[1])
            return found is not None

        def answers() -> bool:
            if proc.poll() is not None:
                raise NotStarted(self, proc, began, bound, mark)
            try:
                with http_client(self.url, timeout=2) as http:
                    return http.get("/api/catalog").status_code == 200
            except httpx.HTTPError:
                return False

        try:
            if not _within(announced, began + bound):
                raise NotStarted(self, proc, began, bound, mark, "it printed no address")
            if not _within(answers, began + bound):
                raise NotStarted(self, proc, began, bound, mark, f"{self.url} did not answer /api/catalog")
        except BaseException:  # a server that did not come up in time is not left running
            self.stop()
            raise
        return self

    def _launch(self, args: list[str]) -> Forked:
        """The process that runs ``realpolitik`` with ``args``, its output appended to the log."""
        return forker.fork(args, str(self.log))

    def output(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(errors="replace")

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http"):]

    def stop(self) -> None:
        """Shut down gracefully (SIGTERM), killing after a few seconds."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(allowance(10))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def kill(self) -> None:
        """Kill at once (SIGKILL), as a crash or a pulled plug would."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def run_out(server: ServerProcess, game_id: str, left: float = 4.0, timeouts: int | None = None) -> None:
    """The first seat's clock runs out ``left`` seconds into its turn (and, with ``timeouts``, its time
    ran out that often before): written while the server is stopped, read when it starts again —
    there is no fake clock."""
    from sqlalchemy import update

    from realpolitik.server.store import Store, games, now, seats

    server.stop()
    store = Store(server.db)
    with store.engine.begin() as conn:
        values = {"clock_left": left} if timeouts is None else {"clock_left": left, "timeouts": timeouts}
        conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == 0).values(**values))
        conn.execute(update(games).where(games.c.id == game_id).values(turn_since=now()))
    store.close()
    server.start()


def postgres_bin() -> Path | None:
    """The directory holding the system PostgreSQL's ``initdb`` and ``postgres``."""
    found = shutil.which("initdb") or shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    return versions[-1].parent if versions else None


class Postgres:
    """A temporary PostgreSQL server on 127.0.0.1 (trust authentication, no fsync)."""

    def __init__(self) -> None:
        self.dir: Path | None = None
        self.proc: Forked | None = None
        self.url = ""

    def _as_user(self) -> dict:
        if os.geteuid() != 0:
            return {}
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            raise RuntimeError("PostgreSQL refuses to run as root and there is no 'postgres' user") from None
        os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        return {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}

    def start(self, timeout: float = 30.0) -> Postgres:
        bindir = postgres_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install -y postgresql)")
        self.dir = Path(tempfile.mkdtemp(prefix="realpolitik-pg-"))
        user = self._as_user()
        data = self.dir / "data"
        subprocess.run([bindir / "initdb", "-D", data, "-A", "trust", "-U", "realpolitik", "-E", "UTF8", "--no-sync"],
                       check=True, capture_output=True, cwd=self.dir, **user)
        port = free_port()
        with (self.dir / "log").open("w") as out:
            self.proc = subprocess.Popen(
                [bindir / "postgres", "-D", data, "-k", self.dir, "-h", "127.0.0.1", "-p", str(port),
                 "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.dir, **user)
        self.url = f"postgresql://realpolitik@127.0.0.1:{port}/postgres"

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise RuntimeError(f"postgres exited:\n{(self.dir / 'log').read_text(errors='replace')}")
            with socket.socket() as sock:
                return sock.connect_ex(("127.0.0.1", port)) == 0

        _wait_for(ready, timeout, "postgres start")
        import psycopg

        def accepts() -> bool:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()  # fixed: one knock; _wait_for stretches
                return True
            except psycopg.OperationalError:
                return False

        _wait_for(accepts, timeout, "postgres accepting connections")
        return self

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(allowance(20))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> Postgres:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# ---------------------------------------------------------------------- clients


@functools.cache
def tls() -> ssl.SSLContext:
    """The one TLS context of every test client. httpx makes a client's own by default, reading
    the system's certificate bundle each time (some 20 ms of CPU, a minute over the tests),
    although the servers here speak plain HTTP on loopback."""
    return ssl.create_default_context()


def http_client(url: str, timeout: float = 10, **options: Any) -> httpx.Client:
    """An httpx client of the server at ``url`` (``options``: more of ``httpx.Client``'s)."""
    import httpx

    return httpx.Client(base_url=url, timeout=allowance(timeout), verify=tls(), **options)


class Api:
    """An HTTP client of a server (``get``/``post`` of httpx) with the lobby calls tests need."""

    def __init__(self, server: ServerProcess, timeout: float = 10) -> None:
        self.http = http_client(server.url, timeout)
        self.get = self.http.get
        self.post = self.http.post

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *exc) -> None:
        self.http.close()

    def create(self, seats: list[str], game: str = "nuclear-war", **extra: Any) -> dict[str, Any]:
        """Create a game; the answer gets ``tokens`` by seat label."""
        answer = self.post("/api/games", json={"game": game, "seats": seats, **extra})
        if answer.status_code != 201:
            raise AssertionError(f"create failed: {answer.status_code} {answer.text}")
        data = answer.json()
        data["tokens"] = {i["seat"]: i["url"].split("token=")[1] for i in data["invites"]}
        return data

    def info(self, game_id: str) -> dict[str, Any]:
        return self.get(f"/api/games/{game_id}").json()

    def wait(self, game_id: str, accept: Callable[[dict], bool], timeout: float = 60) -> dict[str, Any]:
        """Poll a game's public facts until ``accept`` holds (``timeout``: idle seconds, ``allowance``)."""
        timeout = allowance(timeout)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            info = self.info(game_id)
            if accept(info):
                return info
            time.sleep(0.05)
        raise TimeoutError(f"game {game_id}: condition not reached in {timeout:.0f} s")

    def wait_finished(self, game_id: str, timeout: float = 60) -> dict[str, Any]:
        return self.wait(game_id, lambda info: info["status"] == "finished", timeout)

    def record(self, game_id: str):
        from realpolitik.engine import Record

        return Record.from_json(self.get(f"/api/games/{game_id}/record").text)

    def truth(self, game_id: str) -> list:
        """The states of a finished game after 0, 1, … actions, replayed from its record."""
        from realpolitik.games import get

        record = self.record(game_id)
        states = [record.initial_state(get)]
        for _, _, state in record.steps(get):
            states.append(state.clone())
        return states


class GameSocket:
    """A WebSocket client of one game; keeps every message, the views and the merged log."""

    def __init__(self, server: ServerProcess, game_id: str, headers: dict[str, str] | None = None,
                 source: str | None = None) -> None:
        """``source``: the loopback address to connect from (127.0.0.0/8), so the server sees another client."""
        from websockets.sync.client import connect

        extra = {"source_address": (source, 0)} if source else {}
        # max_queue=None: every message is read off the socket as it comes, so a close after many
        # unread views is answered at once (with a bounded queue the reader pauses, and the close
        # waits out its timeout)
        self._connection = connect(f"{server.ws_url}/ws/{game_id}", open_timeout=allowance(10),
                                   close_timeout=allowance(2), max_queue=None, additional_headers=headers, **extra)
        self.ws = self._connection.__enter__()
        self.views: list[dict[str, Any]] = []
        self.log: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] | None = None

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next message, waiting ``timeout`` seconds on an idle machine (``allowance``)."""
        return self._take(allowance(timeout))

    def _take(self, timeout: float) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout))
        self.received.append(message)
        if message["type"] == "view":
            self.views.append(message)
            view = message["view"]
            if view["log_from"] == 0:
                self.log = []
            self.log += view["log"]
        elif message["type"] == "welcome":
            self.welcome = message
        return message

    def until(self, accept: Callable[[dict], bool], timeout: float = 20) -> dict[str, Any]:
        """Receive until a message satisfies ``accept``; returns it (``timeout``: idle seconds, ``allowance``)."""
        end = time.monotonic() + allowance(timeout)
        while True:
            message = self._take(max(0.01, end - time.monotonic()))
            if accept(message):
                return message

    def wait_view(self, accept: Callable[[dict], bool], timeout: float = 20) -> dict[str, Any]:
        """The latest view message if it satisfies ``accept``, else the next one that does."""
        if self.views and accept(self.views[-1]):
            return self.views[-1]
        return self.until(lambda m: m["type"] == "view" and accept(m), timeout)

    def wait_turn_or_end(self, timeout: float = 20) -> dict[str, Any]:
        """The view that asks this seat to decide, or shows the game over (a seat may be
        eliminated, or the game end, before its next decision)."""
        return self.wait_view(lambda m: m["status"] == "finished"
                              or (m["status"] == "running" and "pending" in m["view"]), timeout)

    def hello(self, token: str | None = None, name: str = "", lang: str | None = None) -> dict[str, Any]:
        """Greet (with a seat's token, or none to watch — under ``name`` in the spectators' chat; in a
        language); returns the first view or the error."""
        hello = {"type": "hello", "token": token, "name": name} if token else {"type": "hello"}
        if name and not token:  # a spectator's name, for the spectators' chat
            hello["name"] = name
        self.send({**hello, "lang": lang} if lang else hello)
        return self.until(lambda m: m["type"] in ("view", "error"))

    @property
    def view(self) -> dict[str, Any]:
        return self.views[-1]["view"]

    @property
    def seq(self) -> int:
        return self.views[-1]["seq"]

    def act(self, action: str, seq: int | None = None) -> None:
        self.send({"type": "act", "seq": self.seq if seq is None else seq, "action": action})

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its log increment."""
    return {k: v for k, v in view.items() if k not in ("log", "log_from")}


def expected_view(state, seat: int | None) -> dict[str, Any]:
    """What a server must send ``seat`` for ``state`` (without the log), as JSON carries it."""
    return json.loads(json.dumps(state.view(seat, log_from=None)))
