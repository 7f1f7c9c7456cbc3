"""Faults for server tests: a database lock held from outside, and a person playing at random.

``locked(db)`` holds an exclusive lock on a server's database (SQLite file or PostgreSQL
URL) for as long as the ``with`` block runs, as a backup tool or a stuck transaction
would. ``Player`` plays one seat with random legal actions on a thread and remembers the
last move the server confirmed, so a test can check that nothing confirmed is ever lost.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import threading
from collections.abc import Iterator

from websockets.exceptions import ConnectionClosed

from realpolitik.testing.load import allowance

from .server import GameSocket, ServerProcess


@contextlib.contextmanager
def locked(db: str) -> Iterator[None]:
    """Hold every table of the server's database locked for writing (and, on PostgreSQL, reading)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            conn.execute("LOCK TABLE games, seats, actions IN ACCESS EXCLUSIVE MODE")
            yield
            conn.rollback()
        return
    path = db.removeprefix("sqlite:///")
    conn = sqlite3.connect(path, timeout=allowance(30), isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        yield
        conn.execute("ROLLBACK")
    finally:
        conn.close()


class Player:
    """A person at one seat who plays at random until stopped; ``confirmed`` is the number of
    actions of the last view the server sent after one of this player's actions."""

    def __init__(self, server: ServerProcess, game_id: str, token: str, seed: int) -> None:
        self.sock = GameSocket(server, game_id)
        self.first = self.sock.hello(token)
        self.rng = random.Random(seed)
        self.confirmed = 0
        self.errors: list[dict] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, daemon=True)
        self._thread.start()

    def _play(self) -> None:
        sock = self.sock
        try:
            while not self._stop.is_set():
                view = sock.wait_turn_or_end(timeout=30)
                if view["status"] == "finished":
                    return
                seq = view["seq"]
                sock.act(self.rng.choice(view["view"]["pending"]["actions"]), seq)
                answer = sock.until(lambda m, seq=seq: m["type"] == "error" or (m["type"] == "view" and m["seq"] > seq))
                if answer["type"] == "error":
                    self.errors.append(answer)
                else:
                    self.confirmed = answer["seq"]
        except (ConnectionClosed, OSError, TimeoutError):
            return  # the server went away (killed): the test decides what that means

    def stop(self) -> None:
        self._stop.set()
        self.sock.close()
        self._thread.join(allowance(10))
