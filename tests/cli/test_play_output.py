"""``play``: the save path checked before the game, the game kept when saving fails at the end,
``--quiet``, and the outcome of a game nobody wins."""

import json
import re
import tempfile

import pytest
from typer.testing import CliRunner

from realpolitik.cli import play as play_module
from realpolitik.cli.main import app
from realpolitik.cli.render import outcome_text
from realpolitik.engine import Outcome

runner = CliRunner()
BOTS = ["play", "nuclear-war", "--seats", "random,random", "--seed", "4"]


def test_a_bad_save_path_is_refused_before_the_game_starts(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(play_module.TerminalGame, "play", lambda self: started.append(self))
    result = runner.invoke(app, [*BOTS, "--save", str(tmp_path / "no" / "such" / "g.json")])
    assert result.exit_code == 2 and started == []
    assert result.stderr.strip() == f"error: --save {tmp_path}/no/such/g.json: the directory {tmp_path}/no/such " \
                                    "does not exist"
    assert "Nuclear War, seed" not in result.output  # the game never began


@pytest.fixture
def lost_folder(tmp_path, monkeypatch):
    """A folder for --save that is gone by the time the game is over."""
    folder = tmp_path / "games"
    folder.mkdir()
    played = play_module.TerminalGame.play

    def play_then_lose_the_folder(self):
        played(self)
        folder.rmdir()

    monkeypatch.setattr(play_module.TerminalGame, "play", play_then_lose_the_folder)
    return folder


def test_when_saving_fails_at_the_end_the_record_goes_to_a_spare_file(tmp_path, monkeypatch, lost_folder):
    folder = lost_folder
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = runner.invoke(app, [*BOTS, "--quiet", "--save", str(folder / "g.json")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = result.stderr.strip()
    assert line.startswith(f"error: cannot write the record to {folder}/g.json (No such file or directory); "
                           f"it is saved to {tmp_path}/realpolitik-record-") and "\n" not in line
    spare = line.rsplit(" to ", 1)[1].removesuffix(" instead")
    record = json.loads(open(spare, encoding="utf-8").read())
    assert record["seed"] == 4 and record["result"]["outcome"]["reason"] in result.stdout


def test_when_no_file_can_be_written_the_record_is_printed_on_stderr(tmp_path, monkeypatch, lost_folder):
    folder = lost_folder
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))
    result = runner.invoke(app, [*BOTS, "--quiet", "--save", str(folder / "g.json")])
    assert result.exit_code == 1
    *record, last = result.stderr.strip().splitlines()
    assert last == f"error: cannot write the record to {folder}/g.json (No such file or directory); " \
                   "the record is printed above"
    assert json.loads("\n".join(record))["seed"] == 4


def test_quiet_prints_just_the_game_line_and_the_result(tmp_path):
    path = tmp_path / "g.json"
    loud = runner.invoke(app, [*BOTS, "--save", str(path)])
    quiet = runner.invoke(app, [*BOTS, "--quiet"])
    assert loud.exit_code == quiet.exit_code == 0
    assert "game over" in loud.output and "game over" not in quiet.output
    reason = json.loads(path.read_text())["result"]["outcome"]["reason"]
    lines = [line for line in quiet.stdout.splitlines() if line.strip()]
    assert lines[0] == "Nuclear War, seed 4: Player 1 (bot: random moves), Player 2 (bot: random moves)"
    assert lines[1] == reason
    # no log, no board: the game line, then the result
    assert all(re.match(r"  (\d\. Player \d|- Player \d|No winner)", line) for line in lines[2:]), lines
    assert len(loud.stdout.splitlines()) > 20


def test_without_a_winner_nobody_is_shown_in_first_place():
    outcome = Outcome(places=(2, 1, 2, 4), winners=(), reason="The last nations annihilated each other. "
                      "Nobody wins.").to_dict(("p1", "p2", "p3", "p4"))
    text = outcome_text(outcome).plain
    assert "1." not in text and "No winner; the seats from best to worst:" in text
    assert text.index("- p2") < text.index("- p1, p3 (tied)") < text.index("- p4")
    won = outcome_text(Outcome(places=(2, 1), winners=(1,), reason="p2 rules the world.").to_dict(("p1", "p2")))
    assert "  1. p2\n  2. p1" in won.plain


def test_a_played_game_without_a_winner_reads_truthfully(tmp_path):
    for seed in range(1, 30):  # random bots soon annihilate each other
        path = tmp_path / f"{seed}.json"
        result = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random,random", "--seed", str(seed),
                                     "--quiet", "--save", str(path)])
        if not json.loads(path.read_text())["result"]["outcome"]["winners"]:
            break
    else:
        raise AssertionError("no game without a winner in 29 seeds")
    assert "Nobody wins." in result.stdout and "No winner; the seats from best to worst:" in result.stdout
    assert "1. " not in result.stdout
    replay = runner.invoke(app, ["replay", str(path), "--quiet"])
    assert replay.exit_code == 0 and "No winner" in replay.stdout and "1. " not in replay.stdout
