"""Revision 4: turn notifications and ratings.

``notices`` is the outbox of turn notifications: one row per account, game, turn and channel
(the unique key keeps it to one per turn), sent by a worker that retries a failed one later.
``games.rated`` marks a game created as rated; ``ratings`` is the history of every rating
change (an account's or a named bot kind's ``mu``/``sigma`` in one game title after a rated
game ended), whose newest row per player is the current rating.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_try", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error", sa.String(200), nullable=True),
        sa.UniqueConstraint("user_id", "game_id", "turn", "channel", name="uq_notices_turn"),
    )
    op.create_index("ix_notices_next_try", "notices", ["next_try"])
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("(user_id is null) != (bot is null)", name="ck_ratings_player"),
    )
    op.create_index("ix_ratings_game_user", "ratings", ["game", "user_id"])
    op.create_index("ix_ratings_game_bot", "ratings", ["game", "bot"])


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_table("notices")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
