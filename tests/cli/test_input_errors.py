"""Every input error of the ``realpolitik`` command is one ``error:`` line on stderr and a
non-zero exit, never a traceback: each bad command line a new user might type, run as typed."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.testing.load import allowance

runner = CliRunner()
REALPOLITIK = Path(sys.executable).parent / "realpolitik"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Files a user might hand the command by mistake, by name; and a good record."""
    tmp = tmp_path_factory.mktemp("inputs")
    good = tmp / "good.json"
    assert runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "3", "--quiet",
                               "--save", str(good)]).exit_code == 0
    record = json.loads(good.read_text())
    paths = {"tmp": tmp, "good": good, "missing": tmp / "missing.json", "dir": tmp / "a-directory"}
    paths["dir"].mkdir()
    texts = {
        "list": "[1, 2]", "object": '{"x": 1}', "broken": '{"game": ', "deep": "[" * 100_000 + "]" * 100_000,
        "hugenumber": "1" * 5000, "toml": "[[cards]]\nkey = 1\n", "notoml": "cards = [",
    }
    for name, text in texts.items():
        paths[name] = tmp / f"{name}.txt"
        paths[name].write_text(text)
    paths["binary"] = tmp / "binary.json"
    paths["binary"].write_bytes(b"\xff\xfe\x00garbage")
    changes = {
        "seedtext": {"seed": "nine"}, "seedbool": {"seed": True}, "actionnumbers": {"actions": [1, 2]},
        "unknowngame": {"game": "chess"}, "badoption": {"options": {"refill": "sometimes"}},
        "noseats": {"seats": []}, "seatsobject": {"seats": {"p1": "random"}}, "result": {"result": [1]},
        "actionsmissing": {"actions": None}, "illegal": {"actions": ["launch everything"]},
    }
    for name, change in changes.items():
        changed = {**record, **change}
        changed = {k: v for k, v in changed.items() if v is not None}
        paths[name] = tmp / f"{name}.json"
        paths[name].write_text(json.dumps(changed))
    return paths


def _fill(args, files):
    return [a.format(**files) for a in args]


def assert_one_error_line(result, expected):
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # not a crash
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert expected in lines[0]


