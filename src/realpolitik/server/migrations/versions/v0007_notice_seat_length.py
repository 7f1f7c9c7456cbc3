"""Revision 7: the seat a turn notice is about, and how far a finished game got by its own clock.

``notices.seat`` is the seat whose turn came, so an account that holds two seats of a game
is told the right one. Notices queued before have none; they name the account's first
seat, as they did. ``games.length`` is where the game's clock stood when it ended — the
turn, round, year or part of a decade its ``measures`` count in — for the statistics page;
empty for games that ended before, and for games without a clock.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notices") as batch:
        batch.add_column(sa.Column("seat", sa.Integer, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("length", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("length")
    with op.batch_alter_table("notices") as batch:
        batch.drop_column("seat")
