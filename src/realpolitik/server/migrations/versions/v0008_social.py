"""Revision 8: friends, blocks, private messages, reports and sanctions (issue 59).

``friends`` and ``blocks`` are each account's one-sided lists; ``private_messages`` the
messages between accounts (no sender: a warning from the operators; ``withheld``: sent to
an account that blocks its sender, kept for the sender only); ``reports`` the operators'
queue of reported players; ``sanctions`` what the operators decided about an account
(warnings, muted, banned). Nothing existing changes.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _users(column: str, nullable: bool = False, primary_key: bool = False) -> sa.Column:
    return sa.Column(column, sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=nullable,
                     primary_key=primary_key)


def upgrade() -> None:
    op.create_table(
        "friends",
        _users("user_id", primary_key=True), _users("friend_id", primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "blocks",
        _users("user_id", primary_key=True), _users("blocked_id", primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "private_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _users("sender_id", nullable=True), _users("recipient_id"),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("invite", sa.String(200), nullable=True),
        sa.Column("withheld", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_private_messages_recipient", "private_messages", ["recipient_id", "id"])
    op.create_index("ix_private_messages_sender", "private_messages", ["sender_id", "id"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _users("reporter_id"), _users("reported_id"),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("game_id", sa.String(16), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("handled", sa.DateTime(timezone=True), nullable=True),
        sa.Column("action", sa.String(10), nullable=True),
    )
    op.create_index("ix_reports_reported_id", "reports", ["reported_id"])
    op.create_table(
        "sanctions",
        _users("user_id", primary_key=True),
        sa.Column("warnings", sa.Integer, nullable=False, server_default="0"),
        sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("banned", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("changed", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("warnings >= 0", name="ck_sanctions_warnings"),
    )


def downgrade() -> None:
    for table in ("sanctions", "reports", "private_messages", "blocks", "friends"):
        op.drop_table(table)
