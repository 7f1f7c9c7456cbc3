"""Round-robin schedules and Swiss pairings (issue 59, tournaments): who meets whom, seat
balance, rests, no repeated pairings in Swiss, and seeded Swiss playouts to the end."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from realpolitik.server.tournaments.pairing import History, round_robin, rounds_needed, swiss_round


def _tally(n: int, k: int, rounds):
    met, seats, rests = Counter(), {p: Counter() for p in range(n)}, Counter()
    for games in rounds:
        playing = [p for g in games for p in g]
        assert len(playing) == len(set(playing)) and all(len(g) == k for g in games)
        assert n - len(playing) < k, "no more players rest than cannot fill a game"
        for game in games:
            for seat, player in enumerate(game):
                seats[player][seat] += 1
            met.update(frozenset(pair) for pair in itertools.combinations(game, 2))
        rests.update(set(range(n)) - set(playing))
    return met, seats, rests


@pytest.mark.parametrize("n", range(2, 15))
def test_two_seat_round_robin_pairs_everybody_once_with_sides_balanced(n):
    rounds = round_robin(n, 2)
    met, seats, rests = _tally(n, 2, rounds)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert all(met[frozenset(pair)] == 1 for pair in itertools.combinations(range(n), 2))
    assert all(abs(c[0] - c[1]) <= (1 if n % 2 == 0 else 0) for c in seats.values()), seats
    assert set(rests.values()) <= {1} and (len(rests) == n if n % 2 else not rests)


@pytest.mark.parametrize(("n", "k"), [(3, 3), (6, 3), (9, 3), (7, 3), (4, 4), (8, 4), (10, 4), (12, 4), (5, 4), (6, 4)])
def test_many_seat_round_robin_spreads_meetings_seats_and_rests(n, k):
    rounds = round_robin(n, k)
    met, seats, rests = _tally(n, k, rounds)
    counts = [met[frozenset(pair)] for pair in itertools.combinations(range(n), 2)]
    assert max(counts) <= 2 if n > k else counts == [1] * len(counts)
    assert len(rounds) == rounds_needed(n, k) and sum(counts) == len(rounds) * (n // k) * k * (k - 1) // 2
    assert max(rests.values(), default=0) - min(rests[p] for p in range(n)) <= 1
    assert all(max(c.values()) - min(c[s] for s in range(k)) <= 2 for c in seats.values())


@pytest.mark.parametrize(("n", "k"), [(6, 4), (9, 3), (7, 5)])
def test_many_seat_round_robins_that_can_be_met_fully_meet_every_pair(n, k):
    met, _, _ = _tally(n, k, round_robin(n, k))
    assert all(met[frozenset(pair)] >= 1 for pair in itertools.combinations(range(n), 2))


def test_round_robin_of_nine_in_threes_is_a_perfect_schedule():
    """Nine players in games of three: four rounds, every pair meets exactly once (a Kirkman-like design)."""
    met, _, _ = _tally(9, 3, round_robin(9, 3))
    assert all(met[frozenset(pair)] == 1 for pair in itertools.combinations(range(9), 2))


def test_too_few_players_for_a_round_robin_is_refused():
    with pytest.raises(ValueError):
        round_robin(3, 4)


def test_swiss_round_one_meets_top_half_with_bottom_half():
    groups, rests = swiss_round(list(range(8)), 2, History(), first=True)
    assert sorted(tuple(sorted(g)) for g in groups) == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert rests == []
    groups, rests = swiss_round(list(range(7)), 2, History(), first=True)
    assert rests == [6], "the lowest seed rests"


@pytest.mark.parametrize(("n", "k", "rounds", "seed"), [(8, 2, 5, 1), (9, 2, 5, 2), (12, 2, 7, 3), (13, 2, 6, 4),
                                                        (12, 3, 4, 5), (15, 3, 4, 8)])
def test_seeded_swiss_playouts_never_repeat_a_pairing_and_rest_each_once(n, k, rounds, seed):
    """Random results, scores regrouped each round: no pair meets twice while that can be avoided."""
    rng = random.Random(seed)
    history, score = History(), Counter()
    for number in range(rounds):
        order = sorted(range(n), key=lambda p: (-score[p], p))
        groups, rests = swiss_round(order, k, history, first=number == 0)
        assert sorted([*rests, *(p for g in groups for p in g)]) == list(range(n))
        for group in groups:
            assert history.repeats(group) == 0, (number, group)
            history.played(group)
            score[rng.choice(group)] += 1
        for player in rests:
            assert history.rests[player] == 0, "nobody rests twice while others have not rested"
            history.rested(player)
            score[player] += 1
    if k == 2:
        assert all(abs(c[0] - c[1]) <= 1 for c in history.seats.values())


def test_swiss_groups_the_leaders_together():
    history = History()
    history.played((0, 1))
    history.played((2, 3))
    groups, _ = swiss_round([0, 2, 1, 3], 2, history)
    assert sorted(tuple(sorted(g)) for g in groups) == [(0, 2), (1, 3)]


def test_swiss_with_no_fresh_pairing_left_repeats_the_fewest():
    history = History()
    for group in ((0, 1), (0, 2), (1, 2)):
        history.played(group)
    groups, rests = swiss_round([0, 1, 2], 2, history)
    assert len(groups) == 1 and len(rests) == 1


def test_many_seat_swiss_repeats_only_what_cannot_be_avoided():
    """Twelve in games of four: after round 1 every new group of four must hold two who met
    (three groups to draw from), so round 2 repeats exactly one pair per group, no more."""
    history = History()
    first, _ = swiss_round(list(range(12)), 4, history, first=True)
    for group in first:
        history.played(group)
    second, _ = swiss_round(list(range(12)), 4, history)
    assert [history.repeats(g) for g in second] == [1, 1, 1]
