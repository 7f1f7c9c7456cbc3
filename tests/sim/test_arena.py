"""The arena: seat rotation, shared deals, reproducible games, processes, the command."""

from __future__ import annotations

import json
import os
import signal
from collections import Counter
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from realpolitik.bots import bot_kinds
from realpolitik.cli.main import app
from realpolitik.engine import SeatContext
from realpolitik.games import get, registry
from realpolitik.sim import arena_options, play, play_game, run_arena, seating, summarise
from realpolitik.sim.arena import Interrupted, _leave_ctrl_c, bot_seed, collect, game_seed


def test_seating_rotates_every_spec_through_every_seat():
    specs = ["ismcts", "random", "random", "heuristic"]
    assert seating(specs, 0) == ("ismcts", "random", "random", "heuristic")
    assert seating(specs, 1) == ("heuristic", "ismcts", "random", "random")
    assert seating(specs, 2) == ("random", "heuristic", "ismcts", "random")
    per_seat = [Counter(seating(specs, i)[s] for i in range(8)) for s in range(4)]
    assert all(c == {"ismcts": 2, "random": 4, "heuristic": 2} for c in per_seat)


def test_each_block_of_rotations_shares_one_deal_and_bots_get_distinct_seeds():
    seeds = [game_seed(5, i, 3) for i in range(9)]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5] != seeds[6]
    assert game_seed(6, 0, 3) != seeds[0]
    assert len({bot_seed(5, i, s) for i in range(9) for s in range(3)}) == 27


def test_arena_games_are_ordered_rotated_and_reproducible():
    specs = ["random", "ismcts:budget=300"]
    first = run_arena("nuclear-war", specs, 4, seed=3)
    assert [r.index for r in first] == [0, 1, 2, 3]
    assert [r.seats for r in first] == [tuple(specs), tuple(reversed(specs))] * 2
    assert first[0].seed == first[1].seed != first[2].seed
    again = run_arena("nuclear-war", specs, 4, seed=3)
    assert [(r.winners, r.plies, r.rewards) for r in again] == [(r.winners, r.plies, r.rewards) for r in first]
    assert all(r.decisions[s] > 0 for r in first for s in range(2))


def test_worker_processes_give_the_same_games():
    specs = ["random", "random", "random"]
    alone = run_arena("nuclear-war", specs, 6, seed=9)
    seen = []
    pooled = run_arena("nuclear-war", specs, 6, seed=9, workers=2, on_result=seen.append)
    assert len(seen) == 6
    strip = [(r.index, r.seed, r.seats, r.winners, r.places, r.plies) for r in alone]
    assert [(r.index, r.seed, r.seats, r.winners, r.places, r.plies) for r in pooled] == strip


def test_the_games_left_over_are_played_as_in_the_whole_run():
    specs = ["random", "heuristic", "random"]
    whole = run_arena("nuclear-war", specs, 6, seed=4)
    rest = run_arena("nuclear-war", specs, 6, seed=4, only=[5, 1, 3, 9])  # 9 is past the run: not a game of it
    assert [r.index for r in rest] == [1, 3, 5]
    strip = [(r.index, r.seed, r.seats, r.winners, r.places, r.plies) for r in rest]
    assert strip == [(r.index, r.seed, r.seats, r.winners, r.places, r.plies) for r in whole if r.index in (1, 3, 5)]


def test_a_worker_leaves_ctrl_c_to_the_main_process_and_ends_at_sigterm():
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # as the tools that stop at SIGTERM set it
    try:
        _leave_ctrl_c()  # what each forked worker runs first
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])


def test_one_game_replays_from_its_recorded_actions():
    game = get("nuclear-war")
    options = arena_options(game)
    result = play_game("nuclear-war", ["ismcts:budget=200", "random"], 77, options, keep_actions=True)
    state = game.new_state(2, options, 77)
    for action in result.actions:
        state.apply(action)
    assert state.is_over() and state.ply == result.plies
    assert tuple(state.outcome().winners) == result.winners


def test_bots_receive_only_seat_contexts():
    game = get("nuclear-war")

    class Recorder:
        name = "recorder"

        def __init__(self):
            self.kinds = set()

        def choose(self, ctx):
            self.kinds.add(type(ctx))
            return ctx.legal_actions[0]

    bots = [Recorder(), Recorder()]
    play(game.new_state(2, None, 4), bots, ["a", "b"])
    assert set().union(*(b.kinds for b in bots)) == {SeatContext}


def test_an_illegal_bot_action_names_the_bot():
    game = get("nuclear-war")

    class Cheater:
        name = "cheater"

        def choose(self, ctx):
            return "win the game"

    from realpolitik.engine import IllegalAction

    with pytest.raises(IllegalAction, match="bot cheater in seat p1"):
        play(game.new_state(2, None, 4), [Cheater(), Cheater()], ["cheater", "cheater"])


def test_short_ismcts_against_random_smoke_game():
    results = run_arena("nuclear-war", ["ismcts:budget=1500", "random", "random", "random"], 4, seed=1)
    summary = summarise("nuclear-war", 4, results)
    assert summary.games == 4
    assert summary.bots["ismcts:budget=1500"].seats == 4
    assert summary.bots["random"].seats == 12
    assert summary.bots["ismcts:budget=1500"].decisions > 40


