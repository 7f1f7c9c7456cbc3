"""Every action text a game can write, enumerated from its content, seats and grammar.

One module per game package; each ``texts(state)`` takes a freshly set-up state (for its
content, seats and options only) and yields the texts in a fixed order, using the game's
own ``grammar`` builders. Duplicates are dropped by the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import e1815, nationen, nuclear_war, wsdv

_BY_GAME: dict[str, Callable[[Any], Iterable[str]]] = {
    "e1815": e1815.texts,
    "e1815-2vs2": e1815.texts,
    "nationen": nationen.texts,
    "nuclear-war": nuclear_war.texts,
    "wsdv": wsdv.texts,
    "wsdv-2p2": wsdv.texts_2p2,
}


def enumerator(game_id: str) -> Callable[[Any], Iterable[str]]:
    """The text enumerator of a game; a game without one is named."""
    try:
        return _BY_GAME[game_id]
    except KeyError:
        raise KeyError(f"no action-id table for {game_id!r} (tables: {', '.join(_BY_GAME)})") from None
