"""Fixed integer ids for action texts: one versioned table per game, player count and content.

A table lists every text the game's grammar can write with its content (cards, places,
units, amounts) and its seats, in a fixed order: the id of a text is its position. Each
game enumerates its list from the content (``Game.action_texts``, the ``action_texts``
module of its package), never by watching games; a free amount is enumerated up to a
bound the content sets (a unit supply, a marker cap) or, where the content sets none, up
to a documented bound. A table names its version
``<game id>/<rules_version>/t<TABLE_VERSION>`` and its ``digest`` (a hash of the texts):
records of ids stay readable while both agree.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from realpolitik.engine import Game, normalize

#: bump when the ``action_texts`` of any game change their order or their set
TABLE_VERSION = 1


class ActionTable:
    """The action texts of one game set-up, numbered from 0 in a fixed order."""

    __slots__ = ("game_id", "players", "version", "digest", "texts", "_ids")

    def __init__(self, game: Game, players: int, texts: Iterable[str]) -> None:
        self.game_id = game.id
        self.players = players
        self.version = f"{game.id}/{game.rules_version}/t{TABLE_VERSION}"
        self.texts: tuple[str, ...] = tuple(dict.fromkeys(texts))
        self._ids = {text: i for i, text in enumerate(self.texts)}
        self.digest = hashlib.sha256("\n".join(self.texts).encode()).hexdigest()[:16]

    def __len__(self) -> int:
        return len(self.texts)

    def id(self, text: str) -> int:
        """The id of an action text (typed texts are normalised); a text outside the table is refused."""
        found = self._ids.get(text)
        if found is None:
            found = self._ids.get(normalize(text))
            if found is None:
                raise KeyError(f"{self.game_id}: no action id for {text!r} (table {self.version})")
        return found

    def text(self, action_id: int) -> str:
        """The action text with this id; an id outside the table is refused."""
        if not isinstance(action_id, int) or not 0 <= action_id < len(self.texts):
            raise KeyError(f"{self.game_id}: no action with id {action_id!r} (ids 0–{len(self.texts) - 1})")
        return self.texts[action_id]

    def ids(self, texts: Iterable[str]) -> list[int]:
        """The ids of several texts, in their order."""
        return [self.id(text) for text in texts]


def table(game: Game, players: int, options: dict[str, Any] | None = None) -> ActionTable:
    """The action table of ``game`` for ``players`` seats and these options (they choose the content)."""
    resolved = game.resolve_options(options)
    return _table(game, players, tuple(sorted((k, _hashable(v)) for k, v in resolved.items())))


@lru_cache(maxsize=64)
def _table(game: Game, players: int, options: tuple) -> ActionTable:
    if game.action_texts is None:
        raise KeyError(f"{game.id}: the game enumerates no action texts (Game.action_texts)")
    state = game.new_state(players, dict(options), seed=0)
    return ActionTable(game, players, game.action_texts(state))


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
