"""The statistics of finished online games: counted by SQL on both backends and checked
against numbers counted by hand; the API on a server whose bots played games to the end,
checked against each game's own result; only finished games count."""

from __future__ import annotations

import json
import secrets

import pytest
from sqlalchemy import create_engine, select

from realpolitik.games import get
from realpolitik.server import migrations, statistics
from realpolitik.server.store import Store, StoredGame, StoredSeat, games, now, seats
from realpolitik.server.tokens import new_game_id
from realpolitik.sim.stats import wilson
from realpolitik.testing.server import Api, ServerProcess

NW_WORLD = "The 100 megaton warhead set off a nuclear stockpile and destroyed the world. Nobody wins."
NW_LAST = "{seat} is the last nation with people left and rules the world."


def finish(store: Store, title: str, kinds: list[str], places: list[int], winners: list[int], plies: int,
           reason: str, key: str | None = None, clock: float | None = None) -> str:
    """Store a game of ``title`` that ends with its first action with this outcome."""
    labels = [f"p{i + 1}" for i in range(len(kinds))]
    game = StoredGame(new_game_id(), title, "1", {}, 1, False, "running", now(),
                      [StoredSeat(i, kind, kind, None, True) for i, kind in enumerate(kinds)])
    store.create_game(game)
    result = {"outcome": {"places": dict(zip(labels, places, strict=True)), "winners": [labels[w] for w in winners],
                          "reason": reason, "limit": False}, "plies": plies, "digest": "x"}
    if key:
        result["reason_key"] = key
    if clock is not None:
        result["clock"] = clock
    store.append(game.id, 0, 0, "end", result)
    return game.id


def test_counts_by_sql_equal_the_hand_counted_numbers(database):
    store = Store(database)
    title = f"t-{secrets.token_hex(4)}"  # a title of its own: the PostgreSQL database is shared
    try:
        # two players: p1 wins 2 of 4 (the human seat once of 2), p2 once; one game nobody won
        finish(store, title, ["human", "random"], [1, 2], [0], 10, "A won", NW_LAST, clock=3)
        finish(store, title, ["human", "random"], [2, 1], [1], 30, "B won", NW_LAST, clock=7)
        finish(store, title, ["random", "random"], [1, 2], [0], 20, "A won", NW_LAST, clock=4)
        finish(store, title, ["random", "random"], [1, 1], [], 40, NW_WORLD)  # ended before clocks were kept
        # three players: one game; and a game still running, which never counts
        finish(store, title, ["random", "random", "random"], [3, 1, 2], [1], 7, "C", None)
        going = [StoredSeat(0, "random", "", None, True), StoredSeat(1, "random", "", None, True)]
        store.create_game(StoredGame(new_game_id(), title, "1", {}, 1, False, "running", now(), going))
        raw = statistics.counts(store, title, {})
    finally:
        store.close()
    seats = {(r["players"], r["seat"], bool(r["human"])): (r["games"], int(r["wins"])) for r in raw["seats"]}
    assert seats == {(2, 0, True): (2, 1), (2, 0, False): (2, 1), (2, 1, False): (4, 1),
                     (3, 0, False): (1, 0), (3, 1, False): (1, 1), (3, 2, False): (1, 0)}
    assert {(r["players"], r["games"]) for r in raw["winless"]} == {(2, 1), (3, 0)}
    assert [(r["players"], r["reason"], r["games"]) for r in raw["reasons"]] == [
        (2, NW_LAST, 3), (2, NW_WORLD, 1), (3, "C", 1)]
    assert [(r["players"], r["plies"]) for r in raw["plies"]] == [(2, 10), (2, 20), (2, 30), (2, 40), (3, 7)]
    assert [(r["players"], r["length"]) for r in raw["clock"]] == [(2, 3.0), (2, 4.0), (2, 7.0)]

    page = statistics.summary(get("nuclear-war"), raw, "de")
    assert page["games"] == 5 and [t["players"] for t in page["by_players"]] == [2, 3]
    two = page["by_players"][0]
    assert two["games"] == 4 and two["no_winner"] == 1
    assert two["length"] == {"median": 25.0, "q1": 17.5, "q3": 32.5, "min": 10, "max": 40}
    assert two["clock"] == {"unit": "Zug", "games": 3, "median": 4.0, "q1": 3.5, "q3": 5.5, "min": 3.0, "max": 7.0}
    assert page["by_players"][1]["clock"] is None  # no game with three players kept its clock
    first = two["seats"][0]
    low, high = wilson(2, 4)
    assert (first["games"], first["wins"], first["rate"]) == (4, 2, 0.5)
    assert (first["low"], first["high"]) == (round(low, 4), round(high, 4))
    assert (first["human"]["games"], first["human"]["wins"], first["bot"]["wins"]) == (2, 1, 1)
    assert two["seats"][1]["human"] is None and two["seats"][1]["wins"] == 1
    assert two["reasons"][0] == {"reason": NW_LAST, "games": 3,
                                 "text": "… ist die letzte Nation mit Bevölkerung und beherrscht die Welt."}


