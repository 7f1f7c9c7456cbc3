"""Revision 5: life at the table — clocks, stand-in bots, resigning, rematches, table chat.

``games.clock`` is the time control chosen at creation (``null``: none), ``games.stand_in``
the bot kind that takes over a seat whose time ran out or whose player resigned, and
``games.turn_since`` when the seat to act got the turn (clocks survive a restart).
``games.rematch`` names the game proposed as the rematch of a finished one.
``seats.clock_left`` is the time a seat has left; ``seats.away`` says why a bot plays a
person's seat (``timeout``: until the person comes back; ``resigned``: for good).
Chat gets a ``channel``: ``team`` (partners, as before), ``table`` (every player) and
``watchers`` (spectators among themselves, who have no seat: ``seat`` and ``team`` may be
empty and ``name`` says who wrote).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("stand_in", sa.String(40), nullable=True))
        batch.add_column(sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(16), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("clock_left", sa.Float, nullable=True))
        batch.add_column(sa.Column("away", sa.String(10), nullable=True))
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("channel", sa.String(10), nullable=False, server_default="team"))
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
        batch.alter_column("seat", existing_type=sa.Integer, nullable=True)
        batch.alter_column("team", existing_type=sa.Integer, nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM chat WHERE seat IS NULL OR team IS NULL")  # spectators' lines have no seat to keep
    with op.batch_alter_table("chat") as batch:
        batch.alter_column("team", existing_type=sa.Integer, nullable=False)
        batch.alter_column("seat", existing_type=sa.Integer, nullable=False)
        batch.drop_column("name")
        batch.drop_column("channel")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")
        batch.drop_column("clock_left")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
        batch.drop_column("turn_since")
        batch.drop_column("stand_in")
        batch.drop_column("clock")
