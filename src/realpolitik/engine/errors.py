"""Errors raised by the engine and by games."""


class IllegalAction(ValueError):
    """An action that is not legal now; the message is a sentence a player understands.

    The state that refused the action is unchanged.
    """


class ContentError(ValueError):
    """A content file (cards, maps, tables) is malformed; the message names file, entry and field."""


class RecordError(ValueError):
    """A game record is malformed or does not replay."""


class OptionError(ValueError):
    """A game option is unknown or has a bad value."""
