"""``play`` as players meet it at the terminal: every log line up to the end, numbers that keep
their choice for the whole decision, a choice taken by the start of its words in either
language, long boards folded, a warning answered, and everybody named as players know them."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.games import get

runner = CliRunner()
#: a player who takes any choice: the numbers one after the other, each followed by a yes to a warning
ANY_CHOICE = "".join(f"{n}\ny\n" for n in range(1, 61))
#: a terminal of 80 columns and so many lines
SCREEN = {"COLUMNS": "80", "LINES": "25"}


def _flat(text: str) -> str:
    """Text with every run of white space one space (the terminal wraps long lines)."""
    return " ".join(text.split())


def _menu(output: str, prompt: str, ask: str = "Player 1> ") -> dict[str, int]:
    """The numbered choices printed after ``prompt`` in ``output``, up to the next ``ask``: words -> number."""
    shown = output[output.index(prompt):]
    shown = shown[:shown.index(ask)]
    return {words: int(n) for n, words in re.findall(r"^ +(\d+)  (\S.*?)(?:  \(.*\))?\s*$", shown, re.M)}


def _played_by(path, seat: int) -> list[str]:
    """The actions of one seat in the record at ``path``."""
    record = json.loads(path.read_text())
    state = get(record["game"]).new_state(len(record["seats"]), record["options"], record["seed"])
    played = []
    for action in record["actions"]:
        if state.to_act == seat:
            played.append(action)
        state.apply(action)
    return played


def test_the_end_of_the_game_shows_every_line_since_the_players_last_decision(tmp_path):
    path = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random,random", "--seed", "2",
                                 "--save", str(path)], input=ANY_CHOICE * 80, env=SCREEN)
    record = json.loads(path.read_text())
    assert result.exit_code == 0 and record["result"] is not None, result.output[-2000:]
    state = get("nuclear-war").new_state(3, record["options"], record["seed"])
    last_decision = 0
    for action in record["actions"]:
        if state.to_act == 0:
            last_decision = state.log.size
        state.apply(action)
    since = state.view(0, log_from=last_decision)["log"]
    assert any(re.match(r"Player [23]'s final retaliation:", line) for line in since)  # a bot's strikes end it
    assert [line for line in since if _flat(line) not in _flat(result.output)] == []
    assert _flat(result.output).index(_flat(since[-1])) < _flat(result.output).index("game over")


def test_a_number_keeps_its_choice_for_the_whole_decision(tmp_path):
    """Placing two face-down cards is one decision: a card keeps its number from the first
    card to the second, whatever was placed first."""
    path = tmp_path / "g.json"
    play = ["play", "nuclear-war", "--seats", "human,heuristic,heuristic", "--seed", "19", "--save", str(path)]
    first = _menu(runner.invoke(app, play, input="quit\n", env=SCREEN).output, "place face-down card 1 of 2")
    atlas, bomb = first["Place Atlas Missile face down"], first["Place 50 Megaton Warhead face down"]
    result = runner.invoke(app, play, input=f"{bomb}\n{atlas}\nquit\n", env=SCREEN)
    second = _menu(result.output, "place face-down card 2 of 2")
    assert second["Place Atlas Missile face down"] == atlas and bomb not in second.values()  # the only 50 MT
    assert set(second.items()) < set(first.items())
    assert _played_by(path, 0)[:2] == ["place 50mt", "place atlas"]


def test_a_choice_is_taken_by_the_start_of_its_words_in_either_language(tmp_path):
    path = tmp_path / "g.json"
    play = ["play", "wsdv", "--seats", "human,heuristic", "--seed", "3", "--lang", "de", "--save", str(path)]
    # "17 demontage" fits each use of the card: the choices are listed, nothing is played
    several = runner.invoke(app, play, input="17 demontage\nquit\n", env=SCREEN)
    assert "'17 demontage' passt zu 4 Wahlmöglichkeiten" in several.output
    assert "17 Demontage der DDR-Industrie nehmen — Wirtschaft aufbauen (3)" in several.output
    assert json.loads(path.read_text())["actions"] == []
    # the German words without their end, in capitals; the English words without their accents
    for typed, action in [("17 DEMONTAGE DER DDR-INDUSTRIE NEHMEN — WIRTSCHAFT", "take 17 build"),
                          ("take 3 wahrungsreform ost — raise", "take 3 ls"),
                          ("19 souv leb", "take 19 ls")]:
        result = runner.invoke(app, play, input=f"{typed}\nquit\n", env=SCREEN)
        assert result.exit_code == 0 and json.loads(path.read_text())["actions"] == [action], typed


def test_a_board_longer_than_the_screen_comes_on_a_question_mark_and_the_choices_are_grouped():
    play = ["play", "wsdv", "--seats", "human,heuristic", "--seed", "3"]
    result = runner.invoke(app, play, input="?\nquit\n", env={"COLUMNS": "80", "LINES": "40"})
    output = result.output
    shown = output[output.index("West to act"):output.index("West> ")]
    assert "type ? to see it" in shown and "West Germany" not in shown
    assert len(shown.splitlines()) <= 40  # the decision fits the screen: 32 choices under 9 cards
    assert "      Take 17 Demontage der DDR-Industrie —" in shown
    assert "West Germany" in output[output.index("West> "):]  # the board, asked for
    # choices of one verb share a heading only where they would not fit the screen one a line
    capitals = runner.invoke(app, ["play", "e1815", "--seed", "3"], input="quit\n",
                             env={"COLUMNS": "80", "LINES": "30"})
    shown = capitals.output[capitals.output.index("Player 1 to act"):capitals.output.index("Player 1> ")]
    assert shown.count("Found the capital in") == 1 and "Wien" in shown and len(shown.splitlines()) <= 30
    small = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--seed", "11"], input="quit\n",
                          env={"COLUMNS": "80", "LINES": "60"})
    assert "Your hand:" in small.output and "type ? to see it" not in small.output  # a board that fits is shown


def test_a_warning_takes_only_yes_or_no_and_no_shows_the_decision_again(tmp_path):
    state = get("wsdv").new_state(2, {}, 0)
    grave = next(choice for choice in state.choices() if choice.grave is not None)
    path = tmp_path / "g.json"
    play = ["play", "wsdv", "--seats", "human,random", "--seed", "0", "--save", str(path)]
    result = runner.invoke(app, play, input=f"{grave.action}\nlog\nyes\nquit\n", env=SCREEN)
    assert "Answer y or n." in result.output and result.output.count("Play it anyway? (y/n)") == 2
    assert json.loads(path.read_text())["actions"] == [grave.action]  # "log" was no answer; "yes" was
    declined = runner.invoke(app, play, input=f"{grave.action}\nn\nquit\n", env=SCREEN)
    after = declined.output.split("Not played.", 1)[1]
    assert "West, take a display card" in _flat(after) and re.search(r"^ +\d+  ", after, re.M)


def test_a_destroyed_nation_reads_none_left(tmp_path):
    """Player 1 is destroyed and strikes back: his board shows his people gone."""
    result = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random,random", "--seed", "0"],
                           input=ANY_CHOICE * 80, env={"COLUMNS": "80", "LINES": "200"})
    assert "Player 1's final retaliation:" in result.output
    assert "Your people: none left" in result.output and "0 M ()" not in result.output


def test_everybody_is_named_as_players_know_them():
    wsdv = runner.invoke(app, ["play", "wsdv", "--seats", "human,heuristic", "--seed", "3", "--lang", "de"],
                         input="quit\n", env=SCREEN)
    out = wsdv.output
    assert out.startswith("Wir sind das Volk!, Zufallswert 3: Bundesrepublik (Mensch), DDR (Bot: Faustregeln)\n")
    assert "\nBundesrepublik, nimm eine Karte" in out and "Bundesrepublik> " in out
    assert not re.search(r"\b(west|east)\b|\(take \d+ \w+\)", out)  # no seat labels, no English action texts
    nuclear = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random,ismcts:budget=50", "--seed", "19"],
                            input="quit\n", env=SCREEN)
    out = nuclear.output
    assert out.startswith("Nuclear War, seed 19: Player 1 (human), Player 2 (bot: random moves), "
                          "Player 3 (bot: thinks ahead (ismcts:budget=50))\n"), out[:300]
    assert "Player 1, choose your strategy" in out and "Player 1> " in out
    assert not re.search(r"\bp[1-3]\b", out)


def test_a_game_with_a_person_gets_a_secret_seed_nobody_is_shown(tmp_path):
    """Issue 76: a seed on the screen is every card of the game to whoever computes it."""
    path = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "nuclear-war", "--seats", "human,random", "--save", str(path)],
                           input="quit\n", env=SCREEN)
    assert played.output.startswith("Nuclear War: Player 1 (human), Player 2 (bot: random moves)\n")
    seed = json.loads(path.read_text())["seed"]
    assert seed >= 2**64 and str(seed) not in played.output  # a key for the keyed generator
    bots = runner.invoke(app, ["play", "nuclear-war", "--seats", "random,random", "--quiet"], env=SCREEN)
    assert re.match(r"Nuclear War, seed \d+: ", bots.output)  # no person to hide from: shown to repeat it
