"""The rules for players (realpolitik/rulebook.py): every example of every game plays as its
file says — the engine and the text cannot disagree —, every example is shown by its game's
rules and every example shown exists, the options section is written from the game's own
options, the opening position is shown once where the text says what is on the table, a
player reads no developer's words (nor a placeholder left unfilled), and the files ship with
the package."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

import realpolitik
from realpolitik import rulebook
from realpolitik.engine.examples import Played
from realpolitik.games import registry
from realpolitik.i18n import LANGUAGES, render

ROOT = Path(__file__).resolve().parent.parent
#: the games whose rules for players are written: every game
WRITTEN = ("nuclear-war", "e1815", "e1815-2vs2", "nationen", "wsdv", "wsdv-2p2")
#: what a developer writes and a player should never read
DEVELOPER = {
    "a source path": r"\bsrc/|\bdocs/|\btests?/|shared/",
    "a Python file": r"\.py\b",
    "a seed": r"(?i)\bseeds?\b",
    "a spec reference": r"(?i)\bspec\b|§",
    "a private name": r"(?<![\w`-])_[a-z]\w*",
    "a call": r"\b\w+\(\)",
    "a placeholder left": r"\{\{|\}\}",
}


def _games_with_examples() -> list[tuple[str, str]]:
    """(game, example) for every example file, once per rules folder."""
    seen, out = set(), []
    for game in registry():
        base = str(rulebook.folder(game))
        if base in seen:
            continue
        seen.add(base)
        out += [(game.id, name) for name in rulebook.example_names(game)]
    return out


EXAMPLES = _games_with_examples()


def _filled(game, lang: str) -> str:
    """A game's rules text as a player reads it: the options written in, examples by their captions,
    the opening position (a picture) left out."""
    found = rulebook.parts(game, lang)
    return "\n".join(part.example.caption[lang] if isinstance(part, Played) else part for part in found.parts
                     if not isinstance(part, rulebook.Opening))


def test_the_games_with_rules_for_players_are_listed():
    assert sorted(game.id for game in registry() if rulebook.languages(game)) == sorted(WRITTEN)


@pytest.mark.parametrize(("game_id", "name"), EXAMPLES, ids=[f"{g}:{n}" for g, n in EXAMPLES])
def test_every_example_plays_as_its_file_says(game_id, name):
    played = rulebook.played(registry().get(game_id), name)
    assert played.problems == []
    assert played.position is not None and played.result is not None
    assert played.example.then, "an example says what comes of its moves"


@pytest.mark.parametrize("game_id", WRITTEN)
def test_every_example_is_shown_once_and_every_example_shown_exists(game_id):
    game = registry().get(game_id)
    # a package with several games (1815 and 1815 2vs2) keeps their examples in one folder: each file names its game
    files = {name for name in rulebook.example_names(game) if rulebook.example(game, name).game == game_id}
    assert files, "the rules of a game show examples"
    for lang in LANGUAGES:
        shown = rulebook.references(rulebook.source(game, lang))
        assert sorted(shown) == sorted(files), lang
        for name in shown:
            assert rulebook.example(game, name).game == game_id


@pytest.mark.parametrize("game_id", WRITTEN)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_player_reads_no_developer_words(game_id, lang):
    text = _filled(registry().get(game_id), lang)
    found = {what: re.findall(pattern, text) for what, pattern in DEVELOPER.items()}
    assert not any(found.values()), {what: hits for what, hits in found.items() if hits}


@pytest.mark.parametrize("game_id", WRITTEN)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_options_are_written_from_the_game_s_own_options(game_id, lang):
    game = registry().get(game_id)
    assert rulebook.OPTIONS.search(rulebook.source(game, lang)), "the rules text has a place for the options"
    text = rulebook.options_text(game, lang)
    for option in game.options:
        assert f"`-o {option.name}=" in text
        assert option.label is not None and f"**{render(option.label, lang)}**" in text
        for value, label in zip(option.choices, option.choice_labels):
            assert str(value) in text and render(label, lang) in text
    assert len(text.splitlines()) == len(game.options)


@pytest.mark.parametrize("game_id", WRITTEN)
def test_the_text_is_cut_at_its_examples_in_their_order(game_id):
    game = registry().get(game_id)
    for lang in LANGUAGES:
        found = rulebook.parts(game, lang)
        played = [part.example.name for part in found.parts if isinstance(part, Played)]
        assert played == rulebook.references(rulebook.source(game, lang))
        assert isinstance(found.parts[0], str) and found.parts[0].startswith("# ")


#: the heading of the part of a rules text that says what is on the table
TABLE = {"en": "## What is on the table", "de": "## Was auf dem Tisch liegt"}


@pytest.mark.parametrize("game_id", WRITTEN)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_opening_position_is_shown_where_the_text_says_what_is_on_the_table(game_id, lang):
    game = registry().get(game_id)
    text = rulebook.source(game, lang)
    assert len(rulebook.BOARD.findall(text)) == 1, "one {{board}} line"
    section = text.split(TABLE[lang] + "\n", 1)[1].split("\n## ", 1)[0]
    assert rulebook.BOARD.search(section), "the {{board}} line is in the part about what is on the table"
    found = [part for part in rulebook.parts(game, lang).parts if isinstance(part, rulebook.Opening)]
    assert len(found) == 1 and found[0].game == game_id
    view, new = found[0].view(lang), game.new_state(game.default_players(), {}, 0)
    assert view == new.view(0, log_from=None, lang=lang) and view["ply"] == 0
    assert found[0].seat == view["seat"] == new.seats[0] and "log" not in view
    assert not any(rulebook.BOARD.search(part) for part in rulebook.parts(game, lang).parts if isinstance(part, str))


def test_the_rules_ship_with_the_package():
    """The rules folders are package data: found through importlib.resources inside the package, and
    every file of them matches a pattern of pyproject's package-data, so a wheel carries them."""
    package = Path(realpolitik.__file__).resolve().parent
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["*"]
    for game_id in WRITTEN:
        game = registry().get(game_id)
        base = Path(str(rulebook.folder(game)))
        assert base.is_dir() and package in base.parents
        files = [path for path in base.rglob("*") if path.is_file()]
        assert {f"{lang}.md" for lang in LANGUAGES} <= {path.name for path in files}
        for path in files:
            inside = path.relative_to(base.parent).as_posix()
            assert any(fnmatch.fnmatch(inside, pattern) for pattern in patterns), inside
