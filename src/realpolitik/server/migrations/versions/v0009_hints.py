"""Revision 9: hints ("What would the bot do?").

``games.hints`` says whether the game's players may ask the bot for a hint (chosen at
creation, never in a rated game; false for every game before). ``notes`` holds what a game's
record notes beside its actions: a row per hint asked, with the seat that asked and the
number of actions the game stood at (``kind`` is ``hint``); the suggestion is not stored.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "notes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_notes_game_id", "notes", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_notes_game_id", "notes")
    op.drop_table("notes")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("hints")
