"""webplay: blocks made from a campaign's seat, kept to that campaign

New table only (issue 44): a player blocks the holder of a seat without learning who it is.

Revision ID: 5eab1c0c4e44
Revises: b07a5e17c0de
Create Date: 2026-12-07 19:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5eab1c0c4e44"
down_revision: str | None = "b07a5e17c0de"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaign_blocks",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("blocked_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_blocks_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_campaign_blocks_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["blocked_id"],
            ["users.id"],
            name=op.f("fk_campaign_blocks_blocked_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "user_id", "blocked_id", name=op.f("pk_campaign_blocks")
        ),
    )


def downgrade() -> None:
    op.drop_table("campaign_blocks")
