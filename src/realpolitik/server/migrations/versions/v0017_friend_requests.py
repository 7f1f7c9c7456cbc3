"""Revision 17: friendship both ways, asked and accepted; unread messages; messages from whom (issue 78).

``friend_requests`` holds the friendships asked and not yet answered (``withheld``: asked
while the account asked blocked the asker — kept for the asker only, as a withheld message
is). ``friends`` now holds every friendship both ways, a row for each side. The lists
before were one-sided: a pair that listed each other stays friends; a one-sided row becomes
that account's request to the other (withheld when the other blocks it).
``private_messages.unread`` marks a message its recipient has not read yet (every message
before counts as read); ``users.messages_from_everyone`` is the setting that lets any
account write to this one (off for every account: friends and players it played with).

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

friends = sa.table("friends", sa.column("user_id"), sa.column("friend_id"), sa.column("created"))
blocks = sa.table("blocks", sa.column("user_id"), sa.column("blocked_id"))
requests = sa.table("friend_requests", sa.column("asker_id"), sa.column("asked_id"), sa.column("created"),
                    sa.column("withheld"))


def _users(column: str) -> sa.Column:
    return sa.Column(column, sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)


def upgrade() -> None:
    op.create_table(
        "friend_requests",
        _users("asker_id"), _users("asked_id"),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("withheld", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_friend_requests_asked", "friend_requests", ["asked_id", "withheld"])
    with op.batch_alter_table("private_messages") as batch:
        batch.add_column(sa.Column("unread", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_private_messages_unread", "private_messages", ["recipient_id", "unread"])
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("messages_from_everyone", sa.Boolean, nullable=False, server_default=sa.false()))
    _one_sided_become_requests(op.get_bind())


def _one_sided_become_requests(conn) -> None:
    back = friends.alias("back")
    mutual = sa.exists().where(back.c.user_id == friends.c.friend_id, back.c.friend_id == friends.c.user_id)
    blocked = sa.exists().where(blocks.c.user_id == friends.c.friend_id, blocks.c.blocked_id == friends.c.user_id)
    one_sided = conn.execute(sa.select(friends.c.user_id, friends.c.friend_id, friends.c.created, blocked)
                             .where(~mutual)).all()
    for asker, asked, created, withheld in one_sided:
        conn.execute(sa.insert(requests).values(asker_id=asker, asked_id=asked, created=created,
                                                withheld=bool(withheld)))
        conn.execute(sa.delete(friends).where(friends.c.user_id == asker, friends.c.friend_id == asked))


def downgrade() -> None:
    conn = op.get_bind()
    for asker, asked, created in conn.execute(sa.select(requests.c.asker_id, requests.c.asked_id,
                                                        requests.c.created)).all():
        conn.execute(sa.insert(friends).values(user_id=asker, friend_id=asked, created=created))
    with op.batch_alter_table("users") as batch:
        batch.drop_column("messages_from_everyone")
    op.drop_index("ix_private_messages_unread", "private_messages")
    with op.batch_alter_table("private_messages") as batch:
        batch.drop_column("unread")
    op.drop_index("ix_friend_requests_asked", "friend_requests")
    op.drop_table("friend_requests")
