"""Tournaments played to their standings (issue 59): accounts sign up, the sign-up closes,
each round's games are created with every seat bound to its player, scripted players
(seeded random legal actions) play them through the tables, the next round starts when a
round ends, and the standings agree with the finished games as storage holds them. One
tournament of each kind: two-seat round robin, Swiss with a rest, a many-seat round robin,
a team game; a player who loses on time once too often is withdrawn, and so is one whose
account is removed or banned (its game resigned), the rounds staying as many."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import delete, select

from realpolitik.games import get, registry
from realpolitik.server.hall import Hall, Settings
from realpolitik.server.social_store import SocialStore
from realpolitik.server.store import Store, now, seats
from realpolitik.server.store import users as users_table
from realpolitik.server.tournaments.pairing import round_robin

#: the time control of the club's tournaments (every tournament has one)
CORRESPONDENCE = {"kind": "correspondence", "start": 86400.0, "add": 86400.0, "cap": 259200.0}


class Club:
    """A hall on a fresh database, with accounts to sign up and scripted players."""

    def __init__(self, path, seed: int) -> None:
        url = f"sqlite:///{path / 'games.db'}"
        self.store = Store(url)
        self.hall = Hall(Settings(db=url, bot_workers=0), get, list(registry()), self.store)
        self.runner = self.hall.tournaments
        self.rng = random.Random(seed)

    async def accounts(self, count: int) -> list[int]:
        made = []
        for _ in range(count):
            name = f"Player {self.rng.randrange(10**9)}"
            made.append((await self.store.in_thread(self.store.add_user, name, name.lower(), "-", None)).id)
        return made

    async def tournament(self, **values) -> int:
        values = {"name": "Club cup", "rounds": None, "clock": CORRESPONDENCE, "timeouts": 1, "closes": None,
                  "capacity": None, "creator_id": None, **values}
        return await self.store.in_thread(self.runner.store.create, values)

    async def settle(self) -> None:
        """Let the chores of finished games (ratings, the tournament's next round) run out."""
        while self.hall._chores:
            await asyncio.gather(*list(self.hall._chores))

    async def play_round(self, number: int, time_out: int | None = None) -> int:
        """Play every game of the current round to its end; ``time_out``: that account's seat
        runs out of time at its first turn. Returns the round played."""
        found = await self.runner.get(number)
        boards = [b for b in await self.store.in_thread(self.runner.store.boards, number) if b.round == found.round]
        for board in boards:
            if board.rest:
                continue
            table = await self.hall.roster.table(board.game_id)
            assert [s.user_id for s in table.stored.seats] == list(board.players), "seats bound to the accounts"
            while not table.state.is_over():
                seat = table.state.to_act
                if board.players[seat] == time_out and not table.stored.seats[seat].away:
                    table.timekeeper.left = lambda _seat: 0.0
                    await table.away.time_up(table.seq, seat)
                    assert table.stored.seats[seat].away == "timeout"
                if table.stored.seats[seat].away:
                    await table.moves.act(seat, table.seq, self.rng.choice(list(table.state.legal_actions())),
                                          stand_in=True)
                else:
                    await table.moves.act(seat, table.seq, self.rng.choice(list(table.state.legal_actions())))
        await self.settle()
        return found.round

    async def play_out(self, number: int) -> int:
        """Play round after round until the tournament ends. A round whose last game's hook could
        not carry the tournament on (the database busy under load) is carried on by the sweep, as
        the server's periodic chore does; a round that three sweeps leave stuck fails the test."""
        rounds = 0
        while (await self.runner.get(number)).status == "running":
            played = await self.play_round(number)
            rounds += 1
            for _ in range(3):
                after = await self.runner.get(number)
                if after.round > played or after.status != "running":
                    break
                await self.runner.sweep()
            else:
                raise AssertionError(f"round {played} of tournament {number} never ends")
        return rounds

    async def truth(self, number: int, bye: float) -> dict[int, float]:
        """Each player's points computed from the seats' stored places (not from the results'
        JSON the runner reads): shares of beaten and tied opponents, rests at ``bye``."""
        found = await self.runner.get(number)
        teams = get(found.game).teams(found.seats)
        points: Counter[int] = Counter()
        for board in await self.store.in_thread(self.runner.store.boards, number):
            if board.rest:
                points[board.players[0]] += bye
                continue
            places = self.places(board.game_id)
            for seat, user in enumerate(board.players):
                rivals = [o for o in range(found.seats) if (teams or range(found.seats))[o]
                          != (teams or range(found.seats))[seat]]
                score = sum(1.0 if places[seat] < places[o] else 0.5 if places[seat] == places[o] else 0.0
                            for o in rivals)
                points[user] += score / len(rivals)
        return points

    def places(self, game_id: str) -> list[int]:
        """The places storage keeps on a finished game's seats."""
        with self.store.engine.connect() as conn:
            return [place for _, place in conn.execute(select(seats.c.seat, seats.c.place)
                                                       .where(seats.c.game_id == game_id).order_by(seats.c.seat))]

    def close(self) -> None:
        self.hall.bots.close()
        self.store.close()


@pytest.fixture
def club(tmp_path):
    made: list[Club] = []

    def make(seed: int) -> Club:
        made.append(Club(tmp_path, seed))
        return made[-1]

    yield make
    for one in made:
        one.close()


async def _standings(club: Club, number: int) -> list:
    found = await club.runner.get(number)
    players = await club.store.in_thread(club.runner.store.players, number)
    boards = await club.store.in_thread(club.runner.store.boards, number)
    return club.runner.standings(found, players, boards)


def test_a_two_seat_round_robin_is_played_to_its_standings(club):
    async def scenario():
        c = club(1)
        users = await c.accounts(5)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2, capacity=5)
        for user in users:
            assert (await c.runner.get(number)).status == "signup"
            await c.runner.sign_up(number, user)
        assert (await c.runner.get(number)).status == "running", "full: the sign-up closed itself"
        assert await c.play_out(number) == 5
        found = await c.runner.get(number)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        met = Counter(frozenset(b.players) for b in boards if not b.rest)
        assert found.status == "finished" and len(met) == 10 and set(met.values()) == {1}
        assert Counter(b.players[0] for b in boards if b.rest) == Counter(users)
        firsts = Counter(b.players[0] for b in boards if not b.rest)
        assert all(firsts[u] == 2 for u in users), "odd field: each has the first seat in two of four games"
        table = await _standings(c, number)
        truth = await c.truth(number, 0.0)
        assert {s.player: s.points for s in table} == pytest.approx(dict(truth))
        assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)
        assert sum(s.points for s in table) == pytest.approx(10)
        rated = await c.store.in_thread(c.store.leaderboard, "nuclear-war")
        assert len(rated) == 5, "tournament games are rated"
    asyncio.run(scenario())