BAD = [
    # the command line itself
    (["nosuch"], "No such command: 'nosuch'"),
    (["play"], "'GAME' is missing."),
    (["play", "nuclear-war", "--bogus"], "No such option: --bogus"),
    (["play", "nuclear-war", "--seed", "abc"], "'--seed'"),
    (["options"], "'GAME' is missing."),
    # unknown games
    (["play", "chess"], "unknown game 'chess'"),
    (["options", "chess"], "unknown game 'chess'"),
    (["arena", "chess", "--seats", "random,random"], "unknown game 'chess'"),
    # seats
    (["play", "nuclear-war", "--seats", ","], "--seats ',' lists no seat"),
    (["play", "nuclear-war", "--seats", ""], "lists no seat"),
    (["play", "nuclear-war", "--seats", "random"], "Nuclear War takes 2–6 players; --seats lists 1"),
    (["play", "nuclear-war", "--seats", ",".join(["random"] * 7)], "takes 2–6 players; --seats lists 7"),
    (["play", "wsdv", "--seats", "random,random,random"], "takes 2 players"),
    (["play", "nuclear-war", "--seats", "human,wizard"], "unknown seat 'wizard': use human or one of random"),
    (["play", "nuclear-war", "--seats", "random,ismcts:foo=1"],
     "bot 'ismcts:foo=1': unknown parameter 'foo' (ismcts takes: budget, time_limit,"),
    (["play", "nuclear-war", "--seats", "random,random:depth=3"], "random takes no parameters"),
    (["play", "wsdv", "--seats", "random,heuristic:x=1"], "heuristic takes no parameters"),
    (["play", "nuclear-war", "--seats", "random,heuristic:x=1"], "unknown parameter 'x' (heuristic takes: style)"),
    (["play", "nuclear-war", "--seats", "random,heuristic:style=blunt"], "style 'blunt' is not one of plain, sharp"),
    (["arena", "nuclear-war", "--seats", "random,ismcts:rollout=clever"],
     "rollout 'clever' is not one of auto, random, heuristic, game, sharp for nuclear-war"),
    (["play", "nuclear-war", "--seats", "random,ismcts:budget=abc"], "budget must be a whole number"),
    (["play", "nuclear-war", "--seats", "random,ismcts:budget=-5"], "budget must be a whole number"),
    (["play", "nuclear-war", "--seats", "random,ismcts:budget"], "must look like name=value"),
    (["arena", "nuclear-war", "--seats", "random,ismcts:foo=1"], "unknown parameter 'foo' (ismcts takes:"),
    (["arena", "nuclear-war", "--seats", "random,ismcts:time_limit=-1"], "time_limit must be a positive number"),
    (["arena", "nuclear-war", "--seats", "human,random"], "unknown seat 'human': use one of random"),
    (["arena", "nuclear-war", "--seats", ","], "lists no seat"),
    (["arena", "nuclear-war", "--seats", "random"], "takes 2–6 players"),
    # seeds and counts
    (["play", "nuclear-war", "--seats", "random,random", "--seed", "-1"], "--seed must be a whole number from 0"),
    (["play", "nuclear-war", "--seats", "random,random", "--seed", "9" * 30], "--seed must be a whole number"),
    (["arena", "nuclear-war", "--seats", "random,random", "--seed", "-1"], "--seed must be a whole number"),
    (["arena", "nuclear-war", "--seats", "random,random", "--games", "0"], "--games must be a whole number from 1"),
    (["arena", "nuclear-war", "--seats", "random,random", "--games", "-3"], "--games must be"),
    (["arena", "nuclear-war", "--seats", "random,random", "--workers", "0"], "--workers must be"),
    # options
    (["play", "e1815", "--seats", "random,random", "-o", "max_years=-5"],
     "option 'max_years': '-5' is not a whole number from 0 to 100"),
    (["play", "nationen", "--seats", "random,random", "-o", "round_limit=10^400"],
     "option 'round_limit': '10^400' is not a whole number from 0 to 1000"),
    (["play", "nationen", "--seats", "random,random", "-o", "round_limit=" + "9" * 400], "is not a whole number"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "refill=x"],
     "option 'refill': 'x' is not one of draw-to-ten, draw-one"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "nosuch=1"],
     "nuclear-war: unknown option 'nosuch' (options: first_player, refill"),
    (["play", "nuclear-war", "-o", "novalue"], "--option 'novalue' must look like name=value"),
    (["play", "nuclear-war", "-o", "=5"], "must look like name=value"),
    (["play", "nationen", "--seats", "random,random", "-o", "bank_limit=perhaps"], "is not true or false"),
    (["arena", "nuclear-war", "--seats", "random,random", "-o", "refill=x"], "is not one of draw-to-ten"),
    (["arena", "nuclear-war", "--seats", "random,random", "-o", "novalue"], "must look like name=value"),
    # content files given as options
    (["play", "nuclear-war", "--seats", "random,random", "-o", "content={missing}"], "cannot read"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "content={dir}"], "not a regular file"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "content={binary}"], "not UTF-8 text"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "content={notoml}"], "not valid TOML"),
    (["play", "nuclear-war", "--seats", "random,random", "-o", "content={toml}"], "entry cards[0]: field 'key'"),
    (["play", "wsdv-2p2", "--seats", "random,random,random,random", "-o", "expansion={toml}"], "more;"),
    (["arena", "nationen", "--seats", "random,random", "-o", "board={missing}"], "cannot read"),
    # --save and --quiet
    (["play", "nuclear-war", "--seats", "random,random", "--save", "{tmp}/no/such/dir/g.json"],
     "the directory {tmp}/no/such/dir does not exist"),
    (["play", "nuclear-war", "--seats", "random,random", "--save", "{dir}"], "that is a directory"),
    (["play", "nuclear-war", "--seats", "random,random", "--save", "{good}/g.json"], "does not exist"),
    (["play", "nuclear-war", "--seats", "human,random", "--quiet"], "--quiet is for games of bots only"),
    # records
    (["replay", "{missing}"], "missing.json: cannot read (No such file or directory)"),
    (["replay", "{dir}"], "a-directory: a directory, not a record file"),
    (["replay", "{binary}"], "binary.json: not a game record (not UTF-8 text)"),
    (["replay", "{broken}"], "broken.txt: not JSON"),
    (["replay", "{hugenumber}"], "hugenumber.txt: not JSON"),
    (["replay", "{deep}"], "deep.txt: not a game record (its JSON is nested too deeply)"),
    (["replay", "{list}"], "list.txt: not a realpolitik record (a JSON object whose field 'format'"),
    (["replay", "{object}"], "object.txt: not a realpolitik record"),
    (["replay", "{seedtext}"], "seedtext.json: not a game record: field 'seed' must be a whole number, not a text"),
    (["replay", "{seedbool}"], "field 'seed' must be a whole number, not true or false"),
    (["replay", "{actionnumbers}"], "field 'actions' must be a list of action texts, not a list holding a number"),
    (["replay", "{actionsmissing}"], "field 'actions' is missing"),
    (["replay", "{seatsobject}"], "field 'seats' must be a list of seat texts, not an object"),
    (["replay", "{result}"], "field 'result' must be null or an object"),
    (["replay", "{unknowngame}"], "unknowngame.json: record of the unknown game 'chess'"),
    (["replay", "{badoption}"], "badoption.json: the recorded game cannot be set up: option 'refill'"),
    (["replay", "{noseats}"], "the recorded game cannot be set up: Nuclear War takes 2–6 players, not 0"),
    (["replay", "{illegal}"], "illegal.json: action 1 'launch everything' does not replay"),
    (["replay", "{good}", "--seat", "p9"], "no seat 'p9' in this game; its seats: Player 1, Player 2"),
    # content validate
    (["content", "validate", "{missing}"], "missing.json: cannot read"),
    (["content", "validate", "{dir}"], "not a regular file"),
    (["content", "validate", "{binary}"], "not UTF-8 text"),
    (["content", "validate", "{list}"], "not valid TOML"),
    (["content", "validate", "{toml}"], "names no game (a top-level `game` key); use --game, one of"),
    (["content", "validate", "{toml}", "--game", "chess"], "unknown game 'chess'"),
    (["content", "validate", "{toml}", "--game", "nationen", "--option", "map"],
     "nationen has no file option 'map'; its file options: board, cards"),
    (["content", "validate", "{toml}", "--game", "nationen"],
     "not a good Das Spiel der Nationen file for any of its file options (board, cards); name one with --option"),
    # serve (every check comes before the server starts)
    (["serve", "--port", "70000"], "--port must be a whole number from 0 to 65535, not 70000"),
    (["serve", "--port", "-1"], "--port must be"),
    (["serve", "--port", "http"], "'--port'"),
    (["serve", "--bot-delay", "-1"], "--bot-delay must be a number of seconds from 0 to 3600, not -1.0"),
    (["serve", "--bot-delay", "nan"], "--bot-delay must be"),
    (["serve", "--bot-think", "-0.5"], "--bot-think must be a number of seconds above 0"),
    (["serve", "--bot-think", "0"], "--bot-think must be"),
    (["serve", "--bot-think", "inf"], "--bot-think must be"),
    (["serve", "--bot-workers", "-1"], "--bot-workers must be a whole number from 0 to 256, not -1"),
    (["serve", "--limit", "open_games"], "--limit 'open_games' must look like name=value"),
    (["serve", "--db", "mysql://ann:secret@localhost/games"], "mysql://ann:***@localhost/games is not a database "
     "realpolitik can use; use a SQLite file (FILE or sqlite:///FILE) or PostgreSQL "
     "(postgresql://USER:PASSWORD@HOST/DATABASE)"),
    (["serve", "--db", "postgresql+asyncpg://ann@localhost/games"], "is not a database realpolitik can use"),
    (["serve", "--db", "postgresql://ann:secret@localhost:port/games"],
     "postgresql://ann:***@localhost:port/games is not a database URL that can be read; use a SQLite file"),
    (["serve", "--host", "nosuchhost.invalid"], "cannot listen on nosuchhost.invalid:8000"),
    (["serve", "--smtp", "mail.example.org:smtp"],
     "--smtp 'mail.example.org:smtp' must be HOST or HOST:PORT (a port from 1 to 65535)"),
    (["serve", "--public-url", "games.example.org"], "--public-url 'games.example.org' must be the address players "
     "reach the server at: http:// or https:// and a host (https://games.example.org)"),
    (["serve", "--metrics-port", "65536"], "--metrics-port must be a whole number from 0 to 65535, not 65536"),
    # admin (its own refusals: tests/cli/test_admin.py, tests/server/test_backup.py)
    (["admin", "games", "--db", "mysql://ann@localhost/games"], "is not a database realpolitik can use"),
    (["admin", "users", "--db", "postgresql://ann@localhost:port/games"], "is not a database URL that can be read"),
    (["admin", "restore", "{list}", "--db", "{tmp}/restored.db"], "is not a backup of realpolitik"),
    (["admin", "restore", "{missing}", "--db", "{tmp}/restored.db"], "there is no backup file"),
    (["admin", "backup", "{tmp}/backup.db", "--db", "{missing}"], "there is no database file"),
]


