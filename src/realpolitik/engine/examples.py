"""Examples the engine plays: a position of a game, the moves of the example, and what the rules
text says comes of them, as checks on the views.

An example is a TOML file (one per example; its name is the file's stem)::

    game = "nuclear-war"
    players = 3
    seed = 0
    options = { refill = "draw-one" }     # optional; the rest keep their defaults
    seat = "p1"                           # whose view shows the position
    lead = ["target p2", "place atlas"]   # the moves from the deal to the position
    play = ["place 20mt", "target p3"]    # the example's own moves

    [caption]                             # what the example shows, in every language
    en = "Player 1 attacks."
    de = "Spieler 1 greift an."

    [[given]]                             # holds in the position, before the moves
    at = "to_act"
    equals = "p1"

    [[then]]                              # holds after the moves
    seat = "p3"                           # whose view (default: ``seat``; "spectator": nobody's)
    at = "public.players.p3.net_change"   # a path into the view
    equals = -23

Everything is reached through the contract: ``Game.new_state(players, options, seed)``, then
``State.apply`` for each move, so an example says nothing the rules would not do. A check reads
one value of a view (``State.view(seat, lang=…)``) by its path — dict keys, list positions, or,
in a list of dicts, the one whose ``seat`` is that label (``public.players.p3``) — and compares
it: ``equals``; ``contains`` (an element of a list, a key of a dict, a piece of a text);
``lacks`` (the opposite); ``says`` (one of the texts at the path contains this piece);
``empty`` (true: nothing there — no such key, null, an empty text, list or table; false:
something). The path ``log`` is the log lines the view's seat reads: in ``then`` those the
example's moves added, in ``given`` those of the whole lead. ``lang`` (default ``en``) is the
view's language. TOML has no null: ``empty = true`` says a value is null.

:func:`run` plays an example and lists every disagreement between the engine and the file as a
problem; :func:`shown` is what a page or the terminal draws of it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from realpolitik.i18n import LANGUAGES, Text, render

from .actions import parse as parse_action
from .content import Entry
from .errors import ContentError, IllegalAction, OptionError
from .game import Game
from .state import State

#: the comparisons a check may make
TESTS = ("equals", "contains", "lacks", "says", "empty")
#: the seat of a check that reads a spectator's view
SPECTATOR = "spectator"


class Check(Entry):
    """One thing the rules text says holds: a value of a view, compared."""

    at: str = Field(min_length=1)
    seat: str | None = None
    lang: str = "en"
    equals: Any = None
    contains: Any = None
    lacks: Any = None
    says: str | None = None
    empty: bool | None = None

    @model_validator(mode="after")
    def _one_test(self) -> Check:
        given = [name for name in TESTS if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(f"a check compares with exactly one of {', '.join(TESTS)} (found {given or 'none'})")
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        return self

    @property
    def test(self) -> tuple[str, Any]:
        name = next(name for name in TESTS if getattr(self, name) is not None)
        return name, getattr(self, name)


class Example(Entry):
    """An example file, read."""

    name: str
    game: str
    players: int
    seed: int
    options: dict[str, Any] = {}
    seat: str
    caption: dict[str, str]
    lead: tuple[str, ...] = ()
    play: tuple[str, ...] = Field(min_length=1)
    given: tuple[Check, ...] = ()
    then: tuple[Check, ...] = Field(min_length=1)

    @field_validator("caption")
    @classmethod
    def _captions(cls, caption: dict[str, str]) -> dict[str, str]:
        return in_every_language(caption, "the caption")


def in_every_language(words: dict[str, str], what: str) -> dict[str, str]:
    """``words`` by language, when they are written in every language and in no other."""
    missing = [lang for lang in LANGUAGES if not words.get(lang, "").strip()]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")
    extra = sorted(set(words) - set(LANGUAGES))
    if extra:
        raise ValueError(f"{what} in unknown languages: {', '.join(extra)}")
    return words


def parse(name: str, text: str, source: str | None = None) -> Example:
    """The example ``name`` from the text of its file; a ``ContentError`` names every problem."""
    return read(Example, name, text, source)


def read(model: type[Entry], name: str, text: str, source: str | None = None) -> Any:
    """A TOML file of ``model`` (an example, a lesson) named ``name``; a ``ContentError`` names
    every problem, by the file ``source`` and the field."""
    source = source or f"{name}.toml"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source}: not valid TOML ({exc})") from None
    try:
        return model.model_validate({"name": name, **data})
    except ValidationError as exc:
        raise ContentError("\n".join(f"{source}: {'.'.join(map(str, e['loc'])) or 'file'}: {e['msg']}"
                                     for e in exc.errors())) from None


@dataclass
class Move:
    """A move of the example: who made it, its text and its words (a ``Text``)."""

    seat: str
    action: str
    label: Text | str


@dataclass
class Played:
    """An example played: the position, the moves, the state after them and what disagreed."""

    example: Example
    position: State | None = None
    result: State | None = None
    moves: list[Move] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def run(example: Example, game: Game) -> Played:
    """Build the position through the contract, play the example's moves and make its checks."""
    played = Played(example)
    problems = played.problems
    if example.game != game.id:
        problems.append(f"{example.name}: the example is of {example.game!r}, not {game.id!r}")
        return played
    try:
        state = game.new_state(example.players, example.options, example.seed)
    except (OptionError, ContentError, ValueError) as exc:
        problems.append(f"{example.name}: no game to play: {render(exc.args[0] if exc.args else exc, 'en')}")
        return played
    labels = list(state.seats)
    for check in (*example.given, *example.then):
        if check.seat not in (None, SPECTATOR, *labels):
            problems.append(f"{example.name}: a check reads the view of {check.seat!r}, not a seat of this game")
    if example.seat not in labels:
        problems.append(f"{example.name}: seat {example.seat!r} is not one of {', '.join(labels)}")
    if problems or not _moves(state, example.lead, "lead", example.name, problems):
        return played
    played.position = state.clone()
    _check(example, state, example.given, 0, "in the position", problems)
    start = state.log.size
    if not _moves(state, example.play, "play", example.name, problems, played.moves):
        return played
    played.result = state
    _check(example, state, example.then, start, "after the moves", problems)
    return played


