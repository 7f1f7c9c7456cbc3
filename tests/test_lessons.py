"""The first games with a guide (engine/lessons.py): every title has one, its script plays
through the engine as written, every step of the learner has the guide's words in every
language, and a broken script is reported step by step."""

from __future__ import annotations

import pytest

from realpolitik import rulebook
from realpolitik.bots.levels import levels
from realpolitik.engine.errors import ContentError
from realpolitik.engine.lessons import check, parse
from realpolitik.games import get, registry
from realpolitik.i18n import LANGUAGES

TITLES = [game.id for game in registry()]

HEAD = """
game = "nuclear-war"
players = 3
seed = 11
seat = "p1"
title = { en = "Learn", de = "Lernen" }
intro = { en = "Hello", de = "Hallo" }
outro = { en = "Go on", de = "Weiter" }
"""


@pytest.mark.parametrize("game_id", TITLES)
def test_every_title_has_a_first_game_whose_script_the_engine_plays(game_id):
    game = get(game_id)
    lesson = rulebook.lesson(game)
    assert lesson is not None, f"{game_id} has no first game with a guide ({rulebook.lesson_file(game)})"
    assert check(lesson, game) == []
    learner = [step for i, step in enumerate(lesson.step) if lesson.learner(i)]
    assert len(learner) >= 4, "a guide worth the name shows several moves"
    for step in learner:
        assert all(step.text[lang].strip() for lang in LANGUAGES)
    assert lesson.bots in {level.name for level in levels(game_id)} | set(game.bots), lesson.bots


def test_a_script_is_checked_move_by_move():
    game = get("nuclear-war")
    good = parse("nuclear-war", HEAD + """
[[step]]
do = "target p2"
text = { en = "Name your enemy.", de = "Nenne deinen Feind." }
""")
    assert check(good, game) == []
    assert good.guides(0) and not good.guides(1) and good.learner(0)

    wrong_seat = parse("nuclear-war", HEAD + '[[step]]\nseat = "p2"\ndo = "target p1"\n')
    assert check(wrong_seat, game) == ["nuclear-war: step 1 ('target p1'): p2 moves here, but the rules have p1 to act"]
    refused = parse("nuclear-war", HEAD + '[[step]]\ndo = "target p9"\ntext = { en = "x", de = "y" }\n')
    [problem] = check(refused, game)
    assert problem.startswith("nuclear-war: step 1 ('target p9') is refused:")
    silent = parse("nuclear-war", HEAD + '[[step]]\ndo = "target p2"\n')
    assert check(silent, game) == ["nuclear-war: step 1 ('target p2'): the learner's step has no words"]
    other = get("wsdv")
    assert check(good, other) == ["nuclear-war: the lesson is of 'nuclear-war', not 'wsdv'"]


def test_a_lesson_file_names_what_is_wrong():
    with pytest.raises(ContentError) as caught:
        parse("nuclear-war", HEAD.replace('de = "Hallo"', 'fr = "Salut"') + '[[step]]\ndo = "target p2"\n'
              'text = { en = "x" }\n', "learn/nuclear-war.toml")
    said = str(caught.value)
    assert "learn/nuclear-war.toml: intro:" in said and "lacks de" in said
    assert "learn/nuclear-war.toml: step.0:" in said
    with pytest.raises(ContentError, match="not valid TOML"):
        parse("nuclear-war", "game = ")
