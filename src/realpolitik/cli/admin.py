"""``realpolitik admin``: the operator's commands on a server's database — accounts, games, backups.

Each takes ``--db`` as ``serve`` does and opens the database the way the server does
(bringing its schema up to date). A command that changes a game (``delete-game``) refuses
while a server uses the database (its heartbeat row is fresh: :mod:`realpolitik.server.heartbeat`),
since a running server keeps the games it plays in memory. Acting on a report changes only
the account; a running server hands a removed or banned account's seats to the stand-in bot
itself (:mod:`realpolitik.server.barred`). ``backup`` and ``restore`` (:mod:`realpolitik.server.backup`)
open the database without the migrations: a backup is the database as it is.
"""

from __future__ import annotations

import secrets
import sys
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table as RichTable

from realpolitik.i18n import from_env, render, t, tn
from realpolitik.i18n.counts import games_n

from .inputs import HELP_LAYOUT, fail, reason

admin_app = typer.Typer(no_args_is_help=True, rich_markup_mode=HELP_LAYOUT,
                        help="The operator's commands on a server's database: accounts, passwords, games, backups.")
console = Console(highlight=False)
DB = typer.Option("realpolitik.db", "--db", help="SQLite file or database URL (sqlite:///FILE, postgresql://…), "
                                                 "as for `realpolitik serve`")


def _print_table(table: RichTable) -> None:
    """A table on the terminal, or unwrapped when read by a program (a pipe, a file)."""
    (console if console.is_terminal else Console(highlight=False, width=200)).print(table)


def _store(db: str, words: str):
    """The server's store on ``db``; a SQLite file that does not exist is refused, not created."""
    from realpolitik.server.store import StorageError, Store

    try:
        return Store(_url(db, words))
    except StorageError as exc:
        fail(reason(exc), words)


def _url(db: str, words: str):
    """The database URL of ``--db``; one that cannot be used, or a SQLite file that does not exist, is refused."""
    from realpolitik.server.store import StorageError, database_url

    try:
        url = database_url(db)
    except StorageError as exc:
        fail(reason(exc), words)
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:") \
            and not Path(url.database).is_file():
        fail(t("there is no database file {path}", path=url.database), words)
    return url


def _no_server(store, words: str) -> None:
    """Fail in one line while a server process uses the database (before a game is changed)."""
    from realpolitik.server.heartbeat import STALE_SECONDS, serving

    found = serving(store)
    if found:
        first = found[0]
        fail(t("a server uses this database (process {pid} on {host}, heard from {seconds} s ago): stop it before "
               "changing a game; a server that was killed counts as stopped {stale} s after its last sign of life",
               pid=first["pid"], host=first["host"], seconds=max(0, round(first["seen"])),
               stale=round(STALE_SECONDS)), words)


@admin_app.command()
def users(db: str = DB) -> None:
    """List the accounts: name, when made, language, seats bound to each, sessions logged in."""
    words = from_env()
    store = _store(db, words)
    try:
        listed = store.user_list()
    finally:
        store.close()
    if not listed:
        console.print(render(t("No accounts yet."), words))
        return
    table = RichTable("name", "created", "language", "seats", "sessions")
    for user, seats, sessions in listed:
        table.add_row(user.name, user.created.strftime("%Y-%m-%d %H:%M"), user.language or "", str(seats),
                      str(sessions))
    _print_table(table)


@admin_app.command()
def games(db: str = DB, limit: int = typer.Option(1000, help="list at most this many, newest first")) -> None:
    """List the stored games, newest first: id, game, status, created, moves, players."""
    words = from_env()
    store = _store(db, words)
    try:
        listed = store.overview(max(1, limit))
    finally:
        store.close()
    if not listed:
        console.print(render(t("No games yet."), words))
        return
    table = RichTable("id", "game", "status", "created", "moves", "players")
    for game in listed:
        table.add_row(game["id"], game["game"], game["status"], game["created"].strftime("%Y-%m-%d %H:%M"),
                      str(game["moves"]), ", ".join(game["players"]))
    _print_table(table)


def _read_password(words: str) -> str:
    if sys.stdin.isatty():
        return typer.prompt(render(t("New password"), words), hide_input=True, confirmation_prompt=True)
    return sys.stdin.readline().rstrip("\r\n")


@admin_app.command("reset-password")
def reset_password(
    name: str = typer.Argument(..., metavar="NAME", help="the account's name (however it is cased)"),
    read: bool = typer.Option(False, "--read", help="read the new password (a hidden prompt on a terminal, "
                              "else one line of standard input) instead of making one at random"),
    db: str = DB,
) -> None:
    """Give the account NAME a new password and log out all its sessions; prints the password made."""
    from realpolitik.server.accounts import check_password, hash_password, name_key
    from realpolitik.server.table import Refusal

    words = from_env()
    try:
        key = name_key(name)  # the server's rule for a name, before a password is asked for
        password = _read_password(words) if read else secrets.token_urlsafe(12)
        check_password(password)
    except Refusal as exc:
        fail(exc.message, words)
    store = _store(db, words)
    try:
        found = store.user_by_name(key)
        if found is None:
            fail(t("there is no account named {name}", name=repr(name)), words)
        store.set_password(found[0].id, hash_password(password))
    finally:
        store.close()
    if read:
        console.print(render(t("The password of {name} is changed; its sessions are logged out.",
                               name=found[0].name), words))
    else:
        console.print(render(t("New password of {name}: {password}", name=found[0].name, password=password), words),
                      markup=False)


