"""The games. Every subpackage that exposes ``GAME`` is registered automatically; a package
holding several games (a base game and its variant) lists them all in ``GAMES``.

Each game package has the same inner layout (the table in ``docs/engine.md``, "The layout of
a game package"): ``game.py`` (the Game: id, seats, options), ``content.py`` + ``data/``
(cards, maps, tables), ``state.py`` (the data, clone, views, determinization), ``setup.py``
(the set-up, the outcome), ``sequence.py`` (the sequence of play as frames, refusals), one
module per further part of the rule book, ``grammar.py`` (the action texts), ``words.py``
(names, lines and actions in words), ``heuristic.py`` (its heuristic bot), ``measures.py``
(what the balance lab reads of a game) and ``rulebook/`` (its rules for players, in every
language, with examples the engine plays: ``realpolitik.rulebook``). Its developer docs live
in ``docs/games/<id>.md``.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from realpolitik.engine import Game, Registry

#: the bot levels of every game, which each declares as its ``Game.levels`` (realpolitik.bots.levels)
LEVELS = Path(__file__).resolve().parent / "data" / "levels.toml"

_registry: Registry | None = None


def registry() -> Registry:
    """All games, loaded on first use."""
    global _registry
    if _registry is None:
        reg = Registry()
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            for game in getattr(module, "GAMES", (getattr(module, "GAME", None),)):
                if isinstance(game, Game):
                    reg.register(game)
        _registry = reg
    return _registry


def get(game_id: str) -> Game:
    """The registered game with this id."""
    return registry().get(game_id)
