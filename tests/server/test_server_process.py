"""The tests' server process: one that does not come up in time is stopped, not left running."""

from __future__ import annotations

import subprocess

import pytest

from realpolitik.testing.server import ServerProcess


def test_a_server_that_does_not_answer_in_time_is_stopped(tmp_path, monkeypatch):
    started: list[subprocess.Popen] = []
    popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", lambda *args, **kw: started.append(popen(*args, **kw)) or started[-1])
    server = ServerProcess(str(tmp_path / "games.db"))
    with pytest.raises(TimeoutError, match="server start"):
        server.start(timeout=0.01)
    assert server.proc is None and started[0].poll() is not None  # its process has ended
    assert server.start().url  # the same server starts when given the time
    server.stop()
    assert len(started) == 2 and started[1].poll() is not None