def test_team_games_count_a_team_win_once(database):
    store = Store(database)
    title = f"t-{secrets.token_hex(4)}"
    game = get("wsdv-2p2")
    teams = statistics.team_seats(game)
    try:
        four = ["random"] * 4
        sides = teams[4]
        a, b = sides
        finish(store, title, four, [1 if s in a else 2 for s in range(4)], a, 50, "x")
        finish(store, title, four, [1 if s in a else 2 for s in range(4)], a, 60, "x")
        finish(store, title, four, [1 if s in b else 2 for s in range(4)], b, 70, "y")
        raw = statistics.counts(store, title, teams)
    finally:
        store.close()
    assert sorted((r["team"], r["wins"]) for r in raw["teams"]) == [(0, 2), (1, 1)]
    page = statistics.summary(game, raw, "en")
    table = page["by_players"][0]
    assert [(t["wins"], t["games"]) for t in table["teams"]] == [(2, 3), (1, 3)]
    assert table["teams"][0]["team"] == "yellow team"
    assert table["teams"][0]["seats"] == [game.seat_labels(4)[s] for s in a]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A server on which bots finished five games of Nuclear War (three with two players, two
    with three) while one game waits for a person."""
    proc = ServerProcess(str(tmp_path_factory.mktemp("statistics") / "games.db")).start()
    with Api(proc) as api:
        ids = [api.create(seats)["id"] for seats in (["random"] * 2, ["random"] * 3, ["random", "heuristic"],
                                                      ["random"] * 3, ["heuristic", "random"])]
        waiting = api.create(["human", "random"])["id"]
        finished = [api.wait_finished(game_id, timeout=120) for game_id in ids]
        records = [api.record(game_id) for game_id in ids]
    yield proc, finished, records, waiting
    proc.stop()


def test_the_api_equals_the_games_counted_one_by_one(played):
    server, finished, records, waiting = played
    with Api(server) as api:
        page = api.get("/api/statistics/nuclear-war").json()
        assert api.info(waiting)["status"] == "open"
    assert page["game"] == "nuclear-war" and page["games"] == 5
    for table in page["by_players"]:
        n = table["players"]
        mine = [(info, rec) for info, rec in zip(finished, records, strict=True) if len(rec.seats) == n]
        assert table["games"] == len(mine)
        for seat in table["seats"]:
            wins = sum(seat["seat"] in info["outcome"]["winners"] for info, _ in mine)
            assert (seat["games"], seat["wins"]) == (len(mine), wins)
            assert seat["human"] is None and seat["bot"]["games"] == len(mine)
        assert table["no_winner"] == sum(not info["outcome"]["winners"] for info, _ in mine)
        lengths = sorted(len(rec.actions) for _, rec in mine)
        assert (table["length"]["min"], table["length"]["max"]) == (lengths[0], lengths[-1])
        turns = sorted(get("nuclear-war").measures.clock(rec.replay(get)) for _, rec in mine)  # the turn it ended in
        assert (table["clock"]["unit"], table["clock"]["games"]) == ("turn", len(mine))
        assert (table["clock"]["min"], table["clock"]["max"]) == (turns[0], turns[-1])
        reasons: dict[str, int] = {}
        for info, _ in mine:  # a survivor's reason names it: counted by its message
            key = NW_LAST if info["outcome"]["winners"] else info["outcome"]["reason"]
            reasons[key] = reasons.get(key, 0) + 1
        assert {r["reason"]: r["games"] for r in table["reasons"]} == reasons
    assert {t["players"] for t in page["by_players"]} == {2, 3}


def test_the_api_speaks_german_refuses_unknown_games_and_shows_nothing_hidden(played):
    server, finished, records, _ = played
    with Api(server) as api:
        german = api.get("/api/statistics/nuclear-war", headers={"accept-language": "de"}).json()
        missing = api.get("/api/statistics/chess")
        empty = api.get("/api/statistics/wsdv").json()
    texts = [r["text"] for t in german["by_players"] for r in t["reasons"]]
    assert texts and all("Nation" in text or "Welt" in text for text in texts)
    assert missing.status_code == 404 and missing.json()["code"] == "no-game"
    assert empty == {"game": "wsdv", "title": empty["title"], "games": 0, "by_players": []}
    shown = str(german)
    for rec in records:
        assert str(rec.seed) not in shown and not any(action in shown for action in rec.actions if len(action) > 6)


def test_the_migration_fills_in_the_outcome_of_games_finished_before_it(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    migrations.upgrade(engine, "0005")
    result = {"outcome": {"places": {"p1": 2, "p2": 1}, "winners": ["p2"], "reason": "B won", "limit": False},
              "plies": 12, "digest": "x"}
    with engine.begin() as conn:
        for game_id, status, stored in (("done", "finished", result), ("going", "running", None)):
            conn.exec_driver_sql(
                "insert into games (id, game, rules_version, options, seed, lobby_join, status, created, result, rated)"
                " values (?, 'nuclear-war', '1', '{}', 1, 0, ?, '2026-01-01', ?, 0)",
                (game_id, status, None if stored is None else json.dumps(stored)))
            conn.exec_driver_sql("insert into seats (game_id, seat, kind, name, joined) values (?, 0, 'random', '', 1),"
                                 " (?, 1, 'random', '', 1)", (game_id, game_id))
    engine.dispose()
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            rows = dict(conn.execute(select(games.c.id, games.c.plies)).all())
            reasons = dict(conn.execute(select(games.c.id, games.c.end_reason)).all())
            places = conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.place, seats.c.won)
                                  .order_by(seats.c.game_id, seats.c.seat)).all()
        assert rows == {"done": 12, "going": None} and reasons == {"done": "B won", "going": None}
        assert [tuple(p) for p in places] == [("done", 0, 2, False), ("done", 1, 1, True),
                                              ("going", 0, None, None), ("going", 1, None, None)]
        assert statistics.counts(store, "nuclear-war", {})["winless"] == [{"players": 2, "games": 0}]
    finally:
        store.close()
