"""The server's bot workers: forked at start from the server process, which has loaded the games
already, and replaced by freshly spawned ones when they die (``server/bots.py``)."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

from realpolitik.bots.worker import process_context
from realpolitik.testing.server import Api, ServerProcess


def _cmdline(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def _children(pid: int) -> list[int]:
    """The live child processes of ``pid``, read from Linux's /proc (a zombie is not live)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended while we looked
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _spawned(pid: int) -> bool:
    return b"spawn_main" in _cmdline(pid)


def test_the_workers_are_forked_at_start_and_one_killed_is_replaced_by_a_spawned_one(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.02, bot_workers=2).start()
    try:
        me = server.proc.pid
        forked = _children(me)
        assert len(forked) == 2  # before any game asked for a bot
        assert all(_cmdline(worker) == _cmdline(me) for worker in forked)  # a fork runs the server's command
        with Api(server) as api:
            gid = api.create(["heuristic", "heuristic"], game="wsdv")["id"]
            api.wait(gid, lambda info: info["ply"] >= 3)
            os.kill(forked[0], signal.SIGKILL)
            info = api.wait_finished(gid)
            assert info["ply"] > 3
            record = api.record(gid)
        assert len(record.actions) == info["ply"]
        # the server runs threads now: a fork could inherit a lock
        assert [pid for pid in _children(me) if _spawned(pid)]
        assert not set(forked) & set(_children(me))  # the pool was replaced as a whole
        assert "could not move (BrokenProcessPool)" in server.output()
    finally:
        server.stop()


def test_a_process_running_another_thread_spawns_its_workers():
    done = threading.Event()
    other = threading.Thread(target=done.wait)
    other.start()
    try:
        assert process_context().get_start_method() == "spawn"
    finally:
        done.set()
        other.join()