@pytest.mark.parametrize("args, expected", BAD, ids=[" ".join(args)[:60] for args, _ in BAD])
def test_a_bad_command_line_is_one_error_line(files, args, expected):
    assert_one_error_line(runner.invoke(app, _fill(args, files)), expected.format(**files))


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads and writes every file")
def test_unreadable_and_unwritable_files_are_one_error_line(tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text("{}")
    secret.chmod(0)
    assert_one_error_line(runner.invoke(app, ["replay", str(secret)]), "secret.json")
    assert_one_error_line(runner.invoke(app, ["content", "validate", str(secret)]), "secret.json")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert_one_error_line(runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random",
                                              "--save", str(locked / "g.json")]), "no permission to write")


def test_the_installed_command_prints_one_line_too(files):
    """The same through the real entry point: no Rich traceback, no usage box."""
    for args, expected in [(["play", "nuclear-war", "--seed", "x"], "'--seed'"),
                           (["replay", str(files["list"])], "not a realpolitik record"),
                           (["play", "nuclear-war", "--seats", "random,ismcts:foo=1"], "unknown parameter 'foo'")]:
        done = subprocess.run([str(REALPOLITIK), *args], capture_output=True, text=True, timeout=allowance(60),
                              env={**os.environ, "COLUMNS": "60"})
        assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout
        assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith("error: ") and expected in done.stderr


