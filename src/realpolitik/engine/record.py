"""Game records: the JSON file that reproduces a game exactly, and its replay."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from realpolitik.i18n import Text, t

from .errors import ContentError, IllegalAction, OptionError, RecordError, ReplayError

if TYPE_CHECKING:
    from .state import State

FORMAT = "realpolitik-record/1"

#: the fields every record holds: the check of its value, and that check in words
_FIELDS: dict[str, tuple[Callable[[Any], bool], Text]] = {
    "game": (lambda v: isinstance(v, str), t("a game id (text)")),
    "rules_version": (lambda v: isinstance(v, str), t("a text")),
    "options": (lambda v: isinstance(v, dict), t("an object of options")),
    "seed": (lambda v: isinstance(v, int) and not isinstance(v, bool), t("a whole number")),
    "seats": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), t("a list of seat texts")),
    "actions": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), t("a list of action texts")),
}


@dataclass
class Record:
    """``(game id, rules version, options, seed, seats, actions)`` plus the result.

    ``seats`` says who sat where (``human``, ``random``, a player's name, …); the
    number of seats is the number of players. ``result`` holds the outcome and the
    digest of the final state once the game is over. ``notes`` are what happened beside
    the actions, which a replay passes over: ``{"ply": 12, "seat": 0, "kind": "hint"}``
    says that seat 0 asked the bot for a hint when the game stood at 12 actions (the
    server also notes a seat left to its stand-in bot there: ``resigned``, ``timeout``;
    a file without notes leaves the field out).
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, state: State, seed: int, seats: list[str]) -> Record:
        """An empty record for a new ``state`` created with ``seed``."""
        return cls(state.game.id, state.game.rules_version, dict(state.options), seed, list(seats))

    def finish(self, state: State) -> None:
        """Store the outcome and final digest of the finished ``state``."""
        outcome = state.outcome()
        self.result = {
            "outcome": None if outcome is None else outcome.to_dict(state.seats),
            "digest": state.digest(),
            "plies": state.ply,
        }

    # ------------------------------------------------------------------ files

    def to_json(self) -> str:
        """The record as a JSON document."""
        data = asdict(self)
        if not self.notes:
            del data["notes"]
        return json.dumps({"format": FORMAT, **data}, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        """Parse a record; a malformed one raises RecordError naming ``source`` and what is wrong."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError(t("{source}: not a game record (its JSON is nested too deeply)",
                                source=source)) from None
        except ValueError as exc:  # broken JSON, or a number too long to read
            raise RecordError(t("{source}: not JSON ({problem})", source=source, problem=str(exc))) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(t("{source}: not a realpolitik record (a JSON object whose field 'format' is "
                                "{format})", source=source, format=repr(FORMAT)))
        for key, (check, kind) in _FIELDS.items():
            if key not in data:
                raise RecordError(t("{source}: not a game record: field {field} is missing", source=source,
                                    field=repr(key)))
            if not check(data[key]):
                raise RecordError(t("{source}: not a game record: field {field} must be {kind}, not {found}",
                                    source=source, field=repr(key), kind=kind, found=_json_kind(data[key])))
        result = data.get("result")
        if result is not None and not (isinstance(result, dict) and isinstance(result.get("digest", ""), str)):
            raise RecordError(t("{source}: not a game record: field 'result' must be null or an object with a "
                                "text 'digest'", source=source))
        notes = data.get("notes", [])
        if not (isinstance(notes, list) and all(_is_note(n, len(data["seats"])) for n in notes)):
            raise RecordError(t("{source}: not a game record: field 'notes' must be a list of objects with a "
                                "'ply', a 'seat' and a text 'kind'", source=source))
        return cls(
            data["game"], data["rules_version"], data["options"], data["seed"],
            list(data["seats"]), list(data["actions"]), result, [dict(n) for n in notes],
        )

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record from ``path``; a file that cannot be read or is no record raises RecordError."""
        path = Path(path)
        try:
            if path.is_dir():
                raise RecordError(t("{path}: a directory, not a record file", path=str(path)))
            if path.exists() and not path.is_file():
                raise RecordError(t("{path}: not a regular file", path=str(path)))
            text = path.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise RecordError(t("{path}: cannot read ({problem})", path=str(path), problem=exc.strerror)) from None
        except UnicodeDecodeError:
            raise RecordError(t("{path}: not a game record (not UTF-8 text)", path=str(path))) from None
        return cls.from_json(text, str(path))

    # ------------------------------------------------------------------ replay

    def initial_state(self, lookup: Callable[[str], Any]) -> State:
        """The state before the first action; ``lookup`` maps a game id to its Game.

        A record of an unknown game, of another rules version or whose options, seats or
        content files do not set up a game raises RecordError.
        """
        try:
            game = lookup(self.game)
        except KeyError:
            raise RecordError(t("record of the unknown game {game}", game=repr(self.game))) from None
        ours = game.rules_version
        game = game.at_version(self.rules_version)
        if game is None:
            raise RecordError(t("record was made with {game} rules version {recorded}, this program has {ours}",
                                game=self.game, recorded=self.rules_version, ours=ours))
        try:
            return game.new_state(len(self.seats), self.options, self.seed)
        except (OptionError, ContentError) as exc:
            raise RecordError(t("the recorded game cannot be set up: {problem}", problem=_said(exc))) from None

    def steps(self, lookup: Callable[[str], Any]) -> Iterator[tuple[int, str, State]]:
        """Replay step by step: yields ``(index, action, state after it)``."""
        state = self.initial_state(lookup)
        for i, act in enumerate(self.actions):
            _replay_one(state, i, act)
            yield i, act, state

    def replay(self, lookup: Callable[[str], Any], state: State | None = None) -> State:
        """The final state of the replayed game; checks the stored digest if there is one.

        ``state``, a state of this same game after some of its actions (a cached one), is
        carried on in place instead of replaying from the start. This is the one way a
        stored game becomes a state again (command line, server, bot workers).
        """
        if state is None or state.ply > len(self.actions):
            state = self.initial_state(lookup)
        for i in range(state.ply, len(self.actions)):
            _replay_one(state, i, self.actions[i])
        if self.result and self.result.get("digest") and self.result["digest"] != state.digest():
            raise RecordError(t("replay does not reproduce the recorded final state (digest differs)"))
        return state


def _is_note(note: Any, seats: int) -> bool:
    """Whether a record's note has its form: a whole ``ply`` from 0, a ``seat`` of the record, a text ``kind``."""
    return (isinstance(note, dict) and set(note) == {"ply", "seat", "kind"} and isinstance(note["kind"], str)
            and all(type(note[k]) is int and note[k] >= 0 for k in ("ply", "seat")) and note["seat"] < seats)


def _json_kind(value: Any) -> Text:
    """What a JSON value is, in words (for refusals)."""
    if isinstance(value, bool):
        return t("true or false")
    if isinstance(value, list):
        odd = [x for x in value if not isinstance(x, str)]
        return t("a list holding {kind}", kind=_json_kind(odd[0])) if odd else t("a list")
    if isinstance(value, str):
        return t("a text")
    if isinstance(value, (int, float)):
        return t("a number")
    return t("an object") if isinstance(value, dict) else t("null")


def _said(exc: Exception) -> Any:
    """What an exception says: its message (a ``Text`` stays one) or its text."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else str(exc)


def _replay_one(state: State, index: int, act: str) -> None:
    try:
        state.apply(act)
    except IllegalAction as exc:
        raise ReplayError(t("action {number} {action} does not replay: {problem}", number=index + 1,
                            action=repr(act), problem=_said(exc)), index) from None
