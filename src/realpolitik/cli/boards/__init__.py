"""Terminal boards: one module per game, named after the game id (``nuclear-war`` → ``nuclear_war``).

A board module has ``render(view: dict, lang: str) -> rich renderable``: every word it draws
is a message put into ``lang`` (``en`` or ``de``); names printed on the game's pieces (cards,
provinces, lands) stay as printed. It reads only the view, so it can never show what the
seat may not see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def titled(view: dict[str, Any], label: str | None) -> str:
    """A seat label of the view as the game names it in the view's language ("Spieler 2");
    ``label`` itself when the view does not know it."""
    seats = view["seats"]
    return view["titles"][seats.index(label)] if label in seats and "titles" in view else label or ""


def board_for(game_id: str) -> Callable[[dict, str], Any] | None:
    """The board renderer for a game, or ``None`` when the game has none."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "render", None)
