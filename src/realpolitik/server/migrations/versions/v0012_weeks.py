"""Revision 12: playing for weeks — vacations, seat notes and a game's terms for its players.

``vacations`` holds each account's vacations (``[starts, ends)``; ``auto`` when a clock
that ran out started it). ``seat_notes`` holds one private notepad per seat of a game, and
whether its writer shows it with the replay. ``games.terms`` is what the creator asks of
players who join (the share of games they may have lost on time, at most; the share they
played to the end, at least), empty for games without terms and for every game before.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("starts", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends", sa.DateTime(timezone=True), nullable=False),
        sa.Column("auto", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.CheckConstraint("ends > starts", name="ck_vacations_span"),
    )
    op.create_index("ix_vacations_user_id", "vacations", ["user_id"])
    op.create_table(
        "seat_notes",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("shown", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("terms", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("terms")
    op.drop_table("seat_notes")
    op.drop_index("ix_vacations_user_id", table_name="vacations")
    op.drop_table("vacations")
