"""The database's schema, changed only by Alembic migrations (``versions/``, one file each).

:func:`upgrade` brings a database to the newest revision when the server opens it: a new
database is created by the migrations; one written before the migrations existed (its
tables there, no ``alembic_version`` table) is recognised as revision 1, stamped, and
upgraded from there. The migrations run the same on SQLite (in batch mode where SQLite
cannot alter a table in place) and on PostgreSQL.

A new revision is a new file in ``versions/`` whose ``down_revision`` is the current
head; ``store.py``'s tables describe the head (``tests/server/test_migrations.py``
compares them with the migrated schema on both backends). On SQLite, foreign keys are
off while the migrations run (a batch copy of ``games`` would otherwise cascade) and
checked after.
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger("realpolitik.server")

HERE = Path(__file__).resolve().parent
#: the schema before migrations existed: games, seats, actions, chat
FIRST = "0001"


class SchemaError(Exception):
    """The database's schema is not one these migrations know (written by a newer version)."""


def config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for this package's migrations (no ini file), on ``connection``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision."""
    return ScriptDirectory.from_config(config()).get_current_head()


def current(connection: Connection) -> str | None:
    """The revision stamped in the database (``None``: none, an empty database or one written
    before the migrations)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Bring the database to ``target`` (the newest revision unless told), stamping an
    unversioned database of the first schema (its tables exist) as revision 1 first."""
    wanted = head() if target == "head" else target
    sqlite = engine.dialect.name == "sqlite"
    with engine.begin() as conn:
        found = current(conn)
        if found == wanted:
            return
    known = {script.revision for script in ScriptDirectory.from_config(config()).walk_revisions()}
    if found is not None and found not in known:
        raise SchemaError(f"its schema is at revision {found}, which this version of realpolitik does not know "
                          f"(it knows up to {head()}): a newer version wrote it")
    try:
        with engine.begin() as conn:
            if sqlite:  # a batch copy of a table others reference must not cascade its deletes
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
                # the driver opens no transaction for DDL by itself: one here, so that an upgrade
                # killed halfway (a server stopped as it starts) leaves no half-made schema
                conn.exec_driver_sql("BEGIN")
            cfg = config(conn)
            if found is None and inspect(conn).has_table("games"):
                command.stamp(cfg, FIRST)
                found = FIRST
            if found != wanted:
                command.upgrade(cfg, wanted)
            if sqlite and conn.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                raise RuntimeError("the upgrade left rows without the rows they reference")
    finally:
        if sqlite:
            engine.dispose()  # new connections have foreign keys on again
    log.info("database schema upgraded from revision %s to %s", found or "none", wanted)