def _moves(state: State, moves: tuple[str, ...], part: str, name: str, problems: list[str],
           kept: list[Move] | None = None) -> bool:
    for i, move in enumerate(moves):
        if state.to_act is None:
            problems.append(f"{name}: {part} move {i + 1} ({move!r}): the game is already over")
            return False
        seat = state.seats[state.to_act]
        label = (state.action_label(*parse_action(move)) or move) if kept is not None else move
        try:
            state.apply(move)
        except IllegalAction as exc:
            problems.append(f"{name}: {part} move {i + 1} ({move!r}) by {seat} is refused: {render(exc.args[0], 'en')}")
            return False
        if kept is not None:
            kept.append(Move(seat, move, label))
    return True


def _check(example: Example, state: State, checks: tuple[Check, ...], log_from: int, when: str,
           problems: list[str]) -> None:
    views: dict[tuple[str | None, str], dict[str, Any]] = {}
    for check in checks:
        label = example.seat if check.seat is None else check.seat
        seat = None if label == SPECTATOR else state.seats.index(label)
        key = (label, check.lang)
        if key not in views:  # the pending choices' words and warnings only for a check that reads them
            views[key] = state.view(seat, log_from=log_from, lang=check.lang,
                                    choices=any(c.at.startswith("pending") for c in checks))
        found, value = _at(views[key], check.at)
        test, expected = check.test
        where = f"{example.name}: {when}, {check.at} in {label}'s view ({check.lang})"
        if not found and (test, expected) == ("empty", True):
            continue
        if not found:
            problems.append(f"{where} does not exist")
        elif not _holds(test, value, expected):
            problems.append(f"{where} is {value!r}; the example says it {test} {expected!r}")


def _at(view: Any, path: str) -> tuple[bool, Any]:
    """The value at ``path`` (dotted) in a view, and whether it exists."""
    value = view
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, list) and any(isinstance(v, dict) and v.get("seat") == part for v in value):
            value = next(v for v in value if isinstance(v, dict) and v.get("seat") == part)
        else:
            return False, None
    return True, value


def _holds(test: str, value: Any, expected: Any) -> bool:
    if test == "equals":
        return value == expected
    if test == "empty":
        return (value is None or value in ("", [], {})) == expected
    if test == "says":
        texts = value if isinstance(value, list) else [value]
        return any(isinstance(text, str) and expected in text for text in texts)
    inside = isinstance(value, (list, dict, str)) and (expected in value if not isinstance(value, str)
                                                        else isinstance(expected, str) and expected in value)
    return inside if test == "contains" else not inside


def shown(played: Played, lang: str) -> dict[str, Any]:
    """What a page or the terminal draws of a played example, in ``lang``: its caption, the seat whose
    view shows it, that view of the position and after the moves (without log), the moves — each
    with its parts, as a view's choices have them, and in words — and the log lines the moves
    added as that seat reads them."""
    example = played.example
    out: dict[str, Any] = {"name": example.name, "game": example.game, "caption": example.caption[lang],
                           "seat": example.seat}
    if played.position is None or played.result is None:
        return out
    seat = played.position.seats.index(example.seat)
    out["position"] = played.position.view(seat, log_from=None, lang=lang)
    out["moves"] = [_move(m, lang) for m in played.moves]
    out["log"] = played.result.log.redacted(seat, played.position.log.size, lang)
    out["result"] = played.result.view(seat, log_from=None, lang=lang)
    return out


def _move(move: Move, lang: str) -> dict[str, Any]:
    """A move as a page reads it: who made it, its text, its verb and arguments (so a board marks
    the places it uses as it marks a legal action's) and its words."""
    verb, args = parse_action(move.action)
    return {"seat": move.seat, "action": move.action, "verb": verb, "args": list(args),
            "label": render(move.label, lang)}
