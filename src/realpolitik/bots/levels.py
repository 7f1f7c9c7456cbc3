"""Bot levels: the strengths a player picks for a bot seat online — easy, normal, hard.

Each game maps its levels to bot specs in the file its ``Game.levels`` names (every game's is
``realpolitik/games/data/levels.toml``, ``FILE``), with each spec's rating
(openskill μ and σ) measured in a ladder of the game (``realpolitik ladder … --json``) at
the player count the file names, and the ladder's command and date. ``tools/levels.py``
writes the file from the ladder's JSON; nothing in it is set by hand.

A game's ``pairs`` (``[GAME.pairs]``, written by ``tools/level_pairs.py``) hold each adjacent
pair of levels played head to head: ``easy-normal = {games, share, lower, bar}``, the
stronger level's share of the wins, the lower end of its 95 % Wilson interval and the bar
that end must pass (½ for two seats or two teams, an even share ``1/players`` in a
free-for-all), and ``target`` when the games were a strength target's. A file whose
recorded pair does not pass its bar is refused: its levels are not ordered.

A game's levels hold at the player count its entry names (``players``, the game's usual count
when the ladder ran at it). An entry ``"GAME@N"`` holds the levels measured at ``N`` players,
with its own ladder, pairs and timing; a count without such an entry is offered the game's
entry, whose order was measured at its own count only.

A game's ``seconds`` (``[GAME.seconds]``, written by ``tools/level_seconds.py``) hold the CPU
time of its hard level: ``hard = {spec, games, decisions, mean, slowest}``, seconds of one
core per decision, measured in games of the hard level against the normal one. A file whose
hard level needs more than ``HARD_SECONDS`` a decision on average is refused, and so is one
whose timing is of another spec than its hard level's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from realpolitik.games import LEVELS, registry

#: the levels, weakest first, and their adjacent pairs
NAMES = ("easy", "normal", "hard")
PAIRS = tuple(f"{weak}-{strong}" for weak, strong in zip(NAMES, NAMES[1:], strict=False))
#: the shipped file, which every game declares as its ``Game.levels``
FILE = LEVELS
#: seconds of one core the hard level may think per decision, on average
HARD_SECONDS = 2.0
#: what joins a game and a player count in the name of an entry of another count
AT = "@"


class LevelsError(ValueError):
    """A levels file that cannot be used; the message names the file, the entry and the field."""


@dataclass(frozen=True)
class Pair:
    """Two adjacent levels head to head: over ``games`` games the stronger won ``share`` of
    them, with ``lower`` the lower end of its 95 % interval, which must pass ``bar``; ``target``
    names the strength target whose games these were, when a target plays the pair."""

    name: str
    games: int
    share: float
    lower: float
    bar: float
    target: str | None = None


@dataclass(frozen=True)
class Timing:
    """The hard level's CPU time: over ``decisions`` decisions in ``games`` games, ``mean``
    seconds of one core per decision, the slowest decision ``slowest``."""

    spec: str
    games: int
    decisions: int
    mean: float
    slowest: float


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
    pairs: tuple[Pair, ...] = ()
    hard: Timing | None = None  # the hard level's CPU time per decision, once measured


def key_of(game_id: str, players: int | None = None) -> str:
    """The file's entry for ``game_id`` at ``players`` (``None``: the game's own entry)."""
    return game_id if players is None else f"{game_id}{AT}{players}"


def game_of(key: str) -> str:
    """The game an entry of the file is for: ``"nuclear-war@3"`` → ``"nuclear-war"``."""
    return key.split(AT, 1)[0]


@cache
def table(path: Path = FILE) -> dict[str, tuple[Ladder, tuple[Level, ...]]]:
    """Every entry's ladder and levels, weakest first, as the file holds them: each game's own
    entry under its id, the levels of another player count under ``"GAME@N"``."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    out = {}
    for game, entry in data.items():
        if AT in game:
            _other_count(path, game, entry, data)
        pairs = tuple(_pair(path, game, name, fields) for name, fields in entry.get("pairs", {}).items())
        hard = entry.get("seconds", {}).get("hard")
        timing = None if hard is None else _timing(path, game, hard, entry["hard"]["spec"])
        ladder = Ladder(entry["players"], entry["games"], entry["command"], entry["date"], pairs, timing)
        out[game] = (ladder, tuple(Level(name, entry[name]["spec"], entry[name]["mu"], entry[name]["sigma"])
                                   for name in NAMES))
    return out


