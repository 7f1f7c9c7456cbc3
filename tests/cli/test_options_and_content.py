"""``realpolitik options GAME`` and ``realpolitik content validate``: a game takes exactly the
content files its file options (``local_file``) name, checked as the game loads them."""

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from realpolitik.cli import main
from realpolitik.cli.main import app
from realpolitik.games import get, registry

runner = CliRunner()
DATA = Path(__file__).resolve().parents[2] / "src" / "realpolitik" / "games"

#: every file option of every game, with its built-in file and a change that breaks it (and
#: the problem that change makes, as the game names it)
FILE_OPTIONS = [
    ("nuclear-war", "content", "nuclear_war/data/cards.toml", ('kind = "warhead"', 'kind = "warheads"'),
     "entry cards '10mt': field 'kind'"),
    ("wsdv", "content", "wsdv/data/cards.toml", ("decade = 1", "decade = 7"), "field 'decade'"),
    ("wsdv-2p2", "content", "wsdv/data/cards.toml", ("decade = 1", "decade = 7"), "field 'decade'"),
    ("wsdv-2p2", "expansion", "wsdv/two_plus_two/data/expansion.toml", ("doves = 6", "doves = 0"),
     "entry tracks: field 'doves'"),
    ("nationen", "board", "nationen/data/board.toml", ("agent_steps = 4", "agent_steps = 0"),
     "field 'components.agent_steps'"),
    ("nationen", "cards", "nationen/data/cards.toml", ("count = 2", "count = -2"), "field 'count'"),
    ("e1815", "map_file", "e1815/data/map_1815.toml", ('adjacent = ["schottland", "england"]',
     'adjacent = ["schottland", "atlantis"]'), "entry lands 'irland': field 'adjacent'"),
    ("e1815-2vs2", "map_file", "e1815/data/map_1715.toml", ('territory = "neufrankreich"', 'territory = "x"'),
     "field 'territory'"),
]


def _rows(game_id: str) -> dict[str, list[str]]:
    """The rows of ``realpolitik options GAME`` printed wide enough for one line each: name -> cells."""
    wide = Console(file=io.StringIO(), width=500)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(main, "console", wide)
        assert runner.invoke(app, ["options", game_id]).exit_code == 0
    lines = wide.file.getvalue().splitlines()
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in lines if "│" in line]
    return {row[0]: row[1:] for row in rows}


def test_options_lists_every_option_with_default_values_and_meaning():
    rows = _rows("e1815")
    assert list(rows) == [o.name for o in get("e1815").options]
    assert rows["max_years"][:2] == ["8", "a whole number from 0 to 100"]
    assert rows["start_player"][:2] == ["rotate", "one of rotate, fixed"]
    assert rows["map_file"][0] == "(built-in)" and rows["map_file"][1].startswith("command line only (a file path")
    assert rows["max_years"][2] == str(get("e1815").options[0].about)  # the players' words, not the spec's
    assert _rows("nationen")["bank_limit"][:2] == ["false", "true or false"]


def test_every_game_has_its_options_listed():
    for game in registry():
        rows = _rows(game.id)
        assert list(rows) == [o.name for o in game.options]
        for o in game.options:
            values = rows[o.name][1]
            assert values.startswith("command line only (a file path") if o.local_file else values == str(o.values())


def test_the_file_options_are_the_games_content_files():
    files = {game.id: [o.name for o in game.options if o.local_file] for game in registry()}
    assert files == {g: [o for gg, o, *_ in FILE_OPTIONS if gg == g] for g in files}


@pytest.mark.parametrize("game_id, option, built_in, change, problem", FILE_OPTIONS,
                         ids=[f"{g}-{o}" for g, o, *_ in FILE_OPTIONS])
def test_content_validate_checks_each_file_option_like_the_game(tmp_path, game_id, option, built_in, change,
                                                                 problem):
    good = DATA / built_in
    result = runner.invoke(app, ["content", "validate", str(good), "--game", game_id, "--option", option])
    assert result.exit_code == 0 and f"a good {get(game_id).title} content file (-o {option})" in result.stdout
    old, new = change
    text = good.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(app, ["content", "validate", str(bad), "--game", game_id, "--option", option])
    assert result.exit_code == 1, result.output
    found = result.stdout.strip().splitlines()
    assert re.fullmatch(r"\d+ problems?\.", found[-1]) and problem in result.stdout
    assert all(line.startswith(f"{bad}: ") for line in found[:-1])
    with pytest.raises(ValueError, match="bad.toml"):  # the game refuses the same file
        get(game_id).new_state(get(game_id).min_players, {option: str(bad)})


