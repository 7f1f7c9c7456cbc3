"""The game log: append-only, shared between clones, redacted per seat.

Each entry declares its visibility once: a ``public`` text everyone sees (or ``None``),
and optionally a ``private`` text shown instead to the seats in ``to`` (a player's own
draw, a team's shared note). The log is a persistent linked list, so appending is O(1)
and a clone shares every earlier entry with its original.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from realpolitik.i18n import DEFAULT, Text, render

#: what a log line may be: plain text, a message put into the reader's language, or nothing
Line = str | Text | None
_NOBODY: frozenset[int] = frozenset()


class Entry(NamedTuple):
    """One log line and who may read which form of it (plain text or a ``Text`` message)."""

    public: str | Text | None
    to: frozenset[int] = frozenset()
    private: str | Text | None = None

    def text_for(self, seat: int | None) -> str | Text | None:
        """The form of this entry that ``seat`` may read (``None``: nothing)."""
        if seat is not None and seat in self.to:
            return self.private
        return self.public


_new = tuple.__new__


@lru_cache(maxsize=256)
def _group(to: frozenset[int] | tuple) -> frozenset[int]:
    """The seats an entry is private to, as one shared set (a game has few such groups)."""
    return frozenset(to)


class Log:
    """A persistent list of entries: ``add`` returns nothing and never mutates shared nodes."""

    __slots__ = ("_node", "size")

    #: whether entries are kept: rules may skip putting into words what a ``NullLog`` drops anyway
    keeps = True

    def __init__(self) -> None:
        self._node: tuple | None = None  # (public, to, private, previous node): one tuple per entry
        self.size = 0

    def copy(self) -> Log:
        """A log sharing every entry so far; later additions to either stay apart."""
        twin = Log.__new__(Log)
        twin._node = self._node
        twin.size = self.size
        return twin

    def add(self, public: Line, to: frozenset[int] | tuple = (), private: Line = None) -> None:
        """Append an entry; ``private`` (if given) is what the seats in ``to`` read instead."""
        self._node = (public, _group(to) if to else _NOBODY, private, self._node)
        self.size += 1

    def say(self, maker: Callable[..., Text], *values: Any) -> None:
        """Append a public entry, the message ``maker(*values)`` of an ``i18n.phrase``: kept as the maker
        and its values, and made when read (the rules write a line at nearly every step of every game;
        making its ``Text`` costs more than keeping it, and few lines are ever read)."""
        self._node = (maker, values, self._node)
        self.size += 1

    def entries(self, start: int = 0) -> list[Entry]:
        """Entries from index ``start`` to the end, oldest first."""
        out = []
        node, i = self._node, self.size
        while node is not None and i > start:
            if len(node) == 3:  # said: (maker, values, previous node)
                out.append(_new(Entry, (node[0](*node[1]), _NOBODY, None)))
                node = node[2]
            else:
                out.append(_new(Entry, node[:3]))
                node = node[3]
            i -= 1
        out.reverse()
        return out

    def redacted(self, seat: int | None, start: int = 0, lang: str = DEFAULT) -> list[str]:
        """The texts ``seat`` may read (``None``: spectator), from index ``start``, in ``lang``."""
        return [render(t, lang) for e in self.entries(start) if (t := e.text_for(seat)) is not None]


class NullLog(Log):
    """A log that keeps nothing, for worlds that bots sample and nobody reads."""

    __slots__ = ()
    keeps = False

    def copy(self) -> NullLog:
        return self

    def add(self, public: Line, to: frozenset[int] | tuple = (), private: Line = None) -> None:
        """Discard the entry."""

    def say(self, maker: Callable[..., Text], *values: Any) -> None:
        """Discard the entry."""
