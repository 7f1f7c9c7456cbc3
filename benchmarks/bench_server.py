"""Server load: concurrent bot games plus WebSocket clients on loopback, bounded in time.

    python benchmarks/bench_server.py [--seconds 60] [--bot-games 50] [--players 100] [--bot-delay 0.3]
    python benchmarks/bench_server.py --scaling [--seconds 30]   # SQLite; PostgreSQL with 1, then 2 processes

Starts ``realpolitik serve`` on a fresh SQLite file. ``bot-games`` games of four
heuristic bots run at once (each finished one is replaced), each watched by one
spectator connection; ``players`` clients each play a seat against two bots (and start
a new game when theirs ends), thinking 50–300 ms per decision. Reports the action round
trip (sending an action until the view after it arrives) as p50/p95/p99, errors
(refusals, lost connections, failed requests — the run expects none), actions played,
the server's memory (its process and its bot workers) and the CPU seconds spent by the
server processes, their bot workers and the load clients (``server_cpu_ms_per_action``:
the servers' CPU per stored action, a figure that moves less with other work on the
machine than the round trip does). Also used by
``benchmarks/run.py`` (``run(args)``). Figures taken while other work shares the
machine are noisy.

``--processes N`` runs N server processes on one PostgreSQL database (a temporary one on
loopback, as the tests start it) with the clients spread over them in turn;
``--scaling`` runs the same load on SQLite and on PostgreSQL with one and with two
processes and reports actions/s and the p95 round trip of each side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from realpolitik.testing.server import ServerProcess  # noqa: E402


class Load:
    """Counters shared by every client."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games_finished = 0
        self.views = 0

    def running(self) -> bool:
        return time.monotonic() < self.deadline


async def _create(http, seats: list[str]) -> dict:
    answer = await http.post("/api/games", json={"game": "nuclear-war", "seats": seats})
    answer.raise_for_status()
    return answer.json()


async def _receive(ws, load: Load, timeout: float) -> dict | None:
    try:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    except TimeoutError:
        return None
    if message["type"] == "error":
        load.errors.append(f"{message['code']}: {message['message'][:80]}")
    elif message["type"] == "view":
        load.views += 1
    return message


async def player(server: ServerProcess, http, load: Load, rng: random.Random) -> None:
    """A person at a table with two bots: decides, sends, times the answer; a new game after each."""
    while load.running():
        game = await _create(http, ["human", "heuristic", "heuristic"])
        await _play_one(server, game, load, rng)


async def _play_one(server: ServerProcess, game: dict, load: Load, rng: random.Random) -> None:
    import websockets

    token = game["invites"][0]["url"].split("token=")[1]
    async with websockets.connect(f"{server.ws_url}/ws/{game['id']}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "name": "load"}))
        message = None
        while load.running():
            if message is None or message["type"] != "view":
                message = await _receive(ws, load, 1.0)
                continue
            view = message["view"]
            if view.get("outcome"):
                load.games_finished += 1
                return
            if not view.get("pending") or message["status"] != "running":
                message = None
                continue
            await asyncio.sleep(rng.uniform(0.05, 0.3))
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                      "action": rng.choice(view["pending"]["actions"])}))
            answer = None
            while answer is None or not (answer["type"] == "error" or
                                         (answer["type"] == "view" and answer["seq"] > message["seq"])):
                answer = await _receive(ws, load, 10.0)
                if answer is None:
                    load.errors.append("no answer to an action within 10 s")
                    return
            load.latencies.append(time.perf_counter() - sent)
            message = answer


async def bot_table(server: ServerProcess, http, load: Load) -> None:
    """A game of four bots, watched by a spectator; replaced by a new one when it ends."""
    import websockets

    while load.running():
        game = await _create(http, ["heuristic"] * 4)
        async with websockets.connect(f"{server.ws_url}/ws/{game['id']}") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            while load.running():
                message = await _receive(ws, load, 1.0)
                if message and message["type"] == "view" and message["view"].get("outcome"):
                    load.games_finished += 1
                    break


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cpu_s(pid: int) -> float:
    """CPU seconds (user and system) a process has used so far; 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


async def _memory(servers: list[ServerProcess], load: Load, samples: list[tuple[float, float]],
                  cpu: dict[int, float]) -> None:
    """Sample memory every second; keep each process's CPU seconds as last seen (a worker may go)."""
    pids = [server.proc.pid for server in servers]
    while load.running():
        workers = [c for pid in pids for c in _children(pid)]
        samples.append((sum(_rss_mb(pid) for pid in pids), sum(_rss_mb(c) for c in workers)))
        for pid in (*pids, *workers):
            cpu[pid] = _cpu_s(pid)
        await asyncio.sleep(1.0)


