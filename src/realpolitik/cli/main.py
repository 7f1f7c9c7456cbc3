"""``realpolitik``: list games, play in the terminal, replay records, serve online play, pit bots in the arena."""

from __future__ import annotations

import math
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from realpolitik.bots import bot_kinds
from realpolitik.bots.evaluate import BUDGET
from realpolitik.engine import ContentError, Game, Option, OptionError, Record, RecordError, secret_seed
from realpolitik.games import get, registry
from realpolitik.i18n import DEFAULT, LANGUAGES, from_env, listed, render, t, tn

from .admin import admin_app
from .content import content_app
from .inputs import (
    HELP_LAYOUT,
    OneLineErrors,
    check_address,
    check_notices,
    check_seats,
    check_seed,
    check_writable,
    content_error,
    fail,
    game_of,
    option_pairs,
    reason,
    seat_list,
)
from .play import HUMAN, Quit, TerminalGame, player_words
from .render import board, log_lines, outcome_text
from .replay import move_words, seat_named
from .rules import print_rules

#: ``--lang``: the language of the game's words; the environment's (LANG) when not given
LANG = typer.Option(None, "--lang", help="language of the game's words: en or de (default: from LANG)")
WORKERS = typer.Option(1, help="play games in this many processes (1–256); with --cluster local, the Ray "
                       "instance's CPUs")
CLUSTER = typer.Option(None, help="play the games as Ray tasks: auto (the Ray cluster this machine belongs to), "
                       "ray://HOST:PORT (Ray Client) or local (a private Ray instance); needs Ray, the package's "
                       "cluster extra")


def language(chosen: str | None) -> str:
    """``--lang`` if given (refused unless offered, in English: the language asked for is unknown),
    else the environment's language."""
    if chosen is None:
        return from_env()
    if chosen not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}, not {chosen!r}", DEFAULT)
    return chosen


app = typer.Typer(cls=OneLineErrors, add_completion=False, no_args_is_help=True, rich_markup_mode=HELP_LAYOUT,
                  help="Cold-War and great-power strategy games: play, replay, analyse.")
console = Console(highlight=False)
app.add_typer(content_app, name="content")
app.add_typer(admin_app, name="admin")


@app.command()
def games(lang: str | None = LANG) -> None:
    """List the registered games."""
    words = language(lang)
    table = RichTable(*(render(head, words) for head in (t("id"), t("title"), t("what it is"), t("players"),
                                                         t("bots"), t("options"))))
    for game in registry():
        players = f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players else str(
            game.min_players)
        table.add_row(game.id, game.title, render(game.summary, words), players, ", ".join(bot_kinds(game)),
                      ", ".join(o.name for o in game.options))
    console.print(table)


@app.command()
def options(game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
            lang: str | None = LANG) -> None:
    """List GAME's rule options (-o name=value): default, the values each takes, what it does."""
    words = language(lang)
    game = game_of(game_id, words)
    if not game.options:
        console.print(render(t("{game} has no rule options.", game=game.title), words))
        return
    table = RichTable(*(render(head, words) for head in (t("option"), t("default"), t("values"), t("meaning"))),
                      title=f"{game.title} ({game.id})", title_justify="left")
    for option in game.options:
        meaning = render(option.about, words) if option.about is not None else option.help
        table.add_row(option.name, _default(option, words), Text(_values(option, words)), Text(meaning))
    console.print(table)


@app.command()
def rules(game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
          lang: str | None = LANG) -> None:
    """Print GAME's rules for players, with their examples as the engine plays them."""
    words = language(lang)
    print_rules(console, game_of(game_id, words), words)


def _default(option: Option, lang: str) -> str:
    if option.local_file:
        return render(t("(built-in)"), lang)
    if isinstance(option.default, bool):
        return str(option.default).lower()
    return str(option.default)


