"""Revision 15: fair play in tournaments and for the operator (issue 76).

``users.removed`` marks an account the operators removed: its row stays, emptied (no
password, no address, a name nobody can sign in with), as the player of its seats and
tournament entries. ``servers`` holds one row per running server process, which keeps its
``seen`` time fresh; the operator's commands that change games refuse while a fresh one
exists. Every tournament has a clock now: one stored without (before this revision a
tournament could be created so) gets correspondence, 24 h per move with a bank of 72 h,
from its next game on, and the column may no longer be empty.

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

#: the clock a tournament stored without one gets: correspondence, 24 h per move, bank up to 72 h
DEFAULT_CLOCK = {"kind": "correspondence", "start": 86400.0, "add": 86400.0, "cap": 259200.0, "weekend": False}


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("removed", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "servers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    )
    tournaments = sa.table("tournaments", sa.column("clock", sa.JSON))
    # a clock stored as nothing: SQL's NULL, or JSON's null (how the JSON column stores Python's None)
    op.get_bind().execute(sa.update(tournaments).where(sa.or_(
        tournaments.c.clock.is_(None), sa.cast(tournaments.c.clock, sa.Text) == "null")).values(clock=DEFAULT_CLOCK))
    with op.batch_alter_table("tournaments") as batch:
        batch.alter_column("clock", existing_type=sa.JSON, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.alter_column("clock", existing_type=sa.JSON, nullable=True)
    op.drop_table("servers")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("removed")
