"""Removing an account (``realpolitik admin act REPORT remove``): all that is its own goes, its row stays.

Everything that deleting the account's row would take goes — its sessions, ratings, friends,
blocks, messages, reports, sanctions, vacations, push subscriptions, notices, and whatever
table refers to accounts next —, found by the database's own foreign keys (each one's
``ON DELETE`` says whether its rows go or forget the account). The row itself stays, emptied
— no password, no address, a name key nobody can sign in or be found with, the time of the
removal — because two kinds of rows must keep their player: a tournament's entries (its
standings and schedule are numbered by account) and the account's seats (the running server
hands those of running games to the stand-in bot through their live tables: :mod:`.barred`).
So removal changes no game row behind a running server's back. The name is free for a new
account; the removed one's stays shown where it played.
"""

from __future__ import annotations

from sqlalchemy import column, delete, inspect, table, update
from sqlalchemy.engine import Connection

from .store import now, users

#: tables whose rows keep a removed account as their player
KEPT = ("seats", "tournament_players")
#: the password hash of a removed account: no hash at all, so no password matches it
NO_PASSWORD = "!"


def remove_account(conn: Connection, user_id: int) -> bool:
    """Remove the account ``user_id`` within the transaction of ``conn`` (see the module);
    false if there is no such account, or it is removed already."""
    emptied = conn.execute(update(users).where(users.c.id == user_id, users.c.removed.is_(None)).values(
        # a tab never survives the cleaning of a name, so no account's folded name is this one
        name_key=f"removed\t{user_id}", password_hash=NO_PASSWORD, email=None, webhook=None, removed=now()))
    if emptied.rowcount != 1:
        return False
    found = inspect(conn)
    for name in found.get_table_names():
        if name in KEPT:
            continue
        for key in found.get_foreign_keys(name):
            if key["referred_table"] != users.name:
                continue
            (field,) = key["constrained_columns"]
            rows = table(name, column(field))
            if (key.get("options") or {}).get("ondelete", "").upper() == "CASCADE":
                conn.execute(delete(rows).where(rows.c[field] == user_id))
            else:
                conn.execute(update(rows).where(rows.c[field] == user_id).values({field: None}))
    return True
