"""The terminal in German: every game's board draws its own words in the language asked for
(``--lang``, else LANG), and the command's refusals are German too."""

import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from realpolitik.cli import main
from realpolitik.cli import play as play_module
from realpolitik.cli.boards import board_for
from realpolitik.cli.main import app
from realpolitik.engine import OptionError, Rng
from realpolitik.games import get
from realpolitik.i18n import tn

runner = CliRunner()

#: per game: how far random play goes, German words its board must show, and English words of
#: the same board that must be gone in German (card, land and province names stay as printed)
BOARDS = {
    "nuclear-war": (12, ["Abschreckung", "verdeckte Reihe", "Nachziehstapel", "Deine Hand", "Deine Bevölkerung",
                         "Bevölkerung", "Frieden (Kalter Krieg)"],
                    ["deterrent force", "face-down row", "face up", "draw pile", "Your hand", "Your people", "nation",
                     "people", "cards", "peace", "turn", "bank", "Missile", "Warhead"]),
    "wsdv": (12, ["Dekade", "Massenproteste", "Devisen", "Sozialismus", "Republikflucht", "Bundesrepublik",
                  "DDR", "Unruhe", "Auslage:", "Nachziehstapel", "Deine Hand", "Wert", "Ereignis"],
             ["decade", "Mass protests", "Western currency", "socialism", "flight", "West Germany", "East Germany",
              "province", "unrest", "protests", "economy", "factories", "Display", "Hand cards", "Draw deck",
              "Played this decade", "Your hand", "value", "event", "Socialists", "Police cards", "Wall", "sub-decade",
              "Infrastructure", "build point", "in the supply"]),
    "wsdv-2p2": (30, ["Wettrüsten", "Wettlauf ins All", "Dominanz", "Staatskassen", "Siegpunkte", "Friedenstauben",
                      "Friedensstifter", "Konfliktstapel", "Subdekade", "Sowjetunion", "Massenproteste", "Auslage:"],
                 ["arms race", "space race", "dominance", "Treasuries", "Victory points", "Peace doves",
                  "Peacemakers", "Conflict deck", "Arms-race deck", "sub-decade", "USSR", "turn order", "last",
                  "Mass protests", "Display", "Your hand", "value", "event"]),
    "e1815": (40, ["Jahr", "Hauptstadt", "graue Festung", "Infanterie", "Platz", "Marker", "Länder", "Vorrat I/K/A",
                   "Deine Länder"],
              ["year", "winter", "capital", "grey fortress", "infantry", "cavalry", "seat", "markers",
               "lands", "supply", "Your lands", "turn", "action", "empty neutral land", "stand-in map"]),
    "e1815-2vs2": (40, ["Jahr", "Verbündeter", "Hauptstadt", "Festung", "Vorrat I/K/A"],
                   ["year", "ally", "capital", "fortress", "supply", "seat", "lands", "general"]),
    "nationen": (30, ["Runde", "ist am Zug", "Stapel", "nie gezogen", "Bank:", "Tanker", "Macht", "Geld",
                      "Einkünfte", "Geheimagent", "Vorrat K/P/D/G", "Pipelines:"],
                 ["round", "deck", "never drawn", "bank", "tankers", "pipelines", "power", "money", "income",
                  "agent", "notes", "supply", "oil", "port", "inland", "sea", "invented name"]),
}


def _board(game_id: str, lang: str, steps: int) -> str:
    """The board of a seeded game after some random moves, as the seat to act sees it, in ``lang``."""
    game = get(game_id)
    state = game.new_state(game.default_players(), {}, 5)
    rng = Rng(5)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    console = Console(width=200, record=True, color_system=None)
    console.print(board_for(game_id)(state.view(state.to_act, lang=lang), lang))
    return console.export_text()


def _words(text: str, words: list[str]) -> list[str]:
    """Which of ``words`` stand in ``text`` as words (not inside others), case-sensitive."""
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.mark.parametrize("game_id", BOARDS)
def test_every_games_board_speaks_german(game_id):
    steps, german, english = BOARDS[game_id]
    drawn = _board(game_id, "de", steps)
    drawn = "\n".join(line for line in drawn.splitlines() if not line.startswith("Letzte Zwischenfallkarte:"))
    assert _words(drawn, german) == german, drawn  # the incident card's text stays as printed (stand-in, English)
    assert _words(drawn, english) == [], drawn
    assert _words(_board(game_id, "en", steps), english) == english  # the same board in English has them all


