"""The ladder: its schedule, reproducible games and ratings, team games, Ctrl-C, the command."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.cli.ladder import stopped_note
from realpolitik.cli.main import app
from realpolitik.games import get
from realpolitik.sim.ladder import default_entrants, ladder_key, planned, rate, run_ladder, schedule
from realpolitik.sim.store import kept
from realpolitik.testing.load import allowance

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


def ctrl_c_after(games: int):
    """A ``run_ladder`` that is stopped by Ctrl-C once ``games`` games have finished."""
    def stopped(*args, on_result, **kwargs):
        seen = []

        def count(result):
            on_result(result)
            seen.append(result)
            if len(seen) == games:
                raise KeyboardInterrupt

        return run_ladder(*args, on_result=count, **kwargs)
    return stopped


def test_ladder_command_after_ctrl_c_prints_what_finished(monkeypatch):
    import realpolitik.cli.ladder as ladder_cli

    monkeypatch.setattr(ladder_cli, "run_ladder", ctrl_c_after(2))
    out = runner.invoke(app, ["ladder", "e1815", "--players", "2", "--bots", "random,heuristic", "--games", "10",
                              "--json"])
    assert out.exit_code == 130
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["scheduled"] == 10 and data["complete"] is False
    assert "stopped after 2 of 10 games" in out.stderr


STORED = ["ladder", "e1815", "--players", "2", "--bots", "random,heuristic", "--games", "8", "--seed", "2", "--json"]


def _printed_without_timing(printed: str) -> dict:
    data = json.loads(printed)
    data.pop("seconds")
    for entrant in data["ratings"]:
        entrant.pop("seconds_per_decision")
    return data


def test_a_stored_ladder_stopped_and_run_again_is_the_whole_ladder(tmp_path, monkeypatch):
    """Ctrl-C keeps the games that finished in --store; the same command plays only the others, and
    the ratings are those of one whole run."""
    import realpolitik.cli.ladder as ladder_cli

    store = tmp_path / "ladder.jsonl"
    whole = runner.invoke(app, STORED)
    assert whole.exit_code == 0, whole.output

    with monkeypatch.context() as patch:
        patch.setattr(ladder_cli, "run_ladder", ctrl_c_after(3))
        stopped = runner.invoke(app, [*STORED, "--store", str(store)])
    assert stopped.exit_code == 130 and "the same command plays the rest" in stopped.stderr
    assert json.loads(stopped.stdout)["games"] == 3 and len(store.read_text().splitlines()) == 3
    played = []
    monkeypatch.setattr(ladder_cli, "run_ladder", lambda *a, on_result, **k: run_ladder(
        *a, on_result=lambda r: (played.append(r.index), on_result(r)), **k))
    rest = runner.invoke(app, [*STORED, "--store", str(store)])
    assert rest.exit_code == 0, rest.output
    assert len(played) == 5 and len(store.read_text().splitlines()) == 8
    assert _printed_without_timing(rest.stdout) == _printed_without_timing(whole.stdout)
    again = runner.invoke(app, [*STORED, "--store", str(store)])
    assert _printed_without_timing(again.stdout) == _printed_without_timing(whole.stdout) and len(played) == 5


def test_a_store_pools_only_games_of_the_same_ladder(tmp_path, monkeypatch):
    store = tmp_path / "ladder.jsonl"
    assert runner.invoke(app, [*STORED, "--store", str(store)]).exit_code == 0
    pair = ["random", "heuristic"]
    assert len(kept(store, ladder_key("e1815", pair, 2, 2))) == 8
    for other in (ladder_key("e1815", pair, 2, 3), ladder_key("e1815", pair[::-1], 2, 2),
                  ladder_key("e1815", pair, 2, 2, {"max_years": 3}), ladder_key("e1815", ["random", "ismcts"], 2, 2)):
        assert kept(store, other) == {}
    searching = ladder_key("e1815", ["random", "ismcts"], 2, 2)
    monkeypatch.setattr(get("e1815"), "bot_defaults", {"ismcts": {"budget": 500}})
    assert ladder_key("e1815", ["random", "ismcts"], 2, 2) != searching  # a new default budget: a new count


def test_a_store_that_is_not_one_is_refused_with_its_line(tmp_path):
    store = tmp_path / "ladder.jsonl"
    store.write_text('{"key": {}, "game": {}}\nnot json\n')
    out = runner.invoke(app, [*STORED, "--store", str(store)])
    assert out.exit_code == 2 and "line 2 is not a kept game" in out.stderr and str(store) in out.stderr
    assert store.read_text() == '{"key": {}, "game": {}}\nnot json\n'


def test_sigterm_stops_a_stored_ladder_and_keeps_its_games(tmp_path):
    store = tmp_path / "ladder.jsonl"
    args = ["ladder", "e1815", "--players", "2", "--bots", "random,heuristic", "--games", "400", "--store", str(store)]
    run = subprocess.Popen([str(Path(sys.executable).parent / "realpolitik"), *args], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + allowance(60)
    while time.monotonic() < deadline and (not store.exists() or len(store.read_text().splitlines()) < 2):
        time.sleep(0.05)
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=allowance(60))
    assert run.returncode == 130, err
    games = len(store.read_text().splitlines())
    assert 2 <= games < 400 and f"stopped after {games} of 400 games" in err and "Traceback" not in err


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
    (["e1815", "--players", "2", "--bots", "random,heuristic", "--store", "/no/such/folder/games.jsonl"],
     "--store /no/such/folder/games.jsonl: the directory /no/such/folder does not exist"),
    (["e1815", "--players", "2", "--bots", "random,heuristic", "--store", "/"], "that is a directory"),
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
