"""The tests' server process: one that does not come up in time is stopped, not left running;
a start takes a spare that imported the server beforehand, under the caller's environment."""

from __future__ import annotations

import subprocess

import pytest

from realpolitik.testing.server import ServerProcess


@pytest.fixture
def launched(monkeypatch) -> list[subprocess.Popen]:
    """The processes ``ServerProcess`` runs, in order."""
    started: list[subprocess.Popen] = []
    launch = ServerProcess._launch
    monkeypatch.setattr(ServerProcess, "_launch", lambda self, args: started.append(launch(self, args)) or started[-1])
    return started


def test_a_server_that_does_not_answer_in_time_is_stopped(tmp_path, launched):
    server = ServerProcess(str(tmp_path / "games.db"))
    with pytest.raises(TimeoutError, match="server start"):
        server.start(timeout=0.01)
    assert server.proc is None and launched[0].poll() is not None  # its process has ended
    assert server.start().url  # the same server starts when given the time
    server.stop()
    assert len(launched) == 2 and launched[1].poll() is not None


def test_a_spare_takes_the_environment_of_the_start(tmp_path, monkeypatch, launched):
    """A spare imported under the environment it was started with; a start under another one
    runs ``realpolitik`` afresh with that one (the server's log format is read at start)."""
    with ServerProcess(str(tmp_path / "first.db")) as first:
        assert "realpolitik server on" in first.output()
    monkeypatch.setenv("REALPOLITIK_TEST_MARK", "seen")
    with ServerProcess(str(tmp_path / "second.db")) as second:
        with open(f"/proc/{second.proc.pid}/environ", "rb") as fh:
            assert b"REALPOLITIK_TEST_MARK=seen" in fh.read().split(b"\0")
    assert [p.poll() is not None for p in launched] == [True, True]


def test_a_forked_server_reports_how_it_ended(tmp_path):
    """The fork's handle tells a graceful stop from a kill as Popen would: after its graceful
    shutdown uvicorn raises SIGTERM again, so both end by a signal, each its own."""
    import signal

    server = ServerProcess(str(tmp_path / "games.db")).start()
    proc = server.proc
    assert proc is not None and proc.poll() is None
    server.stop()
    assert proc.poll() == -signal.SIGTERM and "Finished server process" in server.output()
    server.start()
    proc = server.proc
    server.kill()
    assert proc.wait(5) == -signal.SIGKILL
    with ServerProcess(str(tmp_path / "other.db")) as serving, pytest.raises(subprocess.TimeoutExpired):
        serving.proc.wait(0.2)
