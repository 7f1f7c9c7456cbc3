"""Bot levels: the strengths a player picks for a bot seat online — easy, normal, hard.

Each game maps its levels to bot specs in ``data/levels.toml``, with each spec's rating
(openskill μ and σ) measured in a ladder of the game (``realpolitik ladder … --json``) at
the player count the file names, and the ladder's command and date. ``tools/levels.py``
writes the file from the ladder's JSON; nothing in it is set by hand.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: the levels, weakest first
NAMES = ("easy", "normal", "hard")
FILE = Path(__file__).resolve().parent / "data" / "levels.toml"


@dataclass(frozen=True)
class Level:
    """One level of a game: its bot spec and the rating the ladder measured for it."""

    name: str
    spec: str
    mu: float
    sigma: float


@dataclass(frozen=True)
class Ladder:
    """Where a game's levels were measured: players per game, games played, command, date."""

    players: int
    games: int
    command: str
    date: str


@cache
def table(path: Path = FILE) -> dict[str, tuple[Ladder, tuple[Level, ...]]]:
    """Every game's ladder and levels, weakest first, as the file holds them."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    out = {}
    for game, entry in data.items():
        ladder = Ladder(entry["players"], entry["games"], entry["command"], entry["date"])
        out[game] = (ladder, tuple(Level(name, entry[name]["spec"], entry[name]["mu"], entry[name]["sigma"])
                                   for name in NAMES))
    return out


def levels(game_id: str) -> tuple[Level, ...]:
    """The levels of a game, weakest first (none for a game the file does not hold)."""
    found = table().get(game_id)
    return found[1] if found else ()


def spec_of(game_id: str, name: str) -> str | None:
    """The bot spec of a game's level, or ``None`` when it has no such level."""
    return next((level.spec for level in levels(game_id) if level.name == name), None)
