"""public lobbies and substitutes: join requests, substitutes, seats opened by the owner

R-CAMP-11: join_requests (a user asks, the owner answers); R-CAMP-12: substitutes, and
campaign_players.seat_open (the owner opened the seat to substitutes).

Revision ID: 8c3e5a7f2d41
Revises: 6a2d8e4b1c90
Create Date: 2026-12-01 14:20:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "8c3e5a7f2d41"
down_revision: str | None = "6a2d8e4b1c90"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "campaign_players",
        sa.Column("seat_open", sa.Boolean(), server_default="false", nullable=False),
    )
    op.create_table(
        "join_requests",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(length=500), nullable=True),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_join_requests_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_join_requests_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_join_requests")),
        sa.UniqueConstraint(
            "campaign_id", "user_id", name=op.f("uq_join_requests_campaign_id_user_id")
        ),
    )
    op.create_index(op.f("ix_join_requests_user_id"), "join_requests", ["user_id"])
    op.create_table(
        "substitutes",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("game_systems", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("days_per_week", sa.Integer(), nullable=False),
        sa.Column("listed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_substitutes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_substitutes")),
    )


def downgrade() -> None:
    op.drop_table("substitutes")
    op.drop_index(op.f("ix_join_requests_user_id"), table_name="join_requests")
    op.drop_table("join_requests")
    op.drop_column("campaign_players", "seat_open")
