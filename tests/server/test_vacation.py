"""Vacation and the weekend pause: a correspondence clock stands still while its holder is on
vacation and, where the creator chose it, on Saturdays and Sundays (UTC); a clock that runs
out uses a banked vacation day instead of a time-out; the bank fills again every year.

Time is controlled exactly: the pause arithmetic and the vacation bank are pure functions of
the moments given; the timekeeper runs on a clock the test sets; the server tests move a
game's stored turn as the time-out tests do."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace

import pytest
from sqlalchemy import update

from realpolitik.server import timekeeper as timekeeper_module
from realpolitik.server import vacation
from realpolitik.server.clock import Clock, ClockChoice
from realpolitik.server.pauses import paused_at, resumes_at, running_seconds, runs_out_at
from realpolitik.server.store import Store, StoredSeat, games, now, seats
from realpolitik.server.timekeeper import Timekeeper
from realpolitik.testing.load import allowance
from realpolitik.testing.server import ROOMY, Api, GameSocket, ServerProcess

HOUR, DAY = 3600.0, 86400.0
FRIDAY_NOON = datetime(2026, 11, 27, 12, tzinfo=UTC)
MAIL = {"kind": "correspondence", "hours": 24, "bank_hours": 72}
PASSWORD = "correct horse battery"


def at(hours: float) -> datetime:
    return FRIDAY_NOON + timedelta(hours=hours)


# ---------------------------------------------------------------------- the pause arithmetic


def test_a_weekend_does_not_count_and_the_clock_runs_out_on_monday():
    assert FRIDAY_NOON.weekday() == 4
    assert running_seconds(FRIDAY_NOON, at(72), weekend=True) == 24 * HOUR  # Friday 12 h, Monday 12 h
    assert running_seconds(FRIDAY_NOON, at(72), weekend=False) == 72 * HOUR
    assert runs_out_at(FRIDAY_NOON, 12 * HOUR, weekend=True) == at(12)  # Saturday 00:00 exactly
    assert runs_out_at(FRIDAY_NOON, 12 * HOUR + 1, weekend=True) == at(60) + timedelta(seconds=1)
    assert paused_at(at(13), weekend=True) == "weekend" and paused_at(at(13), weekend=False) is None
    assert paused_at(at(60), weekend=True) is None  # Monday 00:00 runs again
    assert resumes_at(at(13), weekend=True) == at(60) and resumes_at(at(1), weekend=True) == at(1)


def test_a_vacation_stops_the_clock_between_its_moments():
    away = [(at(1), at(3))]
    assert running_seconds(FRIDAY_NOON, at(4), away) == 2 * HOUR
    assert runs_out_at(FRIDAY_NOON, 2 * HOUR, away) == at(4)
    assert paused_at(at(2), away) == "vacation" and paused_at(at(3), away) is None
    # a vacation over a weekend: the pauses merge, none counts twice
    both = [(at(6), at(40))]
    assert running_seconds(FRIDAY_NOON, at(72), both, weekend=True) == 6 * HOUR + 12 * HOUR


def test_the_pauses_agree_with_a_second_by_second_count_on_random_calendars():
    rng = random.Random(59)
    for _ in range(200):
        since = FRIDAY_NOON + timedelta(minutes=rng.randrange(0, 14 * 24 * 60))
        stops = []
        for _ in range(rng.randrange(0, 4)):
            a = since + timedelta(minutes=rng.randrange(-2000, 20000))
            stops.append((a, a + timedelta(minutes=rng.randrange(1, 6000))))
        weekend = rng.random() < 0.5
        seconds = rng.randrange(0, 20 * 24 * 60) * 60.0
        out = runs_out_at(since, seconds, stops, weekend)
        assert running_seconds(since, out, stops, weekend) == pytest.approx(seconds)
        if seconds:
            assert running_seconds(since, out - timedelta(minutes=1), stops, weekend) < seconds
        # a coarse count, minute by minute, of the minutes that run
        until = since + timedelta(minutes=rng.randrange(0, 6 * 24 * 60))
        minute, counted = since, 0
        while minute < until:
            counted += paused_at(minute, stops, weekend) is None
            minute += timedelta(minutes=1)
        assert running_seconds(since, until, stops, weekend) == pytest.approx(counted * 60.0)


def test_the_weekend_pause_is_a_correspondence_clocks_choice():
    clock = Clock.chosen(ClockChoice(**MAIL, weekend=True))
    assert clock.weekend and Clock.stored(clock.to_json()) == clock
    assert str(clock.words()) == "24 h per move, bank up to 72 h, no clock on weekends (UTC)"
    assert not Clock.stored({"kind": "correspondence", "start": 1, "add": 1}).weekend  # games stored before
    with pytest.raises(ValueError, match="correspondence clocks only"):
        ClockChoice(kind="live", weekend=True)


# ---------------------------------------------------------------------- the bank


def test_a_vacation_costs_its_days_rounded_up_charged_to_the_year_it_starts():
    v = vacation.Vacation(1, datetime(2026, 12, 30, 18, tzinfo=UTC), datetime(2027, 1, 2, tzinfo=UTC))
    assert v.days == 3
    assert vacation.used_in([v], 2026) == 3 and vacation.used_in([v], 2027) == 0
    assert vacation.days_between(at(0), at(24)) == 1 and vacation.days_between(at(0), at(24.01)) == 2
    starts, ends = vacation.span(date(2026, 11, 27), date(2026, 11, 29), FRIDAY_NOON)
    assert starts == FRIDAY_NOON and ends == datetime(2026, 11, 30, tzinfo=UTC)  # today's begins now
    bank = vacation.bank([v], 21, datetime(2026, 12, 31, tzinfo=UTC))
    assert (bank["used"], bank["left"], bank["now"]) == (3, 18, True)
    assert vacation.bank([v], 21, datetime(2027, 1, 1, 12, tzinfo=UTC))["left"] == 21  # a new year, a full bank


def _account(store: Store, name: str) -> int:
    """A new account (its name made unique: the PostgreSQL database is the test session's)."""
    name = f"{name} {secrets.token_hex(4)}"
    return store.add_user(name, name.casefold(), "not a real hash", None).id


def test_taking_ending_and_covering_in_storage(database):
    store = Store(database)
    try:
        ann, bo = _account(store, "Ann"), _account(store, "Bo")
        first = vacation.take(store, ann, at(0), at(48), 3)
        assert first.days == 2
        with pytest.raises(vacation.Refused) as overlap:
            vacation.take(store, ann, at(47), at(50), 3)
        assert overlap.value.code == "vacation-overlap"
        with pytest.raises(vacation.Refused) as bank:
            vacation.take(store, ann, at(100), at(148), 3)
        assert bank.value.code == "vacation-bank" and "you have 1 left in 2026" in str(bank.value.message)
        vacation.take(store, bo, at(0), at(48), 3)  # another account's vacation is its own
        # ended early: the days not begun come back
        assert vacation.end(store, ann, first.id, at(10))
        assert [v.days for v in vacation.of_account(store, ann, at(0))] == [1]
        assert not vacation.end(store, bo, first.id, at(11))  # not Bo's
        # one planned ahead is cancelled, not shortened
        ahead = vacation.take(store, ann, at(200), at(210), 3)
        assert vacation.end(store, ann, ahead.id, at(20)) and len(vacation.of_account(store, ann, at(0))) == 1
        # a clock ran out: a day starts by itself, ending where a planned vacation begins
        vacation.take(store, ann, at(30), at(40), 3)
        covered = vacation.cover(store, ann, at(20), 3)
        assert covered.auto and (covered.starts, covered.ends) == (at(20), at(30))
        assert vacation.cover(store, ann, at(35), 3) is None  # on vacation already: nothing ran out
        assert vacation.cover(store, ann, at(50), 3) is None  # the bank is empty (1 + 1 + 1 days)
        assert vacation.stops_of(store, [ann, bo], at(25)) == {ann: ((at(20), at(30)), (at(30), at(40))),
                                                             bo: ((at(0), at(48)),)}
    finally:
        store.close()


# ---------------------------------------------------------------------- the timekeeper on a set clock


@dataclass
class SetClock:
    moment: datetime

    def __call__(self) -> datetime:
        return self.moment


@dataclass
class FakeTable:
    """What a timekeeper reads of its table: the stored game, whose turn, the labels."""

    clock: dict
    stored: SimpleNamespace = field(init=False)
    status: str = "running"
    labels: tuple = ("p1", "p2")

    def __post_init__(self) -> None:
        self.stored = SimpleNamespace(clock=self.clock, turn_since=FRIDAY_NOON,
                                      seats=[StoredSeat(0, "human", "Ann", user_id=1, clock_left=DAY),
                                             StoredSeat(1, "human", "Bo", user_id=2, clock_left=DAY)])
        self.state = SimpleNamespace(to_act=0)


@pytest.fixture
def set_clock(monkeypatch):
    clock = SetClock(FRIDAY_NOON)
    monkeypatch.setattr(timekeeper_module, "now", clock)
    return clock


def test_the_clock_of_a_holder_on_vacation_stands_still(set_clock):
    keeper = Timekeeper(FakeTable(Clock.chosen(ClockChoice(**MAIL)).to_json()), None, lambda: False)
    keeper.stops = {0: ((at(2), at(26)),)}
    set_clock.moment = at(1)
    assert keeper.left(0) == DAY - HOUR and keeper.paused() == {}
    set_clock.moment = at(20)
    assert keeper.left(0) == DAY - 2 * HOUR and keeper.paused() == {"p1": "vacation"}
    assert keeper.view()["paused"] == {"p1": "vacation"} and keeper.view()["left"]["p1"] == 22 * HOUR
    assert keeper.until_out(0) == pytest.approx(6 * HOUR + 22 * HOUR)  # back at hour 26, then 22 h to go
    set_clock.moment = at(30)
    assert keeper.left(0) == DAY - 6 * HOUR
    assert keeper.after_move(0) == DAY - 6 * HOUR + DAY  # the move's time: only the hours that ran


def test_a_live_clock_runs_on_through_vacations(set_clock):
    table = FakeTable(Clock.chosen(ClockChoice(kind="live", minutes=20, increment=0)).to_json())
    table.stored.seats[0].clock_left = 1200.0
    keeper = Timekeeper(table, None, lambda: False)  # no store: a live clock never asks for vacations
    asyncio.run(keeper.refresh())
    assert not keeper.by_mail and keeper.stops == {}
    set_clock.moment = at(0.1)
    assert keeper.left(0) == pytest.approx(1200 - 360) and keeper.paused() == {}


def test_with_the_weekend_pause_the_clock_stops_from_saturday_to_monday(set_clock):
    keeper = Timekeeper(FakeTable(Clock.chosen(ClockChoice(**MAIL, weekend=True)).to_json()), None, lambda: False)
    set_clock.moment = at(30)  # Saturday 18:00
    assert keeper.left(0) == DAY - 12 * HOUR and keeper.paused() == {"p1": "weekend", "p2": "weekend"}
    assert keeper.until_out(0) == pytest.approx(30 * HOUR + 12 * HOUR)  # Monday noon
    set_clock.moment = at(66)  # Monday 06:00
    assert keeper.left(0) == DAY - 18 * HOUR and keeper.paused() == {}
    # a clock that reaches zero as the weekend begins is out when it ends, not before
    keeper.table.stored.seats[0].clock_left = 12 * HOUR
    set_clock.moment = at(11)
    assert keeper.until_out(0) == pytest.approx(49 * HOUR)


def test_a_clock_at_zero_through_a_vacation_day_is_out_when_the_day_ends(set_clock):
    keeper = Timekeeper(FakeTable(Clock.chosen(ClockChoice(**MAIL)).to_json()), None, lambda: False)
    keeper.table.stored.seats[0].clock_left = 2.0
    keeper.stops = {0: ((FRIDAY_NOON + timedelta(seconds=2.5), at(24)),)}  # a vacation day began a little late
    set_clock.moment = at(1)
    assert keeper.left(0) == 0 and keeper.stands_still(0) and keeper.until_out(0) == pytest.approx(23 * HOUR)


# ---------------------------------------------------------------------- on a server


def _member(api: Api, name: str) -> str:
    """Sign ``api`` up as ``name``; its CSRF token."""
    answer = api.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return answer.json()["csrf"]


def _seated(server: ServerProcess, api: Api, bo: Api, csrf: str, **extra):
    """A correspondence game of Ann (``api``, signed in) and Bo, both seated: (created, Ann's socket, Bo's)."""
    created = api.post("/api/games", json={"game": "nationen", "seats": ["human", "human"], "clock": MAIL, **extra},
                       headers={"x-csrf-token": csrf}).json()
    tokens = {i["seat"]: i["url"].split("token=")[1] for i in created["invites"]}
    ann = GameSocket(server, created["id"], headers={"cookie": f"session={api.http.cookies['session']}"})
    ann.hello(tokens["p1"])
    other = GameSocket(server, created["id"], headers={"cookie": f"session={bo.http.cookies['session']}"})
    other.hello(tokens["p2"])
    ann.wait_view(lambda m: m["status"] == "running")
    return created, tokens, ann, other


@pytest.fixture
def two(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), args=("--vacation-days", "2"),
                           limits={**ROOMY, "logins": "1000/minute"}).start()
    with Api(server) as ann, Api(server) as bo:
        yield server, ann, bo
    server.stop()