def test_a_swiss_tournament_seeds_by_rating_rests_one_and_repeats_nobody(club):
    async def scenario():
        c = club(2)
        users = await c.accounts(5)
        number = await c.tournament(game="nuclear-war", kind="swiss", seats=2, rounds=3,
                                    closes=now() + timedelta(hours=1))
        for user in users:
            await c.runner.sign_up(number, user)
        await c.runner.sweep()
        assert (await c.runner.get(number)).status == "signup", "not closed before its time"
        await c.runner.sweep(now() + timedelta(hours=2))
        assert await c.play_out(number) == 3
        boards = await c.store.in_thread(c.runner.store.boards, number)
        games = [frozenset(b.players) for b in boards if not b.rest]
        assert len(games) == 6 and len(set(games)) == 6, "no pairing repeated"
        rests = [b.players[0] for b in boards if b.rest]
        assert len(rests) == 3 and len(set(rests)) == 3
        table = await _standings(c, number)
        assert {s.player: s.points for s in table} == pytest.approx(dict(await c.truth(number, 1.0)))
        keys = [(-s.points, -s.tiebreak) for s in table]
        assert keys == sorted(keys), "ties broken by Buchholz"
    asyncio.run(scenario())


def test_a_swiss_round_one_follows_the_ratings(club):
    """Four players, two of them rated high: round 1 pairs 1st with 3rd and 2nd with 4th."""
    async def scenario():
        c = club(3)
        users = await c.accounts(4)
        number = await c.tournament(game="nuclear-war", kind="swiss", seats=2, rounds=1, capacity=4)
        strong = {users[2]: (40.0, 2.0), users[3]: (35.0, 2.0)}
        c.runner.store.ratings = lambda game, ids: {u: r for u, r in strong.items() if u in ids}
        for user in users:
            await c.runner.sign_up(number, user)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        players = await c.store.in_thread(c.runner.store.players, number)
        assert [p["user_id"] for p in players][:2] == [users[2], users[3]]
        assert {frozenset(b.players) for b in boards} == {frozenset((users[2], players[2]["user_id"])),
                                                           frozenset((users[3], players[3]["user_id"]))}
    asyncio.run(scenario())


