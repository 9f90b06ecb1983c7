"""notify: open event streams, so nothing is pushed to a user who is looking

Issue 28: one row per open event stream (any server process), refreshed while it is open.

Revision ID: 8e1c5a7b3d94
Revises: 2f6a8c4e9b31
Create Date: 2026-12-01 11:40:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "8e1c5a7b3d94"
down_revision: str | None = "2f6a8c4e9b31"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "stream_presence",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("stream_id", sa.Uuid(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_stream_presence_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_stream_presence_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "user_id", "stream_id", name=op.f("pk_stream_presence")
        ),
    )


def downgrade() -> None:
    op.drop_table("stream_presence")
