"""Command-line input: the checks run before a game starts, and the one ``error:`` line each
refusal prints on stderr (exit status 2), usage errors of the command line included.

A refusal is a message in the command's language (``--lang``, else the environment's); click's
usage errors are put into the same words (:func:`usage_words`), only the detail of a value
that a parameter type refuses stays in click's English."""

from __future__ import annotations

import re
import socket
import sys
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from realpolitik.bots import bot_kinds, make_bot, parse_spec
from realpolitik.engine import ContentError, Game
from realpolitik.games import get, registry
from realpolitik.i18n import LANGUAGES, from_env, render, t
from realpolitik.i18n import Text as Message
from realpolitik.interop import search  # noqa: F401 (loading it registers OpenSpiel's research bots)

from .play import HUMAN

#: the layout of every ``--help``: click's plain one. Typer's rich layout (0.29) prints a value type after
#: every option, flags included, as if ``--help`` and ``--quiet`` took a value (``--help <bool>``)
HELP_LAYOUT = None

#: the largest seed taken: records keep seeds as signed 64-bit numbers
MAX_SEED = 2**63 - 1

_errors = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: Message | str, lang: str, status: int = 2) -> NoReturn:
    """Print ``error: message`` in ``lang`` as one line on stderr and end the command with ``status``."""
    _print_error(render(message, lang), lang)
    raise typer.Exit(status)


def reason(exc: Exception) -> Message | str:
    """What an exception says: its message (put into the reader's language later) or its text."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, Message) else str(exc)


def content_error(exc: ContentError) -> Message | str:
    """A content error in one line: its first problem, and how many more there are."""
    first, *more = str(exc).splitlines() or [""]
    if not more:
        return first
    return t("{problem} (and {n} more; `realpolitik content validate FILE --game GAME` lists them)", problem=first,
             n=len(more))


def game_of(game_id: str, lang: str) -> Game:
    """The registered game with this id, or the refusal naming the known ones."""
    try:
        return get(game_id)
    except KeyError:
        fail(t("unknown game {game} (known: {known})", game=repr(game_id), known=", ".join(registry().ids())), lang)


def option_pairs(pairs: list[str], lang: str, flag: str = "--option") -> dict[str, str]:
    """``name=value`` texts as a dict; a text without ``=`` is refused."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(t("{flag} {pair} must look like name=value", flag=flag, pair=repr(pair)), lang)
        out[name.strip()] = value.strip()
    return out


def seat_list(text: str, lang: str) -> list[str]:
    """The comma-separated seats of ``--seats``; a list without seats, or with an empty one
    (``random,,random``), is refused."""
    seats = [s.strip().lower() for s in text.split(",")]
    if not any(seats):
        fail(t("--seats {seats} lists no seat: give one per player, separated by commas", seats=repr(text)), lang)
    if "" in seats:
        fail(t("--seats {seats}: seat {n} is empty; give one per player, separated by single commas",
               seats=repr(text), n=seats.index("") + 1), lang)
    return seats


def check_seats(game: Game, seats: list[str], lang: str, humans: bool = True) -> None:
    """Refuse, before any game starts, a seat that is no bot of ``game`` (nor ``human`` where
    ``humans``), a bot's bad parameters, and a player count the game does not take."""
    for seat in seats:
        if humans and seat == HUMAN:
            continue
        try:
            if parse_spec(seat)[0] not in bot_kinds(game, research=True):
                refusal = t("unknown seat {seat}: use human or one of {bots}") if humans \
                    else t("unknown seat {seat}: use one of {bots}")
                fail(t(refusal.key, seat=repr(seat), bots=", ".join(bot_kinds(game, research=True))), lang)
            make_bot(seat, game)
        except ValueError as exc:
            fail(reason(exc), lang)
    if not game.min_players <= len(seats) <= game.max_players:
        players = f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players \
            else str(game.min_players)
        fail(t("{game} takes {players} players; --seats lists {n}", game=game.title, players=players, n=len(seats)),
             lang)


def check_seed(seed: int, lang: str) -> int:
    """``seed`` when it lies in 0 … MAX_SEED."""
    if not 0 <= seed <= MAX_SEED:
        fail(t("--seed must be a whole number from 0 to {max}, not {seed}", max=MAX_SEED, seed=_short(str(seed))),
             lang)
    return seed


def check_writable(path: Path, flag: str, lang: str) -> None:
    """Refuse, before any game starts, a path ``flag`` names that its file could not be written
    to: beyond what the path says (a directory, a missing folder), the file is opened for
    writing as a trial, as permissions do not bind root and a file system may refuse anyway."""
    try:
        if path.is_dir():
            fail(t("{flag} {path}: that is a directory; give the path of a file", flag=flag, path=str(path)), lang)
        if not path.parent.is_dir():
            fail(t("{flag} {path}: the directory {folder} does not exist", flag=flag, path=str(path),
                   folder=str(path.parent)), lang)
        try_writing(path)
    except PermissionError:
        fail(t("{flag} {path}: no permission to write it", flag=flag, path=str(path)), lang)
    except OSError as exc:
        fail(t("{flag} {path}: cannot be written ({problem})", flag=flag, path=str(path),
               problem=exc.strerror or str(exc)), lang)