def test_a_vacation_taken_now_stops_the_clock_at_the_table_and_ending_it_starts_it(two):
    server, api, bo = two
    csrf, _ = _member(api, "Ann"), _member(bo, "Bo")
    _, _, ann, other = _seated(server, api, bo, csrf)
    try:
        assert other.views[-1]["clock"]["paused"] == {}
        assert api.get("/api/account/vacation").json()["left"] == 2
        taken = api.post("/api/account/vacation", json={"days": 2}, headers={"x-csrf-token": csrf})
        assert taken.status_code == 200 and taken.json()["now"] and taken.json()["left"] == 0
        paused = other.wait_view(lambda m: m["clock"]["paused"] == {"p1": "vacation"})["clock"]["left"]["p1"]
        time.sleep(1.2)  # Ann's clock stands still meanwhile
        again = api.post("/api/account/vacation", json={"days": 1}, headers={"x-csrf-token": csrf})
        assert again.status_code == 409 and again.json()["code"] == "vacation-overlap"
        number = taken.json()["vacations"][0]["id"]
        ended = api.post("/api/account/vacation/end", json={"id": number}, headers={"x-csrf-token": csrf})
        # the day begun is spent, the one not begun comes back
        assert ended.status_code == 200 and not ended.json()["now"] and ended.json()["left"] == 1
        running = other.wait_view(lambda m: m["clock"]["paused"] == {})["clock"]["left"]["p1"]
        assert running == pytest.approx(paused, abs=0.3)  # the vacation's time was not taken from Ann
    finally:
        ann.close()
        other.close()