def _values(option: Option, lang: str) -> str:
    if option.local_file:
        return render(t("command line only (a file path; `realpolitik content validate` checks it)"), lang)
    return render(option.values(), lang)


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    seats: str | None = typer.Option(None, help="comma-separated seats: human, random, heuristic, …"),
    seed: int | None = typer.Option(None, help="random seed, 0 or more (default: a fresh one)"),
    save: Path | None = typer.Option(None, help="write the game record to this file (checked before the game)"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable; "
                                     "`realpolitik options GAME` lists them)"),
    quiet: bool = typer.Option(False, help="bots only: print just the game's line and the result"),
    lang: str | None = LANG,
) -> None:
    """Play GAME in the terminal; seats without a human play by themselves."""
    words = language(lang)
    game = game_of(game_id, words)
    if seats is None:
        other = "heuristic" if "heuristic" in game.bots else "random"
        kinds = [HUMAN] + [other] * (game.default_players() - 1)
    else:
        kinds = seat_list(seats, words)
    check_seats(game, kinds, words)
    if quiet and HUMAN in kinds:
        fail(t("--quiet is for games of bots only: a human needs to see the board"), words)
    secret = seed is None and HUMAN in kinds  # people at the table: nobody may foresee a card
    if seed is None:
        seed = secret_seed() if secret else secrets.randbelow(2**31)
    else:
        check_seed(seed, words)
    if save is not None:
        check_writable(save, "--save", words)
    try:
        table = TerminalGame.open(game, kinds, seed, option_pairs(option, words), console, console.input,
                           verbose=not quiet, lang=words)
    except ContentError as exc:
        fail(content_error(exc), words)
    except OptionError as exc:
        fail(reason(exc), words)
    players = listed(player_words(seat, kind) for seat, kind in zip(table.state.seats, kinds))
    opening = (t("{game}: {players}", game=game.title, players=players) if secret
               else t("{game}, seed {seed}: {players}", game=game.title, seed=seed, players=players))
    console.print(render(opening, words), soft_wrap=True)
    try:
        table.play()
    except (Quit, EOFError, KeyboardInterrupt):
        console.print("\n" + render(t("Game stopped."), words))
    finally:
        if save is not None:
            _save(table.record, save, words)


def _save(record: Record, path: Path, lang: str) -> None:
    """Write the record to ``path``. When that fails after all, the game is not lost: it goes to
    a new file in the temporary directory or, failing that too, to stderr (exit status 1)."""
    try:
        record.save(path)
    except OSError as exc:
        failed = t("cannot write the record to {path} ({reason})", path=str(path), reason=exc.strerror)
        try:
            handle, spare = tempfile.mkstemp(prefix="realpolitik-record-", suffix=".json")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(record.to_json() + "\n")
        except OSError:
            Console(stderr=True, highlight=False).print(record.to_json(), markup=False, soft_wrap=True)
            fail(t("{failed}; the record is printed above", failed=failed), lang, status=1)
        fail(t("{failed}; it is saved to {spare} instead", failed=failed, spare=spare), lang, status=1)
    console.print(render(t("Record saved to {path}.", path=str(path)), lang), soft_wrap=True)