def try_writing(path: Path) -> None:
    """Open ``path`` for writing and close it again: an existing file is left as it is, a new one
    removed again. Raises the ``OSError`` writing it would."""
    if path.exists():
        path.open("a", encoding="utf-8").close()
        return
    path.open("x", encoding="utf-8").close()
    path.unlink()


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


class OneLineErrors(TyperGroup):
    """The ``realpolitik`` command group: the command line's usage errors (an unknown command,
    a missing argument, a number that is none) become one ``error:`` line like every other
    refusal; a command group called without arguments still shows its help."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        lang = _asked_language(sys.argv[1:] if kwargs.get("args") is None else list(kwargs["args"]))
        try:
            status = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as exc:  # click's usage errors, in click's words
            if type(exc).__name__ == "NoArgsIsHelpError":  # its message is the help
                typer.echo(exc.format_message())
            else:
                ctx = getattr(exc, "ctx", None)
                error = usage_words(exc)
                words = t("{error} (see {command} --help)", error=error, command=ctx.command_path) \
                    if ctx is not None else error
                _print_error(render(words, lang), lang)
            status = exc.exit_code
        except typer.Abort:
            _print_error(render(t("stopped"), lang), lang)
            status = 1
        sys.exit(status if isinstance(status, int) else 0)


def _asked_language(args: list[str]) -> str:
    """The ``--lang`` of a command line not parsed yet (click refuses before it reads it),
    else the environment's language."""
    for i, arg in enumerate(args):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else \
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if value in LANGUAGES:
            return value
    return from_env()


def usage_words(exc: Exception) -> Message | str:
    """A usage error of click in the command line's words: a message where we know the
    error's kind, else click's own sentence."""
    kind = type(exc).__name__
    param = getattr(exc, "param", None)
    name = None if param is None else _param_name(param)
    if kind == "MissingParameter":
        return t("{name} is missing.", name=name or "?")
    if kind == "BadParameter":
        if "valid integer" in str(exc.message) or getattr(getattr(param, "type", None), "name", "") == "integer":
            return t("Invalid value for {name}: not a whole number.", name=name or "?")
        return t("Invalid value for {name}: {problem}", name=name or "?", problem=exc.message)
    if kind == "NoSuchOption":
        words = t("No such option: {option}", option=exc.option_name)
        if exc.possibilities:
            words = t("{error} (possible options: {options})", error=words,
                      options=", ".join(sorted(exc.possibilities)))
        return words
    message = " ".join(str(getattr(exc, "message", exc)).split())
    if kind == "BadOptionUsage" and "requires an argument" in message:
        return t("Option {option} needs a value.", option=_quoted(exc.option_name))
    if found := re.fullmatch(r"No such command '(.+?)'\.(?: Did you mean (.+)\?)?", message):
        words = t("No such command: {command}", command=_quoted(found[1]))
        return t("{error} (did you mean {commands}?)", error=words, commands=found[2]) if found[2] else words
    if found := re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", message):
        return t("Unexpected extra words: {words}", words=found[1])
    return message


def _param_name(param: Any) -> str:
    """How the command line names a parameter ('--seed', 'GAME'), as click names it."""
    try:
        return param.get_error_hint()  # Typer's parameters
    except TypeError:
        return param.get_error_hint(None)


def _quoted(name: Any) -> str:
    text = str(name or "")
    return text if text.startswith("'") else f"'{text}'"


def _print_error(words: str, lang: str) -> None:
    """``error: words`` as one line on stderr."""
    _errors.print(Text.assemble((render(t("error:"), lang), "red"), " ", " ".join(words.splitlines())))


def check_address(host: str, port: int, lang: str) -> None:
    """Refuse, before the database is opened, a ``--host`` that names no address."""
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        fail(t("cannot listen on {address} ({reason})", address=f"{host}:{port}",
               reason=getattr(exc, "strerror", None) or str(exc)), lang)


def check_notices(smtp: str | None, public_url: str, lang: str) -> None:
    """Refuse an SMTP server that is not HOST or HOST:PORT and a public URL that is not an http(s)
    address with a host: either would fail every notice later, far from the command line."""
    host, colon, port = (smtp or "").partition(":")
    if smtp and (not host.strip() or (colon and not (port.isdigit() and 1 <= int(port) <= 65535))):
        fail(t("--smtp {value} must be HOST or HOST:PORT (a port from 1 to 65535)", value=repr(smtp)), lang)
    if public_url:
        try:
            parts = urlsplit(public_url)
            good = parts.scheme in ("http", "https") and bool(parts.hostname) and (parts.port is None or parts.port > 0)
        except ValueError:  # a port that is no number, an IPv6 address without its bracket
            good = False
        if not good:
            fail(t("--public-url {value} must be the address players reach the server at: http:// or https:// and "
                   "a host (https://games.example.org)", value=repr(public_url)), lang)
