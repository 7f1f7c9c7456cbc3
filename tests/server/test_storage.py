"""Storage on both backends (SQLite file, real PostgreSQL): games as records, the
database's own refusal of a second action with the same sequence number, seats, chat."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, insert
from sqlalchemy.exc import IntegrityError

from realpolitik.server.store import (
    ChatLine,
    Damaged,
    StaleWrite,
    StorageError,
    Store,
    StoredGame,
    StoredSeat,
    actions,
    database_url,
    notices,
    now,
    seats,
)
from realpolitik.server.tokens import hash_token, matches, new_game_id, new_token


def stored(status: str = "running", kinds=("human", "random")) -> StoredGame:
    return StoredGame(new_game_id(), "nuclear-war", "1", {"refill": "draw-one"}, 2**31 - 5, True, status, now(),
                      [StoredSeat(i, k, "", hash_token(new_token()) if k == "human" else None, k != "human")
                       for i, k in enumerate(kinds)])


@pytest.fixture
def store(database):
    s = Store(database)
    yield s
    s.close()


def test_a_game_is_stored_as_its_record(store):
    game = stored()
    store.create_game(game)
    for seq, text in enumerate(["place atlas", "place 10mt", "done"]):
        store.append(game.id, seq, seq % 2, text)
    back = store.load(game.id)
    assert back.actions == ["place atlas", "place 10mt", "done"]
    assert (back.game, back.rules_version, back.options, back.seed) == ("nuclear-war", "1", {"refill": "draw-one"},
                                                                        2**31 - 5)
    assert [(s.seat, s.kind, s.token_hash) for s in back.seats] == [(s.seat, s.kind, s.token_hash) for s in game.seats]
    assert back.created.tzinfo is not None and abs(back.created - game.created) < timedelta(seconds=1)
    assert store.load("000000000000") is None


def test_the_database_refuses_a_second_action_with_the_same_sequence_number(store):
    game = stored()
    store.create_game(game)
    store.append(game.id, 0, 0, "place atlas")
    with pytest.raises(StaleWrite):
        store.append(game.id, 0, 1, "place saturn")
    with pytest.raises(IntegrityError):  # the constraint itself, not our code
        with store.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game.id, seq=0, seat=1, text="x", at=now()))
    with pytest.raises(IntegrityError):
        with store.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game.id, seq=-1, seat=1, text="x", at=now()))
    assert store.load(game.id).actions == ["place atlas"]
    other = stored()
    store.create_game(other)
    store.append(other.id, 0, 0, "keep")  # numbers are unique per game, not overall


def test_a_seat_is_taken_once(store):
    game = stored(status="open", kinds=("human", "human"))
    store.create_game(game)
    token = new_token()
    assert store.join(game.id, 1, "Bob", hash_token(token)) == (True, False)
    assert store.join(game.id, 1, "Eve", hash_token(new_token())) == (False, False)
    seat = store.load(game.id).seats[1]
    assert (seat.name, seat.joined) == ("Bob", True) and matches(token, seat.token_hash)
    assert store.load(game.id).status == "open"
    # the last human seat starts the game, in the same transaction
    assert store.join(game.id, 0, "Ann", holding=game.seats[0].token_hash) == (True, True)
    assert store.load(game.id).status == "running"


def test_an_invitation_takes_its_seat_only_while_it_still_holds_it(store):
    game = stored(status="open", kinds=("human", "human"))
    store.create_game(game)
    invitation = game.seats[0].token_hash
    claimed = hash_token(new_token())
    assert store.join(game.id, 0, "Claimer", claimed) == (True, False)  # claimed from the lobby first
    assert store.join(game.id, 0, "Invitee", holding=invitation) == (False, False)
    seat = store.load(game.id).seats[0]
    assert (seat.name, seat.token_hash) == ("Claimer", claimed)


def test_the_last_action_and_the_result_are_one_write(store):
    game = stored()
    store.create_game(game)
    store.append(game.id, 0, 0, "place atlas")
    result = {"outcome": {"reason": "x"}, "digest": "d", "plies": 2}
    with pytest.raises(StaleWrite):  # a refused last action leaves the game running
        store.append(game.id, 0, 1, "concede", result)
    assert store.load(game.id).status == "running" and store.load(game.id).result is None
    store.append(game.id, 1, 1, "concede", result)
    back = store.load(game.id)
    assert (back.status, back.result, back.actions) == ("finished", result, ["place atlas", "concede"])


def test_an_open_game_can_be_dropped_a_started_one_not(store):
    waiting, running = stored(status="open"), stored()
    store.create_game(waiting)
    store.create_game(running)
    store.add_chat(waiting.id, ChatLine(0, 0, "hello?", now()))
    assert store.drop_open(waiting.id) is True and store.load(waiting.id) is None
    assert store.drop_open(running.id) is False and store.load(running.id).status == "running"


def test_a_damaged_game_is_named_and_does_not_hide_the_others(store):
    good, bad_json, no_seat, gap = stored(), stored(), stored(), stored()
    for game in (good, bad_json, no_seat, gap):
        store.create_game(game)
    with store.engine.begin() as conn:
        for seq in (0, 2):  # action 1 is missing (written by hand: the store itself refuses a gap)
            conn.execute(insert(actions).values(game_id=gap.id, seq=seq, seat=0, text="place atlas", at=now()))
        if store.sqlite:  # PostgreSQL's json type refuses bad JSON itself
            conn.exec_driver_sql(f"UPDATE games SET options = '{{not json' WHERE id = '{bad_json.id}'")
        conn.execute(delete(seats).where(seats.c.game_id == no_seat.id, seats.c.seat == 0))
    loaded = {g.id: g for g in store.unfinished()}
    assert isinstance(loaded[good.id], StoredGame)
    assert isinstance(loaded[no_seat.id], Damaged) and "seats" in loaded[no_seat.id].reason
    assert isinstance(loaded[gap.id], Damaged) and "actions" in loaded[gap.id].reason
    assert isinstance(store.load(gap.id), Damaged)
    if store.sqlite:
        assert isinstance(loaded[bad_json.id], Damaged) and "JSON" in loaded[bad_json.id].reason


def test_a_missing_folder_is_not_created(tmp_path):
    with pytest.raises(StorageError, match="there is no folder"):
        Store(str(tmp_path / "no" / "such" / "games.db"))
    assert not (tmp_path / "no").exists()


def test_status_lists_and_results(store):
    running, done = stored(), stored()
    store.create_game(running)
    store.create_game(done)
    store.set_status(done.id, "finished", {"outcome": {"reason": "x"}, "digest": "d", "plies": 0})
    unfinished = {g.id for g in store.unfinished()}
    assert running.id in unfinished and done.id not in unfinished
    finished = {g.id: g for g in store.finished(1000)}
    assert finished[done.id].result["digest"] == "d" and finished[done.id].actions == []


def test_team_chat_is_kept_per_team(store):
    game = stored(kinds=("human",) * 4)
    store.create_game(game)
    start = datetime(2030, 1, 1, tzinfo=UTC)
    for i, (seat, team, text) in enumerate([(0, 0, "attack p2"), (1, 1, "defend"), (2, 0, "agreed")]):
        store.add_chat(game.id, ChatLine(seat, team, text, start + timedelta(seconds=i)))
    assert [c.text for c in store.chat_of(game.id, 0)] == ["attack p2", "agreed"]
    assert [c.text for c in store.chat_of(game.id, 1)] == ["defend"]
    assert store.chat_of(game.id, 0)[0].at == start


def test_database_urls_from_what_a_user_types(tmp_path):
    assert database_url(str(tmp_path / "x.db")).render_as_string() == f"sqlite:///{tmp_path / 'x.db'}"
    assert database_url("sqlite:///games.db").drivername == "sqlite"
    pg = database_url("postgresql://ann:secret@db.example:5433/realpolitik")
    assert pg.drivername == "postgresql+psycopg" and pg.port == 5433
    assert "secret" not in pg.render_as_string()  # shown with the password hidden
    assert database_url("postgres://ann@h/x").drivername == "postgresql+psycopg"


def test_tokens_are_random_and_checked_by_hash():
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) == 32 for t in tokens)
    token = tokens.pop()
    assert matches(token, hash_token(token)) and not matches(tokens.pop(), hash_token(token))
    assert not matches(token, None) and hash_token(token) != token


def test_a_stand_in_move_is_stored_only_while_the_person_is_away(store):
    game = stored(kinds=("human", "random"))
    store.create_game(game)
    assert store.set_away(game.id, 0, "timeout", only_if="")
    store.append(game.id, 0, 0, "place atlas", stand_in=True)  # the stand-in plays the away seat
    assert store.come_back(game.id, 0, 60.0, 3)  # the person comes back (another process, say)
    with pytest.raises(StaleWrite):  # the stand-in's move thought out meanwhile is refused
        store.append(game.id, 1, 0, "place 10mt", stand_in=True)
    store.append(game.id, 1, 0, "place 10mt")  # the person's own move is stored
    assert store.load(game.id).actions == ["place atlas", "place 10mt"]


def test_a_timed_out_seat_comes_back_only_after_a_bot_move_and_never_after_its_last_time_out(store):
    """Checked by the database too, so a request through another process cannot slip by: the person
    takes the seat back only once the stand-in has moved for it, never takes back that move, and
    after the third time-out (the server's ``TIMEOUTS_LOST``) not at all; each time-out is counted
    and noted in the record."""
    game = stored(kinds=("human", "random"))
    store.create_game(game)
    seq = 0
    for count in (1, 2, 3):
        assert store.set_away(game.id, 0, "timeout", 0.0, "", seq)
        assert not store.come_back(game.id, 0, 60.0, 3)  # the bot has not moved for the seat yet
        store.append(game.id, seq, 0, f"stand-in {count}", stand_in=True)
        seq += 1
        assert store.load(game.id).seats[0].timeouts == count
        if count < 3:
            assert store.come_back(game.id, 0, 60.0, 3)
            assert not store.take_back(game.id, seq - 1, 0)  # the bot's move stays
            store.append(game.id, seq, 0, f"her own {count}")
            assert store.take_back(game.id, seq, 0)  # her own move she may take back
    assert not store.come_back(game.id, 0, 60.0, 3)  # lost on time for good
    seat = store.load(game.id).seats[0]
    assert (seat.away, seat.timeouts, seat.away_at) == ("timeout", 3, 2)
    assert store.notes_of(game.id) == [{"ply": ply, "seat": 0, "kind": "timeout"} for ply in (0, 1, 2)]


def empty_outbox(store: Store) -> None:
    """No notice left by another test (the PostgreSQL database is one for the whole session)."""
    with store.engine.begin() as conn:
        conn.execute(delete(notices))


def account(store: Store, name: str):
    """A new account named ``name`` and a suffix of its own (accounts, too, outlive a test on PostgreSQL)."""
    name = f"{name} {new_game_id()}"
    return store.add_user(name, name.lower(), "not a hash", None)


def test_a_turn_notice_names_the_seat_whose_turn_came_for_an_account_holding_two(store):
    empty_outbox(store)
    ann = account(store, "Ann")
    store.set_addresses(ann.id, {"email": "ann@example.org"})
    game = stored(kinds=("human", "human", "random"))
    game.seats[0].user_id = game.seats[1].user_id = ann.id
    store.create_game(game)
    assert store.add_notices(ann.id, game.id, 1, 5, ("email", "webhook")) == 1  # no webhook address: e-mail only
    due = store.due_notices(10, 3)
    assert [(n["seat"], n["turn"], n["channel"], n["players"]) for n in due] == [(1, 5, "email", 3)]
    with store.engine.begin() as conn:  # one queued before the seat was stored names the first seat, as before
        conn.execute(insert(notices).values(user_id=ann.id, game_id=game.id, turn=7, channel="email",
                                            created=now(), next_try=now() - timedelta(seconds=1)))
        conn.execute(seats.update().where(seats.c.game_id == game.id, seats.c.seat == 0).values(user_id=None))
    assert store.add_notices(ann.id, game.id, 0, 9, ("email",)) == 1  # seat 0 is no longer Ann's: never sent
    assert [(n["seat"], n["turn"]) for n in store.due_notices(10, 3)] == [(1, 7)]


def test_due_notices_are_one_of_an_account_at_a_time_and_none_of_a_busy_one(store):
    empty_outbox(store)
    ann, bo = account(store, "Ann"), account(store, "Bo")
    for user in (ann, bo):
        store.set_addresses(user.id, {"email": f"{user.name.split()[0].lower()}@example.org",
                                      "webhook": "https://hooks.example/x"})
    games = []
    for user in (ann, ann, bo):
        games.append(stored())
        games[-1].seats[0].user_id = user.id
        store.create_game(games[-1])
        assert store.add_notices(user.id, games[-1].id, 0, 1, ("email", "webhook")) == 2
    first = store.due_notices(10, 3)
    assert sorted(n["user_id"] for n in first) == [ann.id, bo.id]  # Ann's three others wait for her first one
    assert store.due_notices(10, 3, frozenset({ann.id, bo.id})) == []  # both busy: none of theirs
    assert [n["user_id"] for n in store.due_notices(10, 3, frozenset({bo.id}))] == [ann.id]
