"""Ratings with openskill: a game created as rated updates the ratings of its accounts and
bot kinds when it ends — once, teams together, a resigned seat last — unless a guest sat
in it; the leaderboard orders players by mu − 3σ; a player's page shows ratings, their
history and recent games, and nothing private."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from sqlalchemy import delete, select

from realpolitik.server import ratings as ratings_module
from realpolitik.server.store import Store, StoredGame, StoredSeat, now, ratings
from realpolitik.server.tokens import new_game_id
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess, http_client

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
    client = http_client(server.url)
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


def finished_game(store: Store, counts: str = "counted") -> str:
    """A finished rated game of two bots whose result says how it counts."""
    game = StoredGame(new_game_id(), "nationen", "1", {}, 7, True, "finished", now(),
                      [StoredSeat(i, kind, "", None, True) for i, kind in enumerate(("random", "heuristic"))],
                      result={"rating": counts}, rated=True)
    store.create_game(game)
    return game.id


def one_up(pause: float):
    """An update that waits ``pause`` seconds (holding the transaction), then adds 1 to each μ."""
    def update(current):
        time.sleep(pause)
        return [((c or (25.0, 8.0))[0] + 1, 8.0) for c in current]
    return update


def test_a_game_finished_by_two_processes_at_once_is_rated_once(database):
    first, second = Store(database), Store(database)
    try:
        game_id = finished_game(first)
        kind = f"kind {game_id}"  # a player of its own: the PostgreSQL database is shared by the session
        with ThreadPoolExecutor(2) as pool:
            done = list(pool.map(lambda store: store.rate_game("nationen", game_id, [(None, kind)], one_up(0.3)),
                                 (first, second)))
        assert sorted(done) == [False, True]
        with first.engine.connect() as conn:
            rows = conn.execute(select(ratings.c.mu).where(ratings.c.game_id == game_id)).scalars().all()
        assert rows == [26.0]
    finally:
        first.close()
        second.close()


def test_the_games_whose_rating_was_cut_off_are_found(database):
    store = Store(database)
    try:
        cut_off, unrated = finished_game(store), finished_game(store, counts="guest")
        found = store.unrated_games()
        assert cut_off in found and unrated not in found
        store.rate_game("nationen", cut_off, [(None, f"kind {cut_off}")], one_up(0))
        assert cut_off not in store.unrated_games()
    finally:
        store.close()


def test_two_games_ending_together_build_on_each_others_ratings(database):
    first, second = Store(database), Store(database)
    try:
        games = [finished_game(first), finished_game(first)]
        kind = f"kind {games[0]}"
        with ThreadPoolExecutor(2) as pool:
            done = list(pool.map(lambda pair: pair[0].rate_game("nationen", pair[1], [(None, kind)], one_up(0.3)),
                                 zip((first, second), games, strict=True)))
        assert done == [True, True]
        with first.engine.connect() as conn:
            history = conn.execute(select(ratings.c.mu).where(ratings.c.bot == kind).order_by(ratings.c.id)).scalars()
            assert list(history) == [26.0, 27.0]  # the second read the first's rating: no update is lost
    finally:
        first.close()
        second.close()


def test_a_bot_kind_playing_itself_moves_by_the_mean_of_its_seats():
    who = [(None, "random"), (None, "random"), (7, None)]
    players = [(None, "random"), (7, None)]
    (bot_mu, bot_sigma), (person_mu, _) = ratings_module._update((0, 1, 2), [1, 3, 2], who, players, [None, None])
    alone = ratings_module.MODEL.rate([[ratings_module.MODEL.rating()] for _ in range(3)], ranks=[1, 3, 2])
    assert bot_mu == pytest.approx((alone[0][0].mu + alone[1][0].mu) / 2) and bot_sigma < 25 / 3
    assert person_mu == pytest.approx(alone[2][0].mu)


def test_partners_of_one_kind_share_one_update():
    who = [(None, "heuristic"), (None, "random"), (None, "heuristic"), (None, "random")]
    players = [(None, "heuristic"), (None, "random")]
    (winner, _), (loser, _) = ratings_module._update((0, 1, 0, 1), [1, 2, 1, 2], who, players, [(30.0, 5.0), None])
    model = ratings_module.MODEL  # one rating object per seat: openskill would update a shared one twice
    team = model.rate([[model.rating(mu=30.0, sigma=5.0) for _ in range(2)], [model.rating() for _ in range(2)]],
                      ranks=[1, 2])
    assert winner == pytest.approx(team[0][0].mu) and winner > 30.0 and loser < 25.0


def test_a_rating_cut_off_by_a_stop_is_made_at_the_next_start(tmp_path):
    proc = ServerProcess(str(tmp_path / "games.db")).start()
    try:
        name, rita = account(proc, "Carla")
        with Api(proc) as api:
            game = api.create(["human", "random"], game="nationen", rated=True, stand_in="random")
            sit_and_resign(proc, game, "p1", rita)
            wait_rated(api, proc, game["id"])
            rated = board(api, "nationen")
        rita.close()
        proc.stop()
        store = Store(proc.db)
        with store.engine.begin() as conn:
            conn.execute(delete(ratings).where(ratings.c.game_id == game["id"]))
        store.close()
        proc.start()
        with Api(proc) as api:
            api.wait(game["id"], lambda info: rated_rows(proc, game["id"]) == 2, timeout=20)
            assert board(api, "nationen") == rated
    finally:
        proc.stop()


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
