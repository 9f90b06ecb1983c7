"""army rosters: the list each army brings to the table (issue 30)

R-ARMY-4, R-FOG-4: an army's roster (its small shape and the original file), seen by its owner
and the game master, and by a battle's participants once it is declared.

Revision ID: 3b7d1f9a2c64
Revises: 8e4a2c6f1d37
Create Date: 2026-12-01 11:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "3b7d1f9a2c64"
down_revision: str | None = "8e4a2c6f1d37"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "army_rosters",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("army_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("faction", sa.String(length=200), nullable=False),
        sa.Column("game_system", sa.String(length=200), nullable=False),
        sa.Column("total_points", sa.Integer(), nullable=False),
        sa.Column("general_points", sa.Integer(), nullable=False),
        sa.Column("units", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("warnings", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("filename", sa.String(length=200), nullable=True),
        sa.Column("original", sa.LargeBinary(), nullable=False),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_army_rosters_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "army_id", name=op.f("pk_army_rosters")),
    )


def downgrade() -> None:
    op.drop_table("army_rosters")
