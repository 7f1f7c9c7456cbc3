"""The examples of the rules texts (engine/examples.py): a file is read with every problem named,
played through the contract, and each check on the views holds or is a problem that says what
the engine did and what the file says — so a rules text and the engine cannot drift apart."""

from __future__ import annotations

import pytest

from realpolitik.engine import ContentError
from realpolitik.engine.examples import parse, run, shown
from realpolitik.testing.toy import HighCard

GAME = HighCard()

#: seed 7 deals p1 the 4 and p2 the 5: p1 calls and loses
CALL = """
game = "high-card"
players = 2
seed = 7
seat = "p1"
play = ["call"]

[caption]
en = "Player 1 calls with a 4 and loses to the 5."
de = "Spieler 1 hält mit einer 4 und verliert gegen die 5."

[[given]]
at = "private.card"
equals = 4

[[given]]
at = "pending.actions"
contains = "fold"

[[then]]
at = "log"
says = "p1 shows 4, p2 shows 5."

[[then]]
seat = "spectator"
at = "public.shown"
equals = [4, 5]

[[then]]
seat = "p2"
at = "outcome.winners"
equals = ["p2"]

[[then]]
at = "outcome.places.p1"
equals = 2

[[then]]
at = "pending"
empty = true

[[then]]
at = "public.choice"
lacks = "fold"
"""


def test_an_example_whose_checks_hold_has_no_problems_and_shows_its_position():
    played = run(parse("call", CALL), GAME)
    assert played.problems == []
    assert [(m.seat, m.action) for m in played.moves] == [("p1", "call")]
    data = shown(played, "de")
    assert data["caption"] == "Spieler 1 hält mit einer 4 und verliert gegen die 5."
    assert data["position"]["seat"] == "p1" and data["position"]["private"] == {"card": 4}
    assert data["position"]["pending"]["actions"] == ["call", "fold"] and "log" not in data["position"]
    assert data["moves"] == [{"seat": "p1", "action": "call", "verb": "call", "args": [], "label": "call"}]
    assert data["log"] == ["p1 calls.", "p1 shows 4, p2 shows 5."]
    assert data["result"]["outcome"]["winners"] == ["p2"]


@pytest.mark.parametrize(("change", "problem"), [
    (("equals = [4, 5]", "equals = [5, 4]"), "call: after the moves, public.shown in spectator's view (en) is [4, 5]; "
                                             "the example says it equals [5, 4]"),
    (('says = "p1 shows 4', 'says = "p1 shows 5'), "log in p1's view (en) is ['p1 calls.', 'p1 shows 4, p2 shows 5.']"),
    (('at = "private.card"\nequals = 4', 'at = "private.card"\nequals = 9'), "call: in the position, private.card"),
    (('at = "outcome.places.p1"', 'at = "outcome.places.p3"'), "outcome.places.p3 in p1's view (en) does not exist"),
    (('play = ["call"]', 'play = ["raise"]'), "call: play move 1 ('raise') by p1 is refused"),
    (('play = ["call"]', 'lead = ["call"]\nplay = ["fold"]'), "call: play move 1 ('fold'): the game is already over"),
    (('seat = "p2"\nat', 'seat = "p7"\nat'), "a check reads the view of 'p7', not a seat of this game"),
    (("empty = true", "empty = false"), "pending in p1's view (en) does not exist"),
])
def test_every_disagreement_is_a_problem_that_names_it(change, problem):
    old, new = change
    assert old in CALL
    played = run(parse("call", CALL.replace(old, new, 1)), GAME)
    assert any(problem in found for found in played.problems), played.problems


def test_a_file_that_is_no_example_names_every_problem():
    with pytest.raises(ContentError) as refused:
        parse("bad", 'game = "high-card"\nplayers = "two"\nplay = []\n[caption]\nen = "x"\n[[then]]\nat = "log"\n'
                     'says = "a"\nequals = 1\n', "rules/examples/bad.toml")
    problems = str(refused.value).splitlines()
    assert all(line.startswith("rules/examples/bad.toml: ") for line in problems)
    said = "\n".join(problems)
    for part in ("players", "seed", "seat", "play", "the caption lacks de", "exactly one of"):
        assert part in said, said
    with pytest.raises(ContentError, match="not valid TOML"):
        parse("broken", "game = ")


def test_an_example_of_another_game_or_with_a_bad_option_is_not_played():
    assert run(parse("call", CALL.replace('"high-card"', '"chess"')), GAME).problems == [
        "call: the example is of 'chess', not 'high-card'"]
    played = run(parse("call", CALL.replace("seed = 7", "seed = 7\noptions = { speed = 3 }")), GAME)
    assert played.position is None and "no game to play" in played.problems[0]
