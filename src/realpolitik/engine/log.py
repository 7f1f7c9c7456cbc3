"""The game log: append-only, shared between clones, redacted per seat.

Each entry declares its visibility once: a ``public`` text everyone sees (or ``None``),
and optionally a ``private`` text shown instead to the seats in ``to`` (a player's own
draw, a team's shared note). The log is a persistent linked list, so appending is O(1)
and a clone shares every earlier entry with its original.

The rules write every line the same way, ``st.log.say(MESSAGE, *values)``: ``MESSAGE`` a module
constant made once (an ``i18n.phrase`` maker, or a ready ``Text``). A ``NullLog`` (the worlds
bots search) drops the line unmade, and a ``Log`` keeps the maker and its values and makes
the ``Text`` when the line is read (docs/engine.md, *The log*).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from realpolitik.i18n import DEFAULT, Text, render

#: what a log line may be: plain text, a message put into the reader's language, or nothing
Line = str | Text | None
#: what ``Log.say`` is given: a ready line, or a maker of one (``i18n.phrase``) given the values
Message = Line | Callable[..., Line]
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


def _made(message: Message, values: tuple) -> Line:
    """The line ``message`` makes of ``values`` (a ready line stands for itself)."""
    return message(*values) if callable(message) else message


class Log:
    """A persistent list of entries: ``say`` returns nothing and never mutates shared nodes."""

    __slots__ = ("_node", "size")

    #: whether entries are kept: rules may skip working out the values of a line a ``NullLog`` drops anyway
    keeps = True

    def __init__(self) -> None:
        self._node: tuple | None = None  # one tuple per entry, the previous node last (``say``)
        self.size = 0

    def copy(self) -> Log:
        """A log sharing every entry so far; later additions to either stay apart."""
        twin = Log.__new__(Log)
        twin._node = self._node
        twin.size = self.size
        return twin

    def say(self, message: Message, *values: Any, to: frozenset[int] | tuple = (),
            private: tuple | None = None) -> None:
        """Append a line: ``message`` is a ready line (a ``Text``, a module constant) or a maker of one
        (an ``i18n.phrase``, a module constant) given its ``values``; ``private`` (``(message, *values)``,
        if given) is what the seats in ``to`` read instead.

        Kept as given and made when read: the rules write a line at nearly every step of every game,
        making its ``Text`` costs more than keeping it, and few lines are ever read."""
        if to:
            self._node = (message, values, _group(to), private, self._node)
        else:
            self._node = (message, values, self._node)
        self.size += 1

    def entries(self, start: int = 0) -> list[Entry]:
        """Entries from index ``start`` to the end, oldest first."""
        out = []
        node, i = self._node, self.size
        while node is not None and i > start:
            if len(node) == 3:  # public: (message, values, previous node)
                out.append(_new(Entry, (_made(node[0], node[1]), _NOBODY, None)))
            else:  # private to some seats: (message, values, to, (message, *values), previous node)
                private = node[3] and _made(node[3][0], node[3][1:])
                out.append(_new(Entry, (_made(node[0], node[1]), node[2], private)))
            node = node[-1]
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

    def say(self, message: Message, *values: Any, to: frozenset[int] | tuple = (),
            private: tuple | None = None) -> None:
        """Discard the line (nothing is made: its words are put together only when read)."""
