"""The ``realpolitik`` command: games, play (bots, humans, hot-seat curtain), replay."""

import json
import re

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.games import get
from realpolitik.i18n import render

runner = CliRunner()
#: a player who takes any choice: the numbers one after the other (a number stays with its choice for
#: the whole decision, so a number already played is gone), each followed by a yes to a warning
ANY_CHOICE = "".join(f"{n}\ny\n" for n in range(1, 61))


def test_games_lists_nuclear_war():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "nuclear-war" in result.output and "heuristic" in result.output


def test_bots_only_game_runs_without_input_and_replays(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,heuristic,random", "--seed", "3",
                                 "--save", str(path)])
    assert result.exit_code == 0, result.output
    assert "game over" in result.output and "Record saved" in result.output
    record = json.loads(path.read_text())
    assert record["game"] == "nuclear-war" and record["seats"] == ["random", "heuristic", "random"]
    assert record["result"]["outcome"]["reason"] in result.output
    replay = runner.invoke(app, ["replay", str(path), "--quiet"])
    assert replay.exit_code == 0 and "matches the record" in replay.output
    full = runner.invoke(app, ["replay", str(path), "--seat", "p2"])
    assert full.exit_code == 0 and "You draw" in full.output


def test_replay_detects_a_tampered_record(tmp_path):
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "4", "--save", str(path),
                        "--quiet"])
    record = json.loads(path.read_text())
    record["result"]["digest"] = "f" * 32
    path.write_text(json.dumps(record))
    assert runner.invoke(app, ["replay", str(path), "--quiet"]).exit_code == 1
    record["actions"][5] = "launch everything"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--quiet"])
    assert result.exit_code == 2 and "action 6 'launch everything' does not replay" in result.output


def test_human_plays_by_number_or_text_and_wrong_input_is_explained(tmp_path):
    path = tmp_path / "human.json"
    answers = "nonsense\n" + "place 10mt\n" + ANY_CHOICE * 60
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11",
                                 "--save", str(path)], input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "'nonsense' is not possible now" in result.output
    assert "Player 1 to act" in result.output and "Your hand:" in result.output
    assert "Place 10 Megaton Warhead face down" in result.output and "(place 10mt)" not in result.output  # words only
    record = json.loads(path.read_text())
    assert record["result"]["outcome"]["reason"] in result.output


def test_hot_seat_shows_a_curtain_between_humans():
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,human", "--seed", "2"],
                           input="\n" + ANY_CHOICE * 20)
    assert "Pass the game to Player 2" in result.output and "Pass the game to Player 1" in result.output


def test_quit_stops_and_saves(tmp_path):
    path = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "5",
                                 "--save", str(path)], input="quit\n")
    assert result.exit_code == 0 and "Game stopped" in result.output
    assert json.loads(path.read_text())["result"] is None
    replay = runner.invoke(app, ["replay", str(path), "--quiet"])
    assert replay.exit_code == 0


def test_bad_arguments_are_explained():
    assert "unknown game 'chess'" in runner.invoke(app, ["play", "chess"]).output
    out = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,wizard"])
    assert out.exit_code == 2 and "unknown seat 'wizard'" in out.output
    out = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "-o", "refill=sometimes"])
    assert out.exit_code == 2 and "not one of" in out.output


def test_the_game_speaks_the_language_asked_for_or_the_environments(monkeypatch):
    answers = "fly away\n" + ANY_CHOICE * 60
    german = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11", "--lang", "de"],
                           input=answers)
    assert german.exit_code == 0 and "'fly away' ist jetzt nicht möglich." in german.output
    assert "erlaubt:" not in german.output  # the choices are on the screen, not the action texts
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    by_env = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11"], input=answers)
    assert "ist jetzt nicht möglich" in by_env.output
    english = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11", "--lang", "en"],
                            input=answers)
    assert "'fly away' is not possible now." in english.output and "(legal:" not in english.output
    wrong = runner.invoke(app, ["play", "nuclear-war", "--lang", "fr"])
    assert wrong.exit_code == 2 and "--lang must be one of en, de, not 'fr'" in wrong.stderr


def test_in_german_the_table_speaks_german_and_takes_a_choice_by_its_words(tmp_path):
    first = get("nuclear-war").new_state(2, {}, 11).choices()[-1]
    words = render(first.label, "de")
    path = tmp_path / "german.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11", "--lang", "de",
                                 "--save", str(path)], input=words.upper() + "\n" + ANY_CHOICE * 60)
    assert result.exit_code == 0, result.output[-2000:]
    assert json.loads(path.read_text())["actions"][0] == first.action  # typed in its German words, any case
    assert "Spieler 1 ist am Zug" in result.output and "Spielende" in result.output
    assert "to act" not in result.output and "game over" not in result.output


