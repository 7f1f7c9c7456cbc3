"""Backing a server's database up and restoring it (``realpolitik admin backup`` / ``restore``).

A backup is taken while the server runs and holds one moment of the database:

- **SQLite**: a copy by SQLite's online backup API, in one read transaction (a snapshot of the
  WAL database; the server writes on meanwhile); the copy is a SQLite file itself.
- **PostgreSQL**: ``pg_dump`` in its custom format when it is installed (one snapshot of the
  database), restored by ``pg_restore``.
- **Portable** (``--portable``, or PostgreSQL without ``pg_dump``): every table's rows as JSON
  lines, gzip-compressed, read in one snapshot; restored into either database, so it also moves
  a server from SQLite to PostgreSQL.

No backup holds the ``servers`` rows (who serves the database now), and none runs the schema's
migrations: a backup taken with a newer version installed, before its first start, is the old
schema as it was. A restore goes only into an empty database (a new file, or one made with
``createdb``) and leaves it at the backup's revision; the server's next start brings it up to
date. It is whole or nothing: a SQLite file appears only when complete, PostgreSQL restores in
one transaction.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import JSON, DateTime, MetaData, Text, bindparam, cast, create_engine, func, insert, inspect, select
from sqlalchemy.engine import URL, Connection, Engine

from realpolitik.i18n import Text as Message
from realpolitik.i18n import t

from . import migrations

#: the first bytes of each kind of backup
SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
GZIP_MAGIC = b"\x1f\x8b"
#: the first line of a portable dump names it so
PORTABLE = "realpolitik-backup"
#: tables a backup leaves out: which server processes use the database now (heartbeat.py), and
#: the revision, which a portable dump keeps in its first line
LEFT_OUT = ("servers", "alembic_version")
#: rows written to the database at once by a restore
BATCH = 500


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, in one line."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)


def backup(url: URL, path: Path, portable: bool = False) -> str:
    """Back the database at ``url`` up to the new file ``path``; the kind of backup made:
    ``sqlite``, ``pg_dump`` or ``portable``."""
    if path.exists():
        raise BackupError(t("{file} exists already: give the backup a new name", file=str(path)))
    if not path.parent.is_dir():
        raise BackupError(t("cannot write {file}: there is no folder {folder}", file=str(path),
                            folder=str(path.parent)))
    part = path.with_name(f"{path.name}.part")
    sqlite = url.get_backend_name() == "sqlite"
    kind = "portable" if portable or not (sqlite or shutil.which("pg_dump")) else "sqlite" if sqlite else "pg_dump"
    try:
        if kind == "sqlite":
            _copy_sqlite(url.database, part)
        elif kind == "pg_dump":
            _run("pg_dump", url, "--format=custom", "--no-owner", "--no-privileges",
                 "--exclude-table-data=servers", f"--file={part}")
        else:
            _dump(url, part)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    return kind


def restore(url: URL, path: Path) -> str:
    """Restore the backup ``path`` into the empty database at ``url``; the kind of backup it was."""
    kind = kind_of(path)
    sqlite = url.get_backend_name() == "sqlite"
    _check_empty(url)
    if kind == "pg_dump":
        if sqlite:
            raise BackupError(t("{file} is a PostgreSQL archive (pg_dump): restore it into a PostgreSQL database",
                                file=str(path)))
        _run("pg_restore", url, "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error",
             str(path))
        return kind
    rows = _portable_rows(path) if kind == "portable" else _sqlite_rows(path)
    revision = next(rows)
    known = {script.revision for script in ScriptDirectory.from_config(migrations.config()).walk_revisions()}
    if revision is None:
        rows.close()
        raise BackupError(t("{file} holds no database of realpolitik", file=str(path)))
    if revision not in known:
        rows.close()
        raise BackupError(t("{file} was made by a newer version of realpolitik (schema revision {revision}): "
                            "restore it with that version", file=str(path), revision=revision))
    if not sqlite:
        with create_engine(url).begin() as conn:  # one transaction: the schema and every row, or nothing
            _load(conn, revision, rows)
        return kind
    part = Path(f"{url.database}.part")
    part.unlink(missing_ok=True)
    try:
        if kind == "sqlite":
            rows.close()
            shutil.copyfile(path, part)
        else:
            engine = create_engine(URL.create("sqlite", database=str(part)))
            try:
                with engine.begin() as conn:
                    _load(conn, revision, rows)
            finally:
                engine.dispose()
        os.replace(part, url.database)
    finally:
        part.unlink(missing_ok=True)
    return kind


def kind_of(path: Path) -> str:
    """Which kind of backup the file ``path`` is (:class:`BackupError` for none)."""
    try:
        with path.open("rb") as file:
            start = file.read(len(SQLITE_MAGIC))
            if start.startswith(GZIP_MAGIC):
                file.seek(0)
                with gzip.open(file, "rt", encoding="utf-8") as lines:
                    start = lines.readline(200).encode()
    except FileNotFoundError:
        raise BackupError(t("there is no backup file {file}", file=str(path))) from None
    except (OSError, UnicodeError, EOFError):
        start = b""
    if start.startswith(SQLITE_MAGIC):
        return "sqlite"
    if start.startswith(PG_DUMP_MAGIC):
        return "pg_dump"
    if start.startswith(b'{"format": "' + PORTABLE.encode()):
        return "portable"
    raise BackupError(t("{file} is not a backup of realpolitik (a SQLite copy, a pg_dump archive or a portable "
                        "dump)", file=str(path)))


def counts(url: URL) -> tuple[int, int]:
    """How many games and accounts the database at ``url`` holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return tuple(conn.execute(select(func.count()).select_from(sa.table(name))).scalar_one()
                         for name in ("games", "users"))
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- SQLite and pg_dump


