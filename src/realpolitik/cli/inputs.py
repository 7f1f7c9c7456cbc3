"""Command-line input: the checks run before a game starts, and the one ``error:`` line each
refusal prints on stderr (exit status 2), usage errors of the command line included."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from realpolitik.bots import bot_kinds, make_bot, parse_spec
from realpolitik.engine import ContentError, Game
from realpolitik.games import get

from .play import HUMAN

#: the largest seed taken: records keep seeds as signed 64-bit numbers
MAX_SEED = 2**63 - 1

_errors = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, status: int = 2) -> NoReturn:
    """Print ``error: message`` as one line on stderr and end the command with ``status``."""
    _errors.print(Text.assemble(("error:", "red"), " ", " ".join(message.splitlines())))
    raise typer.Exit(status)


def content_error(exc: ContentError) -> str:
    """A content error in one line: its first problem, and how many more there are."""
    first, *more = str(exc).splitlines() or [""]
    if not more:
        return first
    return f"{first} (and {len(more)} more; `realpolitik content validate FILE --game GAME` lists them)"


def game_of(game_id: str) -> Game:
    """The registered game with this id, or the refusal naming the known ones."""
    try:
        return get(game_id)
    except KeyError as exc:
        fail(exc.args[0])


def option_pairs(pairs: list[str], flag: str = "--option") -> dict[str, str]:
    """``name=value`` texts as a dict; a text without ``=`` is refused."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(f"{flag} {pair!r} must look like name=value")
        out[name.strip()] = value.strip()
    return out


def seat_list(text: str) -> list[str]:
    """The comma-separated seats of ``--seats``; an empty list is refused."""
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if not seats:
        fail(f"--seats {text!r} lists no seat: give one per player, separated by commas")
    return seats


def check_seats(game: Game, seats: list[str], humans: bool = True) -> None:
    """Refuse, before any game starts, a seat that is no bot of ``game`` (nor ``human`` where
    ``humans``), a bot's bad parameters, and a player count the game does not take."""
    for seat in seats:
        if humans and seat == HUMAN:
            continue
        try:
            if parse_spec(seat)[0] not in bot_kinds(game):
                choices = ", ".join(bot_kinds(game))
                fail(f"unknown seat {seat!r}: use {'human or ' if humans else ''}one of {choices}")
            make_bot(seat, game)
        except ValueError as exc:
            fail(str(exc))
    if not game.min_players <= len(seats) <= game.max_players:
        players = f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players \
            else str(game.min_players)
        fail(f"{game.title} takes {players} players; --seats lists {len(seats)}")


def check_seed(seed: int) -> int:
    """``seed`` when it lies in 0 … MAX_SEED."""
    if not 0 <= seed <= MAX_SEED:
        fail(f"--seed must be a whole number from 0 to {MAX_SEED}, not {_short(str(seed))}")
    return seed


def check_save_path(path: Path) -> None:
    """Refuse a ``--save`` path the record could not be written to, before the game starts."""
    parent = path.parent
    if path.is_dir():
        fail(f"--save {path}: that is a directory; give the path of a file")
    if not parent.is_dir():
        fail(f"--save {path}: the directory {parent} does not exist")
    if not os.access(path if path.exists() else parent, os.W_OK):
        fail(f"--save {path}: no permission to write {'it' if path.exists() else 'into ' + str(parent)}")


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


class OneLineErrors(TyperGroup):
    """The ``realpolitik`` command group: the command line's usage errors (an unknown command,
    a missing argument, a number that is none) become one ``error:`` line like every other
    refusal; a command group called without arguments still shows its help."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            status = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as exc:  # click's usage errors
            if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
                ctx = getattr(exc, "ctx", None)
                hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
                _errors.print(Text.assemble(("error:", "red"), " ", " ".join(exc.format_message().split()) + hint))
            status = exc.exit_code
        except typer.Abort:
            _errors.print(Text.assemble(("error:", "red"), " stopped"))
            status = 1
        sys.exit(status if isinstance(status, int) else 0)
