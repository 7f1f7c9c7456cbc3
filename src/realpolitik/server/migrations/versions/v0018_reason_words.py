"""Revision 18: end reasons stored by their message as the catalog now names it (issue 78).

A finished game's result keeps its reason's message (``reason_key``), and ``games.end_reason``
(what the statistics count the ways games ended by) the same. A message about a number now has a
singular and a plural, and is named by its singular: a reason stored under the old message, which
left the number open ("{lead} lead(s)"), is named by the new one, so that the statistics count it
with the games that ended so since and read it in either language. Its words in every language
(``outcome.reasons``) stay as they were written.

Revision ID: 0018
Revises: 0017
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

#: an end reason's message before this revision → its message since (the singular of its plural)
RENAMED = {
    "The round limit ({limit} rounds) ended the game with {n} powers left; {lead} lead(s) on cash + 3 M per tanker "
    "+ income.": "The round limit ({limit} rounds) ended the game with {n} powers left; {lead} leads on cash + 3 M "
                 "per tanker + income.",
}


def upgrade() -> None:
    _rename(op.get_bind(), RENAMED.items())


def downgrade() -> None:
    _rename(op.get_bind(), ((new, old) for old, new in RENAMED.items()))


def _rename(conn, pairs) -> None:
    """Every finished game whose end reason is the first message of a pair: the second instead (a
    result that cannot be read keeps its own ``reason_key``)."""
    games = sa.table("games", sa.column("id"), sa.column("end_reason"), sa.column("result", sa.JSON))
    for old, new in pairs:
        rows = conn.execute(sa.select(games.c.id, sa.cast(games.c.result, sa.Text)).where(games.c.end_reason == old))
        for game_id, text in rows.all():
            try:
                result = json.loads(text) if text else None
            except ValueError:
                result = None
            values = {"end_reason": new[:500]}
            if isinstance(result, dict) and result.get("reason_key") == old:
                values["result"] = {**result, "reason_key": new}
            conn.execute(sa.update(games).where(games.c.id == game_id).values(**values))