def _copy_sqlite(database: str, part: Path) -> None:
    """SQLite's online backup of ``database`` into ``part``: one snapshot, as a file of its own
    (no WAL beside it), without the ``servers`` rows."""
    source, copy = sqlite3.connect(database), sqlite3.connect(part)
    try:
        source.backup(copy)  # every page in one step: one read transaction of the source
        if copy.execute("SELECT 1 FROM sqlite_master WHERE name = 'servers'").fetchone():
            copy.execute("DELETE FROM servers")
        copy.commit()
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
        source.close()


def _run(program: str, url: URL, *args: str) -> None:
    """PostgreSQL's ``program`` on the database at ``url`` (the password through the
    environment, never on the command line); :class:`BackupError` with its first error line."""
    found = shutil.which(program)
    if found is None:
        raise BackupError(t("{program} is not installed: install PostgreSQL's client programs (Debian: apt-get "
                            "install postgresql-client)", program=program))
    env = {**os.environ, "PGPASSWORD": url.password} if url.password else dict(os.environ)
    target = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    done = subprocess.run([found, f"--dbname={target}", *args], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if "error" in line.lower()] or done.stderr.splitlines()
        raise BackupError(t("{program} failed: {reason}", program=program,
                            reason=said[0].strip() if said else f"exit status {done.returncode}"))


# ---------------------------------------------------------------------- portable dumps


def _dump(url: URL, part: Path) -> None:
    """Every table's rows, in one snapshot, as a portable dump."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn, gzip.open(part, "wt", encoding="utf-8", compresslevel=6) as out:
            if engine.dialect.name == "sqlite":
                conn.exec_driver_sql("BEGIN")  # one read transaction: one WAL snapshot
            else:
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            rows = _rows(conn)
            out.write(json.dumps({"format": PORTABLE, "revision": next(rows),
                                  "made": datetime.now(UTC).isoformat()}) + "\n")
            for table, row in rows:
                out.write(json.dumps([table, row], separators=(",", ":"), default=_value) + "\n")
    finally:
        engine.dispose()


def _rows(conn: Connection) -> Iterator:
    """The schema's revision, then ``(table, row)`` for every row, parents before the rows that
    name them; a JSON column's value as its text (so SQL's NULL and JSON's null stay apart)."""
    tables = MetaData()
    tables.reflect(conn)
    yield migrations.current(conn)
    for table in tables.sorted_tables:
        if table.name in LEFT_OUT:
            continue
        columns = [cast(c, Text).label(c.name) if isinstance(c.type, JSON) else c for c in table.columns]
        for row in conn.execute(select(*columns).order_by(*table.primary_key.columns)):
            yield table.name, dict(row._mapping)


