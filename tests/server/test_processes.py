"""Several server processes over one PostgreSQL database: every process serves every game.

Each test starts two or three ``realpolitik serve`` processes on loopback against a fresh
database of the session's PostgreSQL, with clients spread over them: moves reach every
process's clients within a second and are stored exactly once however they race; the
lobby, chat and what happens to a seat travel too; one process plays a game's bots and
fires its clocks; a process killed mid-game leaves its games to the others; and SQLite
refuses a second process.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import psycopg
import pytest
from sqlalchemy import update

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.server.store import Store, games, now, seats
from realpolitik.testing.forks import SERVE
from realpolitik.testing.load import allowance
from realpolitik.testing.server import Api, GameSocket, ServerProcess, expected_view, http_client, without_log

#: a move must reach the clients of every other process within this many seconds (idle; ``allowance``)
FAN_OUT = 1.0


@pytest.fixture
def shared(postgres):
    """A fresh database of the session's PostgreSQL, for the processes of one test."""
    name = "multi_" + secrets.token_hex(4)
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def processes(shared):
    """``processes(n)`` starts n server processes on the shared database; stopped after the test."""
    started: list[ServerProcess] = []
    opened: list[GameSocket] = []

    def start(count: int, **options) -> list[ServerProcess]:
        for _ in range(count):
            started.append(ServerProcess(shared, bot_workers=0, **options).start())
        return started[-count:]

    start.sockets = opened
    yield start
    for sock in opened:
        sock.close()
    for server in started:
        server.stop()


def _socket(processes, server: ServerProcess, game_id: str) -> GameSocket:
    sock = GameSocket(server, game_id)
    processes.sockets.append(sock)
    return sock


def test_moves_reach_every_process_within_a_second_and_are_stored_once(processes, shared):
    a, b = processes(2)
    with Api(a) as api:
        game = api.create(["human", "human"], game="nationen")
    ann, bo = _socket(processes, a, game["id"]), _socket(processes, b, game["id"])
    watcher = _socket(processes, b, game["id"])
    ann.hello(game["tokens"]["p1"], "Ann")
    bo.hello(game["tokens"]["p2"], "Bo")
    watcher.hello()
    rng = Rng(3)
    for _ in range(20):
        if ann.wait_view(lambda m: m["status"] != "open")["status"] == "finished":
            break
        mover = ann if ann.view.get("pending") else bo
        seq = mover.seq
        sent = time.monotonic()
        mover.act(rng.choice(mover.view["pending"]["actions"]))
        for sock in (ann, bo, watcher):
            sock.wait_view(lambda m, seq=seq: m["seq"] > seq, timeout=5)
            assert time.monotonic() - sent < allowance(FAN_OUT), "a move was slow to reach another process's client"
    assert ann.seq == bo.seq == watcher.seq >= 10
    stored = _stored(shared, game["id"])
    assert len(stored.actions) == ann.seq  # each move once, none lost
    truth = stored.record().replay(get)
    assert without_log(ann.view) == expected_view(truth, 0) and without_log(bo.view) == expected_view(truth, 1)
    assert without_log(watcher.view) == expected_view(truth, None)


def _stored(url: str, game_id: str):
    store = Store(url)
    try:
        return store.load(game_id)
    finally:
        store.close()