def test_a_four_seat_round_robin_meets_every_pair_and_scores_by_place(club):
    async def scenario():
        c = club(4)
        users = await c.accounts(6)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=4, capacity=6)
        for user in users:
            await c.runner.sign_up(number, user)
        assert await c.play_out(number) == len(round_robin(6, 4)) == 3
        boards = await c.store.in_thread(c.runner.store.boards, number)
        met = Counter(frozenset(p) for b in boards if not b.rest for p in itertools.combinations(b.players, 2))
        assert len(met) == 15, "every pair met"
        assert Counter(b.players[0] for b in boards if b.rest) == Counter(users), "each rested once"
        table = await _standings(c, number)
        assert {s.player: s.points for s in table} == pytest.approx(dict(await c.truth(number, 0.0)))
        assert sum(s.points for s in table) == pytest.approx(2.0 * 3), "a game of four shares out two points"
    asyncio.run(scenario())


def test_a_team_game_round_robin_shares_points_between_partners(club):
    async def scenario():
        c = club(5)
        users = await c.accounts(5)
        number = await c.tournament(game="e1815-2vs2", kind="round-robin", seats=4, capacity=5)
        for user in users:
            await c.runner.sign_up(number, user)
        assert await c.play_out(number) == len(round_robin(5, 4))
        boards = await c.store.in_thread(c.runner.store.boards, number)
        table = {s.player: s.points for s in await _standings(c, number)}
        assert table == pytest.approx(dict(await c.truth(number, 0.0)))
        for board in boards:
            if not board.rest:
                places = c.places(board.game_id)
                assert places[0] == places[2] and places[1] == places[3] and places[0] != places[1]
        points = Counter()
        for board in boards:
            if not board.rest:
                places = c.places(board.game_id)
                for seat, user in enumerate(board.players):
                    points[user] += 1.0 if places[seat] < places[1 - seat % 2] else 0.0
        assert table == pytest.approx(dict(points)), "a team's win is a point for each partner"
    asyncio.run(scenario())


def test_a_player_losing_on_time_too_often_is_withdrawn_and_plays_no_more(club):
    async def scenario():
        c = club(6)
        users = await c.accounts(4)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2, capacity=4, timeouts=0,
                                    clock={"kind": "live", "start": 1200.0, "add": 15.0, "cap": None})
        for user in users:
            await c.runner.sign_up(number, user)
        late = users[0]
        await c.play_round(number, time_out=late)
        players = {p["user_id"]: p["withdrawn"] for p in await c.store.in_thread(c.runner.store.players, number)}
        assert players[late] == "timeouts"
        await c.play_out(number)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        assert sum(late in b.players for b in boards if not b.rest) == 1, "no game after the withdrawal"
        assert sum(b.rest for b in boards) == 2, "the two it would have met rest instead"
        assert (await c.runner.get(number)).status == "finished"
    asyncio.run(scenario())