def test_bad_specs_and_options_fail_before_any_game():
    with pytest.raises(KeyError, match="no bot 'cheater'"):
        run_arena("nuclear-war", ["cheater", "random"], 2)
    with pytest.raises(ValueError, match="budget"):
        run_arena("nuclear-war", ["ismcts:budget=0", "random"], 2)
    with pytest.raises(ValueError, match="name=value"):
        run_arena("nuclear-war", ["ismcts:budget", "random"], 2)


runner = CliRunner()


def test_arena_command_prints_json_for_machines():
    out = runner.invoke(app, ["arena", "nuclear-war", "--seats", "random,random,random", "--games", "6",
                              "--seed", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["games"] == 6 and data["players"] == 3
    rnd = data["bots"]["random"]
    assert rnd["seats"] == 18
    assert rnd["ci95"][0] <= rnd["win_rate"] <= rnd["ci95"][1]
    assert data["no_winner_games"] + rnd["wins"] == 6


def test_arena_command_prints_a_table():
    out = runner.invoke(app, ["arena", "nuclear-war", "--seats", "ismcts:budget=200,random", "--games", "2"])
    assert out.exit_code == 0, out.output
    assert "ismcts:budget=200" in out.stdout and "win %" in out.stdout
    assert "average length" in out.stdout


def test_team_arena_reports_team_games_and_warns_when_a_team_holds_two_bots():
    whole = runner.invoke(app, ["arena", "e1815-2vs2", "--seats", "heuristic,random,heuristic,random",
                                "--games", "2", "--seed", "3", "--json"])
    assert whole.exit_code == 0, whole.output
    data = json.loads(whole.stdout)
    assert data["teams"] == [0, 1, 0, 1] and data["mixed_team_games"] == 0
    teams = data["bots"]["heuristic"]["team_games"], data["bots"]["random"]["team_games"]
    assert [t["games"] for t in teams] == [2, 2] and sum(t["wins"] for t in teams) == 2
    assert "warning" not in whole.stderr
    mixed = runner.invoke(app, ["arena", "e1815-2vs2", "--seats", "heuristic,heuristic,random,random",
                                "--games", "2", "--seed", "3", "--json"])
    data = json.loads(mixed.stdout)
    assert data["mixed_team_games"] == 2 and "team_games" not in data["bots"]["heuristic"]
    assert "p1+p3 against p2+p4" in mixed.stderr
    assert "--seats heuristic,random,heuristic,random" in mixed.stderr


def test_arena_command_refuses_unknown_bots_and_options():
    out = runner.invoke(app, ["arena", "nuclear-war", "--seats", "ismcts,wizard", "--games", "2"])
    assert out.exit_code == 2 and "wizard" in out.stderr
    out = runner.invoke(app, ["arena", "nuclear-war", "--seats", "random,random", "-o", "speed=9"])
    assert out.exit_code == 2 and "unknown option" in out.stderr


@pytest.mark.parametrize("game_id", registry().ids())
def test_every_registered_game_passes_the_arena_with_every_bot_it_offers(game_id):
    """A game that lands later joins this test by registering: each of its bots holds every seat."""
    game = get(game_id)
    kinds = ["ismcts:budget=150" if b == "ismcts" else b for b in bot_kinds(game)]
    assert {"random", "ismcts"} <= set(bot_kinds(game))
    players = max(game.min_players, min(game.max_players, len(kinds)))
    specs = [kinds[s % len(kinds)] for s in range(players)]
    results = run_arena(game_id, specs, players, seed=4)
    summary = summarise(game_id, players, results)
    assert summary.games == players
    assert {k: b.seats for k, b in summary.bots.items()} == Counter(specs * players)
    assert all(b.decisions > 0 for b in summary.bots.values())
    for r in results:
        assert len(r.places) == players and min(r.places) == 1 and r.plies > 0 and r.reason
        assert all(r.places[w] == 1 for w in r.winners)
        assert sum(r.decisions) <= r.plies


def _numbered(index: int) -> SimpleNamespace:
    return SimpleNamespace(index=index)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_a_stop_while_a_finished_game_is_kept_waits_until_it_is_kept(signum):
    """SIGTERM (which the storing tools turn into Ctrl-C) or Ctrl-C arriving while ``on_result``
    keeps a finished game stops the run after it: the games counted are the games kept (a
    stopped ladder once counted a game its store did not hold)."""
    kept: list[int] = []

    def keep(result) -> None:
        if result.index == 1:
            os.kill(os.getpid(), signum)  # the stop arrives before the game is written
        kept.append(result.index)

    before = signal.signal(signum, signal.default_int_handler)
    try:
        with pytest.raises(Interrupted) as stop:
            collect([(i,) for i in range(5)], on_result=keep, play=_numbered)
        assert signal.getsignal(signum) is signal.default_int_handler  # the stop stops again
    finally:
        signal.signal(signum, before)
    assert [r.index for r in stop.value.results] == kept == [0, 1]
