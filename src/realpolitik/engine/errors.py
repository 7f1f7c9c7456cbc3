"""Errors raised by the engine and by games. Their message is a sentence for the reader: a
``realpolitik.i18n.Text`` (put into the reader's language where it is shown) or a string."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action that is not legal now; the message is a sentence a player understands.

    The state that refused the action is unchanged.
    """


class ContentError(ValueError):
    """A content file (cards, maps, tables) is malformed; the message names file, entry and field."""


class RecordError(ValueError):
    """A game record is malformed or does not replay."""


class ReplayError(RecordError):
    """A recorded action is refused on replay. ``index`` is its place (0-based); the message
    also quotes the action and the refusal, which may name the acting seat's hidden cards."""

    def __init__(self, message: Any, index: int) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[type, tuple[Any, int]]:
        # pickled with its index (a bot worker's error travels back to the server this way)
        return type(self), (self.args[0], self.index)


class OptionError(ValueError):
    """A game option is unknown or has a bad value."""