@pytest.mark.parametrize("bank", [2, 0])
def test_a_clock_that_runs_out_uses_a_banked_vacation_day_instead_of_a_time_out(tmp_path, bank):
    server = ServerProcess(str(tmp_path / "games.db"), args=("--vacation-days", str(bank))).start()
    try:
        with Api(server) as api, Api(server) as bo:
            csrf, _ = _member(api, "Ann"), _member(bo, "Bo")
            created, tokens, ann, other = _seated(server, api, bo, csrf)
            ann.close()
            other.close()
            server.stop()
            store = Store(server.db)  # Ann's turn began long ago: two seconds are left
            with store.engine.begin() as conn:
                conn.execute(update(seats).where(seats.c.game_id == created["id"], seats.c.seat == 0)
                             .values(clock_left=1.0))
                conn.execute(update(games).where(games.c.id == created["id"]).values(turn_since=now()))
            store.close()
            server.start()
            watcher = GameSocket(server, created["id"])
            watcher.hello()
            if bank:
                view = watcher.wait_view(lambda m: m["clock"]["paused"] == {"p1": "vacation"})
                assert view["clock"]["left"]["p1"] == 0 and view["players"][0]["away"] is None
                mine = api.get("/api/account/vacation").json()
                assert mine["used"] == 1 and mine["vacations"][0]["auto"] and mine["now"]
                time.sleep(allowance(2))  # the clock stands still at zero: no time-out follows the vacation day
                assert api.get(f"/api/games/{created['id']}").json()["players"][0]["away"] is None
                assert "the stand-in bot plays it" not in server.output()
            else:
                view = watcher.wait_view(lambda m: m["players"][0]["away"] == "timeout")
                assert view["clock"]["paused"] == {}
            watcher.close()
    finally:
        server.stop()


