"""Ctrl-C for the long-running commands under test (arena, analyze): start one, wait until its
progress bar shows a finished game, send SIGINT and time how long it takes to stop."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from .load import allowance

#: terminal escape sequences of the progress bar, left out of what a test reads
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass
class Stopped:
    """How an interrupted command ended: seconds from SIGINT to its exit, and what it printed."""

    seconds: float
    returncode: int
    stdout: str
    stderr: str


def _progress_seen(stream, chunks: list[str], total: int, started: threading.Event) -> None:
    """Read the progress bar (redrawn in place, not line by line): ``started`` once a game has finished."""
    done = re.compile(rf"\b[1-9]\d*/{total}\b")
    while chunk := os.read(stream.fileno(), 4096):
        chunks.append(chunk.decode(errors="replace"))
        if done.search("".join(chunks[-2:])):
            started.set()


def interrupt(command: list[str], total: int, env: dict[str, str] | None = None, after: float = 2.0,
              start_within: float = 120.0) -> Stopped:
    """Run ``command`` (planned for ``total`` games) with a progress bar on standard error, send it
    Ctrl-C ``after`` seconds after its first game finished, and wait for it to end. The first game
    may take ``start_within`` seconds on an idle machine, stretched with the load (a Ray instance
    starts a dozen processes first)."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, **(env or {}), "TTY_COMPATIBLE": "1", "COLUMNS": "150"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    errors: list[str] = []
    started = threading.Event()
    reader = threading.Thread(target=_progress_seen, args=(proc.stderr, errors, total, started), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + allowance(start_within)
        while not started.wait(0.5):  # fixed: a pause between looks; the deadline above stretches
            if proc.poll() is not None:  # it ended (failed) before a game: say so now, not at the bound
                reader.join(allowance(5))
                raise AssertionError(f"the command ended ({proc.returncode}) before a game finished: "
                                     + "".join(errors)[-2000:])
            if time.monotonic() > deadline:
                raise AssertionError("no game finished: " + "".join(errors)[-2000:])
        time.sleep(after)
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out = proc.stdout.read().decode()
        proc.wait(allowance(30))
        took = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(allowance(5))
    return Stopped(took, proc.returncode, ANSI.sub("", out), ANSI.sub("", "".join(errors)))
