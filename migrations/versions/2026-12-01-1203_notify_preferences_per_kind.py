"""notify: preferences per kind and channel, and the digest hour

Issue 28: each user chooses, per kind of notification and per channel (inbox, email, personal
webhook), on, off or (email) the daily digest at their own hour.

Revision ID: 4b7d2e9f6c18
Revises: 8e1c5a7b3d94
Create Date: 2026-12-01 11:50:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "4b7d2e9f6c18"
down_revision: str | None = "8e1c5a7b3d94"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "notification_preferences",
        sa.Column(
            "channels",
            postgresql.JSONB(astext_type=sa.Text()),
            nullable=False,
            server_default=sa.text("'{}'::jsonb"),
        ),
    )
    op.alter_column("notification_preferences", "channels", server_default=None)
    op.add_column(
        "notification_preferences",
        sa.Column("digest_hour", sa.Integer(), nullable=False, server_default="8"),
    )
    op.alter_column("notification_preferences", "digest_hour", server_default=None)


def downgrade() -> None:
    op.drop_column("notification_preferences", "digest_hour")
    op.drop_column("notification_preferences", "channels")
