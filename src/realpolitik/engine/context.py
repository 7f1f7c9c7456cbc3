"""What a bot is given: a seat's context, never the true state."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .actions import Choice
from .rng import Rng

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class SeatContext:
    """A seat's information set: its view, its legal actions and a sampler of worlds.

    The sampler holds one world already determinized for the seat, never the true
    state; each ``sample`` resamples the hidden parts of that world again.
    """

    seat: int
    view: dict[str, Any]
    legal_actions: tuple[str, ...]
    _world: State

    @classmethod
    def of(cls, state: State, seat: int, rng: Rng, log: bool = False) -> SeatContext:
        """The context of ``seat`` in ``state``; ``log`` adds the redacted log to the view."""
        world = state.determinize(seat, rng, quiet=True)
        view = state.view(seat, log_from=0 if log else None, choices=False)
        legal = state.legal_actions() if state.to_act == seat else ()
        return cls(seat, view, legal, world)

    @cached_property
    def choices(self) -> tuple[Choice, ...]:
        """The legal actions with their verbs and arguments (empty when not to act), made on first
        use from the seat's world; their labels are the action texts (a bot needs no words)."""
        return self._world.choices(words=False) if self.legal_actions else ()

    def sample(self, rng: Rng) -> State:
        """A world consistent with everything this seat has seen, drawn afresh (it keeps no log)."""
        return self._world.determinize(self.seat, rng, quiet=True)
