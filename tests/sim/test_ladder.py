"""The ladder: its schedule, reproducible games and ratings, team games, Ctrl-C, the command."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from typer.testing import CliRunner

from realpolitik.cli.ladder import stopped_note
from realpolitik.cli.main import app
from realpolitik.games import get
from realpolitik.sim.ladder import default_entrants, planned, rate, run_ladder, schedule

FOUR = ["a", "b", "c", "d"]


@pytest.mark.parametrize("sides", [2, 3, 4])
def test_every_entrant_meets_every_other_and_holds_every_seat_equally_often(sides):
    games = schedule(FOUR, tuple(range(sides)), rounds=2)
    assert len(games) == 2 * len(list(combinations(FOUR, sides))) * sides
    assert all(len(set(g)) == sides for g in games)
    met = Counter(frozenset(pair) for g in games for pair in combinations(g, 2))
    assert set(met) == {frozenset(p) for p in combinations(FOUR, 2)}
    assert len(set(met.values())) == 1
    for seat in range(sides):
        held = Counter(g[seat] for g in games)
        assert set(held) == set(FOUR) and len(set(held.values())) == 1


def test_in_a_team_game_one_entrant_holds_a_whole_team_on_both_sides():
    games = schedule(FOUR, (0, 1, 0, 1), rounds=1)
    assert len(games) == 12
    assert all(g[0] == g[2] != g[1] == g[3] for g in games)
    assert Counter(g[0] for g in games) == Counter(g[1] for g in games) == {b: 3 for b in FOUR}


def test_default_entrants_are_every_kind_and_ismcts_at_two_budgets():
    assert default_entrants(get("nationen")) == ["random", "ismcts:budget=300", "ismcts:budget=3000", "heuristic"]
    assert default_entrants(get("e1815")) == ["random", "ismcts:budget=2000", "ismcts:budget=20000", "heuristic"]


def test_games_come_in_whole_rounds():
    assert planned(get("e1815"), 4, 2, 1) == 12
    assert planned(get("e1815"), 4, 2, 13) == 24
    assert planned(get("e1815"), 4, 4, 10) == 12
    assert planned(get("e1815-2vs2"), 3, 4, 7) == 12


BOTS = ["random", "heuristic", "ismcts:budget=40"]


def _without_timing(ladder) -> dict:
    data = ladder.to_dict()
    for entrant in data["ratings"]:
        entrant.pop("seconds_per_decision")
    return data


def test_the_same_seed_gives_the_same_ladder_in_one_process_or_two():
    first = run_ladder("e1815", BOTS, 2, 6, seed=3)
    assert [r.index for r in first.results] == list(range(6)) and first.complete
    assert first.results[0].seed == first.results[1].seed != first.results[2].seed
    assert first.results[0].seats == tuple(reversed(first.results[1].seats))
    again = run_ladder("e1815", BOTS, 2, 6, seed=3)
    pooled = run_ladder("e1815", BOTS, 2, 6, seed=3, workers=2)
    assert _without_timing(again) == _without_timing(first) == _without_timing(pooled)
    assert _without_timing(run_ladder("e1815", BOTS, 2, 6, seed=4)) != _without_timing(first)


def test_ratings_do_not_depend_on_the_order_games_finished_in():
    ladder = run_ladder("e1815", ["random", "heuristic"], 2, 6, seed=2)
    ratings, meetings = rate(ladder.entrants, (0, 1), list(reversed(ladder.results)))
    assert [(e.bot, e.mu, e.sigma) for e in ratings] == [(e.bot, e.mu, e.sigma) for e in ladder.ratings]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_heuristic_ends_clearly_above_random(seed):
    # 1815 with two players: the heuristic beat random in every game of 30 ladders of 30 games
    # (seeds 0-29), its interval at least 9 points clear of random's
    ladder = run_ladder("e1815", ["random", "heuristic"], 2, 30, seed=seed)
    best, worst = ladder.ratings
    assert (best.bot, worst.bot) == ("heuristic", "random")
    assert best.ordinal > worst.mu + 2 * worst.sigma
    heuristic = ladder.to_dict()["head_to_head"]["heuristic"]["random"]
    assert heuristic["games"] == 30 and heuristic["ci95"][0] > 0.5


def test_a_team_ladder_rates_teams():
    ladder = run_ladder("e1815-2vs2", ["random", "heuristic"], 4, 4, seed=5)
    assert ladder.teams == (0, 1, 0, 1)
    assert all(r.seats[0] == r.seats[2] != r.seats[1] == r.seats[3] for r in ladder.results)
    assert [e.bot for e in ladder.ratings] == ["heuristic", "random"]
    assert {e.bot: e.games for e in ladder.ratings} == {"heuristic": 4, "random": 4}
    assert ladder.meetings["heuristic", "random"].games == 4
    assert sum(e.wins for e in ladder.ratings) == 4


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_and_rates_what_finished(workers):
    seen = []

    def stop_after_three(result):
        seen.append(result)
        if len(seen) == 3:
            raise KeyboardInterrupt

    ladder = run_ladder("e1815", ["random", "heuristic"], 2, 20, seed=1, workers=workers, on_result=stop_after_three)
    assert len(ladder.results) == 3 and ladder.scheduled == 20 and not ladder.complete
    assert sum(e.games for e in ladder.ratings) == 6
    assert ladder.to_dict()["complete"] is False
    assert stopped_note(ladder) == "stopped after 3 of 20 games: the tables count only those"


def test_bad_ladders_fail_before_any_game():
    with pytest.raises(KeyError, match="no bot 'wizard'"):
        run_ladder("e1815", ["random", "wizard"], 2, 2)
    with pytest.raises(ValueError, match="twice"):
        run_ladder("e1815", ["random", "random"], 2, 2)
    with pytest.raises(ValueError, match="at least 3 bots"):
        run_ladder("e1815", ["random", "heuristic"], 3, 2)
    with pytest.raises(Exception, match="players"):
        run_ladder("wsdv", ["random", "heuristic", "ismcts"], 3, 2)


runner = CliRunner()


def test_ladder_command_prints_json():
    out = runner.invoke(app, ["ladder", "e1815", "--players", "2", "--bots", "random,heuristic,ismcts:budget=40",
                              "--games", "5", "--seed", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["games"] == data["scheduled"] == 6 and data["complete"] and data["players"] == 2
    assert data["entrants"] == ["random", "heuristic", "ismcts:budget=40"] and data["teams"] is None
    ratings = data["ratings"]
    assert sorted(r["bot"] for r in ratings) == sorted(data["entrants"])
    assert [r["ordinal"] for r in ratings] == sorted((r["ordinal"] for r in ratings), reverse=True)
    for r in ratings:
        assert r["interval"][0] == r["ordinal"] < r["mu"] < r["interval"][1] and r["games"] == 4
    pair = data["head_to_head"]["heuristic"]["random"]
    assert pair["games"] == 2 and pair["ci95"][0] <= pair["share"] <= pair["ci95"][1]
    assert set(data["head_to_head"]["random"]) == {"heuristic", "ismcts:budget=40"}


def test_ladder_command_prints_tables_in_both_languages():
    args = ["ladder", "e1815-2vs2", "--bots", "random,heuristic", "--games", "2"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "e1815-2vs2 ladder, 4 players, 2 games" in out.stdout and "head to head" in out.stdout
    assert "each bot holding a whole team" in out.stdout
    german = runner.invoke(app, [*args, "--lang", "de"])
    assert "Rangliste e1815-2vs2, 4 Spieler, 2 Partien" in german.stdout and "Direkter Vergleich" in german.stdout


def test_ladder_command_after_ctrl_c_prints_what_finished(monkeypatch):
    import realpolitik.cli.ladder as ladder_cli

    def two_then_ctrl_c(*args, on_result, **kwargs):
        seen = []

        def count(result):
            on_result(result)
            seen.append(result)
            if len(seen) == 2:
                raise KeyboardInterrupt

        return run_ladder(*args, on_result=count, **kwargs)

    monkeypatch.setattr(ladder_cli, "run_ladder", two_then_ctrl_c)
    out = runner.invoke(app, ["ladder", "e1815", "--players", "2", "--bots", "random,heuristic", "--games", "10",
                              "--json"])
    assert out.exit_code == 130
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["scheduled"] == 10 and data["complete"] is False
    assert "stopped after 2 of 10 games" in out.stderr


@pytest.mark.parametrize("args, said", [
    (["e1815", "--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["e1815", "--bots", "random,random,heuristic", "--players", "2"], "--bots lists random twice"),
    (["e1815", "--bots", "random,heuristic", "--players", "3"], "needs at least 3 bots, not 2"),
    (["e1815", "--bots", "random,ismcts:budget=0"], "budget"),
    (["wsdv", "--players", "3"], "takes 2–2 players, not 3"),
    (["nuclear-war", "--players", "6"], "needs at least 6 bots, not 4"),
    (["e1815", "--games", "0"], "--games must be a whole number from 1"),
    (["e1815", "--workers", "0"], "--workers must be a whole number from 1"),
    (["chess"], "unknown game 'chess'"),
    (["e1815", "--bots", "random,heuristic", "-o", "max_years=-5"], "option 'max_years'"),
    (["e1815", "--bots", "random,wizard", "--lang", "de"], "unbekannter Bot 'wizard'"),
    (["e1815", "--bots", "random,heuristic", "--cluster", "nowhere"], "--cluster must be auto, local or ray://"),
])
def test_ladder_command_refusals(args, said):
    out = runner.invoke(app, ["ladder", *args])
    assert out.exit_code == 2 and said in out.stderr, out.output


@pytest.mark.slow
def test_a_private_ray_cluster_plays_the_same_ladder():
    pytest.importorskip("ray")
    alone = run_ladder("e1815", BOTS, 2, 6, seed=3)
    cpus = []
    on_ray = run_ladder("e1815", BOTS, 2, 6, seed=3, workers=2, cluster="local", on_cluster=cpus.append)
    assert cpus == [2] and _without_timing(on_ray) == _without_timing(alone)