def test_a_game_of_bots_in_german_from_start_to_record(tmp_path):
    path = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "4", "--lang", "de",
                                 "--save", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Nuclear War, Zufallswert 4: Spieler 1 (Bot: Zufallszüge), Spieler 2 (Bot: Zufallszüge)" in out
    assert "Spielende" in out
    # at 80 columns the board's header "verdeckte Reihe" takes two lines
    assert "Abschreckung" in out and "verdeckte" in out and f"Protokoll in {path} gespeichert." in out
    assert not _words(out, ["deterrent force", "face-down row", "draw pile", "seed", "Record saved", "game over"])
    replay = runner.invoke(app, ["replay", str(path), "--lang", "de"])
    assert replay.exit_code == 0 and "Abschreckung" in replay.stdout
    assert "Die Wiederholung von" in replay.stdout and "stimmt mit dem Protokoll überein" in replay.stdout
    assert "deterrent force" not in replay.stdout and "matches the record" not in replay.stdout


GERMAN_ERRORS = [
    (["play", "nuclear-war", "--seed", "-1"], "Fehler: --seed muss eine ganze Zahl von 0 bis 9223372036854775807 "
                                              "sein, nicht -1"),
    (["play", "chess"], "Fehler: unbekanntes Spiel 'chess' (bekannt: "),
    (["play", "nuclear-war", "--seats", ","], "Fehler: --seats ',' nennt keinen Platz"),
    (["play", "nuclear-war", "--seats", "random"], "Fehler: Nuclear War wird mit 2–6 Spielern gespielt; --seats "
                                                   "nennt 1"),
    (["play", "nuclear-war", "--seats", "human,wizard"], "Fehler: unbekannter Platz 'wizard': nimm human oder einen "
                                                         "von random"),
    (["play", "nuclear-war", "--seats", "human,random", "--quiet"], "Fehler: --quiet gilt nur für Partien allein mit "
                                                                    "Bots"),
    (["play", "nuclear-war", "-o", "refill"], "Fehler: --option 'refill' muss die Form name=wert haben"),
    (["play", "nuclear-war", "--save", "{tmp}"], "Fehler: --save {tmp}: das ist ein Verzeichnis"),
    (["replay", "{tmp}/g.json", "--seat", "p9"],
     "Fehler: kein Platz 'p9' in dieser Partie; ihre Plätze: Spieler 1, Spieler 2"),
    # the engine's refusals of options and records
    (["play", "nuclear-war", "-o", "first_player=zz"], "Fehler: Option 'first_player': 'zz' ist nicht eines von "
                                                       "owner, random"),
    (["play", "nuclear-war", "-o", "foo=1"], "Fehler: nuclear-war: unbekannte Option 'foo' (Optionen: "),
    (["replay", "{tmp}"], "Fehler: {tmp}: ein Verzeichnis, keine Protokolldatei"),
    (["replay", "{tmp}/missing.json"], "Fehler: {tmp}/missing.json: kann nicht gelesen werden"),
    # click's usage errors, even before --lang is read
    (["plya"], "Fehler: Kein solcher Befehl: 'plya' (meintest du 'play', 'replay'?) (siehe "),
    (["play"], "Fehler: 'GAME' fehlt. (siehe "),
    (["play", "nuclear-war", "--sead", "3"], "Fehler: Keine solche Option: --sead (mögliche Optionen: --save, "
                                             "--seats, --seed)"),
    (["play", "nuclear-war", "--seed", "x"], "Fehler: Ungültiger Wert für '--seed': keine ganze Zahl."),
    (["play", "nuclear-war", "one", "two"], "Fehler: Unerwartete zusätzliche Wörter: one two"),
]


