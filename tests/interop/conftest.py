"""Shared by the interop tests: the game set-ups they cover (every game, player count and map), with
options that keep a game short enough for CI."""

from __future__ import annotations

from realpolitik.games import registry

#: options that shorten a game (still played to its end by the rules)
SHORT = {"e1815": {"max_years": 1}, "e1815-2vs2": {"max_years": 1}, "nationen": {"round_limit": 8}}


def setups() -> list[tuple[str, int, dict]]:
    """(game id, players, options) for every game and player count, and 1815's second map."""
    out = [(g.id, n, {}) for g in registry() for n in range(g.min_players, g.max_players + 1)]
    return [*out, ("e1815-2vs2", 4, {"map": "1715"})]


def ids(setup: tuple[str, int, dict]) -> str:
    game_id, players, options = setup
    return f"{game_id}-{players}" + "".join(f"-{v}" for v in options.values())
