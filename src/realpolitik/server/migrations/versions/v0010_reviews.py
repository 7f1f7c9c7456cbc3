"""Revision 10: reviews of finished games, kept with the game (issue 58).

``reviews`` holds each review as JSON under its game and its cache key (the record and the
review's settings). Nothing existing changes.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("viewpoint", sa.String(20), nullable=True),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("review", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
