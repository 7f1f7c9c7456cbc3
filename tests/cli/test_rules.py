"""``realpolitik rules GAME``: a game's rules for players in the terminal, in the language asked
for, each example as its caption, the position as the game's board draws it and the moves in
words, the opening position as the terminal's board of it (no placeholder left); a game
without rules for players yet is refused, and an unknown game too."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from realpolitik import rulebook
from realpolitik.cli import main
from realpolitik.cli.main import app
from realpolitik.games import get

runner = CliRunner()


def _printed(args: list[str]) -> tuple[int, str]:
    wide = Console(file=io.StringIO(), width=160, color_system=None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(main, "console", wide)
        result = runner.invoke(app, args)
    return result.exit_code, wide.file.getvalue() + result.output


def test_the_rules_print_in_german_with_their_examples():
    code, out = _printed(["rules", "nuclear-war", "--lang", "de"])
    assert code == 0
    game = get("nuclear-war")
    for words in ("Vorbereitung", "Finaler Gegenschlag", "Abschreckungskräfte", "Kriegszustand", "Sieg",
                  "Wer beginnt", "Zur Wahl:", "Im Terminal:", "-o refill=draw-to-ten|draw-one"):
        assert words in out, words
    examples = rulebook.references(rulebook.source(game, "de"))
    assert out.count("Beispiel ─") == len(examples)
    assert out.count("Die Züge:") == len(examples) and "Aus der Sicht von Spieler 1." in out
    assert "1. Spieler 1: 10-Megatonnen-Sprengkopf verdeckt ablegen" in out  # a move in words
    assert "Deine Hand:" in out and "verdeckte Reihe" in out  # the board of the position
    opening = out.split("Zu Beginn ─", 1)[1].split("Vorbereitung", 1)[0]  # the opening, before the set-up
    assert "Der Tisch zu Beginn einer Partie mit 4 Spielern, wie Spieler 1 ihn sieht." in opening
    assert "Deine Hand:" in opening and "Spieler 4" in opening and out.count("Zu Beginn ─") == 1
    assert "{{" not in out and "}}" not in out
    for english in ("The moves:", "Example", "Final retaliation", "Your hand", "rules text is in English"):
        assert english not in out, english


def test_the_rules_print_in_the_environment_s_language_by_default(monkeypatch):
    code, out = _printed(["rules", "nuclear-war"])
    assert code == 0 and "Final retaliation" in out and "Example ─" in out and "Finaler Gegenschlag" not in out
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out = _printed(["rules", "nuclear-war"])
    assert code == 0 and "Finaler Gegenschlag" in out


def test_a_game_without_rules_for_players_and_an_unknown_game_are_refused(monkeypatch):
    monkeypatch.setattr(rulebook, "languages", lambda game: ())
    code, out = _printed(["rules", "nuclear-war", "--lang", "de"])
    assert code == 1 and "Für dieses Spiel gibt es keine Regeln." in out
    code, out = _printed(["rules", "chess"])
    assert code == 2 and "unknown game 'chess'" in out
