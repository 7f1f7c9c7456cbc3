"""The lobby's HTTP API against a real server on loopback: catalog, creating and joining
games, lists, validation of every payload, records and replays, headers, token storage."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from realpolitik.engine.rng import KEYED
from realpolitik.games import get
from realpolitik.server.protocol import MAX_NAME
from realpolitik.server.store import Store


def test_catalog_offers_every_game_with_bots_options_and_board(api):
    catalog = {g["id"]: g for g in api.get("/api/catalog").json()}
    nw = catalog["nuclear-war"]
    assert nw["min_players"] == 2 and nw["max_players"] == 6 and nw["default_players"] == 4
    assert nw["bots"] == ["random", "ismcts", "heuristic"]
    names = [o["name"] for o in nw["options"]]
    assert "refill" in names and "content" not in names  # file options stay on the command line
    assert nw["board"] is True
    assert nw["teams"]["4"] is None


def test_pages_and_static_files_are_served_with_a_strict_policy(api):
    for path in ("/", "/game/0123456789ab", "/replay/0123456789ab", "/static/js/game.js",
                 "/static/boards/nuclear-war.js", "/static/style.css"):
        answer = api.get(path)
        assert answer.status_code == 200, path
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
    assert "text/javascript" in api.get("/static/js/panel.js").headers["content-type"]


def test_content_files_are_served_as_json_and_nothing_else(api):
    cards = api.get("/api/content/nuclear-war/cards").json()["cards"]
    assert {"key": "atlas", "name": "Atlas Missile"}.items() <= next(c for c in cards if c["key"] == "atlas").items()
    for path in ("/api/content/nuclear-war/nothing", "/api/content/no-such-game/cards",
                 "/api/content/nuclear-war/CARDS", "/api/content/nuclear-war/.cards"):
        answer = api.get(path)
        assert answer.status_code == 404 and answer.json()["code"] == "no-content", path
    assert api.get("/api/content/nuclear-war/..%2F..%2Fgame.py").status_code == 404


def test_creating_a_game_hands_out_one_secret_link_per_human_seat(api):
    answer = api.create(["human", "heuristic", "human"])
    assert [i["seat"] for i in answer["invites"]] == ["p1", "p3"]
    tokens = list(answer["tokens"].values())
    assert len(set(tokens)) == 2 and all(len(t) == 32 for t in tokens)
    assert all(i["url"].startswith(f"/game/{answer['id']}#") for i in answer["invites"])  # the token is in the fragment
    info = api.info(answer["id"])
    assert info["status"] == "open"
    assert [(p["seat"], p["kind"], p["joined"]) for p in info["players"]] == [
        ("p1", "human", False), ("p2", "heuristic", True), ("p3", "human", False)]
    assert "seed" not in json.dumps(info) and all(t not in json.dumps(info) for t in tokens)
    lists = api.get("/api/games").json()
    assert answer["id"] in [g["id"] for g in lists["open"]]
    assert "seed" not in json.dumps(lists)


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "seats": ["human", "random"]}, "unknown game 'chess'"),
    ({"game": "nuclear-war", "seats": ["human", "genius"]}, "seat 2: 'genius' is not one of human, random"),
    ({"game": "nuclear-war", "seats": ["human"]}, "takes 2–6 players, not 1"),
    ({"game": "nuclear-war", "seats": ["random"] * 7}, "takes 2–6 players, not 7"),
    ({"game": "nuclear-war", "seats": ["random"] * 2, "options": {"speed": "fast"}}, "unknown option 'speed'"),
    ({"game": "nuclear-war", "seats": ["random"] * 2, "options": {"refill": "all"}}, "'all' is not one of"),
    ({"game": "nuclear-war", "seats": ["random"] * 2, "options": {"content": "/etc/passwd"}}, "command line"),
    ({"game": "nuclear-war", "seats": "human,random"}, "field 'seats'"),
    ({"game": "nuclear-war", "seats": ["random"] * 2, "options": {"refill": ["x"]}}, "field 'options.refill"),
    ({"game": "nuclear-war", "seats": ["random"] * 2, "owner": "me"}, "field 'owner': Extra inputs"),
    ({"game": 7, "seats": ["random"] * 2}, "field 'game'"),
    ({"game": "nuclear-war", "seats": ["x" * 41, "random"]}, "field 'seats.0'"),
    ({"game": "nuclear-war", "seats": ["random"] * 13}, "field 'seats'"),
    (["nuclear-war"], "must be a JSON object"),
])
def test_bad_games_are_refused_with_a_reason(api, body, words):
    answer = api.post("/api/games", json=body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_malformed_and_oversized_bodies_are_refused(api):
    answer = api.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"] == "payload is not JSON"
    big = json.dumps({"game": "nuclear-war", "seats": ["random", "random"], "options": {"refill": "x" * 20000}})
    answer = api.post("/api/games", content=big.encode())
    assert answer.status_code == 400 and "payload too large" in answer.json()["error"]


def test_a_free_seat_can_be_taken_from_the_lobby_once(api):
    game = api.create(["human", "human", "random"], lobby_join=True)
    gid = game["id"]
    taken = api.post(f"/api/games/{gid}/claim", json={"seat": "p2", "name": "Bob"})
    assert taken.status_code == 200
    token = taken.json()["url"].split("token=")[1]
    assert len(token) == 32 and token != game["tokens"]["p2"]  # a fresh token replaces the invitation
    again = api.post(f"/api/games/{gid}/claim", json={"seat": "p2", "name": "Eve"})
    assert again.status_code == 409 and "already taken" in again.json()["error"]
    bot = api.post(f"/api/games/{gid}/claim", json={"seat": "p3"})
    assert bot.status_code == 400 and "bot" in bot.json()["error"]
    nobody = api.post(f"/api/games/{gid}/claim", json={"seat": "p9"})
    assert nobody.status_code == 400 and "no seat 'p9'" in nobody.json()["error"]
    players = api.info(gid)["players"]
    assert players[1] == {"seat": "p2", "title": {"en": "Player 2", "de": "Spieler 2"}, "kind": "human",
                          "name": "Bob", "joined": True, "online": False, "away": None, "back": None,
                          "timeouts": 0}
    assert api.info(gid)["status"] == "open"  # p1 is still free
    assert api.post(f"/api/games/{gid}/claim", json={"seat": "p1", "name": "Ann"}).status_code == 200
    assert api.info(gid)["status"] == "running"
    lists = api.get("/api/games").json()
    assert gid in [g["id"] for g in lists["running"]] and gid not in [g["id"] for g in lists["open"]]


def test_invitation_only_games_cannot_be_joined_from_the_lobby(api):
    game = api.create(["human", "random"])  # invite links only, unless the creator opens the game
    answer = api.post(f"/api/games/{game['id']}/claim", json={"seat": "p1"})
    assert answer.status_code == 403 and "invitation only" in answer.json()["error"]


def test_claims_are_validated(api):
    game = api.create(["human", "random"], lobby_join=True)
    answer = api.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": "x" * (MAX_NAME + 1)})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-name"
    for invisible in ("\x00\x01\x7f", "\u200b\u2028\t", "\u202e"):
        answer = api.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": invisible})
        assert answer.status_code == 400 and "no visible characters" in answer.json()["error"]
    kept = api.post(f"/api/games/{game['id']}/claim", json={"seat": "p1", "name": " Ann\u202e\nLee\x00 "})
    assert kept.status_code == 200 and api.info(game["id"])["players"][0]["name"] == "Ann Lee"
    assert api.post("/api/games/ffffffffffff/claim", json={"seat": "p1"}).status_code == 404


def test_unknown_games_are_not_found(api):
    for path in ("/api/games/ffffffffffff", "/api/games/nonsense", "/api/games/ffffffffffff/record"):
        assert api.get(path).status_code == 404


def test_records_and_replays_wait_for_the_end_of_the_game(api):
    game = api.create(["human", "random"])
    for path in ("record", "replay?ply=1"):
        answer = api.get(f"/api/games/{game['id']}/{path}")
        assert answer.status_code == 403 and "over" in answer.json()["error"]


def test_a_game_draws_its_chance_from_a_secret_key_that_no_seat_receives(api, server, sockets):
    """Issue 76: the seed was below 2**31, and a seat's first view found it in two minutes."""
    game = api.create(["human", "random"])
    seeds = []
    store = Store(server.db)
    try:
        seeds = [store.load(game["id"]).seed, store.load(api.create(["human", "random"])["id"]).seed]
    finally:
        store.close()
    assert all(seed >= KEYED for seed in seeds) and seeds[0] != seeds[1]  # a key of 256 bits each
    sock = sockets(game["id"])
    first = sock.hello(game["tokens"]["p1"])
    seen = json.dumps([first, api.info(game["id"]), api.get("/api/games").json()])
    assert str(seeds[0]) not in seen and format(seeds[0], "x") not in seen
    truth = get("nuclear-war").new_state(2, {}, seeds[0])
    assert first["view"]["private"] == json.loads(json.dumps(truth.private_view(0)))  # the deal of that key


