"""Bot levels: the file holds, for every game, three levels whose specs are bots of that
game, ordered by the rating their ladder measured, with the ladder that measured them;
``tools/levels.py`` writes such an entry from a ladder's JSON and refuses what would
not be one."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from realpolitik.bots import make_bot
from realpolitik.bots.levels import NAMES, levels, spec_of, table
from realpolitik.games import get, registry
from realpolitik.sim.ladder import default_entrants

TOOL = Path(__file__).resolve().parents[2] / "tools" / "levels.py"
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
                          capture_output=True, text=True, timeout=60)


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