def test_a_sign_up_that_closes_with_too_few_players_calls_the_tournament_off(club):
    async def scenario():
        c = club(7)
        (user,) = await c.accounts(1)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2,
                                    closes=now() + timedelta(minutes=5))
        await c.runner.sign_up(number, user)
        await c.runner.sweep(now() + timedelta(minutes=6))
        assert (await c.runner.get(number)).status == "cancelled"
        assert await c.store.in_thread(c.runner.store.boards, number) == []
    asyncio.run(scenario())


def test_a_round_whose_last_game_could_not_carry_the_tournament_on_is_carried_on_by_the_sweep(club, monkeypatch):
    # The hook of a finished game may fail (the database busy); the round must not stay stuck:
    # the periodic sweep starts the next round, and the tournament still ends.
    async def scenario():
        c = club(8)
        users = await c.accounts(4)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2, capacity=4)
        for user in users:
            await c.runner.sign_up(number, user)

        async def busy(game_id):
            return None
        monkeypatch.setattr(c.runner, "game_over", busy)
        played = await c.play_round(number)
        assert (await c.runner.get(number)).round == played, "no hook carried it on"
        await c.runner.sweep()
        assert (await c.runner.get(number)).round == played + 1
        assert await c.play_out(number) == len(round_robin(4, 2)) - 1
        assert (await c.runner.get(number)).status == "finished"
    asyncio.run(scenario())


@pytest.mark.parametrize(("action", "reason"), [("remove", "removed"), ("ban", "banned")])
def test_a_player_removed_or_banned_mid_round_is_withdrawn_and_the_rounds_stay(club, action, reason):
    # Issue 76: an account removed during a tournament took its entry with it — the standings
    # failed (KeyError) once its game had ended, and the round count, worked out anew from the
    # shrunken field, ended a round robin of three after round 1 of 3.
    async def scenario():
        c = club(9)
        users = await c.accounts(3)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2, capacity=3)
        for user in users:
            await c.runner.sign_up(number, user)
        (board,) = [b for b in await c.store.in_thread(c.runner.store.boards, number) if not b.rest]
        gone = board.players[0]
        await c.store.in_thread(SocialStore(c.store).act, gone, action)
        await c.hall.sweeper.sweep()  # as the server does every few seconds
        await c.play_round(number)
        line = {s.player: s for s in await _standings(c, number)}[gone]
        assert (line.games, line.points) == (1, 0.0), "its game counts, lost"
        assert c.store.load(board.game_id).seats[0].away == "resigned", "the stand-in played the seat"
        entries = {p["user_id"]: p["withdrawn"] for p in await c.store.in_thread(c.runner.store.players, number)}
        assert entries[gone] == reason
        assert (await c.runner.get(number)).rounds == 3, "the number of rounds was fixed at the start"
        assert await c.play_out(number) == 2
        found = await c.runner.get(number)
        assert (found.status, found.round) == ("finished", 3)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        assert sum(gone in b.players for b in boards) == 1, "no game and no rest after the withdrawal"
        assert len(await _standings(c, number)) == 3
    asyncio.run(scenario())


def test_a_player_deleted_from_the_database_leaves_the_standings_and_the_schedule_whole(club):
    # An account deleted from the database (as a removal did before issue 76) takes its entry
    # along: the tournament keeps its standings, its field and its rounds all the same.
    async def scenario():
        c = club(10)
        users = await c.accounts(3)
        number = await c.tournament(game="nuclear-war", kind="round-robin", seats=2, capacity=3)
        for user in users:
            await c.runner.sign_up(number, user)
        await c.play_round(number)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        (gone,) = [b.players[0] for b in boards if b.round == 2 and b.rest]  # played round 1, rests in round 2
        with c.store.engine.begin() as conn:
            conn.execute(delete(users_table).where(users_table.c.id == gone))
        assert gone in {s.player for s in await _standings(c, number)}
        assert await c.play_out(number) == 2
        found = await c.runner.get(number)
        assert (found.status, found.round) == ("finished", 3)
        boards = await c.store.in_thread(c.runner.store.boards, number)
        assert sum(gone in b.players for b in boards) == 2, "round 1's game and round 2's rest only"
    asyncio.run(scenario())
