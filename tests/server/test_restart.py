"""A server killed mid-game (SIGKILL) and started again resumes every game where it was,
on SQLite and on PostgreSQL; nothing stored is lost and every record replays."""

from __future__ import annotations

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.testing.load import allowance
from realpolitik.testing.server import Api, GameSocket, ServerProcess, without_log


def test_a_killed_server_resumes_every_game(database):
    server = ServerProcess(database, bot_delay=0.01).start()
    sockets = []
    try:
        with Api(server) as api:
            bots = [api.create(["random", "heuristic", "random", "heuristic"])["id"] for _ in range(3)]
            game = api.create(["human", "random", "random"])
            human = game["id"]
            sock = GameSocket(server, human)
            sockets.append(sock)
            sock.hello(game["tokens"]["p1"], "Ann")
            rng = Rng(5)
            for _ in range(3):
                if sock.wait_turn_or_end()["status"] == "finished":
                    break
                sock.act(rng.choice(sock.view["pending"]["actions"]))
                sock.until(lambda m: m["type"] == "view")
            seen = sock.wait_turn_or_end()
            api.wait(bots[0], lambda info: info["ply"] >= 10 or info["status"] == "finished")
            server.kill()

            server.start()  # same port, same database
            for gid in bots:
                info = api.info(gid)
                assert info["status"] in ("running", "finished") and info["ply"] >= 1
            again = GameSocket(server, human)
            sockets.append(again)
            resumed = again.hello(game["tokens"]["p1"])
            assert resumed["seq"] == seen["seq"]
            assert without_log(resumed["view"]) == without_log(seen["view"]) and again.log == sock.log
            while True:
                current = again.wait_view(lambda m: m["view"].get("pending") or m["view"].get("outcome"))
                if current["view"].get("outcome"):
                    break
                again.act(rng.choice(again.view["pending"]["actions"]))
                again.until(lambda m, current=current: m["type"] == "view" and m["seq"] > current["seq"])
            for gid in [*bots, human]:
                info = api.wait_finished(gid)
                record = api.record(gid)
                assert record.replay(get).ply == info["ply"] == len(record.actions)
    finally:
        for s in sockets:
            s.close()
        server.stop()


def test_bot_workers_die_with_a_killed_server(tmp_path):
    import os
    import time

    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=0.0, bot_workers=2).start()
    with Api(server) as api:
        api.wait_finished(api.create(["random", "random"])["id"])  # the workers exist now
    parent = server.proc.pid
    children = [int(p) for p in os.listdir("/proc") if p.isdigit() and _parent_of(int(p)) == parent]
    assert len(children) >= 2
    server.kill()
    end = time.monotonic() + allowance(10)
    while time.monotonic() < end and any(os.path.exists(f"/proc/{c}") and _parent_of(c) != 0 for c in children):
        time.sleep(0.05)
    assert not [c for c in children if os.path.exists(f"/proc/{c}") and _state(c) not in ("Z", "X")]


def _parent_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return int(fh.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "X"


def test_a_game_with_a_bot_chosen_by_level_takes_back_and_resumes_after_a_restart(tmp_path):
    """A level's seat is stored as its spec (``ismcts:budget=300``): the game still loads when
    the server starts again, is listed, and takes back a move and plays on — before and after."""
    from realpolitik.bots.levels import spec_of

    server = ServerProcess(str(tmp_path / "games.db"), bot_delay=3.0).start()  # time to take back
    sockets = []
    try:
        with Api(server) as api:
            game = api.create(["human", "easy"], game="nationen")
            for restart in (False, True):
                if restart:
                    server.stop()
                    server.start()
                info = api.get(f"/api/games/{game['id']}")
                assert info.status_code == 200, info.text
                assert [p["kind"] for p in info.json()["players"]] == ["human", spec_of("nationen", "easy")]
                lobby = api.get("/api/games").json()
                assert game["id"] in [e["id"] for e in lobby["open"] + lobby["running"]]
                sock = GameSocket(server, game["id"])
                sockets.append(sock)
                seen = sock.hello(game["tokens"]["p1"], "Ann")
                assert seen["type"] == "view"
                _act_and_take_back(sock)
                _play_until_another_moved(sock)
        assert "Traceback" not in server.output()
    finally:
        for s in sockets:
            s.close()
        server.stop()


def _play_until_another_moved(sock: GameSocket) -> None:
    """Play a seat's first choices until another seat (here: the bot) has moved."""
    mine, begun = 0, sock.wait_turn_or_end()["seq"]
    while True:
        seen = sock.wait_view(lambda m, mine=mine: m["status"] == "finished" or "pending" in m["view"]
                              or m["seq"] > begun + mine, timeout=60)
        if seen["seq"] > begun + mine or seen["status"] == "finished":
            return
        sock.act(seen["view"]["pending"]["actions"][0])
        mine += 1
        sock.wait_view(lambda m, s=seen["seq"]: m["seq"] > s)


def _act_and_take_back(sock: GameSocket) -> None:
    """Play a seat's first choices until one may be taken back, take it back, and find the
    game as it was before it."""
    for _ in range(30):
        start = sock.wait_turn_or_end()
        sock.act(start["view"]["pending"]["actions"][0])
        played = sock.wait_view(lambda m, s=start["seq"]: m["seq"] == s + 1)
        if played["undo"]:
            sock.send({"type": "undo", "seq": played["seq"]})
            back = sock.until(lambda m, s=start["seq"]: m["type"] in ("view", "error") and m.get("seq", 0) <= s)
            assert back["type"] == "view" and back["seq"] == start["seq"], back
            assert without_log(back["view"]) == without_log(start["view"])
            return
    raise AssertionError("no action of the seat could be taken back")