def test_help_without_arguments_is_still_help():
    result = runner.invoke(app, [])
    assert "Usage" in result.output and "error:" not in result.output


@pytest.mark.parametrize("seats", ["human,random", "human,human"])
def test_ctrl_d_at_a_prompt_stops_the_game_and_keeps_the_record(tmp_path, seats):
    path = tmp_path / "stopped.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", seats, "--seed", "2", "--save", str(path)],
                           input="")
    assert result.exit_code == 0 and "Game stopped." in result.output and result.exception is None
    assert json.loads(path.read_text())["result"] is None


def _command_lines(group, path=()):
    """Every command line whose --help a user may ask for: the groups and each command in them."""
    yield list(path)
    for name, command in getattr(group, "commands", {}).items():
        yield from _command_lines(command, (*path, name))


@pytest.mark.parametrize("path", [" ".join(p) for p in _command_lines(typer.main.get_command(app))])
def test_help_shows_no_value_for_a_flag(path):
    result = runner.invoke(app, [*path.split(), "--help"], terminal_width=200)
    assert result.exit_code == 0 and "--help" in result.stdout, result.output
    assert "<bool>" not in result.stdout and "Show this message and exit." in result.stdout


@pytest.mark.parametrize("seats, n", [("random,,random", 2), ("random,random,", 3), (",random,random", 1)])
def test_an_empty_seat_is_refused_before_the_game(seats, n):
    for command in ("play", "arena"):
        result = runner.invoke(app, [command, "nuclear-war", "--seats", seats, "--seed", "1"])
        assert_one_error_line(result, f"--seats {seats!r}: seat {n} is empty")
        assert "Nuclear War, seed" not in result.stdout


def test_a_save_path_no_one_can_write_is_refused_before_the_game_even_for_root():
    """/sys refuses new files to everybody; root passes every permission check of the path."""
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "1", "--quiet",
                                 "--save", "/sys/realpolitik-game.json"])
    assert_one_error_line(result, "error: --save /sys/realpolitik-game.json: no permission to write it")
    assert "Nuclear War, seed" not in result.stdout


def test_a_save_path_is_tried_by_writing_it(tmp_path):
    too_long = tmp_path / ("g" * 300 + ".json")
    assert_one_error_line(runner.invoke(app, ["play", "nuclear-war", "--save", str(too_long)]),
                          "cannot be written (File name too long)")
    assert list(tmp_path.iterdir()) == []
