"""turn snapshots and rollbacks

R-TURN-6: each turn change keeps a snapshot of the end of the turn it changes (compressed
JSON of the game's rows), from which the owner may roll the change back; rolled back changes
stay in history with what each player was told of them.

Revision ID: 7d3e9a1c5b64
Revises: 4b9d2e6f8a13
Create Date: 2026-11-30 09:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "7d3e9a1c5b64"
down_revision: str | None = "4b9d2e6f8a13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "turn_snapshots",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_turn_snapshots_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", name=op.f("pk_turn_snapshots")),
    )
    op.create_table(
        "turn_rollbacks",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rolled_back_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("summaries", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_turn_rollbacks_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "number", "revision", name=op.f("pk_turn_rollbacks")
        ),
    )


def downgrade() -> None:
    op.drop_table("turn_rollbacks")
    op.drop_table("turn_snapshots")
