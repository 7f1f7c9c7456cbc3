"""Bots: ``random`` and ``ismcts`` for every game, plus the kinds a game brings (``heuristic``, …),
and for research OpenSpiel's ``os-ismcts`` and ``os-mcts`` (with the ``rl`` extra; ``interop/search.py``).

All share the :class:`Bot` interface and receive only a :class:`SeatContext`. A bot
spec may carry parameters after colons: ``ismcts:budget=20000:rollout=heuristic``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from realpolitik.engine import Game

from .base import Bot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot

GENERIC = {"random": RandomBot, "ismcts": ISMCTSBot}
#: research kinds and what they are: OpenSpiel's bots, which play through the adapter of
#: ``realpolitik.interop`` — for the arena and the command line, not offered online or on the ladder
RESEARCH_KINDS = {"os-ismcts": "OpenSpiel's ISMCTS", "os-mcts": "OpenSpiel's MCTS on a sampled world"}
#: their factories, which ``realpolitik.interop.search`` registers when it loads and open-spiel is
#: installed; until then ``make_bot`` refuses them, saying how to install open-spiel
RESEARCH: dict[str, Callable[..., Bot]] = {}


def bot_kinds(game: Game, research: bool = False) -> list[str]:
    """Every bot kind available for ``game``; with ``research`` also OpenSpiel's kinds (which
    ``make_bot`` refuses, saying how to install open-spiel, when it is missing)."""
    return [*GENERIC, *game.bots, *(RESEARCH_KINDS if research else ())]


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``kind:name=value:…`` into the kind and its parameters (numbers converted)."""
    kind, *pairs = spec.strip().lower().split(":")
    params: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"bot {spec!r}: parameter {pair!r} must look like name=value")
        params[name.strip()] = _number(text.strip())
    return kind.strip(), params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_bot(kind: str, game: Game, seed: int = 0, think: float | None = None,
             players: int | None = None) -> Bot:
    """A bot for ``game`` from a spec (``ismcts``, ``ismcts:budget=5000``); unknown kinds are named.

    The game's defaults for the kind at a table of ``players`` (``Game.bot_settings``) apply
    where the spec sets nothing. ``think``
    caps a search bot's seconds per decision (bots that take a ``time_limit``) unless the
    spec sets its own. Raises ``KeyError`` for an unknown kind and ``ValueError`` for bad
    parameters (an unknown name is refused with the names the kind takes).
    """
    name, params = parse_spec(kind)
    factory = game.bots.get(name) or GENERIC.get(name) or RESEARCH.get(name)
    if factory is None and name in RESEARCH_KINDS:
        raise ValueError(f"bot {name!r} needs open-spiel: pip install 'realpolitik[rl]'")
    if factory is None:
        raise KeyError(f"no bot {name!r} for {game.id} (available: {', '.join(bot_kinds(game, research=True))})")
    takes = bot_parameters(factory)
    unknown = [] if takes is None else [p for p in params if p not in takes]
    if unknown:
        known = f"{name} takes: {', '.join(takes)}" if takes else f"{name} takes no parameters"
        raise ValueError(f"bot {kind!r}: unknown parameter {unknown[0]!r} ({known})")
    params = {**game.bot_settings(name, players), **params}
    if think is not None and "time_limit" in (takes or ()):
        params.setdefault("time_limit", think)
    try:
        bot = factory(seed, **params)
    except TypeError as exc:
        raise ValueError(f"bot {kind!r}: {exc}") from None
    check = getattr(bot, "check", None)  # what only the game can tell (a search's playout policies)
    if check is not None:
        check(game)
    return bot


def bot_parameters(factory: Callable[..., Any]) -> list[str] | None:
    """The parameter names a bot factory takes after its seed; ``None`` when it takes any (``**``)."""
    params = list(inspect.signature(factory).parameters.values())[1:]
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


__all__ = ["Bot", "ISMCTSBot", "RandomBot", "bot_kinds", "bot_parameters", "make_bot", "parse_spec"]
