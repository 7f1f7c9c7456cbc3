"""The server's bot workers: forked at start from the server process, which has loaded the games
already, and replaced by freshly spawned ones when they die (``server/bots.py``)."""

from __future__ import annotations

import threading

import psutil

from realpolitik.bots.worker import process_context
from realpolitik.testing.server import Api, ServerProcess


def _spawned(process: psutil.Process) -> bool:
    return "spawn_main" in " ".join(process.cmdline())


def test_the_workers_are_forked_at_start_and_one_killed_is_replaced_by_a_spawned_one(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.02, bot_workers=2).start()
    try:
        me = psutil.Process(server.proc.pid)
        forked = me.children()
        assert len(forked) == 2  # before any game asked for a bot
        assert all(worker.cmdline() == me.cmdline() for worker in forked)  # a fork runs the server's command
        with Api(server) as api:
            gid = api.create(["heuristic", "heuristic"], game="wsdv")["id"]
            api.wait(gid, lambda info: info["ply"] >= 3)
            forked[0].kill()
            info = api.wait_finished(gid)
            assert info["ply"] > 3
            record = api.record(gid)
        assert len(record.actions) == info["ply"]
        assert [p for p in me.children() if _spawned(p)]  # the server runs threads now: a fork could inherit a lock
        assert not any(worker.is_running() for worker in forked)  # the pool was replaced as a whole
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
