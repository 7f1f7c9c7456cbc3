"""``realpolitik review``: the page and the JSON of a finished game's record, refusals of what
cannot be reviewed, and Ctrl-C, which writes the actions reviewed so far."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from realpolitik.analysis import review as core
from realpolitik.bots.evaluate import BUDGET
from realpolitik.cli import review as reviewing
from realpolitik.cli.main import app
from realpolitik.engine import Record, Rng
from realpolitik.games import get


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    state, rng = get("nuclear-war").new_state(2, {}, 3), Rng(3)
    record = Record.start(state, 3, ["random", "random"])
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    record.finish(state)
    path = tmp_path_factory.mktemp("records") / "game.json"
    record.save(path)
    return path, record


def test_the_page_and_the_json_of_every_action(record_file, tmp_path):
    path, record = record_file
    page, numbers = tmp_path / "review.html", tmp_path / "review.json"
    result = CliRunner().invoke(app, ["review", str(path), "--budget", "150", "--seat", "p2", "--out", str(page),
                                      "--json", str(numbers), "--lang", "de"])
    assert result.exit_code == 0, result.output
    data = json.loads(numbers.read_text(encoding="utf-8"))
    assert len(data["plies"]) == len(record.actions) and data["complete"]
    assert data["viewpoint"] == "p2" and {p["from"] for p in data["plies"]} == {"p2"}
    assert {tp["seat"] for tp in data["turning_points"]} <= {"p2"}  # only the viewpoint's own moves are judged
    assert "Partieanalyse" in page.read_text(encoding="utf-8")


def test_ctrl_c_writes_the_actions_reviewed_so_far(record_file, tmp_path, monkeypatch):
    path, record = record_file
    real, calls = core.hindsight, []

    def interrupted(*args):
        if len(calls) == 5:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*args)
    monkeypatch.setattr(core, "hindsight", interrupted)
    page, numbers = tmp_path / "review.html", tmp_path / "review.json"
    result = CliRunner().invoke(app, ["review", str(path), "--budget", "100", "--out", str(page),
                                      "--json", str(numbers)])
    assert result.exit_code == 130
    assert "stopped by Ctrl-C: 5 of" in result.output
    data = json.loads(numbers.read_text(encoding="utf-8"))
    assert not data["complete"] and data["actions"] == len(record.actions)
    assert [p["action"] for p in data["plies"]] == record.actions[:5]
    assert "Stopped early: 5 of" in page.read_text(encoding="utf-8")


def test_ctrl_c_in_the_second_pass_writes_the_first_pass_s_turning_points(record_file, tmp_path, monkeypatch):
    """Every action reviewed, Ctrl-C while the turning points are judged again: the whole review
    is written with the first pass's turning points, and the exit status says it stopped."""
    path, record = record_file
    real, calls = core.verdict, []

    def interrupted(*args):
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*args)
    monkeypatch.setattr(core, "verdict", interrupted)
    numbers = tmp_path / "review.json"
    result = CliRunner().invoke(app, ["review", str(path), "--budget", "1000", "--json", str(numbers)])
    assert result.exit_code == 130 and len(calls) == 2
    assert f"stopped by Ctrl-C: {len(record.actions)} of {len(record.actions)}" in result.output
    data = json.loads(numbers.read_text(encoding="utf-8"))
    assert data["complete"] and len(data["plies"]) == len(record.actions)
    assert "loss_interval" in data["turning_points"][0]


def test_the_budget_is_the_game_s_declared_one_unless_given(record_file, tmp_path):
    """``--budget`` left out: the game's (Nationen and Nuclear War declare larger ones than the
    standard); given: as given."""
    game = get("nationen")
    state, rng = game.new_state(3, dict(game.conformance_options), 4), Rng(4)
    record = Record.start(state, 4, ["random"] * 3)
    while not state.is_over():
        record.actions.append(rng.choice(state.legal_actions()))
        state.apply(record.actions[-1])
    record.finish(state)
    path = tmp_path / "nationen.json"
    record.save(path)
    assert reviewing.settings(path, None, None, None, "en") == (record, None, game.review_budget)
    assert reviewing.settings(path, "p2", 500, None, "en") == (record, 1, 500)
    nuclear_war, _ = record_file
    assert reviewing.settings(nuclear_war, None, None, None, "en")[2] == get("nuclear-war").review_budget > BUDGET


@pytest.mark.parametrize("args, said", [
    (["--budget", "0"], "--budget must be a whole number"),
    (["--seat", "p9"], "no seat 'p9'"),
    (["--spec", "heuristic"], "an estimate needs an ismcts spec"),
    (["--spec", "ismcts:depth=x"], "--spec"),
])
def test_bad_settings_are_refused_before_any_search(record_file, tmp_path, args, said):
    path, _ = record_file
    result = CliRunner().invoke(app, ["review", str(path), "--json", str(tmp_path / "r.json"), *args])
    assert result.exit_code == 2 and said in result.output
    assert not (tmp_path / "r.json").exists() or not (tmp_path / "r.json").read_text()


def test_an_unfinished_game_and_a_missing_target_are_refused(record_file, tmp_path):
    path, record = record_file
    unfinished = tmp_path / "unfinished.json"
    Record(record.game, record.rules_version, record.options, record.seed, record.seats,
           record.actions[:10]).save(unfinished)
    result = CliRunner().invoke(app, ["review", str(unfinished), "--json", str(tmp_path / "r.json")])
    assert result.exit_code == 2 and "a review needs a finished game" in result.output
    result = CliRunner().invoke(app, ["review", str(path)])
    assert result.exit_code == 2 and "--out FILE" in result.output
