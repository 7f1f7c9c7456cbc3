"""What a seat can foresee of its own action without peeking: for a game's grave-action
warnings (``State.grave``), which must never tell a player more than they know.

The action is played in worlds sampled from the seat's own view (``determinize``), never
on the true state (whose RNG and hidden cards would give the future away); a consequence
is foreseen only when every sampled world agrees on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .rng import Rng

if TYPE_CHECKING:
    from .state import State

T = TypeVar("T")

#: worlds sampled per question
SAMPLES = 4


def foreseen(state: State, action: str, look: Callable[[State], T], samples: int = SAMPLES) -> list[T]:
    """What ``look`` sees after the seat to act plays ``action``, in each of ``samples`` worlds
    the seat cannot tell apart from this one (``state`` itself is not changed)."""
    seat = state.to_act
    rng = Rng(state.ply * 7919 + seat)  # the same answer for the same position, nothing from the true RNG
    seen = []
    for _ in range(samples):
        world = state.determinize(seat, rng, quiet=True)
        world.apply(action, seat)
        seen.append(look(world))
    return seen


def surely(state: State, action: str, check: Callable[[State], bool], samples: int = SAMPLES) -> bool:
    """Whether ``check`` holds after the seat to act plays ``action``, in every sampled world."""
    return all(foreseen(state, action, check, samples))


def ends_the_game(state: State, action: str) -> bool:
    """Whether ``action`` surely ends the game, as far as the seat to act can tell."""
    return surely(state, action, lambda world: world.is_over())
