"""Where the heads of state stand: kept in the state as the board changes, and what is known
about each arrangement of the board.

The rules keep asking who rules which state, which states are free and where a power's
leaders stand; reading that off the board each time costs a pass over its 64 points or its
states (some hundred instructions a point). The state keeps the answers instead —
``lineup`` (per seat, the points of its heads of state), ``rulers`` (per state, the head
of state on its capital), ``realms`` (per seat, the states it rules), ``vacant`` (per state,
whether its capital is free) and ``occupied`` (a bit per point a head of state stands on,
which tells at once whether a walk across the empty board crosses one) — and ``put``, where
a point of the board changes, moves the point in them (``clear_seat`` takes all of an
eliminated power's points at once).

How far a blocked leader can walk is worked out once per arrangement of the board
(``occupancy(st)``): kept in the state (``heads``, set back to None wherever the board
changes, so clones share it) and for the board asked about last (``memo.py``), as most
actions move no head of state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import NationenState as S


class Occupancy:
    """One arrangement of the board, and what is known about it."""

    __slots__ = ("board", "reached", "moves")
    #: clones share it (testing/playout.py): it only adds answers about its own copy of the board
    shareable = True

    def __init__(self, board: list[int]) -> None:
        #: the arrangement (a copy, never changed)
        self.board = board
        #: ``movement.reach`` of the leaders whose walks something on this board blocks, by its arguments
        self.reached: dict[tuple, dict[int, int]] = {}
        #: ``movement.leader_moves`` of such a leader, by the same arguments
        self.moves: dict[tuple, list[str]] = {}


def occupancy(st: S) -> Occupancy:
    """What is known about the board of ``st``: kept in the state (``heads``, which every change
    of the board sets back to None, so clones share it), else what is known about the board
    asked about last if ``st``'s is the same (most actions move no head of state), else afresh."""
    known = st.heads
    if known is None:
        b = st.content.board
        known = b.memo.occupancy
        if known is None or known.board != st.board:
            known = b.memo.occupancy = Occupancy(st.board[:])
        st.heads = known
    return known


def clear(st: S) -> None:
    """An empty board, as at set-up."""
    b = st.content.board
    n, states = len(st.seats), len(b.states)
    st.board = [-1] * len(b.point_name)
    st.heads = None
    st.lineup = st.realms = ((),) * n
    st.rulers = (-1,) * states
    st.vacant = (True,) * states
    st.occupied = 0


def put(st: S, point: int, occ: int) -> None:
    """Put ``occ`` (``seat * 4 + kind``, or -1: nobody) on ``point``, whoever stood there before,
    and keep the state's readings of the board up to date (see the module docstring)."""
    old = st.board[point]
    st.board[point] = occ
    st.heads = None
    st.occupied = st.occupied | 1 << point if occ >= 0 else st.occupied & ~(1 << point)
    st.lineup = _moved(st.lineup, old, occ, point)
    s = st.content.board.capital_of[point]
    if s >= 0:  # a capital: its state changes hands (A6)
        st.realms = _moved(st.realms, old, occ, s)
        rulers, vacant = [*st.rulers], [*st.vacant]
        rulers[s], vacant[s] = occ, occ < 0
        st.rulers, st.vacant = tuple(rulers), tuple(vacant)


def clear_seat(st: S, seat: int) -> None:
    """Take every head of state of ``seat`` off the board (A19), as ``put`` of -1 on each of
    their points does, with each reading of the board made anew once."""
    for p in st.lineup[seat]:
        st.board[p] = -1
        st.occupied &= ~(1 << p)
    st.heads = None
    rulers, vacant = [*st.rulers], [*st.vacant]
    for s in st.realms[seat]:
        rulers[s] = -1
        vacant[s] = True
    st.rulers, st.vacant = tuple(rulers), tuple(vacant)
    lineup, realms = [*st.lineup], [*st.realms]
    lineup[seat] = realms[seat] = ()
    st.lineup, st.realms = tuple(lineup), tuple(realms)


def _moved(per_seat: tuple[tuple[int, ...], ...], old: int, occ: int, x: int) -> tuple[tuple[int, ...], ...]:
    """``per_seat`` (sorted tuples by seat) with ``x`` taken from the owner of ``old`` and given,
    in order, to the owner of ``occ`` (either may be -1: nobody)."""
    out = list(per_seat)
    if old >= 0:
        had = [*out[old // 4]]
        had.remove(x)
        out[old // 4] = tuple(had)
    if occ >= 0:
        has = [*out[occ // 4], x]
        has.sort()
        out[occ // 4] = tuple(has)
    return tuple(out)
