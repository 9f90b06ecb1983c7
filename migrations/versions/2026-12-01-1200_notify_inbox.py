"""notify: the inbox of notifications

Issue 28: every notification a user receives, on any channel, is listed in their inbox, with
a read mark. Written in the transaction of the change it tells of.

Revision ID: 7d3b9e1f4a62
Revises: 3b7d1f9a2c64
Create Date: 2026-12-01 11:05:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7d3b9e1f4a62"
down_revision: str | None = "3b7d1f9a2c64"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "notification_inbox",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_notification_inbox_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_notification_inbox_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_notification_inbox")),
    )
    op.create_index(
        "ix_notification_inbox_user", "notification_inbox", ["user_id", "seq"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_notification_inbox_user", table_name="notification_inbox")
    op.drop_table("notification_inbox")