@app.command()
def replay(
    path: Path = typer.Argument(..., metavar="FILE", help="a game record (JSON)"),
    seat: str | None = typer.Option(None, help="replay from this seat's point of view: its label (p2) or its title "
                                                "(\"Player 2\", \"Spieler 2\", West)"),
    quiet: bool = typer.Option(False, help="only check the record, print nothing but the result"),
    lang: str | None = LANG,
) -> None:
    """Print a recorded game step by step; exit 0 when the replay matches the record."""
    words = language(lang)
    try:
        record = Record.load(path)
    except RecordError as exc:
        fail(reason(exc), words)
    try:
        state = record.initial_state(get)
    except RecordError as exc:
        fail(listed((str(path), reason(exc)), ": "), words)
    viewer = None if seat is None else seat_named(state, seat, words)
    seen = 0
    actions = record.actions
    said = move_words(state, actions[0], viewer, words) if actions and not quiet else ""
    try:
        for i, _, state in record.steps(get):
            if not quiet:
                view = state.view(viewer, log_from=seen, lang=words)
                seen = state.log.size
                console.print(Text.assemble((f"{i + 1:>4}", "cyan"), "  ", (said, "bold")))
                console.print(log_lines(view))
                if i + 1 < len(actions) and not state.is_over():  # the next move's words, before it is played
                    said = move_words(state, actions[i + 1], viewer, words)
    except RecordError as exc:
        fail(listed((str(path), reason(exc)), ": "), words)
    final = state.view(viewer, log_from=None, lang=words)
    if not quiet:
        console.print(board(final, words))
    if state.is_over():
        console.print(outcome_text(final["outcome"], words))
    stored = (record.result or {}).get("digest")
    if stored and stored != state.digest():
        console.print(render(t("The replay does not reproduce the recorded final state."), words), style="red")
        raise typer.Exit(1)
    n = len(record.actions)
    done = tn("Replay of {n} action matches the record.", "Replay of {n} actions matches the record.", "n", n=n) \
        if stored else tn("Replayed {n} action (the record holds no final state to compare).",
                          "Replayed {n} actions (the record holds no final state to compare).", "n", n=n)
    console.print(render(done, words))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on, 0–65535 (0: any free port)"),
    db: str = typer.Option("realpolitik.db", help="SQLite file or database URL (sqlite:///FILE, postgresql://…)"),
    bot_delay: float = typer.Option(0.3, help="seconds a bot waits before it moves (0–3600)"),
    bot_workers: int | None = typer.Option(None, help="bot worker processes, 0–256 (default: cores - 1; "
                                           "0: a thread)"),
    bot_think: float = typer.Option(1.0, help="seconds a search bot (ismcts) may think per move, at most "
                                    "(above 0, at most 3600)"),
    stand_in_pace: float | None = typer.Option(None, help="seconds the stand-in bot waits before each move for "
                                               "a person whose time ran out, 0–3600 (default: the time "
                                               "control's: a live game's increment, 10–60 s; correspondence, "
                                               "10 min)"),
    vacation_days: int = typer.Option(21, help="days of vacation each account banks per calendar year, 0–366 "
                                      "(its correspondence clocks stand still meanwhile; 0: no vacation)"),
    limit: list[str] = typer.Option([], "--limit", help="a server limit name=value (repeatable), e.g. "
                                    "open_games=200; every limit and its default: docs/security.md"),
    smtp: str | None = typer.Option(None, envvar="REALPOLITIK_SMTP", help="SMTP server HOST[:PORT] for turn "
                                    "notifications by e-mail (default: none, no e-mail)"),
    smtp_from: str = typer.Option("realpolitik@localhost", envvar="REALPOLITIK_SMTP_FROM",
                                  help="sender address of the e-mails"),
    smtp_user: str | None = typer.Option(None, envvar="REALPOLITIK_SMTP_USER", help="SMTP login name"),
    smtp_password_env: str = typer.Option("REALPOLITIK_SMTP_PASSWORD", help="name of the environment variable "
                                          "that holds the SMTP password (never given on the command line)"),
    smtp_starttls: bool = typer.Option(False, envvar="REALPOLITIK_SMTP_STARTTLS", help="use STARTTLS"),
    public_url: str = typer.Option("", envvar="REALPOLITIK_PUBLIC_URL", help="the address players reach the "
                                   "server at, for links in notifications (default: the address it listens on)"),
    webhook_private: bool = typer.Option(False, envvar="REALPOLITIK_WEBHOOK_PRIVATE", help="let webhooks go to "
                                         "loopback and private addresses (off: only public ones)"),
    push_loopback: bool = typer.Option(False, envvar="REALPOLITIK_PUSH_LOOPBACK", help="let Web Push go to "
                                       "http endpoints on loopback addresses, for tests with a local push "
                                       "service (off: only https endpoints on public addresses)"),
    notify_every: float = typer.Option(5.0, help="seconds between two looks at the outbox of notifications "
                                       "(0.01–3600)"),
    notify_retry: float = typer.Option(60.0, help="seconds before a failed notification is tried again, "
                                       "growing 1, 5, 30, 120 times (0.01–86400)"),
    metrics_port: int | None = typer.Option(None, help="serve /metrics (Prometheus) on this port of 127.0.0.1, "
                                            "0–65535 (default: no metrics)"),
) -> None:
    """Run the game server: lobby, online play against people and bots, replays."""
    words = from_env()
    for option, value in (("--port", port), ("--metrics-port", metrics_port)):
        if value is not None and not 0 <= value <= 65535:
            fail(t("{option} must be a whole number from {low} to {high}, not {value}", option=option, low=0,
                   high=65535, value=value), words)
    check_address(host, port, words)
    check_notices(smtp, public_url, words)
    if not (math.isfinite(bot_delay) and 0 <= bot_delay <= 3600):
        fail(t("--bot-delay must be a number of seconds from 0 to 3600, not {value}", value=bot_delay), words)
    if not (math.isfinite(bot_think) and 0 < bot_think <= 3600):
        fail(t("--bot-think must be a number of seconds above 0, at most 3600, not {value}", value=bot_think), words)
    if stand_in_pace is not None and not (math.isfinite(stand_in_pace) and 0 <= stand_in_pace <= 3600):
        fail(t("{option} must be a number of seconds from {low} to {high}, not {value}", option="--stand-in-pace",
               low=0, high=3600, value=stand_in_pace), words)
    if not 0 <= vacation_days <= 366:
        fail(t("{option} must be a whole number from {low} to {high}, not {value}", option="--vacation-days", low=0,
               high=366, value=vacation_days), words)
    if bot_workers is not None and not 0 <= bot_workers <= 256:
        fail(t("{option} must be a whole number from {low} to {high}, not {value}", option="--bot-workers", low=0,
               high=256, value=bot_workers), words)
    for option, value, high in (("--notify-every", notify_every, 3600), ("--notify-retry", notify_retry, 86400)):
        if not (math.isfinite(value) and 0.01 <= value <= high):
            fail(t("{option} must be a number of seconds from {low} to {high}, not {value}", option=option,
                   low=0.01, high=high, value=value), words)
    from realpolitik.server import Limits, NoticeSettings, StorageError
    from realpolitik.server import serve as run_server

    notices = NoticeSettings(smtp=smtp or None, smtp_from=smtp_from, smtp_user=smtp_user,
                             smtp_password=os.environ.get(smtp_password_env), smtp_starttls=smtp_starttls,
                             public_url=public_url, webhook_private=webhook_private, push_loopback=push_loopback,
                             every=notify_every, retry=notify_retry)

    limits = Limits()
    for name, value in option_pairs(limit, words, "--limit").items():
        try:
            limits = limits.set(name, value)
        except ValueError as exc:
            fail(reason(exc), words)
    try:
        run_server(host, port, db, bot_delay, bot_workers, announce=lambda text: print(text, flush=True),
                   bot_think=bot_think, limits=limits, notices=notices, stand_in_pace=stand_in_pace,
                   vacation_days=vacation_days, metrics_port=metrics_port)
    except StorageError as exc:
        fail(reason(exc), words)
    except OSError as exc:
        fail(t("cannot listen on {address} ({reason})", address=exc.filename or f"{host}:{port}",
               reason=exc.strerror), words)


