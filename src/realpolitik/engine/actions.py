"""Canonical action texts.

Every action is a short lower-case text such as ``place atlas``, ``target p3`` or
``no intercept``: words separated by single spaces. The text *is* the action: it is what
``legal_actions()`` lists, what ``apply()`` takes, what records store and what players
type. ``parse`` splits a text into its verb and arguments (integers where a word is a
number), ``action`` builds one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from realpolitik.i18n import Text

#: a number in an action text: ASCII digits only, at most 18 (``int()`` would also take "٣", "1_0" or "²")
_NUMBER = re.compile(r"-?[0-9]{1,18}")


def normalize(text: str) -> str:
    """The canonical form of a typed action: lower case, single spaces, trimmed."""
    return " ".join(text.lower().split())


def action(verb: str, *args: object) -> str:
    """Build an action text from a verb and its arguments."""
    return " ".join((verb, *map(str, args))) if args else verb


@lru_cache(maxsize=8192)  # a game has a few thousand texts at most, read again and again (a playout reads one a move)
def parse(text: str) -> tuple[str, tuple[str | int, ...]]:
    """Split a canonical action text into ``(verb, args)``; numeric words become ints, any other word stays text."""
    verb, *words = text.split(" ")
    return verb, tuple(int(w) if w[-1:].isdigit() and _NUMBER.fullmatch(w) else w for w in words)


class Choice(NamedTuple):
    """A legal action with its parts: its text, its verb and arguments, its words for a
    button (``label``, from the game's ``State.action_label``) and, for a grave action, what
    it does that deserves a second thought (``grave``, from ``State.grave``)."""

    action: str
    verb: str
    args: tuple[str | int, ...]
    label: str
    grave: str | Text | None = None
