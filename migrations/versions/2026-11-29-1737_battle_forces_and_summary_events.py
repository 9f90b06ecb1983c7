"""battle forces and pending summary events

Revision ID: 506fd781a279
Revises: c3bcf7b820e2
Create Date: 2026-11-29 17:37:21.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "506fd781a279"
down_revision: str | None = "c3bcf7b820e2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "battles", sa.Column("forces", postgresql.JSONB(astext_type=sa.Text()), nullable=True)
    )
    op.add_column("battles", sa.Column("rejection_reason", sa.String(length=500), nullable=True))
    op.create_table(
        "pending_summary_events",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("event", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_pending_summary_events_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_summary_events")),
    )
    op.create_index(
        "ix_pending_summary_events_campaign_id_player",
        "pending_summary_events",
        ["campaign_id", "player"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(
        "ix_pending_summary_events_campaign_id_player", table_name="pending_summary_events"
    )
    op.drop_table("pending_summary_events")
    op.drop_column("battles", "rejection_reason")
    op.drop_column("battles", "forces")
