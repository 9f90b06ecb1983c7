"""spectators of public campaigns (R-CAMP-13)

campaign_spectators: a user who asked to watch a public campaign, its map and the public part
of its summaries, `spectator_delay_turns` turns late.

Revision ID: 5d9b2e7c4a13
Revises: 5d2c8e1a9b47
Create Date: 2026-12-01 17:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5d9b2e7c4a13"
down_revision: str | None = "5d2c8e1a9b47"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaign_spectators",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_spectators_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_campaign_spectators_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "user_id", name=op.f("pk_campaign_spectators")),
    )


def downgrade() -> None:
    op.drop_table("campaign_spectators")