def bot_run(game: Game, players: int, games: int, workers: int, seed: int, option: list[str], cluster: str | None,
            words: str) -> dict[str, Any]:
    """Check what an arena or a ladder is asked to play — game and worker counts, seed, rule options
    and content files, the player count, the cluster's address — before the progress bar shows;
    the rule options."""
    from realpolitik.sim import arena_options
    from realpolitik.sim.cluster import ClusterError, check_ray

    if not 1 <= games <= 1_000_000:
        fail(t("{option} must be a whole number from {low} to {high}, not {value}", option="--games", low=1,
               high=1000000, value=games), words)
    if not 1 <= workers <= 256:
        fail(t("{option} must be a whole number from {low} to {high}, not {value}", option="--workers", low=1,
               high=256, value=workers), words)
    check_seed(seed, words)
    options = option_pairs(option, words)
    try:
        game.new_state(players, arena_options(game, options), seed)
        if cluster is not None:
            check_ray(cluster)
    except ContentError as exc:
        fail(content_error(exc), words)
    except (OptionError, ValueError, ClusterError) as exc:
        fail(reason(exc), words)
    return options


@app.command()
def arena(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    seats: str = typer.Option(..., help="comma-separated bots, one per seat: ismcts,heuristic,random,… "
                              "(parameters after colons: ismcts:budget=20000)"),
    games: int = typer.Option(100, help="number of games, 1–1000000; seats rotate from game to game"),
    workers: int = WORKERS,
    seed: int = typer.Option(0, help="arena seed, 0 or more: deals and bots follow from it"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable)"),
    cluster: str | None = CLUSTER,
    as_json: bool = typer.Option(False, "--json", help="print the results as JSON"),
    lang: str | None = LANG,
) -> None:
    """Play GAME between bots many times; print win rates with 95 % Wilson intervals. Ctrl-C stops it
    and prints the games that finished."""
    import json

    from realpolitik.sim.cluster import ClusterError

    from . import arena as arena_cli

    words = language(lang)
    game = game_of(game_id, words)
    specs = seat_list(seats, words)
    check_seats(game, specs, words, humans=False)
    options = bot_run(game, len(specs), games, workers, seed, option, cluster, words)
    try:
        summary, seconds, stopped = arena_cli.run(game.id, specs, games, seed, options, workers,
                                                  Console(stderr=True), words, cluster)
    except ClusterError as exc:
        fail(reason(exc), words)
    if as_json:
        print(json.dumps({**summary.to_dict(), "seats": specs, "seed": seed, "workers": workers, "cluster": cluster,
                          "complete": not stopped, "seconds": round(seconds, 1)}, indent=1))
    elif summary.games:
        wide = console if console.is_terminal else Console(highlight=False, width=120)
        wide.print(arena_cli.table(summary, seconds, words))
    warning = arena_cli.mixed_team_warning(summary, game.seat_labels(len(specs)), specs, words)
    if warning:
        Console(stderr=True, highlight=False).print(warning, style="yellow", soft_wrap=True)
    if stopped:
        note = tn("stopped by Ctrl-C: {done} of {games} game finished",
                  "stopped by Ctrl-C: {done} of {games} games finished", "games", done=summary.games, games=games)
        Console(stderr=True, highlight=False).print(render(note, words))
        raise typer.Exit(130)


