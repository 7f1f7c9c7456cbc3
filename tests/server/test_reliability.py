"""Reliability: the player page counts an account's finished games — played to the end,
abandoned, lost on time; a creator's terms refuse players below them (and guests) at the
lobby; the operator's cap refuses a seat in one more correspondence game, by any way in."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import update

from realpolitik.server.reliability import by_mail_games, figures, shortfall
from realpolitik.server.store import Store, StoredGame, StoredSeat, games, now, seats
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

PASSWORD = "correct horse battery"
MAIL = {"kind": "correspondence", "hours": 24, "bank_hours": 72}


def past_games(store: Store, user_id: int, ends: list[str | None], status: str = "finished",
               clock: dict | None = None) -> None:
    """Games of the account's seat p1 that ended so (``None``: played to the end, ``resigned``,
    ``timeout``), stored as the server stores them."""
    for away in ends:
        game_id = secrets.token_hex(6)
        store.create_game(StoredGame(game_id, "nationen", "1", {}, 1, False, "open", now(),
                                     [StoredSeat(0, "human", "X", None, True, user_id), StoredSeat(1, "random")],
                                     clock=clock))
        with store.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(status=status))
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == 0).values(away=away))


def test_the_figures_count_each_way_a_game_ended(database):
    store = Store(database)
    try:
        ann, bo = (store.add_user(name, name.casefold(), "not a hash", None).id  # the PostgreSQL is the session's
                   for name in (f"Ann {secrets.token_hex(4)}", f"Bo {secrets.token_hex(4)}"))
        assert figures(store, ann) == {"ended": 0, "finished": 0, "abandoned": 0, "lost_on_time": 0,
                                       "finished_share": None, "lost_on_time_share": None}
        past_games(store, ann, [None, None, "resigned", "timeout"])
        past_games(store, ann, [None], status="running")  # not over: not counted
        past_games(store, bo, ["timeout"])
        assert figures(store, ann) == {"ended": 4, "finished": 2, "abandoned": 1, "lost_on_time": 1,
                                       "finished_share": 50, "lost_on_time_share": 25}
        past_games(store, ann, [None, None], status="running", clock=MAIL)
        past_games(store, ann, [None], status="open", clock={"kind": "live", "start": 60, "add": 0})
        past_games(store, ann, [None], status="finished", clock=MAIL)
        assert by_mail_games(store, ann) == 2
    finally:
        store.close()


@pytest.mark.parametrize(("terms", "refused"), [
    ({"most_lost_on_time": 25}, False), ({"most_lost_on_time": 24}, True),
    ({"least_finished": 50}, False), ({"least_finished": 51}, True), ({}, False),
])
def test_terms_compare_in_whole_per_cent(terms, refused):
    found = {"ended": 4, "finished": 2, "abandoned": 1, "lost_on_time": 1, "finished_share": 50,
             "lost_on_time_share": 25}
    assert (shortfall(found, terms) is not None) == refused
    assert shortfall({**found, "ended": 0}, terms) is None  # no games: nothing to hold against anyone


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    server = ServerProcess(str(tmp_path_factory.mktemp("reliability") / "games.db"),
                           limits={**ROOMY, "correspondence_games": 2, "logins": "1000/minute"}).start()
    yield server
    server.stop()


def member(server: ServerProcess, name: str) -> tuple[Api, str, int]:
    api = Api(server)
    csrf = api.post("/api/account/signup", json={"name": name, "password": PASSWORD}).json()["csrf"]
    store = Store(server.db)
    try:
        user_id = store.user_named(name.casefold()).id
    finally:
        store.close()
    return api, csrf, user_id


def test_the_player_page_shows_the_figures(capped):
    api, _, user_id = member(capped, "Reliable Rita")
    store = Store(capped.db)
    try:
        past_games(store, user_id, [None, None, None, "timeout"])
    finally:
        store.close()
    page = api.get("/api/players/Reliable Rita").json()
    assert page["reliability"] == {"ended": 4, "finished": 3, "abandoned": 0, "lost_on_time": 1,
                                   "finished_share": 75, "lost_on_time_share": 25}
    api.http.close()


def test_a_creators_terms_refuse_players_below_them_and_guests(capped):
    with Api(capped) as creator:
        created = creator.create(["human", "human", "human"], game="nationen", lobby_join=True,
                                 terms={"most_lost_on_time": 10, "least_finished": 60})
    gid = created["id"]
    late, _, late_id = member(capped, "Late Larry")
    new, _, _ = member(capped, "New Nora")
    store = Store(capped.db)
    try:
        past_games(store, late_id, [None, None, None, None, "timeout"])  # 20 % lost on time
    finally:
        store.close()
    with Api(capped) as guest:
        refused = guest.post(f"/api/games/{gid}/claim", json={"seat": "p1", "name": "Guest"})
        assert refused.status_code == 401 and refused.json()["code"] == "signed-out"
        assert "log in" in refused.json()["error"]
    refused = late.post(f"/api/games/{gid}/claim", json={"seat": "p1"}, headers={"x-csrf-token": _csrf(late)})
    assert refused.status_code == 403 and refused.json() == {
        "code": "unreliable",
        "error": "This game takes players who lost at most 10 % of their games on time; you lost 20 %."}
    taken = new.post(f"/api/games/{gid}/claim", json={"seat": "p1"}, headers={"x-csrf-token": _csrf(new)})
    assert taken.status_code == 200  # no finished games yet: welcome
    with Api(capped) as viewer:
        assert viewer.info(gid)["players"][0]["joined"]
    late.http.close()
    new.http.close()


def _csrf(api: Api) -> str:
    return api.get("/api/account").json()["csrf"]


def test_one_more_correspondence_game_past_the_cap_is_refused_by_any_way_in(capped):
    busy, csrf, user_id = member(capped, "Busy Bea")
    store = Store(capped.db)
    try:
        past_games(store, user_id, [None], status="running", clock=MAIL)  # one running already
    finally:
        store.close()
    with Api(capped) as creator:
        first = creator.create(["human", "human"], game="nationen", lobby_join=True, clock=MAIL)
        second = creator.create(["human", "human"], game="nationen", lobby_join=True, clock=MAIL)
        unclocked = creator.create(["human", "human"], game="nationen", lobby_join=True)
    assert busy.post(f"/api/games/{first['id']}/claim", json={"seat": "p1"}, headers={"x-csrf-token": csrf}
                     ).status_code == 200  # the second: at the cap now
    refused = busy.post(f"/api/games/{second['id']}/claim", json={"seat": "p1"}, headers={"x-csrf-token": csrf})
    assert refused.status_code == 429 and refused.json() == {
        "code": "limit", "error": "You play 2 correspondence games already, the most one account may; finish one "
                                  "first."}
    sock = GameSocket(capped, second["id"], headers={"cookie": f"session={busy.http.cookies['session']}"})
    error = sock.hello(second["tokens"]["p2"])
    assert error["type"] == "error" and error["code"] == "limit"
    sock.close()
    with Api(capped) as viewer:
        assert not any(p["joined"] for p in viewer.info(second["id"])["players"])  # nothing was taken
    assert busy.post(f"/api/games/{unclocked['id']}/claim", json={"seat": "p1"}, headers={"x-csrf-token": csrf}
                     ).status_code == 200  # games without a correspondence clock do not count
    busy.http.close()


@pytest.mark.parametrize("terms", [{"most_lost_on_time": 101}, {"least_finished": -1}, {"least_finished": "50"},
                                   {"most": 5}, []])
def test_bad_terms_are_refused_in_words(capped, terms):
    with Api(capped) as creator:
        answer = creator.post("/api/games", json={"game": "nationen", "seats": ["human", "human"], "terms": terms})
        assert answer.status_code == 400 and "terms" in answer.json()["error"]
