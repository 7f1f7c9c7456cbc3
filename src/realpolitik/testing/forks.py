"""Server processes forked from one that has loaded the server already: the tests start a server
some two hundred times, and each fresh interpreter spent more than a second of CPU importing
the server, the games and the catalogs before it served anything.

A *forker* is a child of the test process that loads all that once and then forks one child
per command line it is sent. The fork runs ``realpolitik`` with that command line exactly as
``python -c "from realpolitik.cli.main import app; app()" …`` would: its output appended to a
log file, in the working directory of the caller, and under the caller's environment: a module
may read the environment at import, so each environment has a forker of its own
(:class:`Forkers`; tests change the environment, and importing Ray does so for good).
``Forked`` is the fork's handle with the part
of ``subprocess.Popen``'s interface the tests use; the forker reaps its forks and reports each
exit status, so ``poll`` and ``wait`` work although the fork is not the test process's child.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import threading
import time
import weakref

from realpolitik.testing.load import allowance

#: the command line of a fresh ``realpolitik`` process
SERVE = "from realpolitik.cli.main import app; app()"
#: variables that change with every test (pytest's name of the test running) and that no
#: server reads: a forker serves every value of them (a fork sees the one it was started with)
PER_TEST = ("PYTEST_CURRENT_TEST",)

#: the forker's program. It preloads, and computes once what every server computes on its first
#: answer, the catalog (a failure is left for the fork to report), then reads one
#: JSON order per line ``{"argv", "log", "cwd"}``, forks, and answers ``{"started": pid}``;
#: it reaps its forks and answers ``{"exited": pid, "code": status}`` for each; at the end of its
#: input it stops the forks still running (SIGTERM), as the test process's own exit would have
FORKER = r"""
import atexit, json, os, select, signal, sys, threading, traceback
try:
    import realpolitik.cli.main
    import realpolitik.server
    from realpolitik.games import registry
    from realpolitik.i18n.catalogs import LANGUAGES, catalog
    from realpolitik.server.api import catalog_entry
    for lang in LANGUAGES:
        catalog(lang)
        for game in registry():  # the lobby's catalog plays each game's lesson through once
            catalog_entry(game, lang)
except BaseException:
    pass
SERVE = sys.argv[1]
forkable = threading.active_count() == 1  # a fork of a process with threads may inherit held locks
running = set()


def answer(**fields):
    os.write(1, (json.dumps(fields) + "\n").encode())


def reap():
    while running:
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            return
        running.discard(pid)
        answer(exited=pid, code=os.waitstatus_to_exitcode(status))


