"""Changes of one game race through storage and leave it whole: one action per number and
no gaps, whatever process writes; a game starts exactly when its last seat is taken; a
person's move lands only while the person plays the seat, a stand-in's only while the
person is away, and a time-out only for the turn it was set for.

The races run two stores — two server processes, as far as the database can tell — on
threads released together by a barrier, many times over, on PostgreSQL; the rules they
rest on are checked one step at a time on both databases."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

import psycopg
import pytest

from realpolitik.server.store import StaleWrite, Store, StoredGame, StoredSeat, now
from realpolitik.server.tokens import hash_token, new_game_id, new_token
from realpolitik.testing.load import allowance

#: tries of each race (each went wrong in a quarter to a half of the tries before the fix)
TRIES = 30


def stored(status: str = "running", kinds=("human", "human"), joined: bool = True) -> StoredGame:
    return StoredGame(new_game_id(), "nuclear-war", "1", {}, 5, True, status, now(),
                      [StoredSeat(i, k, "", hash_token(new_token()) if k == "human" else None, joined or k != "human")
                       for i, k in enumerate(kinds)])


@pytest.fixture
def store(database):
    s = Store(database)
    yield s
    s.close()


@pytest.fixture
def two(postgres):
    """Two stores on a fresh PostgreSQL database, as two server processes would have."""
    name = "races_" + secrets.token_hex(4)
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = postgres.url.rsplit("/", 1)[0] + "/" + name
    stores = Store(url), Store(url)
    yield stores
    for s in stores:
        s.close()


def together(*work: Callable[[], object]) -> list[object]:
    """Run each callable on its own thread, all released at once; their results (or exceptions)."""
    gate = threading.Barrier(len(work))
    results: list[object] = [None] * len(work)

    def run(i: int) -> None:
        gate.wait()
        try:
            results[i] = work[i]()
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(allowance(30))
    return results


def numbers(store: Store, game_id: str) -> list[int]:
    """The stored action numbers of a game, read from the table itself."""
    from sqlalchemy import select

    from realpolitik.server.store import actions

    with store.engine.connect() as conn:
        return list(conn.execute(select(actions.c.seq).where(actions.c.game_id == game_id)
                                 .order_by(actions.c.seq)).scalars())


# ---------------------------------------------------------------------- one step at a time


def test_an_action_is_stored_only_as_the_next_number_of_a_running_game(store):
    game = stored()
    store.create_game(game)
    with pytest.raises(StaleWrite):  # a gap
        store.append(game.id, 1, 0, "place atlas")
    store.append(game.id, 0, 0, "place atlas")
    assert store.take_back(game.id, 0, 0)
    with pytest.raises(StaleWrite):  # the number after one taken back
        store.append(game.id, 1, 1, "place 10mt")
    waiting = stored(status="open", joined=False)
    store.create_game(waiting)
    with pytest.raises(StaleWrite):  # a game that has not started
        store.append(waiting.id, 0, 0, "place atlas")
    assert numbers(store, game.id) == [] and numbers(store, waiting.id) == []


def test_only_the_last_action_is_taken_back_and_only_by_its_seat(store):
    game = stored()
    store.create_game(game)
    store.append(game.id, 0, 0, "place atlas")
    store.append(game.id, 1, 1, "place 10mt")
    assert not store.take_back(game.id, 0, 0)  # not the last one
    assert not store.take_back(game.id, 1, 0)  # not seat 0's
    assert store.take_back(game.id, 1, 1)
    assert numbers(store, game.id) == [0]


def test_a_take_back_removes_the_bots_answers_since_but_never_a_persons_move(store):
    """Issue 77: a person's action goes back with the bot seats' actions after it, exactly as far as
    the game stands; another person's action, or a stand-in's, among them keeps them all."""
    game = stored(kinds=("human", "random", "human"))
    store.create_game(game)
    for seq, seat in enumerate((0, 1, 1)):
        store.append(game.id, seq, seat, f"move {seq}")
    assert not store.take_back(game.id, 0, 0)  # the game stands at 3 actions, not 1
    assert not store.take_back(game.id, 0, 0, length=2)
    assert not store.take_back(game.id, 1, 0, length=3)  # not the person's action
    assert store.take_back(game.id, 0, 0, length=3)
    assert numbers(store, game.id) == []
    for seq, seat in enumerate((0, 1, 2, 1)):
        store.append(game.id, seq, seat, f"move {seq}")
    assert not store.take_back(game.id, 0, 0, length=4)  # the other person's move stays
    assert numbers(store, game.id) == [0, 1, 2, 3]
    assert store.set_away(game.id, 2, "resigned")
    store.append(game.id, 4, 2, "stand-in's move", stand_in=True)
    store.append(game.id, 5, 0, "move 5")
    store.append(game.id, 6, 1, "move 6")
    assert not store.take_back(game.id, 3, 1, length=7)  # the stand-in's move and a person's are among them
    assert store.take_back(game.id, 5, 0, length=7)
    assert numbers(store, game.id) == [0, 1, 2, 3, 4]


def test_a_persons_move_is_refused_once_the_seat_is_left_to_a_bot(store):
    for away in ("resigned", "timeout"):
        game = stored()
        store.create_game(game)
        assert store.set_away(game.id, 0, away)
        with pytest.raises(StaleWrite):
            store.append(game.id, 0, 0, "place atlas")
        store.append(game.id, 0, 0, "place atlas", stand_in=True)
        assert numbers(store, game.id) == [0]


def test_a_time_out_falls_only_in_the_turn_it_was_set_for(store):
    game = stored()
    store.create_game(game)
    store.append(game.id, 0, 0, "place atlas")
    assert not store.set_away(game.id, 1, "timeout", 0.0, "", 0)  # the move was made meanwhile
    assert store.load(game.id).seats[1].away is None
    assert store.set_away(game.id, 1, "timeout", 0.0, "", 1)
    assert store.load(game.id).seats[1].away == "timeout"


# ---------------------------------------------------------------------- races (two processes)


def test_a_take_back_racing_the_next_move_leaves_no_gap(two):
    a, b = two
    for _ in range(TRIES):
        game = stored()
        a.create_game(game)
        a.append(game.id, 0, 0, "place atlas")
        took, moved = together(lambda g=game: a.take_back(g.id, 0, 0),
                               lambda g=game: b.append(g.id, 1, 1, "place 10mt"))
        stored_numbers = numbers(a, game.id)
        assert stored_numbers == list(range(len(stored_numbers))), stored_numbers
        assert (took is True) != (not isinstance(moved, StaleWrite)), (took, moved)  # exactly one of them
        assert stored_numbers == ([] if took is True else [0, 1])


def test_two_joins_through_two_processes_start_the_game(two):
    a, b = two
    for _ in range(TRIES):
        game = stored(status="open", joined=False)
        a.create_game(game)
        first, second = together(lambda g=game: a.join(g.id, 0, "Ann"), lambda g=game: b.join(g.id, 1, "Bo"))
        assert first[0] and second[0]
        assert [first[1], second[1]].count(True) == 1  # exactly one of them started it
        assert a.load(game.id).status == "running"


def test_a_move_racing_its_seats_resignation_lands_only_if_first(two):
    a, b = two
    for _ in range(TRIES):
        game = stored()
        a.create_game(game)
        resigned, moved = together(lambda g=game: a.set_away(g.id, 0, "resigned"),
                                   lambda g=game: b.append(g.id, 0, 0, "place atlas"))
        assert resigned is True
        played = not isinstance(moved, StaleWrite)
        assert numbers(a, game.id) == ([0] if played else [])
        if not played:  # the bot standing in plays the seat from here
            b.append(game.id, 0, 0, "place 10mt", stand_in=True)
        with pytest.raises(StaleWrite):  # and the person never again
            b.append(game.id, 1, 0, "place saturn")


def test_a_time_out_racing_the_move_it_waits_for_never_both(two):
    a, b = two
    for _ in range(TRIES):
        game = stored()
        a.create_game(game)
        timed_out, moved = together(lambda g=game: a.set_away(g.id, 0, "timeout", 0.0, "", 0),
                                    lambda g=game: b.append(g.id, 0, 0, "place atlas"))
        played = not isinstance(moved, StaleWrite)
        assert timed_out in (True, False) and timed_out is not played, (timed_out, moved)
        assert a.load(game.id).seats[0].away == (None if played else "timeout")
