"""What a seat can foresee of its own action without peeking: for a game's grave-action
warnings (``State.grave``), which must never tell a player more than they know.

The action is played in worlds sampled from the seat's own view (``determinize``), never
on the true state (whose RNG and hidden cards would give the future away); a consequence
is foreseen only when every sampled world agrees on it. The worlds are seeded by the
position, so the same position gets the same answer; that answer depends on nothing hidden
only if the game's ``determinize`` draws from a canonical order (it sorts what it reshuffles,
as Nationen's deck and 2+2's decks do), never from the true arrangement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

from .rng import Rng

if TYPE_CHECKING:
    from .state import State

T = TypeVar("T")

#: worlds sampled per question (all of them are played)
SAMPLES = 4
#: worlds sampled by ``surely``, which stops at the first that disagrees and so can afford many:
#: a merely likely consequence is then seldom taken for a sure one
SURELY = 16


def worlds(state: State, action: str, samples: int = SAMPLES) -> Iterator[State]:
    """The worlds after the seat to act plays ``action``, one by one, each sampled from what
    the seat can see (``state`` itself is not changed)."""
    seat = state.to_act
    rng = Rng(state.ply * 7919 + seat)  # the same answer for the same position, nothing from the true RNG
    for _ in range(samples):
        world = state.determinize(seat, rng, quiet=True)
        world.apply(action, seat)
        yield world


def foreseen(state: State, action: str, look: Callable[[State], T], samples: int = SAMPLES) -> list[T]:
    """What ``look`` sees after the seat to act plays ``action``, in each of ``samples`` worlds
    the seat cannot tell apart from this one."""
    return [look(world) for world in worlds(state, action, samples)]


def surely(state: State, action: str, check: Callable[[State], bool], samples: int = SURELY) -> bool:
    """Whether ``check`` holds after the seat to act plays ``action``, in every sampled world
    (the first world where it fails ends the search)."""
    return all(check(world) for world in worlds(state, action, samples))


def ends_the_game(state: State, action: str) -> bool:
    """Whether ``action`` surely ends the game, as far as the seat to act can tell."""
    return surely(state, action, lambda world: world.is_over())
