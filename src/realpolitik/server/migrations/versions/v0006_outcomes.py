"""Revision 6: the outcome of a finished game in columns, for the statistics page.

``games.plies`` is the number of actions the game took, ``games.end_reason`` why it ended
— the English source of the outcome's reason (the message with its ``{fields}``, so games
that ended the same way count together), or its words where the game gave no message.
``seats.place`` is the seat's place (1 = best) and ``seats.won`` whether it is among the
winners. All stay empty until a game finishes. Finished games are filled in from their
stored result; their reason is its English words (the message was not stored then).

Revision ID: 0006
Revises: 0005
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

REASON = 500


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("plies", sa.Integer, nullable=True))
        batch.add_column(sa.Column("end_reason", sa.String(REASON), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("place", sa.Integer, nullable=True))
        batch.add_column(sa.Column("won", sa.Boolean, nullable=True))
    _backfill(op.get_bind())


def _backfill(conn) -> None:
    """Fill the new columns of every finished game from its stored result (a result that
    cannot be read leaves them empty)."""
    games = sa.table("games", sa.column("id"), sa.column("status"), sa.column("result", sa.Text),
                     sa.column("plies"), sa.column("end_reason"))
    seats = sa.table("seats", sa.column("game_id"), sa.column("seat"), sa.column("place"), sa.column("won"))
    rows = conn.execute(sa.select(games.c.id, sa.cast(games.c.result, sa.Text))
                        .where(games.c.status == "finished")).all()
    for game_id, text in rows:
        try:
            result = json.loads(text) if text else None
        except ValueError:
            continue
        outcome = result.get("outcome") if isinstance(result, dict) else None
        if not isinstance(outcome, dict) or not isinstance(outcome.get("places"), dict):
            continue
        plies, reason = result.get("plies"), outcome.get("reason")
        conn.execute(sa.update(games).where(games.c.id == game_id).values(
            plies=plies if isinstance(plies, int) else None,
            end_reason=reason[:REASON] if isinstance(reason, str) else None))
        winners = outcome.get("winners") or []
        for seat, (label, place) in enumerate(outcome["places"].items()):  # in seat order, as stored
            if isinstance(place, int):
                conn.execute(sa.update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                             .values(place=place, won=label in winners))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("won")
        batch.drop_column("place")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("end_reason")
        batch.drop_column("plies")
