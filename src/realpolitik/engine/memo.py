"""Caches, declared like state: each game's ``memo.py`` names every cache its rules keep.

A game keeps answers it works out again and again (a card's action texts, a board's income, a
turn's line) so that a playout or a search asks them once. Such a cache is state in disguise,
so each is declared in one place, the game's ``memo.py``, as a :class:`Cache`: where it lives,
its key — content keys (a content file, a card key, a frozen tuple of small values), never an
object's ``id()`` — and its bound. ``tests/engine/test_caches.py`` checks the declarations
against the code (every ``lru_cache``, ``cached_property`` and ``Memo`` of a game package is
declared, and each ``lru_cache`` holds at most its declared bound), and that the content the
caches read stays as loaded after seeded random games of every title.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: the bound of a cache kept with one loaded content (a ``cached_property``): as many as contents loaded
PER_CONTENT = "per content"


class Cache(NamedTuple):
    """One cache of a game: ``where`` it lives (``module.function`` or ``module.Class.attribute`` within the
    game package), what its ``key`` is made of, and its ``bound`` (answers held at most, or ``PER_CONTENT``)."""

    where: str
    key: str
    bound: int | str


class Memo(dict):
    """Answers by key; ``keep`` stores one, forgetting everything first once it holds ``bound``."""

    __slots__ = ("bound",)

    def __init__(self, bound: int) -> None:
        super().__init__()
        self.bound = bound

    def keep(self, key: Any, answer: Any) -> Any:
        if len(self) >= self.bound:
            self.clear()
        self[key] = answer
        return answer