def _value(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} cannot be written to a portable dump")


def _portable_rows(path: Path) -> Iterator:
    """What a portable dump holds, as :func:`_rows` gives it."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        yield json.loads(next(lines))["revision"]
        for line in lines:
            yield tuple(json.loads(line))


def _sqlite_rows(path: Path) -> Iterator:
    """What a SQLite backup holds, as :func:`_rows` gives it (to restore it into PostgreSQL)."""
    engine = create_engine(URL.create("sqlite", database=f"file:{path}", query={"mode": "ro", "uri": "true"}))
    try:
        with engine.connect() as conn:
            yield from _rows(conn)
    finally:
        engine.dispose()


def _load(conn: Connection, revision: str, rows: Iterator) -> None:
    """The schema at ``revision``, then the rows, on ``conn`` (in its transaction)."""
    command.upgrade(migrations.config(conn), revision)
    tables = MetaData()
    tables.reflect(conn)
    batch: list[dict] = []
    name = None
    for table, row in rows:
        if table != name and batch:
            _insert(conn, tables.tables[name], batch)
            batch = []
        name = table
        batch.append(row)
        if len(batch) >= BATCH:
            _insert(conn, tables.tables[name], batch)
            batch = []
    if batch:
        _insert(conn, tables.tables[name], batch)
    if conn.dialect.name == "postgresql":
        _follow_sequences(conn, tables)


def _insert(conn: Connection, table, batch: list[dict]) -> None:
    """Rows as a dump holds them into ``table``: times parsed (a SQLite time, without a zone, is
    UTC), JSON columns given their text as it was."""
    values = {}
    for column in table.columns:
        if isinstance(column.type, JSON):  # its text, bound under a name of its own (the column's is taken)
            raw = bindparam(f"{column.name}_text", type_=Text)
            values[column.name] = cast(raw, column.type) if conn.dialect.name == "postgresql" else raw
    times = [c.name for c in table.columns if isinstance(c.type, DateTime)]
    for row in batch:
        for name in times:
            if isinstance(row.get(name), str):
                moment = datetime.fromisoformat(row[name])
                row[name] = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        for name in values:
            row[f"{name}_text"] = row.pop(name, None)
    conn.execute(insert(table).values(values) if values else insert(table), batch)


def _follow_sequences(conn: Connection, tables: MetaData) -> None:
    """PostgreSQL's serial columns go on after the highest number restored."""
    for table in tables.sorted_tables:
        for column in table.primary_key.columns:
            sequence = conn.execute(select(func.pg_get_serial_sequence(table.name, column.name))).scalar()
            if sequence is not None:
                highest = conn.execute(select(func.max(column))).scalar()
                conn.execute(select(func.setval(sequence, (highest or 0) + 1, False)))


def _check_empty(url: URL) -> None:
    """Refuse a database that holds tables already: a restore never mixes with what is there."""
    if url.get_backend_name() == "sqlite":
        if url.database in (None, "", ":memory:"):
            raise BackupError(t("{database} is no file: restore into a SQLite file or a PostgreSQL database",
                                database=url.render_as_string()))
        database = Path(url.database)
        if not database.parent.is_dir():
            raise BackupError(t("cannot write {file}: there is no folder {folder}", file=str(database),
                                folder=str(database.parent)))
        if not database.exists() or database.stat().st_size == 0:
            return
    engine: Engine = create_engine(url)
    try:
        held = inspect(engine).get_table_names()
    finally:
        engine.dispose()
    if held:
        raise BackupError(t("{database} is not empty (it holds tables): restore into a new database — a new file, "
                            "or one made with createdb", database=url.render_as_string(hide_password=True)))
