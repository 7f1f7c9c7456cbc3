"""A game's rules for players: its rules text in each language and the examples the engine plays.

The rules live with the game, as package data of the package that defines the game's class::

    games/nuclear_war/rulebook/en.md          the rules in English (Markdown, our own words)
    games/nuclear_war/rulebook/de.md          the same rules in German
    games/nuclear_war/rulebook/examples/*.toml  one example per file (engine/examples.py)
    games/nuclear_war/rulebook/learn/nuclear-war.toml  the game's first game with a guide (engine/lessons.py)

A package that defines several games may give one of them its own text, ``<game id>.<lang>.md``;
the others read the package's ``<lang>.md``. Three kinds of line of a text are filled in when it
is read: ``{{options}}`` becomes the list of the game's rule options, written from
``Game.options`` in the reader's language (so the names and values it gives are always the
server's own); ``{{example: NAME}}`` stands for the example ``examples/NAME.toml``, which a
page or the terminal draws: its caption in the reader's language and the position as the
engine plays it; and ``{{board}}``, in the part that says what is on the table, stands for the
game's opening position (:class:`Opening`: ``Game.new_state`` with the default number of
players, the default options and seed 0, as the first seat sees it), which a page draws with
the game's own board and the terminal with its own. :func:`parts` hands them the text cut at
those lines: Markdown pieces, played examples and the opening.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable

from realpolitik.engine import Game, Option, State
from realpolitik.engine.examples import Example, Played, parse, run
from realpolitik.engine.lessons import Lesson
from realpolitik.engine.lessons import parse as parse_lesson
from realpolitik.games import get
from realpolitik.i18n import LANGUAGES, render, t

#: the folder of a game package that holds its rules for players
FOLDER = "rulebook"
#: a line of a rules text that stands for an example
EXAMPLE = re.compile(r"^\{\{\s*example:\s*([a-z0-9][a-z0-9-]*)\s*\}\}[ \t]*$", re.M)
#: the line of a rules text that becomes the list of rule options
OPTIONS = re.compile(r"^\{\{\s*options\s*\}\}[ \t]*$", re.M)
#: the line of a rules text that stands for the game's opening position
BOARD = re.compile(r"^\{\{\s*board\s*\}\}[ \t]*$", re.M)
#: a line that a page or the terminal draws: an example (its name) or the opening position
_DRAWN = re.compile(rf"{EXAMPLE.pattern}|{BOARD.pattern}", re.M)


def folder(game: Game) -> Traversable:
    """The rules folder of the package that defines ``game``'s class (it need not exist)."""
    return resources.files(type(game).__module__.rpartition(".")[0]) / FOLDER


def _file(game: Game, lang: str) -> Traversable | None:
    base = folder(game)
    for name in (f"{game.id}.{lang}.md", f"{lang}.md"):
        path = base / name
        if path.is_file():
            return path
    return None


def languages(game: Game) -> tuple[str, ...]:
    """The languages ``game``'s rules are written in (none: it has no rules for players yet)."""
    return tuple(lang for lang in LANGUAGES if _file(game, lang) is not None)


def source(game: Game, lang: str) -> str | None:
    """The rules text of ``game`` in ``lang`` as written (placeholders unfilled), or ``None``."""
    path = _file(game, lang)
    return None if path is None else path.read_text(encoding="utf-8")


def references(text: str) -> list[str]:
    """The examples a rules text shows, in its order."""
    return EXAMPLE.findall(text)


def example_names(game: Game) -> list[str]:
    """The examples in ``game``'s rules folder, by name."""
    base = folder(game) / "examples"
    if not base.is_dir():
        return []
    return sorted(entry.name[:-5] for entry in base.iterdir() if entry.name.endswith(".toml"))


def example(game: Game, name: str) -> Example:
    """The example ``name`` of ``game``'s rules folder, read (a ``ContentError`` names its problems)."""
    path = folder(game) / "examples" / f"{name}.toml"
    return parse(name, path.read_text(encoding="utf-8"), f"{FOLDER}/examples/{name}.toml")


def lesson_file(game: Game) -> Traversable:
    """Where ``game``'s first game with a guide is written (the file need not exist)."""
    return folder(game) / "learn" / f"{game.id}.toml"


