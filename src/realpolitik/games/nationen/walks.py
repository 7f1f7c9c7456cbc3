"""A head of state's walks across an empty board, worked out once per board and direction rule.

Most moves cross no other piece: the leader has money for a few steps, and nothing stands
or waits on the points it could pass. Such a move goes exactly as on an empty board where
only the "?" points stop it, so ``movement.reach`` looks it up here instead of walking the
board again, and ``movement.leader_moves`` takes its action texts, written once.

A walk is ``movement.reach``'s breadth-first walk from a start point with nothing else on
the board, kept step by step: the points in the order it finds them, the fewest steps to
each, and, for each budget of steps, how many points it has found and which points it
has looked at. A move of ``k`` steps is the free walk's when none of the points looked at
within ``k`` steps holds a leader or a blocking agent (``free_within``).
"""

from __future__ import annotations

from typing import Any

from . import grammar
from .content import LEADERS, MODES, START


class Walk:
    """The walk from one start point on an empty board (see the module docstring)."""

    __slots__ = ("start", "points", "steps", "looked_at", "found", "at", "texts")

    def __init__(self, table: tuple[tuple[int, ...], ...], question: tuple[bool, ...], names: tuple[str, ...],
                 start: int) -> None:
        points: list[int] = []
        steps: list[int] = []
        looked_at, found = [0], [0]  # index k: within k steps
        seen_mask = 0
        layer = [start * MODES + START]
        seen = {layer[0]}
        k = 0
        while layer:
            k += 1
            nxt = []
            for node in layer:
                for succ in table[node]:
                    if succ in seen:
                        continue
                    seen.add(succ)
                    p = succ // MODES
                    if p == start:
                        continue
                    seen_mask |= 1 << p
                    if p not in points:
                        points.append(p)
                        steps.append(k)
                    if not question[p]:
                        nxt.append(succ)
            layer = nxt
            looked_at.append(seen_mask)
            found.append(len(points))
        self.start = start
        #: points in the order the walk finds them, and the fewest steps to each
        self.points, self.steps = tuple(points), tuple(steps)
        #: per budget ``k`` (up to the walk's length): a bit (``1 << point``) per point looked at within ``k`` steps
        self.looked_at = tuple(looked_at)
        #: per budget ``k``: how many of ``points`` lie within ``k`` steps
        self.found = tuple(found)
        #: per point of the walk, its index in ``points``
        self.at = {p: i for i, p in enumerate(points)}
        #: per leader kind, ``move <kind> <start> <point>`` for each of ``points``, in their order: a move
        #: within ``k`` steps reads the first ``found[k]`` of them
        self.texts = tuple(tuple(grammar.leader_moves(kind, names[start], [("move", names[q]) for q in points]))
                           for kind in LEADERS)

    def free_within(self, budget: int, blockers: int) -> int:
        """How many points the walk finds within ``budget`` steps (at least one) if it crosses none of the
        ``blockers`` (a bit per point: the leaders and the blocking agents), else -1."""
        k = min(budget, len(self.found) - 1)  # past its end the walk is over
        return -1 if self.looked_at[k] & blockers else self.found[k]


class Walks(dict):
    """Every start point's walk by direction rule (option ``direction``), each rule's worked out when
    first looked up (a dictionary, so that a known rule's walks are read without a Python call); one
    per board."""

    def __init__(self, board: Any) -> None:
        super().__init__()
        self._board = board

    def __missing__(self, rule: str) -> tuple[Walk, ...]:
        b = self._board
        table = b.steps[rule]
        walks = self[rule] = tuple(Walk(table, b.question, b.point_name, p) for p in range(len(b.point_name)))
        return walks