@app.command()
def ladder(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    players: int | None = typer.Option(None, help="players per game (default: the game's usual count)"),
    bots: str | None = typer.Option(None, help="comma-separated bots to rate (default: random, every bot of the "
                                    "game, ismcts at a tenth of its default budget and at the default)"),
    games: int = typer.Option(100, help="at least this many games, 1–1000000, in whole rounds of the round robin"),
    workers: int = WORKERS,
    seed: int = typer.Option(0, help="ladder seed, 0 or more: deals and bots follow from it"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable)"),
    cluster: str | None = CLUSTER,
    store: Path | None = typer.Option(None, help="keep each finished game in this file (JSON lines); the same "
                                      "command again plays only the games still missing"),
    as_json: bool = typer.Option(False, "--json", help="print the results as JSON"),
    lang: str | None = LANG,
) -> None:
    """Rate GAME's bots in a round robin: openskill ratings with intervals and a head-to-head table."""
    import json

    from realpolitik.sim.cluster import ClusterError
    from realpolitik.sim.ladder import default_entrants

    from . import ladder as ladder_cli

    words = language(lang)
    game = game_of(game_id, words)
    players = game.default_players() if players is None else players
    options = bot_run(game, players, games, workers, seed, option, cluster, words)
    if bots is None:
        entrants = default_entrants(game)
        ladder_cli.check_count(entrants, game, players, words)
    else:
        entrants = ladder_cli.bot_list(bots, game, players, words)
    if store is not None:
        check_writable(store, "--store", words)
    try:
        result, seconds = ladder_cli.run(game.id, entrants, players, games, seed, options, workers,
                                         Console(stderr=True), words, cluster, store)
    except ClusterError as exc:
        fail(reason(exc), words)
    if as_json:
        print(json.dumps({**result.to_dict(), "seed": seed, "workers": workers, "cluster": cluster,
                          "seconds": round(seconds, 1)}, indent=1))
    elif result.results:
        wide = console if console.is_terminal else Console(highlight=False, width=160)
        wide.print(ladder_cli.ratings_table(result, seconds, words))
        wide.print(ladder_cli.head_to_head_table(result, words))
    note = ladder_cli.stopped_note(result, words, stored=store is not None)
    if note:
        Console(stderr=True, highlight=False).print(note, style="yellow", soft_wrap=True)
        raise typer.Exit(130)