async def _load(servers: list[ServerProcess], seconds: float, bot_games: int, players: int) -> dict:
    import httpx

    load = Load(time.monotonic() + seconds)
    samples: list[tuple[float, float]] = []
    pids = [server.proc.pid for server in servers]
    cpu_start = {pid: _cpu_s(pid) for pid in (*pids, *(c for pid in pids for c in _children(pid)))}
    cpu: dict[int, float] = dict(cpu_start)
    own_start = time.process_time()
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=50)
    clients = [httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits) for server in servers]
    n = len(servers)
    try:
        tasks = [bot_table(servers[i % n], clients[i % n], load) for i in range(bot_games)]
        tasks += [player(servers[i % n], clients[i % n], load, random.Random(i)) for i in range(players)]
        tasks.append(_memory(servers, load, samples, cpu))
        started = time.monotonic()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - started
        load.errors += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    finally:
        for client in clients:
            await client.aclose()
    ms = sorted(x * 1000 for x in load.latencies)
    used = {pid: cpu[pid] - cpu_start.get(pid, 0.0) for pid in cpu}

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p * len(ms)))], 1) if ms else 0.0

    return {
        "seconds": round(elapsed, 1), "bot_games": bot_games, "playing_clients": players,
        "websocket_clients": players + bot_games,
        "player_actions": len(ms), "views_received": load.views, "games_finished": load.games_finished,
        "round_trip_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
                          "max": round(ms[-1], 1) if ms else 0.0,
                          "mean": round(statistics.fmean(ms), 1) if ms else 0.0},
        "server_rss_mb": {"peak": round(max(s for s, _ in samples), 1), "end": round(samples[-1][0], 1)},
        "bot_workers_rss_mb": {"peak": round(max(w for _, w in samples), 1)},
        "cpu_s": {"servers": round(sum(used[pid] for pid in pids), 1),
                  "bot_workers": round(sum(v for pid, v in used.items() if pid not in pids), 1),
                  "load_clients": round(time.process_time() - own_start, 1)},
        "errors": len(load.errors), "error_samples": load.errors[:5],
    }


def measure(seconds: float = 60, bot_games: int = 50, players: int = 100, bot_delay: float = 0.3,
            processes: int = 0) -> dict:
    """Run the load against a fresh server on SQLite (``processes`` 0), or against ``processes``
    server processes on one fresh PostgreSQL database, and return the figures."""
    if processes:
        return _measure_postgres(seconds, bot_games, players, bot_delay, processes)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.db"
        server = ServerProcess(str(db), bot_delay=bot_delay, bot_workers=1).start()
        try:
            result = asyncio.run(_load([server], seconds, bot_games, players))
        finally:
            server.stop()
        with sqlite3.connect(db) as conn:
            stored = conn.execute("select count(*) from actions").fetchone()[0]
    return _totals(result, stored, bot_delay, "sqlite", 1)


def _measure_postgres(seconds: float, bot_games: int, players: int, bot_delay: float, processes: int) -> dict:
    import psycopg

    from realpolitik.testing.server import Postgres

    with Postgres() as pg:
        servers = []
        try:
            for _ in range(processes):
                servers.append(ServerProcess(pg.url, bot_delay=bot_delay, bot_workers=1).start())
            result = asyncio.run(_load(servers, seconds, bot_games, players))
        finally:
            for server in servers:
                server.stop()
        with psycopg.connect(pg.url) as conn:
            stored = conn.execute("select count(*) from actions").fetchone()[0]
    return _totals(result, stored, bot_delay, "postgresql", processes)


def _totals(result: dict, stored: int, bot_delay: float, database: str, processes: int) -> dict:
    result["actions_stored"] = stored
    result["actions_per_s"] = round(stored / result["seconds"], 1)
    # the server processes' CPU per action played during the run (bot games' moves included)
    result["server_cpu_ms_per_action"] = round(1000 * result["cpu_s"]["servers"] / max(1, stored), 2)
    result["bot_delay_s"] = bot_delay
    result["database"], result["processes"] = database, processes
    return result


def run(args) -> dict:
    """The section of ``benchmarks/run.py``: the full 60-second load on SQLite, and beside it the
    same load on two processes sharing PostgreSQL."""
    return {"sqlite": measure(), "postgresql_2_processes": measure(processes=2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bot-games", type=int, default=50)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--processes", type=int, default=0, help="server processes on PostgreSQL (0: one on SQLite)")
    parser.add_argument("--scaling", action="store_true", help="SQLite; PostgreSQL with 1, then 2 processes")
    args = parser.parse_args()
    if not args.scaling:
        print(json.dumps(measure(args.seconds, args.bot_games, args.players, args.bot_delay, args.processes), indent=1))
        return
    runs = {name: measure(args.seconds, args.bot_games, args.players, args.bot_delay, n)
            for name, n in (("sqlite", 0), ("postgresql_1_process", 1), ("postgresql_2_processes", 2))}
    summary = {name: {"actions_per_s": r["actions_per_s"], "p95_ms": r["round_trip_ms"]["p95"],
                      "errors": r["errors"]} for name, r in runs.items()}
    print(json.dumps({"runs": runs, "summary": summary}, indent=1))


if __name__ == "__main__":
    main()
