"""Revision 14: secret seeds (issue 76). A game's chance comes from a secret key of 256 bits
(engine/rng.py), too long for the BIGINT ``seed``: ``secret_seed`` holds it as hex, and
``seed`` is then 0. Games stored before keep their seed where it was and replay as before.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("secret_seed", sa.String(160), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("secret_seed")
