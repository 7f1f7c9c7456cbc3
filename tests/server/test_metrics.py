"""What an operator watches: ``/healthz`` says whether the process serves (its database answers,
its schema is current) and ``/metrics`` gives the process's figures in Prometheus's text format —
only with ``serve --metrics-port`` and only on 127.0.0.1, never on the players' port."""

from __future__ import annotations

import re
import secrets
import socket

import httpx
import psycopg
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from realpolitik.server.accounts import fold, hash_password
from realpolitik.server.store import Store, StoredGame, StoredSeat, now
from realpolitik.server.tokens import new_game_id
from realpolitik.testing.load import allowance, eventually
from realpolitik.testing.server import Api, GameSocket, ServerProcess

METRICS = re.compile(r"metrics on http://127\.0\.0\.1:(\d+)/metrics")


def figures(server: ServerProcess) -> dict[str, float]:
    """Every sample the metrics port gives, by name and labels (``name{label="value"}``)."""
    port = int(METRICS.findall(server.output())[-1])
    answer = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=allowance(10))
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain; version=")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def test_without_its_port_there_are_no_metrics_and_the_health_check_answers(server):
    with Api(server) as api:
        assert api.get("/metrics").status_code == 404
        answer = api.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "schema": "current"}


def test_the_metrics_port_gives_the_figures_of_this_process_on_loopback_only(tmp_path):
    with ServerProcess(str(tmp_path / "games.db"), args=("--metrics-port", "0")) as server, Api(server) as api:
        port = int(METRICS.findall(server.output())[-1])
        assert api.get("/metrics").status_code == 404  # never on the players' port, whatever proxy is in front
        nothing_else = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=allowance(10))
        assert nothing_else.status_code == 404  # nothing else there
        with socket.socket() as other, pytest.raises(ConnectionRefusedError):
            other.connect(("127.0.0.2", port))  # another address of this machine: not listened on
        start = figures(server)
        assert start["realpolitik_games_loaded"] == 0 and start['realpolitik_notices_total{outcome="failed"}'] == 0
        assert start["process_resident_memory_bytes"] > 0

        game = api.create(["random", "random"])["id"]
        plies = api.wait_finished(game)["ply"]
        watching = GameSocket(server, game)
        watching.hello()
        try:
            shown = figures(server)
        finally:
            watching.close()
    assert shown["realpolitik_move_store_seconds_count"] == plies  # each action stored, and timed
    assert 0 < shown["realpolitik_move_store_seconds_sum"] < plies
    assert shown["realpolitik_bot_decision_seconds_count"] == plies  # bots only: each action a bot's decision
    assert shown["realpolitik_bot_decision_wait_seconds_count"] == plies
    assert shown["realpolitik_bot_decisions_waiting"] == 0
    assert shown["realpolitik_games_loaded"] == 1 and shown["realpolitik_games_running"] == 0
    assert shown['realpolitik_connections{seat="spectator"}'] == 1
    assert shown['realpolitik_connections{seat="player"}'] == 0
    assert not any(game in name for name in shown)  # counts and times: no game, seat or account named


def test_notices_due_and_failed_are_counted(tmp_path):
    db = str(tmp_path / "games.db")
    store = Store(db)
    ann = store.add_user("Ann", fold("Ann"), hash_password("ann's password"), None)
    store.set_addresses(ann.id, {"email": "ann@example.org", "webhook": None})
    game = new_game_id()
    store.create_game(StoredGame(game, "nuclear-war", "1", {}, 7, False, "running", now(),
                                 [StoredSeat(0, "human", "Ann", None, True, ann.id), StoredSeat(1, "human")]))
    assert store.add_notices(ann.id, game, 0, 0, ("email",)) == 1
    store.close()
    server = ServerProcess(db, args=("--metrics-port", "0", "--notify-every", "3600"))
    with server:  # the outbox is not looked at: the notice waits
        assert figures(server)["realpolitik_notices_due"] == 1
    server.args = ("--metrics-port", "0", "--notify-every", "0.1")
    with server:  # there is no SMTP server to send it: it fails, and is due again in a minute
        failed = 'realpolitik_notices_total{outcome="failed"}'
        shown = eventually(lambda: (found := figures(server))[failed] and found, 30)
    assert shown["realpolitik_notices_due"] == 0 and shown['realpolitik_notices_total{outcome="sent"}'] == 0


def test_the_health_check_fails_while_the_database_is_away_or_its_schema_is_newer(postgres):
    name = "health_" + secrets.token_hex(4)
    with psycopg.connect(postgres.url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
        with ServerProcess(postgres.url.rsplit("/", 1)[0] + "/" + name) as server, Api(server) as api:
            assert api.get("/healthz").status_code == 200
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
            answer = api.get("/healthz", timeout=allowance(15))
            assert answer.status_code == 503
            assert answer.json() == {"status": "failing", "database": "not answering"}
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
            eventually(lambda: api.get("/healthz", timeout=allowance(15)).status_code == 200, 30)
            store = Store(server.db)
            try:
                with store.engine.begin() as conn:  # as a newer version's process would leave it
                    conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
            finally:
                store.close()
            answer = api.get("/healthz")
    assert answer.status_code == 503 and answer.json()["schema"].startswith("at revision 9999, not ")
