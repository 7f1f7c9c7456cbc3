"""The game registry: every playable game by its id."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


class Registry:
    """Games by id, in registration order."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def register(self, game: Game) -> Game:
        """Add a game; ids are unique."""
        if game.id in self._games and self._games[game.id] is not game:
            raise ValueError(f"game id {game.id!r} is registered twice")
        self._games[game.id] = game
        return game

    def get(self, game_id: str) -> Game:
        """The game with this id; an unknown id names the known ones."""
        try:
            return self._games[game_id]
        except KeyError:
            known = ", ".join(self._games) or "none"
            raise KeyError(f"unknown game {game_id!r} (known: {known})") from None

    def __iter__(self):
        return iter(self._games.values())

    def __contains__(self, game_id: str) -> bool:
        return game_id in self._games

    def ids(self) -> list[str]:
        """Registered game ids."""
        return list(self._games)
