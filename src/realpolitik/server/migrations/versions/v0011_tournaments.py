"""Revision 11: tournaments (issue 59).

``tournaments`` holds each tournament's game, kind, rounds, clock, time-out allowance and
sign-up; ``tournament_players`` its players with their seeding and why one withdrew;
``tournament_boards`` each round's boards: a game (once created) or a rest. Nothing
existing changes.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("timeouts", sa.Integer, nullable=False),
        sa.Column("closes", sa.DateTime(timezone=True), nullable=True),
        sa.Column("capacity", sa.Integer, nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status in ('signup', 'running', 'finished', 'cancelled')", name="ck_tournaments_status"),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.Column("number", sa.Integer, nullable=True),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("withdrawn", sa.String(10), nullable=True),
    )
    op.create_table(
        "tournament_boards",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("board", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("rest", sa.Boolean, nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True),
        sa.Column("claimed", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_tournament_boards_game_id", "tournament_boards", ["game_id"])


def downgrade() -> None:
    for table in ("tournament_boards", "tournament_players", "tournaments"):
        op.drop_table(table)
