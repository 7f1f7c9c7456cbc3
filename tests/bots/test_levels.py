"""Bot levels: the file holds, for every game, three levels whose specs are bots of that
game, ordered by the rating their ladder measured, with the ladder that measured them;
``tools/levels.py`` writes such an entry from a ladder's JSON and refuses what would
not be one."""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from realpolitik.bots import make_bot
from realpolitik.bots.levels import (
    FILE,
    HARD_SECONDS,
    NAMES,
    PAIRS,
    LevelsError,
    Pair,
    Timing,
    game_of,
    key_of,
    levels,
    measured,
    spec_of,
    specs,
    table,
)
from realpolitik.games import get, registry
from realpolitik.sim.ladder import default_entrants
from realpolitik.sim.stats import GameResult, wilson
from realpolitik.sim.store import append, kept
from realpolitik.sim.targets import TARGETS, play_chunks
from realpolitik.testing.load import allowance

TOOL = Path(__file__).resolve().parents[2] / "tools" / "levels.py"
PAIRS_TOOL = TOOL.with_name("level_pairs.py")
sys.path.insert(0, str(TOOL.parent))
import level_seconds  # noqa: E402
from level_pairs import STORE as PAIRS_STORE  # noqa: E402
from level_pairs import decided, duel, pair_key, record, seats_of_pair  # noqa: E402
from levels import render  # noqa: E402
from targets import FILE as TARGETS_STORE  # noqa: E402

