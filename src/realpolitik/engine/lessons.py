"""A first game with a guide ("Learn to play", *Lernpartie*): a dealt game whose first moves
are a script — each of the learner's moves with the guide's words on what to look at and why,
the other seats' moves between them — after which the game goes on as a normal game against
bots.

A lesson is a TOML file, one per game (``rulebook/learn/<game id>.toml``)::

    game = "nuclear-war"
    players = 3
    seed = 11                        # the deal the script is written for
    options = {}                     # optional; the rest keep their defaults
    seat = "p1"                      # the learner's seat
    bots = "normal"                  # who plays the other seats after the script (a level or a bot kind)

    [title]                          # the lesson's name, in every language
    en = "Learn to play Nuclear War"
    de = "Lernpartie Nuclear War"

    [intro]                          # shown before the first step
    en = "..."
    de = "..."

    [outro]                          # shown once the script is over and the game goes on freely
    en = "..."
    de = "..."

    [[step]]                         # the learner's move: the guide's words and the one move it takes
    do = "place atlas"
    text = { en = "...", de = "..." }
    wrong = { en = "...", de = "..." }   # optional: why another move is not the one now

    [[step]]                         # another seat's move, played for it (no words)
    seat = "p2"
    do = "target p1"

Step ``i`` is the ``i``-th action of the game: the record of a lesson begins with the script,
so the step a game is at is the number of actions played. :func:`check` plays the script
through the contract (``Game.new_state`` and ``State.apply``) and lists every problem: a step
whose seat is not the one to act, a move the rules refuse, a learner's step without words in
every language, a script that ends the game.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from realpolitik.i18n import render

from .content import Entry
from .errors import ContentError, IllegalAction, OptionError
from .examples import in_every_language, read
from .game import Game


class Step(Entry):
    """One action of the script: the learner's (with the guide's words) or another seat's."""

    seat: str | None = None
    do: str = Field(min_length=1)
    text: dict[str, str] = {}
    wrong: dict[str, str] = {}

    @model_validator(mode="after")
    def _words(self) -> Step:
        if self.text:
            in_every_language(self.text, "text")
        if self.wrong:
            in_every_language(self.wrong, "wrong")
        return self


class Lesson(Entry):
    """A lesson file, read."""

    name: str
    game: str
    players: int
    seed: int
    options: dict[str, Any] = {}
    seat: str
    bots: str = "normal"
    title: dict[str, str]
    intro: dict[str, str]
    outro: dict[str, str]
    step: tuple[Step, ...] = Field(min_length=1)

    @field_validator("title", "intro", "outro")
    @classmethod
    def _words(cls, words: dict[str, str], info) -> dict[str, str]:
        return in_every_language(words, info.field_name)

    def learner(self, i: int) -> bool:
        """Whether step ``i`` is the learner's move."""
        return self.step[i].seat in (None, self.seat)

    def guides(self, played: int) -> bool:
        """Whether the script still leads a game of ``played`` actions."""
        return played < len(self.step)


def parse(name: str, text: str, source: str | None = None) -> Lesson:
    """The lesson of the game ``name`` from the text of its file; a ``ContentError`` names every problem."""
    return read(Lesson, name, text, source)


def check(lesson: Lesson, game: Game) -> list[str]:
    """Play ``lesson``'s script through the contract; every disagreement with the rules, in words."""
    name = lesson.name
    if lesson.game != game.id:
        return [f"{name}: the lesson is of {lesson.game!r}, not {game.id!r}"]
    try:
        state = game.new_state(lesson.players, lesson.options, lesson.seed)
    except (OptionError, ContentError, ValueError) as exc:
        return [f"{name}: no game to play: {render(exc.args[0] if exc.args else exc, 'en')}"]
    problems = []
    if lesson.seat not in state.seats:
        problems.append(f"{name}: the learner's seat {lesson.seat!r} is not one of {', '.join(state.seats)}")
    for i, step in enumerate(lesson.step):
        if step.seat is not None and step.seat not in state.seats:
            problems.append(f"{name}: step {i + 1}: {step.seat!r} is not a seat of this game")
    if problems:
        return problems
    learned = 0
    for i, step in enumerate(lesson.step):
        where = f"{name}: step {i + 1} ({step.do!r})"
        if state.to_act is None:
            return [*problems, f"{where}: the game is already over"]
        acting = state.seats[state.to_act]
        seat = step.seat or lesson.seat
        if acting != seat:
            return [*problems, f"{where}: {seat} moves here, but the rules have {acting} to act"]
        if lesson.learner(i):
            learned += 1
            if not step.text:
                problems.append(f"{where}: the learner's step has no words")
        elif step.text or step.wrong:
            problems.append(f"{where}: another seat's step has no words for the learner")
        try:
            state.apply(step.do)
        except IllegalAction as exc:
            return [*problems, f"{where} is refused: {render(exc.args[0], 'en')}"]
    if not learned:
        problems.append(f"{name}: the learner makes no move in the script")
    if state.to_act is None:
        problems.append(f"{name}: the script ends the game; it should leave a game to play on")
    return problems
