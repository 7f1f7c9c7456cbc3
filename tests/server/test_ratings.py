"""Ratings with openskill: a game created as rated updates the ratings of its accounts and
bot kinds when it ends — once, teams together, a resigned seat last — unless a guest sat
in it; the leaderboard orders players by mu − 3σ; a player's page shows ratings, their
history and recent games, and nothing private."""

from __future__ import annotations

import httpx
import pytest

from realpolitik.server.store import Store
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"
_numbers = iter(range(10**6))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("ratings") / "games.db"), limits=limits).start()
    yield proc
    proc.stop()


def account(server: ServerProcess, base: str) -> tuple[str, httpx.Client]:
    name = f"{base} {next(_numbers)}"
    client = httpx.Client(base_url=server.url, timeout=10)
    assert client.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    return name, client


def sit_and_resign(server: ServerProcess, game: dict, seat: str, client: httpx.Client | None) -> None:
    """Take ``seat`` (bound to the account of ``client``, or as a guest) and resign it at once."""
    headers = {"cookie": f"session={client.cookies['session']}"} if client else None
    sock = GameSocket(server, game["id"], headers=headers)
    try:
        sock.hello(game["tokens"][seat], "Guest")
        sock.wait_view(lambda m: m["status"] == "running")
        sock.send({"type": "resign"})
        sock.until(lambda m: m["type"] == "resigned")
    finally:
        sock.close()


def board(api: Api, game: str) -> dict[str, dict]:
    return {p["name"]: p for p in api.get(f"/api/leaderboard/{game}").json()["players"]}


def rated_rows(server: ServerProcess, game_id: str) -> int:
    store = Store(server.db)
    try:
        with store.engine.connect() as conn:
            return conn.exec_driver_sql("select count(*) from ratings where game_id = ?", (game_id,)).scalar_one()
    finally:
        store.close()


def wait_rated(api: Api, server: ServerProcess, game_id: str) -> None:
    api.wait_finished(game_id, timeout=120)
    api.wait(game_id, lambda info: rated_rows(server, game_id) > 0, timeout=20)


def test_a_rated_game_moves_the_ratings_of_its_account_and_bot_once(server):
    name, rita = account(server, "Rita")
    with Api(server) as api:
        before = board(api, "nationen").get("random", {"mu": 25.0, "games": 0})
        game = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
        sit_and_resign(server, game, "p1", rita)
        wait_rated(api, server, game["id"])
        after = board(api, "nationen")
        assert after[name]["mu"] < 25.0 and after[name]["games"] == 1 and after[name]["kind"] == "account"
        assert after["random"]["mu"] > before["mu"] and after["random"]["games"] == before["games"] + 1
        assert after["random"]["kind"] == "bot"
        info = api.info(game["id"])
        assert info["rated"] is True and info["rating"] == {"en": "rated", "de": "gewertet"}
        assert rated_rows(server, game["id"]) == 2
        page = api.get(f"/api/players/{name.upper()}").json()  # names are found whatever their case
        assert page["name"] == name and [r["game"] for r in page["ratings"]] == ["nationen"]
        history = page["ratings"][0]["history"]
        assert len(history) == 1 and history[0]["game_id"] == game["id"] and history[0]["mu"] == after[name]["mu"]
        assert page["recent"][0]["id"] == game["id"] and page["recent"][0]["replay"] == f"/replay/{game['id']}"
        assert "email" not in str(page) and "token" not in str(page) and "webhook" not in str(page)
        ordinals = [p["ordinal"] for p in api.get("/api/leaderboard/nationen").json()["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
    rita.close()


def test_a_game_is_rated_once_even_when_asked_twice(server):
    store = Store(server.db)
    try:
        rows = [(None, "random", 26.0, 8.0)]
        with Api(server) as api:
            game = api.create(["random", "random"], game="nationen")
        assert store.add_ratings("nationen", game["id"], rows) is True
        assert store.add_ratings("nationen", game["id"], rows) is False
        assert rated_rows(server, game["id"]) == 1
    finally:
        store.close()


def test_a_guest_at_the_table_leaves_the_game_unrated_and_says_so(server):
    with Api(server) as api:
        game = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
        sit_and_resign(server, game, "p1", None)
        api.wait_finished(game["id"], timeout=120)
        info = api.info(game["id"])
        assert info["rating"] == {"en": "not rated: a seat had no account",
                                  "de": "nicht gewertet: ein Platz hatte kein Konto"}
        assert rated_rows(server, game["id"]) == 0


def test_partners_share_the_direction_of_their_update(server):
    name, tess = account(server, "Tess")
    with Api(server) as api:
        before = board(api, "e1815-2vs2")
        game = api.create(["human", "random", "heuristic", "random"], game="e1815-2vs2", rated=True,
                          stand_in="random")
        sit_and_resign(server, game, "p1", tess)  # her team: p1 and p3 (the heuristic bot)
        wait_rated(api, server, game["id"])
        after = board(api, "e1815-2vs2")
        mine = after[name]["mu"] - 25.0
        partner = after["heuristic"]["mu"] - before.get("heuristic", {"mu": 25.0})["mu"]
        rivals = after["random"]["mu"] - before.get("random", {"mu": 25.0})["mu"]
        assert mine != 0 and (mine > 0) == (partner > 0) != (rivals > 0)
    tess.close()


def test_an_unknown_player_or_game_is_refused_in_words(server):
    with Api(server) as api:
        missing = api.get("/api/players/nobody-at-all")
        assert missing.status_code == 404 and missing.json()["error"] == "There is no such player."
        assert api.get("/api/leaderboard/chess").status_code == 404
