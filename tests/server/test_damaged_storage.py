"""A damaged row isolates its own game: the server starts, the lobby answers, other games
play on. A game stored finished by its last action in two steps (as before one
transaction did both) is finished when the server resumes."""

from __future__ import annotations

import sqlite3

from realpolitik.games import get
from realpolitik.testing.server import Api, GameSocket, ServerProcess


def _sql(db, *statements: tuple) -> None:
    with sqlite3.connect(db) as conn:
        for statement in statements:
            conn.execute(*statement)


def test_a_damaged_game_is_left_alone_and_the_others_play_on(tmp_path):
    db = tmp_path / "games.db"
    server = ServerProcess(str(db), bot_delay=0.2).start()
    try:
        with Api(server) as api:
            bad_json, no_seat, good = (api.create(["human", "random", "random"])["id"] for _ in range(3))
            server.stop()
            _sql(db, ("UPDATE games SET options = '{\"refill\": ' WHERE id = ?", (bad_json,)),
                 ("DELETE FROM seats WHERE game_id = ? AND seat = 1", (no_seat,)))
            server.start()
            listing = api.get("/api/games")
            assert listing.status_code == 200
            assert [g["id"] for g in listing.json()["open"]] == [good]
            for broken in (bad_json, no_seat):
                answer = api.get(f"/api/games/{broken}")
                assert answer.status_code == 500 and answer.json()["code"] == "damaged"
                sock = GameSocket(server, broken)
                try:
                    assert sock.recv()["code"] == "damaged"  # said before any hello, then closed
                finally:
                    sock.close()
            log = server.output()
            assert f"game {bad_json}: its options or result are not JSON" in log
            assert f"game {no_seat}: its seats are not numbered" in log
            assert "Traceback" not in log
            assert api.info(good)["status"] == "open"
    finally:
        server.stop()


def test_a_finished_position_stored_as_running_is_finished_on_resume(tmp_path):
    db = tmp_path / "games.db"
    server = ServerProcess(str(db)).start()
    try:
        with Api(server) as api:
            gid = api.create(["random", "random"])["id"]
            info = api.wait_finished(gid)
            server.stop()
            _sql(db, ("UPDATE games SET status = 'running', result = NULL WHERE id = ?", (gid,)))
            server.start()
            again = api.info(gid)
            assert again["status"] == "finished" and again["ply"] == info["ply"]
            assert again["outcome"] == info["outcome"]
            assert api.get(f"/api/games/{gid}/replay?ply=0").status_code == 200
            record = api.record(gid)
            assert record.result["plies"] == len(record.actions) and record.replay(get).is_over()
            assert "now stored as finished" in server.output()
    finally:
        server.stop()


def test_stored_games_are_rebuilt_by_their_records_replay(tmp_path):
    """A stored game becomes a state again only through its record's replay: an action that
    does not replay and a final state that differs from the stored digest both mark the
    game damaged, and the log names the place but never the refused action or its reason."""
    db = tmp_path / "games.db"
    server = ServerProcess(str(db)).start()
    try:
        with Api(server) as api:
            changed, forged, good = (api.create(["random", "random"])["id"] for _ in range(3))
            for gid in (changed, forged, good):
                api.wait_finished(gid)
            server.stop()
            _sql(db, ("UPDATE actions SET text = 'place the-secret-plan' WHERE game_id = ? AND seq = 3", (changed,)),
                 ("UPDATE games SET result = json_set(result, '$.digest', 'forged') WHERE id = ?", (forged,)))
            server.start()
            for broken in (changed, forged):
                answer = api.get(f"/api/games/{broken}")
                assert answer.status_code == 500 and answer.json()["code"] == "damaged"
            assert api.info(good)["status"] == "finished"
            log = server.output()
            assert f"game {changed}: stored action 3 does not replay" in log
            assert f"game {forged}: replay does not reproduce the recorded final state (digest differs)" in log
            assert "the-secret-plan" not in log and "Traceback" not in log
    finally:
        server.stop()
