"""Finished games kept as JSON lines, so that a long measurement adds up over several runs.

A run that may take hours (a ladder, a pair of bot levels, the strength targets, a review
calibration) appends each game as it finishes; the same command run again reads the games
kept and plays only those missing. A kept game carries what it depends on (its *key*: the
rules version, the options, every bot's parameters after the game's defaults, the seed), and
games are pooled only under an equal key, so a changed default budget or rules version starts
a new count rather than mixing two bots in one figure.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from realpolitik.bots import make_bot, parse_spec
from realpolitik.bots.ismcts import DEFAULT_BUDGET
from realpolitik.games import get

from .stats import GameResult


def parameters(game_id: str, spec: str, players: int) -> dict[str, Any]:
    """A bot spec's kind and parameters after the game's defaults at ``players`` (a bad spec is
    refused): two specs that differ only in spelling out a default are the same bot."""
    game = get(game_id)
    make_bot(spec, game, 0)
    kind, params = parse_spec(spec)
    params = {**game.bot_settings(kind, players), **params}
    if kind == "ismcts":
        params.setdefault("budget", DEFAULT_BUDGET)
    return {"kind": kind, **dict(sorted(params.items()))}


def configuration(game_id: str, specs: Iterable[str], players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """What a game of ``game_id`` at ``players`` between ``specs`` depends on: the rules version,
    ``options`` and each spec's :func:`parameters`."""
    bots = {spec: parameters(game_id, spec, players) for spec in sorted(set(specs))}
    return {"rules_version": get(game_id).rules_version, "options": dict(options), "bots": bots}


def config_key(config: Mapping[str, Any]) -> str:
    """A key or configuration as one comparable string."""
    return json.dumps(config, sort_keys=True)


def append(path: Path, line: Mapping[str, Any]) -> None:
    """Add one finished game's line to ``path``, on disk before this returns. The file is
    opened for each line, not held: a checkout or stash that replaces it meanwhile (git writes a
    new file) would leave a held handle writing into the old, unlinked one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line, sort_keys=True) + "\n")
        out.flush()
        os.fsync(out.fileno())


def load(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The stored lines, skipping blank ones."""
    return [json.loads(line) for line in lines if line.strip()]


def keep(path: Path, key: Mapping[str, Any], result: GameResult) -> None:
    """Keep one finished arena game under ``key``."""
    append(path, {"key": key, "game": asdict(result)})


def kept(path: Path | None, key: Mapping[str, Any]) -> dict[int, GameResult]:
    """The arena games kept in ``path`` under ``key``, by game index (none without a file). A
    line that is not a kept game raises ``ValueError`` naming the line."""
    if path is None or not path.exists():
        return {}
    wanted = config_key(key)
    names = {f.name for f in fields(GameResult)}
    found = {}
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            if config_key(line["key"]) != wanted:
                continue
            plain = {k: tuple(v) if isinstance(v, list) else v for k, v in line["game"].items() if k in names}
            found[plain["index"]] = GameResult(**plain)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"line {number} is not a kept game ({type(exc).__name__}: {exc})") from None
    return found
