"""Bots: ``random`` for every game, plus the kinds a game brings (``heuristic``, …).

All share the :class:`Bot` interface and receive only a :class:`SeatContext`.
"""

from __future__ import annotations

from realpolitik.engine import Game

from .base import Bot
from .random_bot import RandomBot

GENERIC = {"random": RandomBot}


def bot_kinds(game: Game) -> list[str]:
    """Every bot kind available for ``game``."""
    return [*GENERIC, *game.bots]


def make_bot(kind: str, game: Game, seed: int = 0) -> Bot:
    """A bot of ``kind`` for ``game``; an unknown kind names the available ones."""
    factory = game.bots.get(kind) or GENERIC.get(kind)
    if factory is None:
        raise KeyError(f"no bot {kind!r} for {game.id} (available: {', '.join(bot_kinds(game))})")
    return factory(seed)


__all__ = ["Bot", "RandomBot", "bot_kinds", "make_bot"]
