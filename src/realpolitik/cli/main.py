"""``realpolitik``: list games, play in the terminal, replay records, serve online play, pit bots in the arena."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table as RichTable

from realpolitik.bots import bot_kinds, parse_spec
from realpolitik.engine import ContentError, Game, OptionError, Record, RecordError
from realpolitik.games import get, registry

from .play import HUMAN, Quit, Table
from .render import board, log_lines, outcome_text

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Cold-War and great-power strategy games: play, replay, analyse.")
console = Console(highlight=False)
content_app = typer.Typer(no_args_is_help=True, help="Your own content files (cards, decks, boards).")
app.add_typer(content_app, name="content")


def _fail(message: str) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(2)


def _game(game_id: str):
    try:
        return get(game_id)
    except KeyError as exc:
        _fail(exc.args[0])


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            _fail(f"option {pair!r} must look like name=value")
        out[name.strip()] = value.strip()
    return out


@app.command()
def games() -> None:
    """List the registered games."""
    table = RichTable("id", "title", "players", "bots", "options")
    for game in registry():
        players = f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players else str(
            game.min_players)
        table.add_row(game.id, game.title, players, ", ".join(bot_kinds(game)),
                      ", ".join(o.name for o in game.options))
    console.print(table)


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    seats: str | None = typer.Option(None, help="comma-separated seats: human, random, heuristic, …"),
    seed: int = typer.Option(None, help="random seed (default: a fresh one)"),
    save: Path | None = typer.Option(None, help="write the game record to this file"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable)"),
    quiet: bool = typer.Option(False, help="bots only: print just the result"),
) -> None:
    """Play GAME in the terminal; seats without a human play by themselves."""
    game = _game(game_id)
    if seats is None:
        other = "heuristic" if "heuristic" in game.bots else "random"
        kinds = [HUMAN] + [other] * (game.default_players() - 1)
    else:
        kinds = [s.strip().lower() for s in seats.split(",") if s.strip()]
    for kind in kinds:
        if kind != HUMAN and parse_spec(kind)[0] not in bot_kinds(game):
            _fail(f"unknown seat {kind!r}: use human or one of {', '.join(bot_kinds(game))}")
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        table = Table.open(game, kinds, seed, _options(option), console, console.input, verbose=not quiet)
    except (OptionError, ContentError, ValueError) as exc:
        _fail(str(exc))
    console.print(f"{game.title}, seed {seed}: " + ", ".join(
        f"{label}={kind}" for label, kind in zip(table.state.seats, kinds)))
    try:
        table.play()
    except (Quit, EOFError, KeyboardInterrupt):
        console.print("\nGame stopped.")
    finally:
        if save is not None:
            table.record.save(save)
            console.print(f"Record saved to {save}.")


@app.command()
def replay(
    path: Path = typer.Argument(..., metavar="FILE", help="a game record (JSON)"),
    seat: str | None = typer.Option(None, help="replay from this seat's point of view"),
    quiet: bool = typer.Option(False, help="only check the record, print nothing but the result"),
) -> None:
    """Print a recorded game step by step; exit 0 when the replay matches the record."""
    try:
        record = Record.load(path)
        state = record.initial_state(get)
        viewer = None if seat is None else list(state.seats).index(seat)
    except (RecordError, KeyError, ValueError) as exc:
        _fail(str(exc) if not isinstance(exc, ValueError) else f"no seat {seat!r} in this game")
    seen = 0
    try:
        for i, act, state in record.steps(get):
            if not quiet:
                view = state.view(viewer, log_from=seen)
                seen = state.log.size
                console.print(f"[cyan]{i + 1:>4}[/cyan]  [bold]{act}[/bold]")
                console.print(log_lines(view))
    except RecordError as exc:
        _fail(str(exc))
    final = state.view(viewer, log_from=None)
    if not quiet:
        console.print(board(final))
    if state.is_over():
        console.print(outcome_text(final["outcome"]))
    stored = (record.result or {}).get("digest")
    if stored and stored != state.digest():
        console.print("[red]The replay does not reproduce the recorded final state.[/red]")
        raise typer.Exit(1)
    console.print(f"Replay of {len(record.actions)} actions matches the record." if stored
                  else f"Replayed {len(record.actions)} actions (the record holds no final state to compare).")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on (0: any free port)"),
    db: str = typer.Option("realpolitik.db", help="SQLite file or database URL (sqlite:///FILE, postgresql://…)"),
    bot_delay: float = typer.Option(0.3, help="seconds a bot waits before it moves"),
    bot_workers: int | None = typer.Option(None, help="bot worker processes (default: cores - 1; 0: a thread)"),
    bot_think: float = typer.Option(1.0, help="seconds a search bot (ismcts) may think per move, at most"),
    limit: list[str] = typer.Option([], "--limit", help="a server limit name=value (repeatable), e.g. "
                                    "open_games=200; every limit and its default: docs/security.md"),
) -> None:
    """Run the game server: lobby, online play against people and bots, replays."""
    from realpolitik.server import Limits, StorageError
    from realpolitik.server import serve as run_server

    limits = Limits()
    for name, value in _options(limit).items():
        try:
            limits = limits.set(name, value)
        except ValueError as exc:
            _fail(str(exc))
    try:
        run_server(host, port, db, bot_delay, bot_workers, announce=lambda text: print(text, flush=True),
                   bot_think=bot_think, limits=limits)
    except StorageError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot listen on {host}:{port} ({exc.strerror})")


@content_app.command("validate")
def validate_content(
    path: Path = typer.Argument(..., metavar="FILE", help="a content file (TOML)"),
    game_id: str | None = typer.Option(None, "--game", help="the game the file is for (default: its `game` key)"),
) -> None:
    """Check a content file: every problem is listed with file, entry and field; exit 1 if any."""
    if game_id is None:
        import tomllib

        try:
            game_id = tomllib.loads(path.read_text(encoding="utf-8")).get("game")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            _fail(f"{path}: cannot read it as TOML ({exc}); name the game with --game")
        if not isinstance(game_id, str):
            takes = [g.id for g in registry() if g.content_problems.__func__ is not Game.content_problems]
            _fail(f"{path} names no game (a top-level `game` key); use --game, one of {', '.join(takes)}")
    game = _game(game_id)
    found = game.content_problems(str(path))
    if found is None:
        _fail(f"{game.id} takes no content file")
    if not found:
        console.print(f"{path}: a good {game.title} content file.", soft_wrap=True)
        return
    for problem in found:
        console.print(problem, markup=False, soft_wrap=True)
    console.print(f"[red]{len(found)} problem(s).[/red]")
    raise typer.Exit(1)


@app.command()
def arena(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    seats: str = typer.Option(..., help="comma-separated bots, one per seat: ismcts,heuristic,random,… "
                              "(parameters after colons: ismcts:budget=20000)"),
    games: int = typer.Option(100, help="number of games; seats rotate from game to game"),
    workers: int = typer.Option(1, help="play games in this many processes"),
    seed: int = typer.Option(0, help="arena seed: deals and bots follow from it"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable)"),
    as_json: bool = typer.Option(False, "--json", help="print the results as JSON"),
) -> None:
    """Play GAME between bots many times; print win rates with 95 % Wilson intervals."""
    import json

    from . import arena as arena_cli

    game = _game(game_id)
    specs = [s.strip() for s in seats.split(",") if s.strip()]
    if games < 1 or workers < 1:
        _fail("--games and --workers must be at least 1")
    try:
        summary, seconds = arena_cli.run(game.id, specs, games, seed, _options(option), workers,
                                         Console(stderr=True))
    except (KeyError, ValueError, OptionError, ContentError) as exc:
        _fail(exc.args[0] if exc.args else str(exc))
    if as_json:
        print(json.dumps({**summary.to_dict(), "seats": specs, "seed": seed, "workers": workers,
                          "seconds": round(seconds, 1)}, indent=1))
    else:
        wide = console if console.is_terminal else Console(highlight=False, width=120)
        wide.print(arena_cli.table(summary, seconds))
    warning = arena_cli.mixed_team_warning(summary, game.seat_labels(len(specs)), specs)
    if warning:
        Console(stderr=True, highlight=False).print(warning, style="yellow", soft_wrap=True)
