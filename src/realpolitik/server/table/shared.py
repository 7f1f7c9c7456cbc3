"""What the parts of a table share besides the table itself: a person's seat kind, a connection's
shape, the seats' titles and the words of a game that cannot be loaded."""

from __future__ import annotations

import functools
from typing import Any, Protocol

from realpolitik.engine import Game
from realpolitik.i18n import LANGUAGES, render, t

HUMAN = "human"

DAMAGED = t("This game's stored record cannot be loaded; it is kept as it is.")


@functools.cache
def seat_titles(game: Game, players: int) -> tuple[dict[str, str], ...]:
    """Each seat's name as the game names it ("West", "Player 2"), in every language: pages
    show the one of their language, so one message serves every listener."""
    return tuple({lang: render(title, lang) for lang in LANGUAGES} for title in game.seat_titles(players))


class Listener(Protocol):
    """A connection watching a table: its seat (``None``: spectator) and an outbox."""

    seat: int | None
    log_sent: int
    lang: str
    user_id: int | None  # the account signed in, if any
    session: str | None  # the hash of the session's token it was opened with, if any

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int = 1000) -> None: ...