@lru_cache(maxsize=32)
def lesson(game: Game) -> Lesson | None:
    """``game``'s first game with a guide, read once per process (a ``ContentError`` names its
    problems); ``None`` when it has none."""
    path = lesson_file(game)
    if not path.is_file():
        return None
    return parse_lesson(game.id, path.read_text(encoding="utf-8"), f"{FOLDER}/learn/{game.id}.toml")


@lru_cache(maxsize=128)
def _played(game_id: str, name: str) -> Played:
    found = example(get(game_id), name)
    return run(found, get(found.game))


def played(game: Game, name: str) -> Played:
    """The example ``name`` of ``game``'s rules, played by the game its file names (once per process)."""
    return _played(game.id, name)


@dataclass(frozen=True)
class Opening:
    """A game's opening position as its rules show it: the first seat's view of a new game."""

    game: str
    state: State

    @property
    def seat(self) -> str:
        """The seat whose view shows it."""
        return self.state.seats[0]

    def view(self, lang: str) -> dict:
        """The first seat's view of the position in ``lang``, without log (what a board draws)."""
        return self.state.view(0, log_from=None, lang=lang)

    def caption(self, lang: str) -> str:
        """What the position shows, in ``lang``."""
        view = self.view(lang)
        return render(t("The table at the start of a game of {count} players, as {seat} sees it.",
                        count=len(view["seats"]), seat=view["titles"][0]), lang)


@lru_cache(maxsize=16)
def _opening(game_id: str) -> Opening:
    return Opening(game_id, get(game_id).new_state(None, {}, 0))


def opening(game: Game) -> Opening:
    """``game``'s opening position: a new game of its default number of players, default options
    and seed 0 (made once per process; it is only looked at, never played on)."""
    return _opening(game.id)


@dataclass(frozen=True)
class Rules:
    """A game's rules in one language, cut at its examples and its opening position: Markdown
    pieces, played examples and the opening."""

    game: str
    language: str
    parts: tuple[str | Played | Opening, ...]


def parts(game: Game, lang: str) -> Rules | None:
    """``game``'s rules in ``lang`` with the options written in, the examples played and the
    opening position set up; ``None`` when the game has no rules in that language."""
    text = source(game, lang)
    if text is None:
        return None
    text = OPTIONS.sub(lambda _: options_text(game, lang), text)
    out: list[str | Played | Opening] = []
    at = 0
    for line in _DRAWN.finditer(text):
        out += _markdown(text[at:line.start()])
        out.append(played(game, line[1]) if line[1] else opening(game))
        at = line.end()
    return Rules(game.id, lang, (*out, *_markdown(text[at:])))


def _markdown(piece: str) -> list[str]:
    """The text between two drawn lines as a part, unless it is blank."""
    return [piece] if piece.strip() else []


def options_text(game: Game, lang: str) -> str:
    """The game's rule options as a Markdown list in ``lang``: what each changes, its choices with
    the default, and how the command line names it."""
    if not game.options:
        return render(t("This game has no rule options."), lang) + "\n"
    return "".join(f"- {_option(option, lang)}\n" for option in game.options)


def _option(option: Option, lang: str) -> str:
    title = render(option.label, lang) if option.label is not None else f"`{option.name}`"
    about = render(option.about, lang) if option.about is not None else ""
    head = f"**{title}** — {about}".rstrip(" —")
    if option.local_file:
        return head + " " + render(t("Only in the terminal: {spelling}.", spelling=f"`-o {option.name}=FILE`"), lang)
    default = option.default
    if option.choices:
        labels = [render(label, lang) for label in option.choice_labels] or [str(c) for c in option.choices]
        choices = [render(t("{choice} (default)", choice=label), lang) if value == default else label
                   for value, label in zip(option.choices, labels)]
        values = render(t("Choices: {choices}.", choices="; ".join(choices)), lang)
        spelling = f"`-o {option.name}={'|'.join(map(str, option.choices))}`"
    elif isinstance(default, bool):
        values = render(t("On or off; by default {value}.", value=t("on") if default else t("off")), lang)
        spelling = f"`-o {option.name}=true|false`"
    else:
        values = render(t("From {minimum} to {maximum}; by default {value}.", minimum=option.minimum,
                          maximum=option.maximum, value=default), lang)
        spelling = f"`-o {option.name}={default}`"
    return f"{head} {values} " + render(t("In the terminal: {spelling}.", spelling=spelling), lang)