def test_the_same_move_sent_to_two_processes_at_once_is_stored_once(processes, shared):
    a, b = processes(2)
    with Api(a) as api:
        game = api.create(["human", "human"], game="nationen")
    token = game["tokens"]["p1"]
    here, there = _socket(processes, a, game["id"]), _socket(processes, b, game["id"])
    other = _socket(processes, b, game["id"])
    here.hello(token, "Ann")
    there.hello(token, "Ann")  # the same seat open on both processes
    other.hello(game["tokens"]["p2"], "Bo")
    rng = Rng(8)
    rounds, refusals = 0, []
    for _ in range(8):
        for sock in (here, there, other):
            sock.wait_view(lambda m: m["status"] == "running")
        seq = max(here.seq, there.seq, other.seq)
        for sock in (here, there, other):
            sock.wait_view(lambda m, seq=seq: m["seq"] >= seq)
        if other.view.get("pending"):  # Bo's turn: play it and go on
            other.act(rng.choice(other.view["pending"]["actions"]))
            other.wait_view(lambda m, seq=seq: m["seq"] > seq)
            continue
        choices = here.view["pending"]["actions"]
        gate = threading.Barrier(2)

        def race(sock: GameSocket, move: str, mark: str, seq: int = seq, gate: threading.Barrier = gate) -> None:
            gate.wait()
            sock.act(move, seq=seq)
            sock.send({"type": "chat", "text": mark, "channel": "table"})  # comes back after the act's answer

        marks = {here: f"here {rounds}", there: f"there {rounds}"}
        threads = [threading.Thread(target=race, args=(sock, rng.choice(choices), marks[sock]))
                   for sock in (here, there)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        rounds += 1
        for sock in (here, there):
            start = len(sock.received)
            sock.until(lambda m, mark=marks[sock]: m["type"] == "chat" and m["lines"][-1]["text"] == mark)
            refusals += [m for m in sock.received[start:] if m["type"] == "error"]
        here.wait_view(lambda m, seq=seq: m["seq"] == seq + 1)
        there.wait_view(lambda m, seq=seq: m["seq"] == seq + 1)
        assert without_log(here.view) == without_log(there.view)
    final = max(here.seq, there.seq, other.seq)  # the last round may have been Bo's, not yet seen on process a
    for sock in (here, there, other):
        sock.wait_view(lambda m, final=final: m["seq"] >= final)
    with psycopg.connect(shared) as conn:
        stored = conn.execute("SELECT seq FROM actions WHERE game_id = %s ORDER BY seq", (game["id"],)).fetchall()
    assert [seq for seq, in stored] == list(range(final))  # every move once: no gap, no second one
    assert rounds >= 3 and len(refusals) == rounds and all(m["code"] == "stale" for m in refusals), refusals


def _play_to(sock: GameSocket, rng: Rng, moves: int) -> None:
    """Play ``moves`` decisions of ``sock``'s seat (or until the game ends)."""
    for _ in range(moves):
        view = sock.wait_turn_or_end(timeout=30)
        if view["status"] == "finished":
            return
        seq = view["seq"]
        sock.act(rng.choice(sock.view["pending"]["actions"]))
        sock.wait_view(lambda m, seq=seq: m["seq"] > seq)


def test_lobby_chat_and_seat_news_reach_every_process(processes):
    a, b = processes(2)
    with Api(a) as api_a, Api(b) as api_b:
        game = api_a.create(["human", "human"], game="nationen", lobby_join=True)
        gid = game["id"]
        listed = _within(allowance(FAN_OUT), lambda: gid in [e["id"] for e in api_b.get("/api/games").json()["open"]])
        assert listed, "a game created on one process did not reach the other's lobby"
        claimed = api_b.post(f"/api/games/{gid}/claim", json={"seat": "p2", "name": "Bo"})
        assert claimed.status_code == 200, claimed.text
        again = api_a.post(f"/api/games/{gid}/claim", json={"seat": "p2", "name": "Cy"})
        assert again.status_code == 409 and again.json()["code"] == "taken"  # one seat, one holder
        bo_token = claimed.json()["url"].split("token=")[1]
        ann, bo = _socket(processes, a, gid), _socket(processes, b, gid)
        ann.hello(game["tokens"]["p1"], "Ann")
        bo.hello(bo_token)  # a token made on the other process
        watch_a, watch_b = _socket(processes, a, gid), _socket(processes, b, gid)
        watch_a.hello(name="Wim")
        watch_b.hello(name="Xia")
        assert _within(allowance(FAN_OUT), lambda: next(e for e in api_b.get("/api/games").json()["running"]
                                                        if e["id"] == gid)["players"][1]["name"] == "Bo")

        ann.send({"type": "chat", "text": "hello table", "channel": "table"})
        for sock in (bo, watch_b):
            line = sock.until(lambda m: m["type"] == "chat", timeout=FAN_OUT)["lines"][-1]
            assert (line["from"], line["text"]) == ("p1", "hello table")
        watch_b.send({"type": "chat", "text": "between us"})
        line = watch_a.until(lambda m: m["type"] == "chat" and m["lines"][-1]["text"] == "between us",
                             timeout=FAN_OUT)["lines"][-1]
        assert line["channel"] == "watchers" and line["name"] == "Xia"

        bo.send({"type": "resign"})
        told = ann.until(lambda m: m["type"] == "resigned", timeout=FAN_OUT)
        assert told["seat"] == "p2" and "resigned" in told["text"]
        view = ann.wait_view(lambda m: m["players"][1]["away"] == "resigned", timeout=FAN_OUT)
        assert view["players"][1]["away"] == "resigned"
        # chat and views carried no other seat's secrets: Ann's view is exactly her seat's
        assert all(m["type"] != "chat" or m["lines"][-1]["channel"] != "watchers" for m in ann.received)


def _within(seconds: float, check) -> bool:
    end = time.monotonic() + seconds
    while True:
        if check():
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.02)


