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

from realpolitik.engine.memo import PER_CONTENT, Cache, Memo

#: answers a memo holds before it forgets them all
SIZE = 4096

#: every cache of Nationen (engine/memo.py)
CACHES = (
    Cache("content.load", "the board file and the cards file", 8),
    Cache("content.Board.memo", "one ``Memos`` per loaded board, each bounded by ``SIZE``", PER_CONTENT),
    Cache("content.Board.walks", "the direction rule (two: walks.Walks)", PER_CONTENT),
    Cache("memo.Memos.income", "the seat's states, pipelines and options read (economy.income)", SIZE),
    Cache("memo.Memos.tankers", "the ports ruled, the tankers, the canal and the price", SIZE),
    Cache("memo.Memos.pipelines", "the free candidates' bits", SIZE),
    Cache("memo.Memos.agents", "the agent's point, the steps, how far and the direction option", SIZE),
    Cache("words.turn_begins", "the round and the seat's name", 1024),
    Cache("words.collects", "the seat's name and the income", 4096),
    Cache("words.price_words", "the price", 1024),
)


class Memos:
    """The memos of one board, one per question."""

    __slots__ = ("occupancy", "income", "tankers", "pipelines", "agents")

    def __init__(self) -> None:
        #: what is known about the board asked about last (``occupancy.occupancy``)
        self.occupancy: Any = None
        self.income = Memo(SIZE)  # economy.income
        self.tankers = Memo(SIZE)  # economy.tanker_actions: by the ports ruled, the tankers, the canal and the price
        self.pipelines = Memo(SIZE)  # economy.pipeline_choices: the texts by the free candidates' bits
        self.agents = Memo(SIZE)  # movement.agent_moves