GAMES = [game.id for game in registry()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_three_levels_of_valid_bots_ordered_by_rating(game_id):
    game = get(game_id)
    ladder, found = table()[game_id]
    assert [level.name for level in found] == list(NAMES)
    for level in found:
        make_bot(level.spec, game, seed=1)  # a bot of this game: unknown kinds and parameters raise
        assert 0 < level.sigma < 25 / 3
    assert [level.mu for level in found] == sorted(level.mu for level in found)
    assert len({level.mu for level in found}) == 3
    assert game.min_players <= ladder.players <= game.max_players and ladder.games > 0
    assert ladder.command.startswith(f"realpolitik ladder {game_id} ") and "--json" in ladder.command
    entrants = (ladder.command.split("--bots ")[1].split()[0].split(",") if "--bots " in ladder.command
                else default_entrants(game))  # the ladder's own entrants
    assert all(level.spec in entrants for level in found)
    assert spec_of(game_id, "hard") == found[-1].spec and spec_of(game_id, "expert") is None


def test_a_game_without_levels_has_none():
    assert levels("chess") == () and spec_of("chess", "easy") is None


def ladder_json(complete: bool = True) -> dict:
    ratings = [("heuristic", 33.0), ("ismcts:budget=1500", 39.0), ("random", 5.0), ("ismcts:budget=300", 21.6)]
    return {"game": "wsdv", "players": 2, "games": 24, "complete": complete,
            "ratings": [{"bot": bot, "mu": mu, "sigma": 5.0} for bot, mu in sorted(ratings, key=lambda r: -r[1])]}


def run_tool(tmp_path: Path, ladder: dict, *extra: str) -> subprocess.CompletedProcess:
    source = tmp_path / "ladder.json"
    source.write_text(json.dumps(ladder))
    return subprocess.run([sys.executable, str(TOOL), str(source), "--command", "realpolitik ladder wsdv --json",
                           "--date", "2026-11-23", "--file", str(tmp_path / "levels.toml"), *extra],
                          capture_output=True, text=True, timeout=allowance(60))


def test_the_tool_writes_the_three_best_rated_entrants_weakest_first(tmp_path):
    (tmp_path / "levels.toml").write_text('[nationen]\nplayers = 3\ngames = 1\ncommand = "c"\ndate = "d"\n'
                                          + "".join(f'{n} = {{ spec = "random", mu = {i}, sigma = 1 }}\n'
                                                    for i, n in enumerate(NAMES)))
    done = run_tool(tmp_path, ladder_json())
    assert done.returncode == 0, done.stderr
    written = tomllib.loads((tmp_path / "levels.toml").read_text())
    assert sorted(written) == ["nationen", "wsdv"]  # the other game's entry is kept
    wsdv = written["wsdv"]
    assert [wsdv[n]["spec"] for n in NAMES] == ["ismcts:budget=300", "heuristic", "ismcts:budget=1500"]
    assert [wsdv[n]["mu"] for n in NAMES] == [21.6, 33.0, 39.0]
    assert (wsdv["players"], wsdv["games"], wsdv["date"]) == (2, 24, "2026-11-23")
    assert table(tmp_path / "levels.toml")["wsdv"][1][2].spec == "ismcts:budget=1500"


@pytest.mark.parametrize(("ladder", "extra", "said"), [
    (ladder_json(), ["--levels", "heuristic,ismcts:budget=300,ismcts:budget=1500"], "ordered by rating"),
    (ladder_json(), ["--levels", "random,heuristic,ismcts:budget=9"], "'ismcts:budget=9' is not an entrant"),
    (ladder_json(), ["--levels", "random,heuristic"], "name 3 levels"),
    (ladder_json(complete=False), [], "stopped before its last game"),
])
def test_the_tool_refuses_levels_that_are_not_ordered_entrants_of_a_whole_ladder(tmp_path, ladder, extra, said):
    done = run_tool(tmp_path, ladder, *extra)
    assert done.returncode == 2 and said in done.stderr
    assert not (tmp_path / "levels.toml").exists()


def levels_file(tmp_path: Path, pairs: str, specs=("random", "heuristic", "ismcts:budget=300")) -> Path:
    path = tmp_path / "levels.toml"
    path.write_text('[wsdv]\nplayers = 2\ngames = 24\ncommand = "realpolitik ladder wsdv --json"\ndate = "d"\n'
                    + "".join(f'{n} = {{ spec = "{spec}", mu = {i}, sigma = 1 }}\n'
                              for i, (n, spec) in enumerate(zip(NAMES, specs, strict=True)))
                    + 'pairs_command = "python tools/level_pairs.py wsdv"\n\n[wsdv.pairs]\n' + pairs)
    return path


def test_recorded_pairs_are_read_with_their_ladder(tmp_path):
    path = levels_file(tmp_path, "easy-normal = { games = 200, share = 0.7, lower = 0.633, bar = 0.5 }\n")
    ladder, _ = table(path)["wsdv"]
    assert ladder.pairs == (Pair("easy-normal", 200, 0.7, 0.633, 0.5),)


@pytest.mark.parametrize(("pairs", "said"), [
    ("normal-hard = { games = 200, share = 0.52, lower = 0.451, bar = 0.5 }\n",
     "normal-hard: the levels are not ordered"),
    ("easy-hard = { games = 200, share = 0.9, lower = 0.85, bar = 0.5 }\n", "easy-hard: not a pair of adjacent levels"),
    ("easy-normal = { games = 200, share = 0.7, bar = 0.5 }\n", "easy-normal: field 'lower' must be a number"),
    ("easy-normal = { games = 2.5, share = 0.7, lower = 0.6, bar = 0.5 }\n", "field 'games' must be an integer"),
])
def test_a_levels_file_whose_pairs_are_not_ordered_or_whole_is_refused(tmp_path, pairs, said):
    path = levels_file(tmp_path, pairs)
    with pytest.raises(LevelsError, match="levels.toml: \\[wsdv.pairs\\] ") as refused:
        table(path)
    assert said in str(refused.value)


def test_the_shipped_pairs_are_ordered():
    for game, (ladder, _) in table().items():  # the loader refuses any pair below its bar
        assert {pair.name for pair in ladder.pairs} <= set(PAIRS), game


@pytest.mark.parametrize("game_id", GAMES)
def test_every_player_count_has_levels_measured_at_it_and_ordered_head_to_head(game_id):
    game = get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        ladder, _ = measured(game_id, players)
        assert ladder.players == players, f"{game_id} at {players} players: offered levels measured at {ladder.players}"
        assert f" --players {players} " in ladder.command, ladder.command
        assert [pair.name for pair in ladder.pairs] == list(PAIRS), f"{game_id} at {players} players"
        assert all(pair.games >= 200 for pair in ladder.pairs), f"{game_id} at {players} players"


def test_a_pair_seats_the_stronger_level_once_in_a_free_for_all_and_as_a_whole_team():
    assert seats_of_pair("nuclear-war", 4, "s", "w") == (["s", "w", "w", "w"], 0.25)
    assert seats_of_pair("wsdv", 2, "s", "w") == (["s", "w"], 0.5)
    assert seats_of_pair("wsdv-2p2", 4, "s", "w") == (["s", "w", "s", "w"], 0.5)  # teams take alternate seats


def _ended(index: int, seats: tuple[str, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(index, index, seats, (0.0,) * len(seats), winners, (1,) * len(seats), None, 10, False, "")


def test_a_free_for_all_pair_is_judged_on_the_games_that_had_a_winner():
    results = [_ended(0, ("s", "w", "w", "w"), (0,)), _ended(1, ("w", "s", "w", "w"), (2,)),
               _ended(2, ("w", "w", "s", "w"), ()),  # no nation left: nobody's win
               _ended(3, ("w", "w", "w", "s"), (3,))]
    assert decided(results) == (2, 3)
    assert decided(results[2:3]) == (0, 0)
    # the stronger level is found by its seat, also where both levels are the same spec
    assert decided([_ended(4, ("h", "h"), (0,)), _ended(5, ("h", "h"), (0,))]) == (1, 2)


def test_the_pairs_tool_writes_nothing_for_levels_that_are_not_ordered(tmp_path):
    path = levels_file(tmp_path, "", specs=("random", "heuristic", "heuristic"))
    before = path.read_text()
    done = subprocess.run([sys.executable, str(PAIRS_TOOL), "wsdv", "--games", "6", "--file", str(path)],
                          capture_output=True, text=True, timeout=allowance(300))
    assert done.returncode == 1 and "not ordered: normal-hard" in done.stderr, done.stderr
    assert "easy-normal: heuristic won" in done.stdout and path.read_text() == before


@pytest.mark.parametrize(("command", "kept"), [
    ("python tools/level_pairs.py wsdv --games 6 --file {path}", True),  # the same games: still reproduced
    ("python tools/level_pairs.py wsdv --games 200", False),  # made by other games: the new command would not
])
def test_one_pair_played_keeps_the_other_only_where_the_command_reproduces_both(tmp_path, command, kept):
    path = levels_file(tmp_path, "normal-hard = { games = 200, share = 0.7, lower = 0.633, bar = 0.5 }\n",
                       specs=("random", "heuristic", "ismcts:budget=300"))
    path.write_text(path.read_text().replace('"python tools/level_pairs.py wsdv"',
                                             json.dumps(command.format(path=path))))
    done = subprocess.run([sys.executable, str(PAIRS_TOOL), "wsdv", "--games", "6", "--file", str(path),
                           "--pair", "easy-normal"], capture_output=True, text=True, timeout=allowance(300))
    assert done.returncode == 0, done.stderr
    assert "normal-hard" not in done.stdout  # only the pair asked for was played
    ladder, _ = table(path)["wsdv"]
    assert [pair.name for pair in ladder.pairs] == (["easy-normal", "normal-hard"] if kept else ["easy-normal"])
    assert tomllib.loads(path.read_text())["wsdv"]["pairs_command"] == \
        f"python tools/level_pairs.py wsdv --games 6 --file {path}"


def _pairs_run(path: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(PAIRS_TOOL), "wsdv", "--games", "6", "--file", str(path),
                           "--pair", "easy-normal", *extra], capture_output=True, text=True, timeout=allowance(300))


def test_a_pair_stopped_early_keeps_its_games_and_the_same_command_plays_only_the_rest(tmp_path):
    (tmp_path / "resumed").mkdir(), (tmp_path / "whole").mkdir()
    path = levels_file(tmp_path / "resumed", "", specs=("random", "heuristic", "ismcts:budget=300"))
    before = path.read_text()
    stopped = _pairs_run(path, "--hours", "0")  # stops after its first game
    assert stopped.returncode == 130 and "1 of 6 games kept" in stopped.stderr, stopped.stderr
    assert path.read_text() == before  # nothing judged on one game
    store = path.with_name("levels-pairs.jsonl")
    assert [json.loads(line)["game"]["index"] for line in store.read_text().splitlines()] == [0]
    done = _pairs_run(path)
    assert done.returncode == 0, done.stderr
    assert sorted(json.loads(line)["game"]["index"] for line in store.read_text().splitlines()) == list(range(6))
    assert "--hours" not in tomllib.loads(path.read_text())["wsdv"]["pairs_command"]
    whole = levels_file(tmp_path / "whole", "", specs=("random", "heuristic", "ismcts:budget=300"))
    assert _pairs_run(whole).returncode == 0
    assert table(path)["wsdv"][0].pairs == table(whole)["wsdv"][0].pairs  # the same games as one run's


def test_a_pair_a_strength_target_plays_is_judged_on_the_target_s_games(tmp_path, monkeypatch):
    """The target's games, counted as the pair counts its own; played instead when the target holds
    fewer games than asked for, or plays other bots."""
    monkeypatch.setattr(get("wsdv"), "bot_defaults", {"ismcts": {"budget": 30}})
    target = TARGETS["wsdv 2p"]
    lines: list[dict] = []
    assert play_chunks(target, lines, 4, lines.append) == 4  # real games of the target's matchup
    games = tmp_path / "targets.jsonl"
    for line in lines:
        append(games, line)
    wins = sum(line["seats"][line["winners"][0]] == "ismcts" for line in lines)
    low, _ = wilson(wins, 4)
    pair = duel("wsdv", 2, "ismcts:budget=30", "heuristic", 4, 3, 1, "normal-hard", targets=games)
    assert pair == {"games": 4, "share": round(wins / 4, 4), "lower": round(low, 4), "bar": 0.5, "target": "wsdv 2p"}
    played = duel("wsdv", 2, "ismcts:budget=30", "heuristic", 2, 3, 1, "normal-hard")
    assert duel("wsdv", 2, "ismcts:budget=30", "heuristic", 2, 3, 1, "normal-hard", targets=tmp_path / "none") == played
    assert "target" not in played
    assert "target" not in duel("wsdv", 2, "ismcts:budget=31", "heuristic", 2, 3, 1, "normal-hard", targets=games)
    monkeypatch.setattr(get("wsdv"), "rules_version", "another")  # the target's games are of other rules now
    assert "target" not in duel("wsdv", 2, "ismcts:budget=30", "heuristic", 2, 3, 1, "normal-hard", targets=games)


def test_a_pair_judged_on_a_target_s_games_names_it_in_the_file(tmp_path):
    named = 'normal-hard = { games = 202, share = 0.92, lower = 0.875, bar = 0.5, target = "wsdv 2p" }\n'
    path = levels_file(tmp_path, named)
    assert table(path)["wsdv"][0].pairs == (Pair("normal-hard", 202, 0.92, 0.875, 0.5, "wsdv 2p"),)
    rewritten = tmp_path / "rewritten.toml"
    rewritten.write_text(render(tomllib.loads(path.read_text())))
    assert table(rewritten)["wsdv"][0].pairs == table(path)["wsdv"][0].pairs
    (tmp_path / "bad").mkdir()
    with pytest.raises(LevelsError, match="field 'target' must be a string"):
        table(levels_file(tmp_path / "bad", named.replace('"wsdv 2p"', "2")))


def test_a_pair_is_written_into_the_file_as_it_is_when_it_ends(tmp_path):
    """Runs for two games at once each keep the other's entry; a run whose game got other levels
    meanwhile writes nothing."""
    path = levels_file(tmp_path, "")
    measured = tomllib.loads(path.read_text())["wsdv"]
    (tmp_path / "other").mkdir()
    other = levels_file(tmp_path / "other", "easy-normal = { games = 200, share = 0.7, lower = 0.633, bar = 0.25 }\n")
    path.write_text(path.read_text() + "\n" + other.read_text().replace("wsdv", "e1815"))  # another run's, meanwhile
    pair = {"games": 200, "share": 0.7, "lower": 0.633, "bar": 0.5}
    args = argparse.Namespace(file=path, game="wsdv")
    assert record(measured, args, "pairs", {"easy-normal": pair}, "level_pairs", ["wsdv", "--games", "200"])
    written = tomllib.loads(path.read_text())
    assert written["wsdv"]["pairs"] == {"easy-normal": pair} and written["e1815"]["pairs"]["easy-normal"]["bar"] == 0.25
    assert written["wsdv"]["pairs_command"] == "python tools/level_pairs.py wsdv --games 200"
    before = path.read_text().replace('spec = "heuristic"', 'spec = "ismcts:budget=1000"')
    path.write_text(before)  # the levels were chosen again meanwhile
    assert not record(measured, args, "pairs", {"easy-normal": pair}, "level_pairs", ["wsdv"])
    assert path.read_text() == before


def test_the_levels_tool_keeps_the_pairs_of_unchanged_levels(tmp_path):
    path = levels_file(tmp_path, "easy-normal = { games = 200, share = 0.7, lower = 0.633, bar = 0.5 }\n",
                       specs=("ismcts:budget=300", "heuristic", "ismcts:budget=1500"))
    done = run_tool(tmp_path, ladder_json())
    assert done.returncode == 0, done.stderr
    assert table(path)["wsdv"][0].pairs == (Pair("easy-normal", 200, 0.7, 0.633, 0.5),)


def timed_file(tmp_path: Path, hard: str, specs=("random", "heuristic", "ismcts:budget=300")) -> Path:
    path = levels_file(tmp_path, "", specs)
    path.write_text(path.read_text().replace("\n\n[wsdv.pairs]\n", "\n")
                    + 'seconds_command = "python tools/level_seconds.py wsdv"\n\n[wsdv.seconds]\n' + hard)
    return path


def test_the_hard_level_s_timing_is_read_with_its_ladder(tmp_path):
    path = timed_file(tmp_path, 'hard = { spec = "ismcts:budget=300", games = 4, decisions = 150, mean = 0.4, '
                                'slowest = 1.1 }\n')
    assert table(path)["wsdv"][0].hard == Timing("ismcts:budget=300", 4, 150, 0.4, 1.1)


@pytest.mark.parametrize(("hard", "said"), [
    ('hard = { spec = "ismcts:budget=300", games = 4, decisions = 150, mean = 2.4, slowest = 3.0 }\n',
     "thinks 2.40 s a decision, more than 2 s"),
    ('hard = { spec = "ismcts:budget=9000", games = 4, decisions = 150, mean = 0.4, slowest = 1.0 }\n',
     "timed 'ismcts:budget=9000', but the hard level is 'ismcts:budget=300'"),
    ('hard = { spec = "ismcts:budget=300", games = 4, mean = 0.4, slowest = 1.0 }\n',
     "field 'decisions' must be an integer"),
])
def test_a_hard_level_too_slow_or_timed_as_another_spec_is_refused(tmp_path, hard, said):
    with pytest.raises(LevelsError, match="levels.toml: \\[wsdv.seconds\\] hard: ") as refused:
        table(timed_file(tmp_path, hard))
    assert said in str(refused.value)


def test_the_seconds_tool_times_the_hard_level_against_the_normal_one(tmp_path, monkeypatch):
    path = levels_file(tmp_path, "", specs=("random", "random", "heuristic"))
    assert level_seconds.main(["wsdv", "--games", "2", "--seed", "3", "--file", str(path)]) == 0
    hard = table(path)["wsdv"][0].hard
    assert hard.spec == "heuristic" and hard.games == 2 and hard.decisions > 20 and 0 < hard.mean <= hard.slowest
    assert tomllib.loads(path.read_text())["wsdv"]["seconds_command"].startswith("python tools/level_seconds.py wsdv")
    before = path.read_text()
    monkeypatch.setattr(level_seconds, "HARD_SECONDS", 0.0)  # every level is too slow for this bar
    assert level_seconds.main(["wsdv", "--games", "1", "--file", str(path)]) == 1
    assert path.read_text() == before


def test_the_levels_tool_keeps_the_timing_of_an_unchanged_hard_level(tmp_path):
    hard = 'hard = { spec = "ismcts:budget=1500", games = 4, decisions = 150, mean = 0.4, slowest = 1.1 }\n'
    path = timed_file(tmp_path, hard, specs=("heuristic", "ismcts:budget=300", "ismcts:budget=1500"))
    assert run_tool(tmp_path, ladder_json()).returncode == 0
    assert table(path)["wsdv"][0].hard == Timing("ismcts:budget=1500", 4, 150, 0.4, 1.1)
    assert run_tool(tmp_path, ladder_json(), "--levels", "random,ismcts:budget=300,heuristic").returncode == 0
    table.cache_clear()
    assert table(path)["wsdv"][0].hard is None  # another hard level: not timed yet


def test_every_game_s_hard_level_is_timed_within_its_bar():
    for game, (ladder, shipped) in table().items():
        assert ladder.hard is not None, f"{game}: its hard level is not timed (tools/level_seconds.py)"
        assert ladder.hard.spec == shipped[-1].spec and ladder.hard.mean <= HARD_SECONDS


# ---------------------------------------------------------------- levels of another player count

def counts_file(tmp_path: Path, game: str = "nationen", own: int = 3, other: str = "nationen@4", players: int = 4,
                specs: tuple[str, ...] = ("heuristic", "ismcts:budget=300", "ismcts:budget=3000")) -> Path:
    """``game``'s own levels (at ``own`` players) and the entry ``other``'s, measured at ``players``."""
    def entry(key: str, count: int, chosen: tuple[str, ...]) -> str:
        return (f'["{key}"]\nplayers = {count}\ngames = 24\ncommand = "realpolitik ladder {game} --players {count} '
                f'--json"\ndate = "d"\n' + "".join(f'{n} = {{ spec = "{spec}", mu = {i}, sigma = 1 }}\n'
                                                   for i, (n, spec) in enumerate(zip(NAMES, chosen, strict=True))))
    path = tmp_path / "levels.toml"
    path.write_text(entry(game, own, ("random", "heuristic", "ismcts:budget=3000")) + "\n"
                    + entry(other, players, specs))
    return path


def test_the_levels_of_a_player_count_come_from_its_own_entry_else_the_game_s(tmp_path):
    path = counts_file(tmp_path)
    at = {n: [level.spec for level in measured("nationen", n, path)[1]] for n in (2, 3, 4)}
    assert at[4] == ["heuristic", "ismcts:budget=300", "ismcts:budget=3000"]  # measured at 4 players
    assert at[3] == at[2] == ["random", "heuristic", "ismcts:budget=3000"]  # the game's own entry
    assert measured("nationen", 4, path)[0].players == 4 and measured("nationen", 2, path)[0].players == 3
    assert measured("nationen", None, path)[0].players == 3 and measured("chess", 4, path) is None
    assert key_of("nationen", 4) == "nationen@4" and game_of("nationen@4") == "nationen" == game_of("nationen")


@pytest.mark.parametrize(("other", "players", "said"), [
    ("nationen@4", 2, "[nationen@4]: field 'players' is 2, not the count its name gives"),
    ("nationen@3", 3, "[nationen@3]: 3 players is the count of [nationen]"),
    ("chess@4", 4, "[chess@4]: there is no entry [chess] for the game's own count"),
])
def test_an_entry_of_another_count_must_name_its_game_and_a_count_of_its_own(tmp_path, other, players, said):
    with pytest.raises(LevelsError) as refused:
        table(counts_file(tmp_path, other=other, players=players))
    assert said in str(refused.value)


def test_the_tool_writes_a_ladder_at_another_count_as_that_count_s_entry(tmp_path):
    ladder = {**ladder_json(), "game": "nationen", "players": 4}
    done = run_tool(tmp_path, ladder)
    assert done.returncode == 2 and "no levels for 'nationen' at its usual count yet" in done.stderr
    counts_file(tmp_path)
    before = tomllib.loads((tmp_path / "levels.toml").read_text())["nationen"]
    done = run_tool(tmp_path, ladder)
    assert done.returncode == 0 and done.stdout.startswith("nationen@4: easy = ismcts:budget=300"), done.stderr
    written = tomllib.loads((tmp_path / "levels.toml").read_text())
    assert written["nationen"] == before and written["nationen@4"]["players"] == 4
    assert [level.spec for level in table(tmp_path / "levels.toml")["nationen@4"][1]] == [
        "ismcts:budget=300", "heuristic", "ismcts:budget=1500"]


def test_the_pairs_tool_plays_an_entry_of_another_count_at_that_count(tmp_path):
    path = counts_file(tmp_path, "nuclear-war", 4, "nuclear-war@2", 2, ("random", "heuristic", "heuristic"))
    done = subprocess.run([sys.executable, str(PAIRS_TOOL), "nuclear-war@2", "--games", "20", "--file", str(path),
                           "--pair", "easy-normal", "--seed", "1"], capture_output=True, text=True,
                          timeout=allowance(300))
    assert done.returncode == 0 and "nuclear-war@2 easy-normal: heuristic won" in done.stdout, done.stderr
    store = [json.loads(line) for line in path.with_name("levels-pairs.jsonl").read_text().splitlines()]
    assert {entry["key"]["pair"] for entry in store} == {"nuclear-war@2 easy-normal"}
    assert {len(entry["game"]["seats"]) for entry in store} == {2}  # played at two players
    written = tomllib.loads(path.read_text())
    judged = sum(1 for entry in store if entry["game"]["winners"])  # games with no nation left are not
    assert "pairs" not in written["nuclear-war"] and written["nuclear-war@2"]["pairs"]["easy-normal"]["games"] == judged
    assert written["nuclear-war@2"]["pairs_command"].startswith("python tools/level_pairs.py nuclear-war@2 ")


def test_every_entry_of_another_count_is_a_ladder_at_that_count():
    for key, (ladder, found) in table().items():
        if key != game_of(key):
            game = get(game_of(key))
            assert key == key_of(game.id, ladder.players) and game.min_players <= ladder.players <= game.max_players
            assert f"--players {ladder.players} " in ladder.command, key
            for level in found:
                make_bot(level.spec, game, seed=1)


def test_a_game_s_level_specs_are_those_of_every_count():
    for game_id in GAMES:
        game = get(game_id)
        offered = {level.spec for n in range(game.min_players, game.max_players + 1) for level in levels(game_id, n)}
        assert specs(game_id) == offered, game_id
    assert specs("chess") == frozenset()


def test_each_game_declares_the_file_of_its_levels():
    """``Game.levels`` names the file the lobby reads a game's levels from, and the file holds them."""
    for game in registry():
        assert game.id in table(game.levels), f"{game.id}: no entry in {game.levels}"
        assert measured(game.id) == table(game.levels)[game.id]


def _shipped_pairs() -> list[tuple[str, str]]:
    shipped = tomllib.loads(FILE.read_text(encoding="utf-8"))
    return [(entry, name) for entry, value in shipped.items() for name in value.get("pairs", {})]


@pytest.mark.parametrize(("entry", "name"), _shipped_pairs())
def test_every_shipped_pair_is_what_its_stored_games_give_under_today_s_rules(entry, name):
    """A pair's record in the shipped file is judged again from the games its command kept
    (``lab/data/pairs.jsonl``) or from its strength target's (``lab/data/targets.jsonl``), under
    today's rules version and bot parameters: a rule or bot change that leaves a record standing on
    games of other rules fails here until the pair is played again."""
    value = tomllib.loads(FILE.read_text(encoding="utf-8"))[entry]
    recorded = value["pairs"][name]
    command = shlex.split(value["pairs_command"])
    games, seed = int(command[command.index("--games") + 1]), int(command[command.index("--seed") + 1])
    weak, strong = NAMES[PAIRS.index(name)], NAMES[PAIRS.index(name) + 1]
    seats, _ = seats_of_pair(game_of(entry), value["players"], value[strong]["spec"], value[weak]["spec"])
    if "target" in recorded:
        source = {"targets": TARGETS_STORE}
    else:
        kept_games = kept(PAIRS_STORE, pair_key(entry, name, seats, seed))
        have = sum(i in kept_games for i in range(games))
        assert have == games, f"{entry} {name}: {have} of {games} games kept under today's rules; play them again: " \
                              f"{value['pairs_command']} --pair {name}"
        source = {"store": PAIRS_STORE}  # every game is kept: nothing is played
    judged = duel(entry, value["players"], value[strong]["spec"], value[weak]["spec"], games, seed, 1, name, **source)
    assert judged.get("target") == recorded.get("target"), f"{entry} {name}: its target's games are too few today"
    assert judged == recorded