def become(order):
    log = os.open(order["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.dup2(quiet, 0)
    os.close(log)
    os.close(quiet)
    os.chdir(order["cwd"])
    if not forkable:
        os.execv(sys.executable, [sys.executable, "-c", SERVE, *order["argv"]])
    sys.argv = ["-c", *order["argv"]]
    code = 0
    try:
        from realpolitik.cli.main import app
        app()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if not isinstance(done.code, int | None):
            print(done.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 1
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


pending = b""
while True:
    ready, _, _ = select.select([0], [], [], 0.05)
    reap()
    if not ready:
        continue
    chunk = os.read(0, 65536)
    if not chunk:
        break
    pending += chunk
    while b"\n" in pending:
        line, pending = pending.split(b"\n", 1)
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            become(order)
        running.add(pid)
        answer(started=pid)
for pid in list(running):
    os.kill(pid, signal.SIGTERM)
"""


class Forker:
    """One forker: a child of the test process started under one environment, ended at exit
    (or by :class:`Forkers` once none of its forks runs)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.codes: dict[int, int] = {}
        self.started: list[int] = []
        self.forks: list[int] = []  # every fork's pid
        self.changed = threading.Condition()
        self.order = threading.Lock()
        self.closed = False  # once closed, a fork still running is ended by the forker, not by a test
        atexit.register(self.close)

    def fork(self, argv: list[str], log: str) -> Forked:
        """A fork running ``realpolitik *argv``, its output appended to ``log``."""
        order = json.dumps({"argv": argv, "log": log, "cwd": os.getcwd()}) + "\n"
        with self.order:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            assert self.proc is not None and self.proc.stdin is not None
            self.proc.stdin.write(order.encode())
            self.proc.stdin.flush()
            with self.changed:
                bound = allowance(120)
                if not self.changed.wait_for(lambda: self.started or self.proc.poll() is not None, timeout=bound):
                    raise TimeoutError(f"the forker did not fork within {bound:.0f} s")
                if not self.started:
                    raise RuntimeError(f"the forker exited ({self.proc.returncode})")
                self.forks.append(self.started.pop(0))
                return Forked(self, self.forks[-1])

    def idle(self) -> bool:
        """Whether every fork has ended."""
        with self.changed:
            return all(pid in self.codes for pid in self.forks)

    def _start(self) -> None:
        self.closed = False
        self.proc = subprocess.Popen([sys.executable, "-c", FORKER, SERVE], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=self.env)
        threading.Thread(target=self._listen, args=(self.proc,), daemon=True).start()

    def _listen(self, proc: subprocess.Popen) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            said = json.loads(line)
            with self.changed:
                if "started" in said:
                    self.started.append(said["started"])
                else:
                    self.codes[said["exited"]] = said["code"]
                self.changed.notify_all()
        proc.wait()
        with self.changed:
            self.changed.notify_all()

    def close(self) -> None:
        """End the forker; it ends the forks still running (SIGTERM), and each is told so."""
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.closed = True
            self.proc.stdin.close()
            try:
                self.proc.wait(allowance(10))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Forked:
    """A fork's handle: what ``subprocess.Popen`` offers the tests (pid, poll, wait, signals).

    Signals go through a pidfd, which names this very process: a handle kept after its fork
    ended cannot hit another process that got the same pid (pids wrap at 32,768 here, and a
    run of the suite starts tens of thousands of processes)."""

    def __init__(self, forker: Forker, pid: int) -> None:
        self.forker = forker
        self.pid = pid
        self.returncode: int | None = None
        self.sent: list[str] = []  # the signals this process sent it, by name, for a failure's message
        try:
            self.pidfd: int | None = os.pidfd_open(pid)
        except ProcessLookupError:  # it ended already; no signal can reach it
            self.pidfd = None
        else:
            weakref.finalize(self, os.close, self.pidfd)

    def ended_by(self) -> str:
        """Who ended the fork, as far as this process knows: for a failure's message."""
        if self.sent:
            return f"this test process sent it {', '.join(self.sent)}"
        if self.forker.closed:
            return "its forker was closed while it ran, which ends every fork still running"
        return "no signal came from this test process or its forker"

    def poll(self) -> int | None:
        with self.forker.changed:
            self.returncode = self.forker.codes.get(self.pid, self.returncode)
            if self.returncode is None and self.forker.proc is not None and self.forker.proc.poll() is not None:
                self.returncode = self._orphan()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        with self.forker.changed:
            while self.poll() is None:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    raise subprocess.TimeoutExpired(f"realpolitik (pid {self.pid})", timeout)
                self.forker.changed.wait(0.1 if left is None else min(left, 0.1))
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None and self.pidfd is not None:
            try:
                signal.pidfd_send_signal(self.pidfd, sig)
            except ProcessLookupError:  # it ended meanwhile
                return
            self.sent.append(signal.Signals(sig).name)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def _orphan(self) -> int | None:
        """The status of a fork whose forker died: None while its pid lives, and once it is
        gone -SIGKILL, standing for a status no one is left to tell."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return -signal.SIGKILL
        return None


class Forkers:
    """The test process's forkers, one per environment its servers start under: a fork must
    see the caller's environment, and tests change it — for one test (``monkeypatch``) or for
    good (importing Ray sets variables of its own), which would otherwise leave every later
    server to a fresh interpreter. At most ``LIMIT`` are kept; the least recently used one
    without a running fork makes room for a new one."""

    LIMIT = 3

    def __init__(self) -> None:
        self.by_env: dict[frozenset[tuple[str, str]], Forker] = {}  # the least recently used first
        self.lock = threading.Lock()

    def fork(self, argv: list[str], log: str) -> Forked:
        """A fork running ``realpolitik *argv`` under the current environment, its output
        appended to ``log``."""
        env = dict(os.environ)
        key = frozenset((name, value) for name, value in env.items() if name not in PER_TEST)
        with self.lock:  # held until the fork is counted: a forker that looks idle meanwhile is not closed
            found = self.by_env.pop(key, None)
            if found is None:
                spare = [k for k, other in self.by_env.items() if other.idle()]
                for gone in spare[:max(0, len(self.by_env) + 1 - self.LIMIT)]:
                    self.by_env.pop(gone).close()
                found = Forker(env)
            self.by_env[key] = found
            return found.fork(argv, log)


forker = Forkers()
