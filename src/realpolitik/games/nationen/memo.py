"""Answers the rules work out again and again, remembered per board.

A random playout or a search asks the same questions many times over: what a power earns,
which tanker actions it has, while its ships and states stay as they are. A ``Memo`` keeps
such answers under a key made of everything they depend on — the options they read
included, as one board serves games with different options — and forgets them all once it
holds ``SIZE``, so a long search keeps it small. Only immutable answers are kept: a state
never changes what a memo holds.
"""

from __future__ import annotations

from typing import Any

#: answers a memo holds before it forgets them all
SIZE = 4096


class Memo(dict):
    """Answers by key; ``keep`` stores one, forgetting everything first when full."""

    def keep(self, key: Any, answer: Any) -> Any:
        if len(self) >= SIZE:
            self.clear()
        self[key] = answer
        return answer


class Memos:
    """The memos of one board, one per question."""

    __slots__ = ("occupancy", "income", "tankers", "pipelines", "agents")

    def __init__(self) -> None:
        #: what is known about the board asked about last (``occupancy.occupancy``)
        self.occupancy: Any = None
        self.income = Memo()  # economy.income
        self.tankers = Memo()  # economy.tanker_actions: by the ports ruled, the tankers, the canal and the price
        self.pipelines = Memo()  # economy.pipeline_choices: the texts by the free candidates' bits
        self.agents = Memo()  # movement.agent_moves