def test_a_nuclear_war_cards_file_is_validated_as_its_content_option(tmp_path):
    result = runner.invoke(app, ["content", "validate", str(DATA / "nuclear_war/data/cards.toml"),
                                 "--game", "nuclear-war"])
    assert result.exit_code == 0 and "a good Nuclear War content file (-o content)" in result.stdout
    few = tmp_path / "few.toml"
    few.write_text('[[cards]]\nkey = "w"\nname = "W"\nkind = "warhead"\ncount = 30\nmegatons = 10\n')
    result = runner.invoke(app, ["content", "validate", str(few), "--game", "nuclear-war"])
    assert result.exit_code == 1
    assert f"{few}: 30 cards are too few for 3 players" in result.stdout  # loaded for each player count


def test_of_several_file_options_the_one_the_file_is_good_for_is_found():
    for game_id, option, built_in in [("nationen", "cards", "nationen/data/cards.toml"),
                                      ("nationen", "board", "nationen/data/board.toml"),
                                      ("wsdv-2p2", "expansion", "wsdv/two_plus_two/data/expansion.toml")]:
        result = runner.invoke(app, ["content", "validate", str(DATA / built_in), "--game", game_id])
        assert result.exit_code == 0 and f"(-o {option})" in result.stdout, result.output


#: per file option: changes that break a built-in file in several entries, and the problems
#: they make (each naming its entry and field), all reported by one run
BROKEN_TWICE = [
    ("nuclear-war", "content", "nuclear_war/data/cards.toml",
     [('kind = "warhead"', 'kind = "warheads"'), ("megatons = 20", 'megatons = "twenty"'),
      ("payload = 10", 'payload = 10\nstops = ["50mt"]')],
     ["entry cards '10mt': field 'kind'", "entry cards '20mt': field 'megatons'",
      "entry cards 'polaris': field 'stops': '50mt' is not a carrier"]),
    ("wsdv", "content", "wsdv/data/cards.toml", [("decade = 1", "decade = 7"), ("decade = 2", "decade = 9")],
     ["entry cards '1': field 'decade'", "entry cards '21': field 'decade'"]),
    ("nationen", "board", "nationen/data/board.toml",
     [("agent_steps = 4", "agent_steps = 0"), ("derricks = 4", 'derricks = "x"')],
     ["entry (top level): field 'components.agent_steps'", "entry states 'harun': field 'derricks'"]),
    ("e1815", "map_file", "e1815/data/map_1815.toml",
     [('adjacent = ["schottland", "england"]', 'adjacent = ["schottland", "atlantis"]'),
      ('adjacent = ["england", "norwegen"]', 'adjacent = ["england", "lemuria"]')],
     ["entry lands 'irland': field 'adjacent': 'atlantis'", "entry lands 'schottland': field 'adjacent': 'lemuria'"]),
]


@pytest.mark.parametrize("game_id, option, built_in, changes, problems", BROKEN_TWICE,
                         ids=[g for g, *_ in BROKEN_TWICE])
def test_content_validate_reports_every_problem_of_a_file_in_one_run(tmp_path, game_id, option, built_in, changes,
                                                                     problems):
    text = (DATA / built_in).read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["content", "validate", str(bad), "--game", game_id, "--option", option])
    assert result.exit_code == 1, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == (f"{len(lines) - 1} problems." if len(lines) > 2 else "1 problem.")
    for problem in problems:
        assert sum(line.startswith(f"{bad}: {problem}") for line in lines) == 1, (problem, lines)


@pytest.mark.parametrize("game_id, option, built_in", [(g, o, b) for g, o, b, *_ in FILE_OPTIONS],
                         ids=[f"{g}-{o}" for g, o, *_ in FILE_OPTIONS])
def test_the_games_own_data_files_are_known_without_game(game_id, option, built_in):
    result = runner.invoke(app, ["content", "validate", str(DATA / built_in)])
    assert result.exit_code == 0, result.output
    assert f"a good {get(game_id).title} content file (-o {option})" in result.stdout


def test_a_file_good_for_no_game_still_asks_for_one():
    result = runner.invoke(app, ["content", "validate", str(DATA / "nuclear_war/data/fallout.toml")])
    assert result.exit_code == 2 and "names no game (a top-level `game` key); use --game" in result.stderr