def test_three_processes_play_bot_games_each_seat_by_one_process(processes, shared):
    servers = processes(3, bot_delay=0.02)
    ids = []
    for server in servers:
        with Api(server) as api:
            ids += [api.create(["random", "heuristic", "random"])["id"] for _ in range(2)]
    held = _leases(shared)
    assert len(held) == len(set(held)) and set(held) <= {_hash(shared, gid) for gid in ids}
    with Api(servers[0]) as api:
        for gid in ids:
            info = api.wait_finished(gid, timeout=120)
            record = api.record(gid)
            assert record.replay(get).ply == info["ply"] == len(record.actions)
    assert _leases(shared) == []  # every lease given back when its game ended
    for server in servers:  # every lobby followed every game to its end
        with Api(server) as api:
            lobby = api.get("/api/games").json()
        assert not {e["id"] for e in lobby["open"] + lobby["running"]} & set(ids)
    told = "".join(s.output() for s in servers)
    assert "could not move" not in told and "failed at move" not in told


def _leases(url: str) -> list[int]:
    """The game-lease locks held now (one row per holder)."""
    with psycopg.connect(url) as conn:
        return [r[0] for r in conn.execute("SELECT objid::int FROM pg_locks WHERE locktype = 'advisory' "
                                           "AND classid = %s AND granted", (0x52504F4C,))]


def _hash(url: str, game_id: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT hashtext(%s)::oid::int", (game_id,)).fetchone()[0]


def test_a_clock_fires_once_whichever_process_its_players_are_on(processes, shared):
    a, b = processes(2, bot_delay=0.05)
    with Api(a) as api:
        game = api.create(["human", "human"], game="nationen", clock={"kind": "live", "minutes": 1, "increment": 0})
    gid = game["id"]
    ann, bo = _socket(processes, a, gid), _socket(processes, b, gid)
    ann.hello(game["tokens"]["p1"], "Ann")
    bo.hello(game["tokens"]["p2"], "Bo")
    store = Store(shared)  # Ann has two seconds left; both processes hear of it
    try:
        with store.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == gid, seats.c.seat == 0).values(clock_left=2.0))
            conn.execute(update(games).where(games.c.id == gid).values(turn_since=now()))
            store._signal(conn, "game", gid)
    finally:
        store.close()
    for sock in (ann, bo):
        told = sock.until(lambda m: m["type"] == "timeout", timeout=15)
        assert told["seat"] == "p1"
        sock.wait_view(lambda m: m["seq"] >= 1)  # the stand-in played Ann's seat
    time.sleep(1)
    for sock in (ann, bo):
        assert sum(m["type"] == "timeout" for m in sock.received) == 1
    assert sum(s.output().count("time ran out") for s in (a, b)) == 1


def test_a_killed_process_leaves_its_games_and_clients_to_another(processes, shared):
    a, b = processes(2, bot_delay=0.05)
    with Api(a) as api:
        game = api.create(["human", "human", "random"])
        bots = api.create(["random", "heuristic", "random", "heuristic"])["id"]
    gid = game["id"]
    ann, bo = _socket(processes, a, gid), _socket(processes, b, gid)
    ann.hello(game["tokens"]["p1"], "Ann")
    bo.hello(game["tokens"]["p2"], "Bo")
    rng = Rng(11)
    played: dict[int, str] = {}
    _play_both(ann, bo, rng, played, 6)
    _, turn = _turn(ann, bo)  # a person decides now: nothing moves until they do
    seen = ann.wait_view(lambda m: m["seq"] == turn["seq"])
    a.kill()  # mid-game: Ann's connection drops; her page reconnects to the other process
    again = _socket(processes, b, gid)
    resumed = again.hello(game["tokens"]["p1"])
    assert resumed["seq"] == seen["seq"] and without_log(resumed["view"]) == without_log(seen["view"])
    assert again.log == ann.log
    _play_both(again, bo, rng, played, 400)
    with Api(b) as api:
        for game_id in (gid, bots):
            info = api.wait_finished(game_id, timeout=120)
            record = api.record(game_id)
            assert record.replay(get).ply == info["ply"] == len(record.actions)
        record = api.record(gid)
    assert all(record.actions[seq] == move for seq, move in played.items())  # nothing lost, nothing twice


