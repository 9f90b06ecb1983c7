"""turn snapshot memories

R-TURN-6: each seat's explored memory in a turn's snapshot gets a row of its own, copied by
the database as it is stored (JSONB to JSONB), instead of being written out as text inside the
snapshot at every turn change. Snapshots kept so far carry their memories inline and are read
as they are.

Revision ID: 8e4f0b2d6c75
Revises: 5c2f8e1a9d37
Create Date: 2026-11-30 09:40:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "8e4f0b2d6c75"
down_revision: str | None = "5c2f8e1a9d37"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "turn_snapshot_memories",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("explored", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "number"],
            ["turn_snapshots.campaign_id", "turn_snapshots.number"],
            name=op.f("fk_turn_snapshot_memories_campaign_id_turn_snapshots"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "number", "player", name=op.f("pk_turn_snapshot_memories")
        ),
    )


def downgrade() -> None:
    op.drop_table("turn_snapshot_memories")