@pytest.mark.parametrize("args, expected", GERMAN_ERRORS, ids=[" ".join(a)[:40] for a, _ in GERMAN_ERRORS])
def test_a_refusal_speaks_the_language_asked_for(tmp_path, args, expected):
    assert runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--seed", "1", "--quiet",
                               "--save", str(tmp_path / "g.json")]).exit_code == 0
    result = runner.invoke(app, [a.format(tmp=tmp_path) for a in args] + ["--lang", "de"])
    assert result.exit_code == 2 and result.stderr.strip().startswith(expected.format(tmp=tmp_path)), result.stderr


def test_without_lang_refusals_follow_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    seed = runner.invoke(app, ["play", "nuclear-war", "--seed", "-1"])
    assert seed.exit_code == 2 and seed.stderr.startswith("Fehler: --seed muss eine ganze Zahl")
    nameless = tmp_path / "nameless.toml"
    nameless.write_text("[x]\n")
    content = runner.invoke(app, ["content", "validate", str(nameless)])
    assert content.exit_code == 2 and "nennt kein Spiel" in content.stderr
    port = runner.invoke(app, ["serve", "--port", "70000"])
    assert port.stderr.strip() == "Fehler: --port muss eine ganze Zahl von 0 bis 65535 sein, nicht 70000"
    usage = runner.invoke(app, ["play", "nuclear-war", "--bogus"])  # click's refusal in our words
    assert usage.stderr.startswith("Fehler: Keine solche Option: --bogus (siehe ") and "play --help)" in usage.stderr
    english = runner.invoke(app, ["play", "nuclear-war", "--seed", "-1", "--lang", "en"])
    assert english.stderr.startswith("error: --seed must be a whole number")


def test_a_refusal_the_library_words_as_a_message_is_put_into_the_language(monkeypatch):
    def refuse(*args, **kwargs):
        raise OptionError(tn("{n} problem.", "{n} problems.", "n", n=2))

    monkeypatch.setattr(play_module.TerminalGame, "open", refuse)
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--lang", "de"])
    assert result.exit_code == 2 and result.stderr.strip() == "Fehler: 2 Probleme."


def test_a_record_replays_in_either_language(tmp_path):
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "wsdv", "--seats", "random,random", "--seed", "2", "--quiet", "--lang", "de",
                        "--save", str(path)])
    assert json.loads(path.read_text())["game"] == "wsdv"
    german = runner.invoke(app, ["replay", str(path), "--lang", "de"])
    assert german.exit_code == 0 and "Massenproteste" in german.stdout and "Mass protests" not in german.stdout
    english = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert english.exit_code == 0 and "Mass protests" in english.stdout and "Massenproteste" not in english.stdout


def test_the_lists_of_games_and_options_and_the_arena_speak_german(monkeypatch):
    wide = Console(file=io.StringIO(), width=500)
    monkeypatch.setattr(main, "console", wide)
    assert runner.invoke(app, ["games", "--lang", "de"]).exit_code == 0
    assert runner.invoke(app, ["options", "nuclear-war", "--lang", "de"]).exit_code == 0
    out = wide.file.getvalue()
    assert "worum es geht" in out and "Optionen" in out and "Bedeutung" in out and "eines von owner, random" in out
    assert "Der Besitzer des Spiels beginnt" in out and "Eigene Karten aus einer Datei" in out
    assert "path of an own cards file" not in out and "meaning" not in out
    arena = runner.invoke(app, ["arena", "nuclear-war", "--seats", "random,random", "--games", "2", "--lang", "de"],
                          terminal_width=200)
    assert arena.exit_code == 0 and "Partien" in arena.stdout and "Siege" in arena.stdout
    assert "games without a winner" not in arena.stdout


def test_one_game_is_one_game_in_the_arena_s_tables(monkeypatch):
    """Issue 78: a count meets its noun in the form the number asks for — "1 Partie", not "1 Partien"."""
    for lang, one, many in (("de", "1 Partie (", "Partien"), ("en", "1 game (", "games")):
        arena = runner.invoke(app, ["arena", "nuclear-war", "--seats", "random,random", "--games", "1", "--lang", lang],
                              terminal_width=200)
        assert arena.exit_code == 0, arena.stdout
        title = arena.stdout.strip().splitlines()[0]
        assert one in title and many not in title, title
