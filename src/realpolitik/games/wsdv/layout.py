"""Who sits at the table and how a decade runs: the parts of the base game that 2+2 changes.

The base rules read everything seat- and sequence-related from a ``Layout``: the seats and
the German state each one acts for, which seat speaks for a state when the rules say "West
decides", the display sizes per sub-decade and when a sub-decade ends. The base game is
``BASE``; 2+2 (the 2+2 rule book, §3–§4) brings its own layout with four seats and three sub-decades
of 3+3/3+3/3+4 cards ending one card early. The end-of-decade phases are the state's
``PHASES`` (2+2's state puts three more in front).
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import EAST, WEST


@dataclass(frozen=True)
class Layout:
    """Seats, their sides and the shape of a decade."""

    seats: tuple[str, ...]
    side: tuple[int, ...]  # West (0) or East (1) per seat
    state_seat: tuple[int, int]  # the seat that acts for West Germany / East Germany
    hand: int = 2  # hand cards after the deal at a decade's start (§3.2)
    display: tuple[int, ...] = (7, 7)  # normal cards dealt into the display per sub-decade (§3.4)
    last_cards: int = 0  # a sub-decade ends when the display holds this many normal cards

    def seats_of(self, side: int) -> tuple[int, ...]:
        """Every seat playing for ``side``."""
        return tuple(s for s, x in enumerate(self.side) if x == side)


BASE = Layout(seats=("west", "east"), side=(WEST, EAST), state_seat=(0, 1))


#: 2+2 (the 2+2 rule book, §3–§4): USA, Soviet Union, West, East; three sub-decades A, B, C with
#: 3, 3 and 4 base cards in the display (the 2+2 cards come on top); each ends with one
#: normal card left.
TWO_PLUS_TWO = Layout(
    seats=("usa", "ussr", "west", "east"), side=(WEST, EAST, WEST, EAST), state_seat=(2, 3), hand=2,
    display=(3, 3, 4), last_cards=1,
)