@pytest.mark.parametrize(("body", "code"), [
    ({"days": 0}, "bad-request"), ({"days": 3}, "vacation-bank"), ({"from": "2026-02-30", "to": "2026-03-01"},
                                                                   "bad-request"),
    ({"from": "2020-01-01", "to": "2020-01-02"}, "bad-request"), ({"days": 1, "from": "2030-01-01"}, "bad-request"),
    ({"from": "29991231", "to": "2999-12-31"}, "bad-request"), ({}, "bad-request"), ({"days": True}, "bad-request"),
])
def test_a_vacation_the_calendar_or_the_bank_refuses_is_refused_in_words(two, body, code):
    _, api, _ = two
    csrf = _member(api, f"Cal {abs(hash(str(body))) % 10**6}")
    answer = api.post("/api/account/vacation", json=body, headers={"x-csrf-token": csrf})
    assert answer.status_code in (400, 409) and answer.json()["code"] == code and answer.json()["error"]
    assert api.get("/api/account/vacation").json()["vacations"] == []


def test_vacation_routes_are_for_the_signed_in_account_only(two):
    server, api, _ = two
    assert api.get("/api/account/vacation").json()["code"] == "signed-out"
    assert api.post("/api/account/vacation", json={"days": 1}).json()["code"] == "signed-out"
    csrf = _member(api, "Cy")
    assert api.post("/api/account/vacation", json={"days": 1}).json()["code"] == "csrf"
    other = Api(server)
    other_csrf = _member(other, "Di")
    number = api.post("/api/account/vacation", json={"days": 1}, headers={"x-csrf-token": csrf}).json()[
        "vacations"][0]["id"]
    refused = other.post("/api/account/vacation/end", json={"id": number}, headers={"x-csrf-token": other_csrf})
    assert refused.status_code == 404 and refused.json()["code"] == "no-vacation"
    assert api.get("/api/account/vacation").json()["now"]
    other.http.close()