@app.command()
def review(
    path: Path = typer.Argument(..., metavar="RECORD", help="the record of a finished game (JSON)"),
    seat: str | None = typer.Option(None, help="estimate every seat's chances from this seat's information "
                                    "(default: each seat's from its own)"),
    budget: int | None = typer.Option(None, help="apply calls each estimate searches (1–100000000; default: the "
                                      f"game's, {BUDGET} in most games)"),
    seed: int = typer.Option(0, help="seed of the searches, 0 or more"),
    spec: str | None = typer.Option(None, help="the search's settings as an ismcts bot spec (default: the game's)"),
    out: Path | None = typer.Option(None, help="write the review as HTML with its chart to this file"),
    as_json: Path | None = typer.Option(None, "--json", help="write the review as JSON to this file"),
    lang: str | None = LANG,
) -> None:
    """Review a finished game: every seat's chance of winning after each action, as the seat could
    estimate it and in hindsight, and the turning points. Ctrl-C writes the actions reviewed so far."""
    from . import review as reviewing

    words = language(lang)
    if out is None and as_json is None:
        fail(t("give --out FILE for the page, --json FILE for the numbers, or both"), words)
    for target, flag in ((out, "--out"), (as_json, "--json")):
        if target is not None:
            check_writable(target, flag, words)
    reviewing.review(path, seat, budget, check_seed(seed, words), spec, out, as_json, words)


@app.command()
def analyze(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `realpolitik games`"),
    seats: str = typer.Option(..., help="comma-separated bots, one per seat (seats rotate from game to game)"),
    games: int = typer.Option(200, help="number of games per run, 1–1000000"),
    workers: int = WORKERS,
    seed: int = typer.Option(0, help="seed, 0 or more: deals and bots follow from it (both runs use it)"),
    option: list[str] = typer.Option([], "--option", "-o", help="rule option name=value (repeatable)"),
    content: Path | None = typer.Option(None, help="an own content file (the game's file option; "
                                        "`realpolitik content validate` checks it)"),
    against_content: Path | None = typer.Option(None, help="compare with a second run on this content file"),
    against: list[str] = typer.Option([], help="compare with a second run with this rule option name=value "
                                      "changed (repeatable)"),
    cluster: str | None = CLUSTER,
    out: Path | None = typer.Option(None, help="write the HTML report to this file"),
    as_json: bool = typer.Option(False, "--json", help="print the numbers as JSON"),
    lang: str | None = LANG,
) -> None:
    """Play GAME between bots and write a balance report (HTML with plots): win rates, endings, lengths,
    final values, tracks over time, seat order, cards; with --against or --against-content, two runs
    compared. Ctrl-C stops it and reports the games that finished."""
    from . import analyze as lab

    words = language(lang)
    game = game_of(game_id, words)
    specs = seat_list(seats, words)
    check_seats(game, specs, words, humans=False)
    if out is None and not as_json:
        fail(t("give --out FILE for the report, --json for the numbers, or both"), words)
    if out is not None:
        check_writable(out, "--out", words)
    name = None if content is None else lab.content_option(game, content, "--content", words)
    given = option + ([] if name is None else [f"{name}={content}"])
    options = bot_run(game, len(specs), games, workers, seed, given, cluster, words)
    other = lab.second_run(game, len(specs), seed, options, against, against_content, name, words)
    lab.analyze(game, specs, games, seed, options, other, workers, cluster, out, as_json, words)
