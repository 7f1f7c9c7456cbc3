"""Game records: the JSON file that reproduces a game exactly, and its replay."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, RecordError

if TYPE_CHECKING:
    from .state import State

FORMAT = "realpolitik-record/1"


@dataclass
class Record:
    """``(game id, rules version, options, seed, seats, actions)`` plus the result.

    ``seats`` says who sat where (``human``, ``random``, a player's name, …); the
    number of seats is the number of players. ``result`` holds the outcome and the
    digest of the final state once the game is over.
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

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
        return json.dumps({"format": FORMAT, **asdict(self)}, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        """Parse a record, naming the problem when it is malformed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}: not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{source}: not a realpolitik record (format must be {FORMAT!r})")
        checks = {
            "game": str, "rules_version": str, "options": dict, "seed": int, "seats": list, "actions": list,
        }
        for key, kind in checks.items():
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{source}: field {key!r} must be a {kind.__name__}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise RecordError(f"{source}: field 'actions' must hold action texts")
        return cls(
            data["game"], data["rules_version"], data["options"], data["seed"],
            [str(s) for s in data["seats"]], list(data["actions"]), data.get("result"),
        )

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record from ``path``."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
        return cls.from_json(text, str(path))

    # ------------------------------------------------------------------ replay

    def initial_state(self, lookup: Callable[[str], Any]) -> State:
        """The state before the first action; ``lookup`` maps a game id to its Game."""
        game = lookup(self.game)
        if game.rules_version != self.rules_version:
            raise RecordError(
                f"record was made with {self.game} rules version {self.rules_version}, "
                f"this program has {game.rules_version}"
            )
        return game.new_state(len(self.seats), self.options, self.seed)

    def steps(self, lookup: Callable[[str], Any]) -> Iterator[tuple[int, str, State]]:
        """Replay step by step: yields ``(index, action, state after it)``."""
        state = self.initial_state(lookup)
        for i, act in enumerate(self.actions):
            _replay_one(state, i, act)
            yield i, act, state

    def replay(self, lookup: Callable[[str], Any]) -> State:
        """The final state of the replayed game; checks the stored digest if there is one."""
        state = self.initial_state(lookup)
        for i, act in enumerate(self.actions):
            _replay_one(state, i, act)
        if self.result and self.result.get("digest") and self.result["digest"] != state.digest():
            raise RecordError("replay does not reproduce the recorded final state (digest differs)")
        return state


def _replay_one(state: State, index: int, act: str) -> None:
    try:
        state.apply(act)
    except IllegalAction as exc:
        raise RecordError(f"action {index + 1} {act!r} does not replay: {exc}") from None