def test_a_finished_game_downloads_as_a_record_that_replays(api):
    game = api.create(["random", "heuristic", "random"])
    info = api.wait_finished(game["id"])
    answer = api.get(f"/api/games/{game['id']}/record")
    assert answer.headers["content-disposition"] == f'attachment; filename="nuclear-war-{game["id"]}.json"'
    record = api.record(game["id"])
    assert record.seats == ["random", "heuristic", "random"]
    final = record.replay(get)  # checks the stored digest
    assert final.is_over() and final.ply == len(record.actions) == info["ply"]
    assert info["outcome"] == record.result["outcome"]
    assert game["id"] in [g["id"] for g in api.get("/api/games").json()["finished"]]


def test_replays_show_each_seat_what_it_saw(api):
    game = api.create(["random", "random", "random"])
    api.wait_finished(game["id"])
    states = api.truth(game["id"])
    actions = api.record(game["id"]).actions
    total = len(states) - 1
    for ply in (0, 1, 7, total // 2, total):
        for seat, label in ((None, ""), (0, "p1"), (2, "p3")):
            step = api.get(f"/api/games/{game['id']}/replay", params={"seat": label, "ply": ply}).json()
            state = states[ply]
            assert step["ply"] == ply and step["total"] == total
            private = None if seat is None else json.loads(json.dumps(state.private_view(seat)))
            assert step["view"]["private"] == private
            assert step["view"]["public"] == json.loads(json.dumps(state.public_view()))
            assert step["view"]["log"] == state.log.redacted(seat)
            if ply:
                actor = states[ply - 1].to_act
                assert step["actor"] == state.seats[actor]
                # an action text is shown only to the seat that chose it
                assert step["action"] == (actions[ply - 1] if actor == seat else None)
    beyond = api.get(f"/api/games/{game['id']}/replay", params={"ply": 10**6}).json()
    assert beyond["ply"] == total


@pytest.mark.parametrize("query, words", [
    ({"seat": "p7"}, "seat 'p7' is not in this game"),
    ({"ply": "-1"}, "ply must be a whole number"),
    ({"ply": "two"}, "ply must be a whole number"),
])
def test_replay_requests_are_validated(api, query, words):
    game = api.create(["random", "random"])
    api.wait_finished(game["id"])
    answer = api.get(f"/api/games/{game['id']}/replay", params=query)
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_tokens_are_stored_only_as_hashes(api, server):
    game = api.create(["human", "human"])
    db = server.db
    with sqlite3.connect(db) as conn:
        stored = dict(conn.execute("select seat, token_hash from seats where game_id = ?", (game["id"],)).fetchall())
    for i, label in enumerate(("p1", "p2")):
        assert stored[i] == hashlib.sha256(game["tokens"][label].encode()).hexdigest()
    blob = b"".join(Path(db + suffix).read_bytes() for suffix in ("", "-wal") if Path(db + suffix).exists())
    assert all(token.encode() not in blob for token in game["tokens"].values())
