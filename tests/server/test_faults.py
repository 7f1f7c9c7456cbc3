"""Faults: the server killed (SIGKILL) at random moments of busy games, and the database
locked for longer than any of the server's timeouts. Afterwards every game resumes exactly:
nothing the server confirmed is lost, nothing is applied twice, no finished position is
left running, no bot seat stays dead. On SQLite and on PostgreSQL; bounded in count."""

from __future__ import annotations

import random
import time

from realpolitik.games import get
from realpolitik.testing.faults import Player, locked
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

BOT_GAMES = [
    ("nuclear-war", ["random", "heuristic", "random"], {}),
    ("nationen", ["heuristic", "random"], {"round_limit": 20}),
    ("wsdv", ["heuristic", "random"], {}),
    ("e1815", ["random", "random", "heuristic"], {}),
]
KILLS = 5


def _create_games(api: Api) -> tuple[list[str], dict]:
    bots = [api.create(seats, game=game, options=options)["id"] for game, seats, options in BOT_GAMES]
    person = api.create(["human", "random"], game="nuclear-war")
    return bots, person


def _consistent(api: Api, gid: str) -> dict:
    """A game's facts after a restart, checked: finished means a record that replays; running
    means a position with a decision pending."""
    info = api.info(gid)
    if info["status"] == "finished":
        record = api.record(gid)
        assert record.replay(get).is_over() and info["ply"] == len(record.actions) == record.result["plies"]
        assert api.get(f"/api/games/{gid}/replay?ply=0").status_code == 200
    else:
        assert info["status"] == "running" and info["to_act"] is not None, info
    return info


def _finish(api: Api, games: list[str]) -> None:
    for gid in games:
        info = api.wait_finished(gid, timeout=120)
        record = api.record(gid)
        assert record.replay(get).ply == info["ply"] == len(record.actions)


def test_killed_at_random_moments_every_game_resumes_exactly(database):
    rng = random.Random(19)
    server = ServerProcess(database, bot_delay=0.05).start()
    player = None
    try:
        with Api(server) as api:
            bots, person = _create_games(api)
            token = person["tokens"]["p1"]
            confirmed = 0
            for _ in range(KILLS):
                player = Player(server, person["id"], token, rng.randrange(1000))
                assert player.first["seq"] >= confirmed  # everything confirmed before the last kill is there
                seen = {gid: api.info(gid)["ply"] for gid in bots}
                time.sleep(rng.uniform(0.05, 0.6))
                server.kill()
                player.stop()
                confirmed = max(confirmed, player.confirmed)
                server.start()
                for gid in [*bots, person["id"]]:
                    info = _consistent(api, gid)
                    assert info["ply"] >= seen.get(gid, 0)
                assert api.info(person["id"])["ply"] >= confirmed
            player = Player(server, person["id"], token, 0)
            _finish(api, [*bots, person["id"]])
            assert "failed at move" not in server.output()
    finally:
        if player is not None:
            player.stop()
        server.stop()


def test_a_database_locked_longer_than_every_timeout_costs_time_not_games(database):
    server = ServerProcess(database, bot_delay=0.05, limits={**ROOMY, "lock_seconds": 1}).start()
    sock = None
    try:
        with Api(server) as api:
            bots, person = _create_games(api)
            sock = GameSocket(server, person["id"])
            sock.hello(person["tokens"]["p1"])
            view = sock.wait_turn_or_end()
            api.wait(bots[0], lambda info: info["ply"] >= 5)
            with locked(database):
                if view["status"] == "running":  # a person's move meets the lock: refused, nothing changed
                    sock.act(view["view"]["pending"]["actions"][0])
                    seq = view["seq"]
                    answer = sock.until(lambda m: m["type"] == "error" or (m["type"] == "view" and m["seq"] > seq),
                                        timeout=20)
                    assert answer["type"] == "error" and answer["code"] == "busy", answer
                time.sleep(3)  # the lock lasts past the second every statement waits for it
            for gid in bots:  # every bot seat plays on
                before = api.info(gid)
                if before["status"] != "finished":
                    api.wait(gid, lambda info, ply=before["ply"]: info["ply"] > ply or info["status"] == "finished")
            sock.close()
            sock = None
            player = Player(server, person["id"], person["tokens"]["p1"], 3)
            _finish(api, [*bots, person["id"]])
            player.stop()
            log = server.output()
            assert "failed at move" not in log and "Traceback" not in log
            assert "could not move (database busy)" in log
    finally:
        if sock is not None:
            sock.close()
        server.stop()
