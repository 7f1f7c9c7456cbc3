"""First games with a guide on the server ("Learn to play", *Lernpartie*; the format:
:mod:`realpolitik.engine.lessons`).

A lesson game is an ordinary stored game: the lesson's deal (its seed, players and
options), the learner's seat a person's, every other seat a bot whose stored kind is
``lesson/<spec>`` — the spec of the lesson's ``bots`` (a level: ``normal`` →
``heuristic``), marked as playing a lesson. The mark is all that storage holds of the
lesson, so a lesson game needs no column of its own and loads again after a restart as a
lesson. A table whose seats carry the mark and whose deal and record so far are the
lesson's has a :class:`Guide` (:func:`guide_of`), which leads while the record is shorter
than the script:

- the learner's connections get ``guide`` with each view (:meth:`Guide.message`): the
  step, its words, the one action it takes and that action's label; the intro with the
  views before the learner's first move, the outro with the views of the position where
  the script ends;
- any other action is refused (:meth:`Guide.refusal`, code ``guide``) and nothing changes;
- the bot seats play the script's moves, without asking a worker (:meth:`Guide.expected`),
  and their spec after it;
- a step of the script is never taken back.

A stored lesson game whose deal or record no longer fits its lesson (the file changed
since) has no guide: its bots play it on by their specs as a free game.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from realpolitik import rulebook
from realpolitik.engine import ContentError, Game, State, normalize, parse
from realpolitik.engine.lessons import Lesson, check
from realpolitik.i18n import Text, Written, render, t

if TYPE_CHECKING:
    from .store import StoredGame

log = logging.getLogger("realpolitik.server")

#: the stored kind of a bot seat of a lesson game begins with this, its bot spec follows
PREFIX = "lesson/"
#: what the learner reads while the script plays the others' moves
OTHERS_MOVE = t("The others move now; the guide goes on with your next step.")


def marked(spec: str) -> str:
    """The stored kind of a bot seat that plays the script of a lesson, then ``spec``."""
    return PREFIX + spec


def is_marked(kind: str) -> bool:
    """Whether a stored seat kind is a lesson's bot seat."""
    return kind.startswith(PREFIX)


def spec_of(kind: str) -> str:
    """The bot spec (or ``human``) a stored seat kind plays by, without the lesson's mark."""
    return kind.removeprefix(PREFIX)


def is_lesson(stored: StoredGame) -> bool:
    """Whether a stored game was created as a lesson (whether or not its lesson still fits)."""
    return any(is_marked(s.kind) for s in stored.seats)


@dataclass(frozen=True)
class Script:
    """A lesson as a table plays it: the options its deal has, and each step's action as a
    table stores it (:meth:`.table.Table.act` keeps a legal text, else the text normalised)."""

    lesson: Lesson
    options: dict[str, Any]
    actions: tuple[str, ...]
    seat: int  # the learner's seat


def _canonical(state: State, text: str) -> str:
    return text if text in state.legal_actions() else normalize(text)


@functools.cache
def script(game: Game) -> Script | None:
    """``game``'s lesson played through once; ``None`` when it has none, or one that cannot
    be played (logged: the lesson's tests name its problems)."""
    try:
        lesson = rulebook.lesson(game)
    except ContentError as exc:
        log.error("%s: the lesson cannot be read: %s", game.id, exc)
        return None
    if lesson is None:
        return None
    problems = check(lesson, game)
    if problems:
        log.error("%s: the lesson is not offered: %s", game.id, "; ".join(problems))
        return None
    state = game.new_state(lesson.players, lesson.options, lesson.seed)
    options, actions = dict(state.options), []
    for step in lesson.step:
        actions.append(_canonical(state, step.do))
        state.apply(actions[-1])
    return Script(lesson, options, tuple(actions), state.seats.index(lesson.seat))


def guide_of(game: Game, stored: StoredGame) -> Guide | None:
    """The guide of a stored game: one for a lesson game whose deal and record so far are its
    lesson's, else ``None``."""
    found = script(game) if is_lesson(stored) else None
    if found is None:
        return None
    lesson, played = found.lesson, len(stored.actions)
    fits = (stored.seed == lesson.seed and len(stored.seats) == lesson.players and stored.options == found.options
            and not is_marked(stored.seats[found.seat].kind)
            and tuple(stored.actions[:len(found.actions)]) == found.actions[:played])
    return Guide(found) if fits else None


class Guide:
    """The script of a lesson game at its table: what it asks for, what it refuses, what the
    learner reads."""

    def __init__(self, found: Script) -> None:
        self.script = found
        self.lesson = found.lesson
        self.seat = found.seat
        steps = len(found.actions)
        #: the learner's steps among the first i steps, for each i (0 … all)
        self._done = [sum(map(self.lesson.learner, range(i))) for i in range(steps + 1)]

    @property
    def steps(self) -> int:
        """The learner's steps in the script."""
        return self._done[-1]

    def leads(self, played: int) -> bool:
        """Whether the script still leads a game of ``played`` actions."""
        return self.lesson.guides(played)

    def expected(self, played: int) -> str | None:
        """The script's action after ``played`` actions; ``None`` once it is over."""
        return self.script.actions[played] if self.leads(played) else None

    def refusal(self, state: State, played: int, action: str) -> Text | Written | None:
        """Why the guide refuses ``action`` (as a table stores it) after ``played`` actions —
        the step's own ``wrong`` words, else which move it asks for; ``None``: it is the step's
        move, or the script is over."""
        wanted = self.expected(played)
        if wanted is None or action == wanted:
            return None
        step = self.lesson.step[played]
        if step.wrong:
            return Written(step.wrong)
        return t("The guide asks for another move now: {action}.",
                 action=state.action_label(*parse(wanted)) or wanted)

    def message(self, played: int, view: dict[str, Any], lang: str) -> dict[str, Any] | None:
        """The learner's ``guide`` with the view after ``played`` actions, in ``lang``: the step
        (``step`` of ``steps``), its ``text``, its ``action`` and ``label`` when it is the learner's
        move (both ``None`` while the others' moves are played), the ``intro`` until the learner's
        first move; at the end of the script only the ``outro``; after it ``None``."""
        count = len(self.script.actions)
        if played > count:
            return None
        said = {"title": render(Written(self.lesson.title), lang), "steps": self.steps}
        if played == count:
            return {**said, "outro": render(Written(self.lesson.outro), lang)}
        done = self._done[played]
        said["step"] = done + 1
        if done == 0:
            said["intro"] = render(Written(self.lesson.intro), lang)
        if not self.lesson.learner(played):
            return {**said, "text": render(OTHERS_MOVE, lang), "action": None, "label": None}
        wanted = self.script.actions[played]
        choices = (view.get("pending") or {}).get("choices") or []
        label = next((c["label"] for c in choices if c["action"] == wanted), wanted)
        return {**said, "text": render(Written(self.lesson.step[played].text), lang), "action": wanted,
                "label": label}
