"""Tournament standings (issue 59): points by place, byes, Sonneborn–Berger and Buchholz."""

from __future__ import annotations

import pytest

from realpolitik.server.tournaments.standings import Finish, standings


def test_two_seat_game_gives_win_draw_loss():
    assert [Finish((7, 8), (1, 2)).points(s) for s in (0, 1)] == [1.0, 0.0]
    assert [Finish((7, 8), (1, 1)).points(s) for s in (0, 1)] == [0.5, 0.5]


def test_places_of_four_earn_thirds_and_ties_share():
    game = Finish((1, 2, 3, 4), (1, 2, 3, 4))
    assert [game.points(s) for s in range(4)] == pytest.approx([1, 2 / 3, 1 / 3, 0])
    tied = Finish((1, 2, 3, 4), (1, 1, 3, 4))
    assert [tied.points(s) for s in range(4)] == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0])


def test_partners_share_their_team_result_and_are_not_opponents():
    game = Finish((1, 2, 3, 4), (1, 2, 1, 2), teams=(0, 1, 0, 1))
    assert [game.points(s) for s in range(4)] == [1.0, 0.0, 1.0, 0.0]
    assert game.opponents(0) == [1, 3]


def test_round_robin_ties_broken_by_sonneborn_berger():
    """A beats B, B beats C, C beats A, all beat D: A, B, C have 2 points; D's result decides
    nothing, so Sonneborn–Berger is equal — but make C draw D: C has 1.5, and A (who beat
    B, 2 points) is ahead of B (who beat C, 1.5 points)."""
    finishes = [Finish((0, 1), (1, 2)), Finish((1, 2), (1, 2)), Finish((2, 0), (1, 2)),
                Finish((0, 3), (1, 2)), Finish((1, 3), (1, 2)), Finish((2, 3), (1, 1))]
    table = standings([0, 1, 2, 3], finishes, [], "sonneborn-berger", 0.0)
    assert [(s.player, s.points) for s in table] == [(0, 2.0), (1, 2.0), (2, 1.5), (3, 0.5)]
    assert table[0].tiebreak == pytest.approx(2.0 + 0.5) and table[1].tiebreak == pytest.approx(1.5 + 0.5)


def test_swiss_ties_broken_by_buchholz_and_byes_score():
    """Round 1: 0 beats 1, 2 beats 3, 4 rests. Round 2: 0 beats 2, 4 beats 1, 3 rests.
    0 has 2, 4 has 2 (a bye and a win), 2 and 3 have 1: 0's opponents (1: 0 points, 2: 1)
    outweigh 4's (1: 0), so 0 leads on Buchholz."""
    finishes = [Finish((0, 1), (1, 2)), Finish((2, 3), (1, 2)), Finish((0, 2), (1, 2)), Finish((4, 1), (1, 2))]
    table = standings([0, 1, 2, 3, 4], finishes, [4, 3], "buchholz", 1.0)
    assert [(s.player, s.points) for s in table][:2] == [(0, 2.0), (4, 2.0)]
    assert table[0].tiebreak == 1.0 and table[1].tiebreak == 0.0
    assert {s.player: s.rests for s in table} == {0: 0, 1: 0, 2: 0, 3: 1, 4: 1}


def test_equal_in_everything_keeps_seeding_order():
    table = standings([5, 3], [Finish((3, 5), (1, 1))], [], "buchholz", 1.0)
    assert [s.player for s in table] == [5, 3]
