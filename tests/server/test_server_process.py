"""The tests' server process: one that does not come up in time is stopped, not left running;
a start forks from a forker that imported the server beforehand, under the caller's environment."""

from __future__ import annotations

import os
import signal
import subprocess

import pytest

from realpolitik.testing.forks import FORKER, Forkers
from realpolitik.testing.load import allowance
from realpolitik.testing.server import NotStarted, ServerProcess


@pytest.fixture
def launched(monkeypatch) -> list[subprocess.Popen]:
    """The processes ``ServerProcess`` runs, in order."""
    started: list[subprocess.Popen] = []
    launch = ServerProcess._launch
    monkeypatch.setattr(ServerProcess, "_launch", lambda self, args: started.append(launch(self, args)) or started[-1])
    return started


def test_a_server_that_does_not_answer_in_time_is_stopped(tmp_path, launched):
    server = ServerProcess(str(tmp_path / "games.db"))
    with pytest.raises(NotStarted, match=r"did not start: it printed no address within 0 s, after .* s \(load "):
        server.start(timeout=0.01)
    assert server.proc is None and launched[0].poll() is not None  # its process has ended
    assert server.start().url  # the same server starts when given the time
    server.stop()
    assert len(launched) == 2 and launched[1].poll() is not None


def test_each_environment_has_its_forker_and_every_start_is_a_fork(tmp_path, monkeypatch, launched):
    """A start forks from a forker started under the caller's environment (the server's log
    format, say, is read at import); a test changing the environment, for a while or for good
    as importing Ray does, gets a forker of its own, not a fresh interpreter per start."""
    with ServerProcess(str(tmp_path / "first.db")) as first:
        assert "realpolitik server on" in first.output()
        plain = first.proc.forker
    monkeypatch.setenv("REALPOLITIK_TEST_MARK", "seen")
    with ServerProcess(str(tmp_path / "second.db")) as second:
        with open(f"/proc/{second.proc.pid}/environ", "rb") as fh:
            assert b"REALPOLITIK_TEST_MARK=seen" in fh.read().split(b"\0")
        with open(f"/proc/{second.proc.pid}/cmdline", "rb") as fh:
            assert fh.read().split(b"\0")[2] == FORKER.encode()  # a fork, not ``python -c SERVE``
        assert second.proc.forker is not plain
    monkeypatch.delenv("REALPOLITIK_TEST_MARK")
    with ServerProcess(str(tmp_path / "third.db")) as third:
        assert third.proc.forker is plain
    assert [p.poll() is not None for p in launched] == [True, True, True]


def test_the_next_test_forks_from_the_same_forker(tmp_path, monkeypatch):
    """pytest names the test running in ``PYTEST_CURRENT_TEST``, which changes with every test
    and which no server reads: the next test's servers fork from the same forker (a forker per
    test cost some three seconds of CPU each)."""
    with ServerProcess(str(tmp_path / "first.db")) as first:
        plain = first.proc.forker
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_next.py::test_next (setup)")
    with ServerProcess(str(tmp_path / "second.db")) as second:
        assert second.proc.forker is plain


def test_a_forker_whose_forks_all_ended_makes_room_for_another_environment(tmp_path, monkeypatch):
    forkers = Forkers()
    forkers.LIMIT = 1
    log = str(tmp_path / "log")
    running = forkers.fork(["serve", "--port", "0", "--db", str(tmp_path / "one.db")], log)
    monkeypatch.setenv("REALPOLITIK_TEST_MARK", "one")
    done = forkers.fork(["--help"], log)
    assert done.wait(allowance(60)) == 0 and running.poll() is None  # a forker with a running fork stays
    assert {running.forker, done.forker} == set(forkers.by_env.values())
    monkeypatch.setenv("REALPOLITIK_TEST_MARK", "two")
    assert forkers.fork(["--help"], log).wait(allowance(60)) == 0
    assert done.forker.proc.poll() is not None and running.poll() is None  # the idle one made room
    assert len(forkers.by_env) == 2
    running.terminate()
    running.wait(allowance(10))
    for forker in forkers.by_env.values():
        forker.close()


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
    assert proc.wait(allowance(5)) == -signal.SIGKILL
    with ServerProcess(str(tmp_path / "other.db")) as serving, pytest.raises(subprocess.TimeoutExpired):
        serving.proc.wait(0.2)  # fixed: a look that the server still runs, not a bound


def test_a_server_that_exits_while_starting_says_why(tmp_path):
    """A failed start says how the server ended and shows all it printed, not a bare status."""
    server = ServerProcess(str(tmp_path / "games.db"), args=("--no-such-option",))
    with pytest.raises(NotStarted) as failed:
        server.start()
    said = str(failed.value)
    assert "did not start: it exited with status 2, after" in said, said
    assert "No such option" in said and "on 2 cores" in said.replace(f"on {os.cpu_count()} cores", "on 2 cores")


def test_a_server_ended_by_a_signal_while_starting_names_it_and_who_sent_it(tmp_path, monkeypatch):
    """The failure the issue saw on a loaded machine was a bare "exited (-15)": now the signal
    has its name, and the message says whether this process (or its forker) sent it."""
    launch = ServerProcess._launch

    def shot(self, args):
        proc = launch(self, args)
        os.kill(proc.pid, signal.SIGKILL)  # from outside, as another process would
        return proc

    monkeypatch.setattr(ServerProcess, "_launch", shot)
    with pytest.raises(NotStarted, match="ended by SIGKILL \\(no signal came from this test process or its forker\\)"):
        ServerProcess(str(tmp_path / "games.db")).start()


def test_a_stopped_server_was_signalled_through_its_own_handle(tmp_path):
    """Signals go through a pidfd that names the fork itself, and the handle remembers them; once
    the fork has ended its handle sends nothing (a pid may have been given to another process)."""
    server = ServerProcess(str(tmp_path / "games.db")).start()
    proc = server.proc
    server.stop()
    assert proc.sent == ["SIGTERM"] and proc.ended_by() == "this test process sent it SIGTERM"
    proc.kill()
    assert proc.sent == ["SIGTERM"]