@pytest.mark.parametrize(("lang", "asked", "yes", "no", "not_played"),
                         [("en", "Play it anyway? (y/n)", "y", "n", "Not played."),
                          ("de", "Trotzdem spielen? (j/n)", "j", "nein", "Nicht gespielt.")])
def test_a_grave_action_is_played_only_after_a_yes(tmp_path, lang, asked, yes, no, not_played):
    state = get("wsdv").new_state(2, {}, 0)  # calming with an East card costs West a build point
    grave = next(choice for choice in state.choices() if choice.grave is not None)
    words = render(grave.label, lang)
    warning = render(grave.grave, lang)
    path = tmp_path / "grave.json"
    play = ["play", "wsdv", "--seats", "human,random", "--seed", "0", "--lang", lang, "--save", str(path)]
    declined = runner.invoke(app, play, input=f"{words}\n{no}\nquit\n")
    assert warning in " ".join(declined.output.split()) and asked in declined.output
    assert json.loads(path.read_text())["actions"] == []  # declined: nothing was played
    after = declined.output.split(not_played, 1)[1]
    assert render(state.describe_pending(0), lang)[:30] in " ".join(after.split())  # the decision is shown again
    accepted = runner.invoke(app, play, input=f"{words}\n{yes}\nquit\n")
    assert accepted.exit_code == 0 and json.loads(path.read_text())["actions"][:1] == [grave.action]
    # no goes back to the choice: an ordinary action is then played without a question; a typed text asks too
    ordinary = next(choice for choice in state.choices() if choice.grave is None)
    back = runner.invoke(app, play, input=f"{grave.action}\n{no}\n{render(ordinary.label, lang)}\nquit\n")
    assert back.exit_code == 0 and back.output.count(asked) == 1
    assert json.loads(path.read_text())["actions"][:1] == [ordinary.action]


def test_the_ladder_shows_a_rating_interval_that_rounds_to_zero_as_zero():
    from rich.console import Console

    from realpolitik.cli.ladder import ratings_table
    from realpolitik.sim.ladder import SPREAD, run_ladder

    ladder = run_ladder("nuclear-war", ["random", "heuristic"], 2, 6, seed=2)
    random = next(entrant for entrant in ladder.ratings if entrant.bot == "random")
    random.mu = SPREAD * random.sigma - 0.02  # the interval's lower end: −0.02
    console = Console(width=200, record=True)
    console.print(ratings_table(ladder, 1.0))
    shown = console.export_text()
    row = next(line for line in shown.splitlines() if " random " in line)
    assert " 0.0 – " in row and "-0.0" not in shown


def test_replay_names_the_seat_by_its_title_and_prints_moves_in_words(tmp_path):
    """Issue 78: ``replay`` printed raw actions (``target p2``) and wanted ``--seat p2``, not
    "Player 2". A seat is named by its label or its title in either language; each move is printed
    in the words of its button — seen from a seat, another seat's move only as having happened."""
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "wsdv", "--seats", "random,random", "--seed", "5", "--save", str(path)])
    actions = json.loads(path.read_text())["actions"]
    whole = runner.invoke(app, ["replay", str(path)])
    assert whole.exit_code == 0, whole.output
    moves = [line.strip() for line in whole.output.splitlines() if line[:4].strip().isdigit()]
    assert len(moves) == len(actions) and moves[0].startswith("1  West: ")
    assert not any(move.split("  ", 1)[1] in {f"West: {a}" for a in actions} | {f"East: {a}" for a in actions}
                   for move in moves if "keep" not in move)
    west, east = (render(get("wsdv").seat_titles(2)[s], "de") for s in (0, 1))
    for name in ("east", "East", east, east.upper(), f" {east.lower()} "):
        seen = runner.invoke(app, ["replay", str(path), "--seat", name, "--lang", "de"])
        assert seen.exit_code == 0, (name, seen.output)
        assert f"   1  {west} hat gehandelt" in seen.output and re.search(rf"^ +\d+  {east}: \S", seen.output, re.M)
    nuclear = tmp_path / "nuclear.json"
    runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "4", "--save", str(nuclear)])
    for name in ("p2", "Player 2", "spieler 2"):
        assert runner.invoke(app, ["replay", str(nuclear), "--seat", name]).exit_code == 0, name
    refused = runner.invoke(app, ["replay", str(nuclear), "--seat", "Player 9"])
    assert refused.exit_code == 2 and "its seats: Player 1, Player 2" in refused.output