def _play_both(one: GameSocket, two: GameSocket, rng: Rng, played: dict[int, str], moves: int) -> None:
    """Play up to ``moves`` decisions of two people at one table; ``played`` gets each by number."""
    for _ in range(moves):
        mover, view = _turn(one, two)
        if view["status"] == "finished":
            return
        seq = mover.seq
        move = rng.choice(mover.view["pending"]["actions"])
        mover.act(move)
        mover.wait_view(lambda m, seq=seq: m["seq"] > seq)
        played[seq] = move
        one.wait_view(lambda m, seq=seq: m["seq"] > seq)
        two.wait_view(lambda m, seq=seq: m["seq"] > seq)


def _turn(one: GameSocket, two: GameSocket, timeout: float = 30) -> tuple[GameSocket, dict]:
    """The socket whose newest view asks it to decide, or shows the game over, with that view
    (``timeout``: idle seconds, ``allowance``)."""
    end = time.monotonic() + allowance(timeout)
    while time.monotonic() < end:
        for sock in (one, two):
            try:
                sock.recv(0.02)
            except TimeoutError:
                pass
        latest = max(one.seq, two.seq)
        for sock in (one, two):
            view = sock.views[-1]
            if view["seq"] == latest and (view["status"] == "finished" or view["view"].get("pending")):
                return sock, view
    raise TimeoutError("nobody's turn came")


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path):
    db = str(tmp_path / "games.db")
    with ServerProcess(db):
        second = subprocess.run([sys.executable, "-c", SERVE, "serve", "--port", "0", "--db", db],
                                capture_output=True, text=True, timeout=allowance(60))
        assert second.returncode == 2
        assert "another server process uses" in second.stderr and "PostgreSQL" in second.stderr


class _Hook(BaseHTTPRequestHandler):
    posts: list = []

    def do_POST(self):  # noqa: N802 — the standard library's hook name
        type(self).posts.append(json.loads(self.rfile.read(int(self.headers["content-length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_a_turn_notice_is_sent_once_and_not_while_the_player_looks_through_another_process(processes):
    _Hook.posts = []
    hook = ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    try:
        a, b = processes(2, args=("--notify-every", "0.05", "--webhook-private"))
        with http_client(b.url) as ann:
            signed = ann.post("/api/account/signup", json={"name": "Ann Notice", "password": "a long password"})
            csrf = signed.json()["csrf"]
            webhook = f"http://127.0.0.1:{hook.server_address[1]}/hook"
            assert ann.post("/api/account/settings", json={"webhook": webhook},
                            headers={"x-csrf-token": csrf}).status_code == 200
            with Api(a) as api:
                game = api.create(["human", "human"], game="nationen")
            gid = game["id"]
            bo = _socket(processes, a, gid)
            bo.hello(game["tokens"]["p1"], "Bo")
            looking = GameSocket(b, gid, headers={"cookie": f"session={ann.cookies['session']}"})
            processes.sockets.append(looking)
            looking.hello(game["tokens"]["p2"])  # Ann looks at the game through the other process
            rng = Rng(4)
            turn = _play_until(bo, "p2", rng)
            time.sleep(allowance(3))  # past the grace a notice waits for, and many rounds of both outboxes
            assert _Hook.posts == []  # she was looking, though not through the process that stored the move
            turn = _play_until(looking, "p1", rng, turn)
            looking.close()  # now she is away
            time.sleep(allowance(0.5))  # (her process notices the closed page)
            turn = _play_until(bo, "p2", rng, turn)
            assert _within(allowance(10), lambda: len(_Hook.posts) == 1)
            time.sleep(allowance(1))
            assert [p["turn"] for p in _Hook.posts] == [turn]  # once, though two processes send notices
    finally:
        hook.shutdown()


def _play_until(sock: GameSocket, other: str, rng: Rng, since: int = 0) -> int:
    """Play ``sock``'s seat from move ``since`` on until ``other`` is to act; returns the number
    of actions then."""
    while True:
        view = sock.wait_view(lambda m: m["status"] == "running" and m["seq"] >= since)
        if view["view"]["to_act"] == other:
            return view["seq"]
        if "pending" in view["view"]:
            sock.act(rng.choice(view["view"]["pending"]["actions"]))
        sock.wait_view(lambda m, seq=view["seq"]: m["seq"] > seq)