@admin_app.command("delete-game")
def delete_game(
    game_id: str = typer.Argument(..., metavar="ID", help="the game's id (`realpolitik admin games` lists them)"),
    db: str = DB,
) -> None:
    """Delete the game ID with its seats, actions and chat (refused while a server uses the database)."""
    words = from_env()
    store = _store(db, words)
    try:
        _no_server(store, words)
        deleted = store.delete_game(game_id.strip().lower())
    finally:
        store.close()
    if not deleted:
        fail(t("there is no game {game} in this database", game=repr(game_id)), words)
    console.print(render(t("Game {game} is deleted with its seats, actions and chat.", game=game_id), words))


@admin_app.command()
def reports(
    everything: bool = typer.Option(False, "--all", help="also the reports acted on already"),
    db: str = DB,
) -> None:
    """List the reports of players not acted on yet, oldest first: number, when, who reported
    whom, the game, why (and, with --all, what was done)."""
    words = from_env()
    store = _store(db, words)
    try:
        from realpolitik.server.social_store import SocialStore

        listed = SocialStore(store).reports(everything)
    finally:
        store.close()
    if not listed:
        console.print(render(t("No reports to act on."), words))
        return
    table = RichTable("report", "at", "by", "about", "game", "reason", "done")
    for row in listed:
        table.add_row(str(row["id"]), row["at"].strftime("%Y-%m-%d %H:%M"), row["reporter"], row["reported"],
                      row["game_id"] or "", row["reason"], row["action"] or "")
    _print_table(table)


@admin_app.command()
def act(
    report: int = typer.Argument(..., metavar="REPORT", help="the report's number (`realpolitik admin reports`)"),
    action: str = typer.Argument(..., metavar="ACTION",
                                 help="warn, mute, unmute, ban, unban, remove (the account) or dismiss"),
    note: str = typer.Option("", "--note", help="the words of a warning (default: a plain warning in the "
                                                "account's language)"),
    db: str = DB,
) -> None:
    """Act on the report REPORT against the reported account: warn it (a message from the
    operators), mute its chat and messages, ban it from creating and joining games, lift
    either, remove the account, or dismiss the report. A running server enforces it at once, and
    hands a removed or banned account's seats in running games to the stand-in bot."""
    from realpolitik.server.social_store import ACTIONS, SocialStore

    words = from_env()
    if action not in ACTIONS:
        fail(t("{action} is not an action; choose one of {actions}", action=repr(action), actions=", ".join(ACTIONS)),
             words)
    store = _store(db, words)
    try:
        social = SocialStore(store)
        found = social.report_of(report)
        if found is None:
            fail(t("there is no report {number} in this database", number=report), words)
        language = social.language(found["reported_id"])
        said = note.strip() or render(t("The operators warn you: a player reported your conduct. Play fair and "
                                        "be kind, or your account will be muted or banned."), language or "en")
        social.act(found["reported_id"], action, said, report)
    finally:
        store.close()
    console.print(render(t("Report {number}: {action} done for {name}.", number=report, action=action,
                           name=found["reported"]), words), markup=False, soft_wrap=True)


@admin_app.command()
def backup(
    file: Path = typer.Argument(..., metavar="FILE", help="the backup to write (a new file)"),
    portable: bool = typer.Option(False, "--portable", help="every table as JSON lines, gzip-compressed: restores "
                                  "into SQLite and PostgreSQL alike (default: a SQLite copy, or pg_dump's archive)"),
    db: str = DB,
) -> None:
    """Back the database up to FILE, safely while the server runs: SQLite's online backup, pg_dump
    (when installed) or a portable dump. Never changes the database (no migrations run)."""
    from realpolitik.server.backup import BackupError
    from realpolitik.server.backup import backup as back_up

    words = from_env()
    url = _url(db, words)
    started = time.monotonic()
    try:
        kind = back_up(url, file, portable)
    except BackupError as exc:
        fail(reason(exc), words)
    except OSError as exc:
        fail(t("cannot write {file}: {reason}", file=str(file), reason=exc.strerror or str(exc)), words)
    console.print(render(t("Backed up {database} to {file} ({kind}, {size} kB in {seconds} s).",
                           database=url.render_as_string(hide_password=True), file=str(file), kind=kind,
                           size=max(1, round(file.stat().st_size / 1024)),
                           seconds=f"{time.monotonic() - started:.1f}"), words), markup=False, soft_wrap=True)


@admin_app.command()
def restore(
    file: Path = typer.Argument(..., metavar="FILE", help="a backup made by `realpolitik admin backup`"),
    db: str = DB,
) -> None:
    """Restore the backup FILE into an empty database (a new SQLite file, or a PostgreSQL database
    made with createdb); the server's next start brings its schema up to date."""
    from sqlalchemy.exc import SQLAlchemyError

    from realpolitik.server.backup import BackupError, counts
    from realpolitik.server.backup import restore as restore_into
    from realpolitik.server.store import StorageError, database_url

    words = from_env()
    try:
        url = database_url(db)
    except StorageError as exc:
        fail(reason(exc), words)
    try:
        restore_into(url, file)
        games, accounts = counts(url)
    except BackupError as exc:
        fail(reason(exc), words)
    except SQLAlchemyError as exc:
        said = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        fail(t("cannot restore into {database}: {reason}", database=url.render_as_string(hide_password=True),
               reason=said[0] if said else type(exc).__name__), words)
    except OSError as exc:
        fail(t("cannot restore {file}: {reason}", file=str(file), reason=exc.strerror or str(exc)), words)
    console.print(render(t("Restored {file} into {database}: {games}, {accounts}.", file=str(file),
                           database=url.render_as_string(hide_password=True), games=games_n(games),
                           accounts=tn("{n} account", "{n} accounts", n=accounts)),
                         words), markup=False, soft_wrap=True)
