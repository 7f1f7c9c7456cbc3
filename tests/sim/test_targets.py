"""The bots' strength targets: judged on hand-made games, played a chunk at a time, resumed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from operator import itemgetter
from pathlib import Path

import pytest

from realpolitik.sim import run_arena, targets
from realpolitik.sim.targets import TARGETS, Target, judge, play_chunks, rate_ratio
from realpolitik.testing.load import allowance

TOOL = Path(__file__).resolve().parents[2] / "tools" / "targets.py"


def _game(seats, winners, teams=None, cpu=1.0):
    n = len(seats)
    return {"seats": list(seats), "winners": list(winners), "teams": teams, "decisions": [10] * n,
            "cpu": [cpu * 10] * n, "slowest": [cpu * 2] * n}


def test_the_ratio_of_two_win_shares_has_katz_log_interval():
    ratio, low, high = rate_ratio(30, 100, 20, 100)
    assert ratio == pytest.approx(1.5)
    assert (low, high) == pytest.approx((0.9159, 2.4566), abs=1e-3)  # 1.5 · exp(∓1.96 · 0.2517)
    ratio, low, high = rate_ratio(0, 50, 10, 100)  # half a game added to every cell
    assert ratio == pytest.approx((0.5 / 51) / (10.5 / 101)) and 0 < low < ratio < high
    assert rate_ratio(3, 0, 1, 4) == (0.0, 0.0, float("inf"))


def test_a_duel_counts_the_seats_ismcts_held_and_needs_200_games_and_the_time_limit():
    games = [_game(("ismcts", "heuristic"), [0]) for _ in range(150)]
    games += [_game(("heuristic", "ismcts"), [0]) for _ in range(50)]
    verdict = judge(TARGETS["wsdv 2p"], games)
    assert (verdict.wins, verdict.trials, verdict.value) == (150, 200, 0.75)
    assert verdict.low > 0.55 and verdict.met
    assert not judge(TARGETS["wsdv 2p"], games[:199]).met  # too few games
    slow = [_game(g["seats"], g["winners"], cpu=2.5) for g in games]
    assert judge(TARGETS["wsdv 2p"], slow).cpu_per_decision == pytest.approx(2.5)
    assert not judge(TARGETS["wsdv 2p"], slow).met  # over two seconds a move
    even = [_game(("ismcts", "heuristic"), [i % 2]) for i in range(400)]
    assert not judge(TARGETS["wsdv 2p"], even).met


def test_a_team_target_counts_games_a_seat_of_the_ismcts_team_won():
    seats = ("ismcts", "heuristic", "ismcts", "heuristic")
    games = [_game(seats, [2], (0, 1, 0, 1))] * 3 + [_game(seats, [1, 3], (0, 1, 0, 1))]
    verdict = judge(TARGETS["e1815-2vs2 teams"], games)
    assert (verdict.wins, verdict.trials) == (3, 4)


def test_a_seat_target_compares_with_a_heuristic_seat_at_an_all_heuristic_table():
    target = TARGETS["e1815 4p"]
    mine = [_game(("ismcts", "heuristic", "heuristic", "heuristic"), [0 if i % 2 else 1]) for i in range(200)]
    base = [_game(("heuristic",) * 4, [i % 4]) for i in range(200)]  # a heuristic seat wins a quarter
    verdict = judge(target, mine, base)
    assert verdict.value == pytest.approx(0.5 / 0.25) and verdict.baseline == (200, 800)
    assert verdict.low >= 1.5 and verdict.met
    weak = [_game(g["seats"], [0 if i % 3 == 0 else 1]) for i, g in enumerate(mine)]
    assert not judge(target, weak, base).met  # 1.35× the baseline at best


def test_nuclear_war_is_judged_on_the_1000_games_fixed_for_it():
    # A heuristic seat wins about one game in eleven there: 200 games hold too few wins.
    target = TARGETS["nuclear-war 4p"]
    assert target.games == 1000 and TARGETS["nuclear-war 4p heuristics"].games >= 1000
    seats = ("ismcts", "heuristic", "heuristic", "heuristic")
    mine = [_game(seats, [0] if i % 5 == 0 else []) for i in range(1000)]  # wins a fifth
    base = [_game(("heuristic",) * 4, [i % 4] if i % 11 == 0 else []) for i in range(4000)]
    assert judge(target, mine, base).met
    short = judge(target, mine[:999], base)
    assert short.low >= 1.5 and not short.enough and not short.met


def test_chunks_resume_after_the_last_one_stored_and_replay_the_same_games():
    target = Target("test", "e1815", ("ismcts:budget=60", "random"), "duel", 0.55)
    stored: list[dict] = []
    assert play_chunks(target, stored, 3, stored.append) == 4  # whole chunks: two deals
    assert [g["chunk"] for g in stored] == [0, 0, 1, 1]
    assert stored[0]["seed"] == stored[1]["seed"] != stored[2]["seed"]  # a chunk is one deal, seats rotated
    assert stored[0]["seats"] == stored[1]["seats"][::-1] == ["ismcts:budget=60", "random"]
    assert play_chunks(target, stored, 4, stored.append) == 0
    assert play_chunks(target, stored, 6, stored.append) == 2 and stored[-1]["chunk"] == 2
    again: list[dict] = []
    play_chunks(target, [], 2, again.append)
    assert [(g["seats"], g["winners"], g["plies"]) for g in again] == \
        [(g["seats"], g["winners"], g["plies"]) for g in stored[:2]]
    assert all(g["config"]["bots"]["ismcts:budget=60"]["budget"] == 60 for g in stored)


def test_shards_play_disjoint_chunks_that_together_are_the_unsharded_ones():
    target = Target("test", "e1815", ("ismcts:budget=60", "random"), "duel", 0.55)
    whole: list[dict] = []
    play_chunks(target, whole, 8, whole.append)
    first: list[dict] = []
    second: list[dict] = []
    play_chunks(target, [], 4, first.append, shard=(0, 2))
    play_chunks(target, first, 8, second.append, shard=(1, 2))  # counts the other shard's games
    assert [g["chunk"] for g in first] == [0, 0, 2, 2] and [g["chunk"] for g in second] == [1, 1, 3, 3]
    key = itemgetter("chunk", "index")
    assert [(g["seed"], g["winners"], g["plies"]) for g in sorted(first + second, key=key)] == \
        [(g["seed"], g["winners"], g["plies"]) for g in sorted(whole, key=key)]
    gap = [g for g in whole if g["chunk"] != 1]  # a chunk missing in the middle is played first
    assert play_chunks(target, gap, 8, gap.append) == 2 and [g["chunk"] for g in gap[-2:]] == [1, 1]
    with pytest.raises(ValueError, match="shard 2 of 2"):
        play_chunks(target, [], 2, whole.append, shard=(2, 2))


def test_an_all_heuristic_table_plays_each_deal_once():
    """Its seats hold the same deterministic bot, so a rotation of the seats replays the game it rotates."""
    rotations = run_arena("nuclear-war", ["heuristic"] * 4, 4, seed=targets.SEED_BASE)
    assert len({r.seed for r in rotations}) == 1
    assert len({(r.plies, tuple(r.winners), r.reason) for r in rotations}) == 1
    target = TARGETS["nuclear-war 4p heuristics"]
    lines: list[dict] = []
    assert play_chunks(target, [], 3, lines.append) == 3
    assert [g["chunk"] for g in lines] == [0, 1, 2] and len({g["seed"] for g in lines}) == 3
    assert targets.configuration(target)["seating"] == targets.ONE_GAME_A_DEAL
    assert "seating" not in targets.configuration(TARGETS["nuclear-war 4p"])  # a seat target rotates its deals


def test_another_configuration_starts_its_own_count():
    target = TARGETS["e1815 2p"]
    config = targets.configuration(target)
    assert config["bots"]["ismcts"]["budget"] == 20000  # the game's default budget
    other = {**config, "rules_version": "0"}
    stored = [{"target": target.name, "config": other, "chunk": 5}]
    assert targets.games_of(stored, target, config) == []


def test_the_tool_runs_resumes_and_reports(tmp_path):
    results = tmp_path / "targets.jsonl"
    run = [sys.executable, str(TOOL), "--file", str(results), "run", "e1815 3p heuristics", "--games", "4"]
    first = subprocess.run(run, capture_output=True, text=True, timeout=allowance(300))
    assert first.returncode == 0, first.stderr
    assert "4 games played" in first.stdout  # four deals, one game each: an all-heuristic table
    assert "0 games played" in subprocess.run(run, capture_output=True, text=True, timeout=allowance(300)).stdout
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(lines) == 4 and {line["target"] for line in lines} == {"e1815 3p heuristics"}
    assert sorted(line["chunk"] for line in lines) == [0, 1, 2, 3]
    report = subprocess.run([sys.executable, str(TOOL), "--file", str(results), "report", "e1815 3p", "--json"],
                            capture_output=True, text=True, timeout=allowance(120))
    verdict = json.loads(report.stdout)[0]
    assert verdict["games"] == 0 and verdict["baseline"]["seats"] == 12 and not verdict["met"]
    doc = tmp_path / "bots.md"
    doc.write_text("before\n<!-- targets:begin -->\nold\n<!-- targets:end -->\nafter\n")
    subprocess.run([sys.executable, str(TOOL), "--file", str(results), "report", "--write", str(doc)], check=True,
                   capture_output=True, timeout=allowance(120))
    text = doc.read_text()
    assert text.startswith("before\n<!-- targets:begin -->\n| target |")
    assert text.endswith("<!-- targets:end -->\nafter\n")
    assert "old" not in text and "| e1815 3p | 0 |" in text
    bad = subprocess.run([sys.executable, str(TOOL), "report", "e1815 9p"], capture_output=True, text=True,
                         timeout=allowance(60))
    assert bad.returncode == 2 and "unknown target 'e1815 9p'" in bad.stderr
    shard = subprocess.run(run + ["--shard", "2/2"], capture_output=True, text=True, timeout=allowance(60))
    assert shard.returncode == 2 and "'2/2': I must be from 0 to N-1" in shard.stderr


def test_games_land_in_the_file_even_when_it_is_replaced_during_a_run(tmp_path):
    # A checkout or stash writes a new file where the old one was; a runner must not keep
    # writing into the old one, unlinked, and lose every game after it.
    results = tmp_path / "targets.jsonl"
    run = subprocess.Popen([sys.executable, str(TOOL), "--file", str(results), "run", "e1815 3p heuristics",
                            "--games", "150"], stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + allowance(120)
    while not (results.exists() and results.read_text()) and time.monotonic() < deadline:
        time.sleep(0.01)
    copy, old = tmp_path / "copy.jsonl", tmp_path / "old.jsonl"
    before = results.read_text()
    before = before[:before.rfind("\n") + 1]  # whole lines only: one may be half written
    copy.write_text(before)
    os.link(results, old)  # the replaced file stays readable here
    os.replace(copy, results)  # what git does to a file it writes
    out, _ = run.communicate(timeout=allowance(300))
    assert run.returncode == 0 and "games played" in out
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    # Lines the runner appended to the old file between the copy and the replacement are
    # lost to the new one; they can only be of the chunk it was writing at that moment.
    lost = [json.loads(line) for line in old.read_text()[len(before):].splitlines()]
    assert len({g["chunk"] for g in lost}) <= 1, "the runner went on writing into the replaced file"
    kept = lines + lost
    assert len(kept) >= 150 and len({(g["chunk"], g["index"]) for g in kept}) == len(kept)


def test_the_manual_s_table_is_what_today_s_stored_games_give():
    """The table of docs/bots/strength.md is the report of the games kept in lab/data/targets.jsonl
    under today's rules and bots: a rule or bot change that leaves a target standing on games of
    other rules fails here until the target is played again (``tools/targets.py run``)."""
    doc = (TOOL.parents[1] / "docs" / "bots" / "strength.md").read_text(encoding="utf-8")
    shown = doc.split("<!-- targets:begin -->\n", 1)[1].split("\n<!-- targets:end -->", 1)[0]
    report = subprocess.run([sys.executable, str(TOOL), "report"], capture_output=True, text=True,
                            timeout=allowance(120), check=True)
    assert shown == report.stdout.rstrip("\n")