def _other_count(path: Path, key: str, entry: dict, data: dict) -> None:
    """An entry of another player count, checked: it is ``"GAME@N"`` for a game with its own
    entry, measured at ``N`` players, which is not the count of the game's own entry."""
    own = data.get(game_of(key))
    if own is None:
        raise LevelsError(f"{path}: [{key}]: there is no entry [{game_of(key)}] for the game's own count")
    if key != key_of(game_of(key), entry.get("players")):
        raise LevelsError(f"{path}: [{key}]: field 'players' is {entry.get('players')!r}, not the count its name gives")
    if entry["players"] == own.get("players"):
        raise LevelsError(f"{path}: [{key}]: {entry['players']} players is the count of [{game_of(key)}]")


def _pair(path: Path, game: str, name: str, fields: dict) -> Pair:
    """One recorded pair, checked: a known pair, whole, and ordered (its lower end above its bar)."""
    where = f"{path}: [{game}.pairs] {name}"
    if name not in PAIRS:
        raise LevelsError(f"{where}: not a pair of adjacent levels ({', '.join(PAIRS)})")
    for field, kind in (("games", int), ("share", float), ("lower", float), ("bar", float)):
        if not isinstance(fields.get(field), kind) or isinstance(fields.get(field), bool):
            raise LevelsError(f"{where}: field {field!r} must be a{'n integer' if kind is int else ' number'}")
    if not isinstance(fields.get("target", ""), str):
        raise LevelsError(f"{where}: field 'target' must be a string")
    pair = Pair(name, fields["games"], fields["share"], fields["lower"], fields["bar"], fields.get("target"))
    if pair.lower <= pair.bar:
        raise LevelsError(f"{where}: the levels are not ordered: the stronger won {pair.share:.1%} of "
                          f"{pair.games} games, the interval's lower end {pair.lower:.3f} is not above {pair.bar:.3f}")
    return pair


def _timing(path: Path, game: str, fields: dict, spec: str) -> Timing:
    """The hard level's recorded CPU time, checked: whole, of the hard level's spec, within
    ``HARD_SECONDS`` a decision."""
    where = f"{path}: [{game}.seconds] hard"
    for field, kind in (("spec", str), ("games", int), ("decisions", int), ("mean", float), ("slowest", float)):
        if not isinstance(fields.get(field), kind) or isinstance(fields.get(field), bool):
            raise LevelsError(f"{where}: field {field!r} must be a"
                              + {str: " string", int: "n integer", float: " number"}[kind])
    timing = Timing(fields["spec"], fields["games"], fields["decisions"], fields["mean"], fields["slowest"])
    if timing.spec != spec:
        raise LevelsError(f"{where}: timed {timing.spec!r}, but the hard level is {spec!r}")
    if timing.mean > HARD_SECONDS:
        raise LevelsError(f"{where}: {spec} thinks {timing.mean:.2f} s a decision, more than {HARD_SECONDS:g} s")
    return timing


def file_of(game_id: str) -> Path | None:
    """The file a game declares for its levels (``Game.levels``); ``None`` for a game without levels."""
    games = registry()
    return games.get(game_id).levels if game_id in games else None


def measured(game_id: str, players: int | None = None,
             path: Path | None = None) -> tuple[Ladder, tuple[Level, ...]] | None:
    """The entry that gives ``game_id``'s levels at ``players`` in ``path`` (by default the file the
    game declares): the one measured at that count, else the game's own (``None`` for a game the
    file does not hold)."""
    path = path or file_of(game_id)
    if path is None:
        return None
    found = table(path)
    return found.get(key_of(game_id, players)) or found.get(game_id)


def levels(game_id: str, players: int | None = None) -> tuple[Level, ...]:
    """The levels of a game at ``players`` (by default its own entry's count), weakest first
    (none for a game the file does not hold)."""
    found = measured(game_id, players)
    return found[1] if found else ()


def specs(game_id: str) -> frozenset[str]:
    """The bot specs of a game's levels at every count the file holds."""
    path = file_of(game_id)
    return frozenset() if path is None else frozenset(
        level.spec for key, (_, found) in table(path).items() if game_of(key) == game_id for level in found)


def spec_of(game_id: str, name: str, players: int | None = None) -> str | None:
    """The bot spec of a game's level at ``players``, or ``None`` when it has no such level."""
    return next((level.spec for level in levels(game_id, players) if level.name == name), None)
