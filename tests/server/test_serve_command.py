"""``realpolitik serve``: it says where it listens, and refuses a bad database or port in words."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from realpolitik.testing.forks import SERVE
from realpolitik.testing.load import allowance


def serve(*args: str) -> subprocess.CompletedProcess:
    """``realpolitik serve`` in a bare environment (the source it is run from kept, as a worktree's)."""
    source = {"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}
    return subprocess.run([sys.executable, "-c", SERVE, "serve", *args], capture_output=True, text=True,
                          timeout=allowance(60), env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", **source})


def test_the_server_announces_its_address(server):
    assert f"realpolitik server on {server.url}/" in server.output()
    assert "unfinished games resumed" in server.output()


def test_a_database_that_cannot_be_used_is_named_with_the_reason(tmp_path):
    done = serve("--port", "0", "--db", "nosuch://x")
    assert done.returncode == 2 and "nosuch://x is not a database realpolitik can use; use a SQLite file" in done.stderr
    done = serve("--port", "0", "--db", "postgresql://ann:secret@127.0.0.1:1/games")
    assert done.returncode == 2 and "cannot use postgresql+psycopg://ann:***@127.0.0.1:1/games" in done.stderr
    assert "secret" not in done.stdout + done.stderr


def test_a_port_in_use_is_refused_in_words(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--db", str(tmp_path / "games.db"))
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port} (Address already in use)" in done.stderr


def test_a_metrics_port_in_use_is_refused_in_words(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", "0", "--db", str(tmp_path / "games.db"), "--metrics-port", str(port))
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port} (Address already in use)" in done.stderr


def test_vacation_days_out_of_their_range_are_refused_in_words(tmp_path):
    for days in ("-1", "367"):
        done = serve("--port", "0", "--db", str(tmp_path / "games.db"), "--vacation-days", days)
        assert done.returncode == 2
        assert f"--vacation-days must be a whole number from 0 to 366, not {days}" in done.stderr
