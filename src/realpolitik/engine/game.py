"""Game definitions: identity, seats, options and the factory for new states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import OptionError

if TYPE_CHECKING:
    from .rng import Rng
    from .state import State


@dataclass(frozen=True)
class Option:
    """A named rule option with its default, allowed values and a one-line meaning."""

    name: str
    default: Any
    help: str
    choices: tuple = ()

    def coerce(self, value: Any) -> Any:
        """Convert a value (possibly typed as text) to this option's type, or raise OptionError."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            try:
                if kind is bool:
                    if text not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError
                    value = text in ("true", "1", "yes", "on")
                elif kind is int:
                    value = int(text)
                elif kind is float:
                    value = float(text)
            except ValueError:
                raise OptionError(f"option {self.name!r}: {value!r} is not a {kind.__name__}") from None
        elif kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if self.default is not None and not isinstance(value, kind):
            raise OptionError(f"option {self.name!r}: {value!r} is not a {kind.__name__}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r}: {value!r} is not one of {allowed}")
        return value


class Game(ABC):
    """A registered game. Subclasses set the class attributes and implement ``_new_state``."""

    id: str = ""
    title: str = ""
    rules_version: str = "1"
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    #: bot kinds this game brings beyond ``random`` (e.g. ``heuristic``): name -> factory(seed)
    bots: dict[str, Callable[[int], Any]] = {}
    #: false for games where every seat sees everything (dice aside)
    hidden_information: bool = True
    #: options that keep random playouts finite (e.g. a round limit), used by tests and simulators
    conformance_options: dict[str, Any] = {}
    #: optional fast playout policy for search bots, run only on sampled worlds (never the
    #: true state): ``policy(state, rng)`` -> one of ``state.legal_actions()``; None: uniform
    rollout_policy: Callable[[State, Rng], str] | None = None
    #: optional estimate of an unfinished game, ``evaluate(state)`` -> reward per seat in
    #: [0, 1]; lets search bots cut long playouts short
    evaluate: Callable[[State], tuple[float, ...]] | None = None
    #: parameters per bot kind that suit this game better than the bot's own defaults
    #: (``{"ismcts": {"prior": "heuristic"}}``); a bot spec's own parameters win
    bot_defaults: dict[str, dict[str, Any]] = {}

    def seat_labels(self, players: int) -> tuple[str, ...]:
        """The seat names used in action texts and views, for this many players."""
        return tuple(f"p{i + 1}" for i in range(players))

    def teams(self, players: int) -> tuple[int, ...] | None:
        """Team number per seat, or ``None`` when everybody plays for himself."""
        return None

    def content_problems(self, path: str) -> list[str] | None:
        """Every problem of a user's content file for this game, each naming the file, the entry and
        the field (empty: the file is good); ``None`` when the game takes no content file."""
        return None

    def default_players(self) -> int:
        """The player count used when none is given."""
        return self.min_players

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in and values checked; unknown names are refused."""
        known = {o.name: o for o in self.options}
        given = dict(options or {})
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise OptionError(f"{self.id}: unknown option {unknown[0]!r} (options: {names})")
        return {name: opt.coerce(given[name]) if name in given else opt.default for name, opt in known.items()}

    def new_state(self, players: int | None = None, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        """A fresh game for ``players`` seats with the given options, fully determined by ``seed``."""
        players = self.default_players() if players is None else players
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
            )
        return self._new_state(players, self.resolve_options(options), seed)

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """Set up a new game; options are already checked and complete."""
