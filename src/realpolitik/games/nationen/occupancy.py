"""Where the heads of state stand, read off the board once per arrangement.

Most actions leave the heads of state where they are (an agent's steps, tankers,
pipelines, cards), yet the rules keep asking who rules which state, where a power's
leaders stand and how far they can walk. ``occupancy(st)`` keeps these answers for the
board as it is — in the state (``heads``, set back to None wherever the board changes, so
clones share it) and for the board asked about last (``memo.py``) — and starts afresh only
when the board has changed. Each answer is worked out when first asked: one look at every
capital, one pass over the states per power whose realm is wanted.

Where each power's leaders stand is not read off the board (a pass over its 64 points costs
some 20 000 instructions): the state keeps it (``lineup``), and ``put``, the one place a
point of the board changes, moves the point in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import NationenState as S


class Occupancy:
    """The heads of state on one arrangement of the board, and what is known about them."""

    __slots__ = ("board", "rulers", "_realms", "_vacant", "reached", "moves")
    #: clones share it (testing/playout.py): it only adds answers about its own copy of the board
    shareable = True

    def __init__(self, board: list[int], rulers: tuple[int, ...]) -> None:
        #: the arrangement (a copy, never changed)
        self.board = board
        #: per state, the head of state on its capital (``seat * 4 + kind``), or -1
        self.rulers = rulers
        self._realms: dict[int, tuple[int, ...]] = {}
        self._vacant: tuple[bool, ...] | None = None
        #: ``movement.reach`` of the leaders whose walks something on this board blocks, by its arguments
        self.reached: dict[tuple, dict[int, int]] = {}
        #: ``movement.leader_moves`` of such a leader, by the same arguments
        self.moves: dict[tuple, list[str]] = {}

    def realm(self, seat: int) -> tuple[int, ...]:
        """The states ``seat`` rules (spec A6: its leader stands on the capital), in state order."""
        known = self._realms.get(seat)
        if known is None:
            known = self._realms[seat] = ruled(self.rulers, seat)
        return known

    def vacant(self) -> tuple[bool, ...]:
        """Per state, whether nobody rules it (its capital is free)."""
        known = self._vacant
        if known is None:
            known = self._vacant = tuple([occ < 0 for occ in self.rulers])
        return known


def occupancy(st: S) -> Occupancy:
    """Where the heads of state stand in ``st``: kept in the state (``heads``, which every change
    of the board sets back to None, so clones share it), else what is known about the board
    asked about last if ``st``'s is the same (most actions move no head of state), else afresh."""
    known = st.heads
    if known is None:
        b = st.content.board
        known = b.memo.occupancy
        if known is None or known.board != st.board:
            board = st.board[:]
            known = b.memo.occupancy = Occupancy(board, b.capital_holders(board))
        st.heads = known
    return known


def ruled(rulers: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The states ``seat`` rules (spec A6: its leader stands on the capital), by their ``rulers``."""
    return tuple([s for s, occ in enumerate(rulers) if occ >= 0 and occ // 4 == seat])


def put(st: S, point: int, occ: int) -> None:
    """Put ``occ`` (``seat * 4 + kind``, or -1: nobody) on ``point``, whoever stood there before:
    the board, the readings of it (``heads``) and the points of each power's leaders (``lineup``)."""
    lineup = list(st.lineup)
    old = st.board[point]
    if old >= 0:
        lineup[old // 4] = tuple([p for p in lineup[old // 4] if p != point])
    if occ >= 0:
        lineup[occ // 4] = tuple(sorted((*lineup[occ // 4], point)))
    st.lineup = tuple(lineup)
    st.board[point] = occ
    st.heads = None
