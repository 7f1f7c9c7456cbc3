"""Arena statistics on fixed data: Wilson intervals, means, the per-bot table."""

from __future__ import annotations

import dataclasses

import pytest

from realpolitik.sim import GameResult, mean_interval, run_arena, summarise, wilson


@pytest.mark.parametrize("wins, trials, low, high", [
    (7, 10, 0.3968, 0.8922),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (70, 100, 0.6042, 0.7811),
    (1, 3, 0.0615, 0.7923),
])
def test_wilson_interval_matches_published_values(wins, trials, low, high):
    lo, hi = wilson(wins, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_without_trials_is_everything():
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_with_more_games_and_holds_the_rate():
    previous = 1.0
    for n in (10, 100, 1000, 10000):
        lo, hi = wilson(3 * n // 10, n)
        assert lo < 0.3 < hi
        assert hi - lo < previous
        previous = hi - lo


def test_mean_interval_on_fixed_values():
    mean, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    # sample sd = 1.2910, standard error = 0.6455, half width = 1.96 * 0.6455
    assert hi - mean == pytest.approx(1.959964 * 0.645497, abs=1e-5)
    assert mean - lo == pytest.approx(hi - mean)
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)


def result(index, seats, winners, plies=100, points=None, limit=False, rewards=None, teams=None):
    n = len(seats)
    rewards = rewards or tuple(1.0 if s in winners else 0.0 for s in range(n))
    places = tuple(1 if s in winners else 2 for s in range(n))
    return GameResult(index, 0, tuple(seats), rewards, tuple(winners), places, points, plies, limit, "",
                      decisions=(10,) * n, think=(1.0,) * n, teams=teams)


def test_summary_counts_wins_per_bot_over_all_its_seats():
    results = [
        result(0, ["ismcts", "random", "random"], [0], plies=90),
        result(1, ["random", "ismcts", "random"], [1], plies=110),
        result(2, ["random", "random", "ismcts"], [0], plies=100, limit=True),
        result(3, ["ismcts", "random", "random"], [], plies=60),
    ]
    summary = summarise("g", 3, results)
    ism, rnd = summary.bots["ismcts"], summary.bots["random"]
    assert (ism.seats, ism.wins) == (4, 2)
    assert (rnd.seats, rnd.wins) == (8, 1)
    assert ism.win_rate == 0.5 and rnd.win_rate == 0.125
    assert ism.interval == wilson(2, 4)
    assert summary.games == 4
    assert summary.average_length == 90.0
    assert summary.limited == 1 and summary.no_winner == 1
    table = summary.to_dict()
    assert table["bots"]["ismcts"]["win_rate"] == 0.5
    assert table["bots"]["random"]["seconds_per_decision"] == 0.1
    assert table["bots"]["ismcts"]["mean_reward"] == 0.5
    assert "points" not in table["bots"]["ismcts"]


def test_team_wins_count_for_each_team_seat_and_points_are_averaged():
    results = [
        result(0, ["a", "b", "a", "b"], [0, 2], points=(3.0, 1.0, 3.0, 1.0)),
        result(1, ["b", "a", "b", "a"], [0, 2], points=(2.0, 0.0, 2.0, 0.0)),
    ]
    summary = summarise("g", 4, results)
    a, b = summary.bots["a"], summary.bots["b"]
    assert (a.seats, a.wins, b.seats, b.wins) == (4, 2, 4, 2)
    assert a.points == [3.0, 3.0, 0.0, 0.0]
    assert a.to_dict()["points"]["mean"] == 1.5
    assert b.to_dict()["points"]["mean"] == 1.5


def test_whole_teams_get_team_games_and_mixed_teams_are_counted():
    layout = (0, 1, 0, 1)
    results = [
        result(0, ["a", "b", "a", "b"], [0, 2], teams=layout),
        result(1, ["b", "a", "b", "a"], [1, 3], teams=layout),
        result(2, ["a", "a", "b", "b"], [0, 2], teams=layout),
        result(3, ["b", "a", "b", "a"], [0, 2], teams=layout),
    ]
    summary = summarise("g", 4, results)
    a, b = summary.bots["a"], summary.bots["b"]
    assert (a.team_games, a.team_wins, b.team_games, b.team_wins) == (3, 2, 3, 1)
    assert (a.wins, b.wins) == (5, 3)  # seat wins still count the mixed game
    assert summary.teams == layout and summary.mixed_teams == 1
    data = summary.to_dict()
    assert data["teams"] == [0, 1, 0, 1] and data["mixed_team_games"] == 1
    assert data["bots"]["a"]["team_games"] == {
        "games": 3, "wins": 2, "win_rate": 0.6667, "ci95": [round(x, 4) for x in wilson(2, 3)]}


def test_games_without_teams_report_no_team_figures():
    data = summarise("g", 2, [result(0, ["x", "y"], [0])]).to_dict()
    assert "teams" not in data and "mixed_team_games" not in data
    assert "team_games" not in data["bots"]["x"]


def test_rewards_are_averaged_as_given():
    results = [result(0, ["x", "y"], [], rewards=(0.5, 0.5)), result(1, ["y", "x"], [0], rewards=(1.0, 0.0))]
    summary = summarise("g", 2, results)
    assert summary.bots["x"].to_dict()["mean_reward"] == 0.25
    assert summary.bots["y"].to_dict()["mean_reward"] == 0.75


def test_summary_gives_cpu_seconds_per_decision_and_the_slowest_decision():
    timed = [dataclasses.replace(result(i, ["ismcts", "random"], [0]), cpu=(4.0, 0.01), slowest=(0.5 + i, 0.001))
             for i in range(3)]
    bots = summarise("g", 2, timed).to_dict()["bots"]
    assert bots["ismcts"]["cpu_seconds_per_decision"] == 0.4  # 12 s over 30 decisions
    assert bots["ismcts"]["slowest_decision_cpu_seconds"] == 2.5
    assert "cpu_seconds_per_decision" not in summarise("g", 2, [result(0, ["a", "b"], [0])]).to_dict()["bots"]["a"]


def test_the_arena_measures_each_bots_cpu_time():
    game = run_arena("nuclear-war", ["ismcts:budget=200", "random"], 1, seed=2)[0]
    assert len(game.cpu) == len(game.slowest) == 2
    assert game.cpu[0] > game.cpu[1] >= 0 and 0 < game.slowest[0] <= game.cpu[0]
