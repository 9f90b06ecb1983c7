"""Edicts (R-DIP-2): one per player per turn, with their cost, answer and treaty.

Revision ID: 5a398961a5c7
Revises: 506fd781a279
Create Date: 2026-11-29 17:38:41.401074+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5a398961a5c7"
down_revision: str | None = "506fd781a279"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "edicts",
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("sender", sa.Integer(), nullable=False),
        sa.Column("recipient", sa.Integer(), nullable=True),
        sa.Column(
            "kind",
            sa.Enum(
                "embassy",
                "pact",
                "alliance",
                "exploration",
                "trade",
                "vassalage",
                "release_prisoner",
                "gift",
                name="edict_kind",
            ),
            nullable=False,
        ),
        sa.Column(
            "status",
            sa.Enum(
                "proposed",
                "pending",
                "accepted",
                "refused",
                "withdrawn",
                "expired",
                "done",
                name="edict_status",
            ),
            nullable=False,
        ),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("q", sa.Integer(), nullable=True),
        sa.Column("r", sa.Integer(), nullable=True),
        sa.Column("city_id", sa.Integer(), nullable=True),
        sa.Column("their_city_id", sa.Integer(), nullable=True),
        sa.Column("general_id", sa.Integer(), nullable=True),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("offer", sa.String(length=16), nullable=True),
        sa.Column("treaty_id", sa.Integer(), nullable=True),
        sa.Column("answered_turn", sa.Integer(), nullable=True),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id", "recipient"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name="fk_edicts_recipient_campaign_players",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id", "sender"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name="fk_edicts_sender_campaign_players",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_edicts_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_edicts")),
    )
    op.create_index(
        "ix_edicts_campaign_id_recipient", "edicts", ["campaign_id", "recipient"], unique=False
    )
    op.create_index(
        "ix_edicts_campaign_id_sender", "edicts", ["campaign_id", "sender"], unique=False
    )
    op.create_index(
        "uq_edicts_one_per_turn",
        "edicts",
        ["campaign_id", "turn", "sender"],
        unique=True,
        postgresql_where=sa.text("status <> 'withdrawn'"),
    )


def downgrade() -> None:
    op.drop_index(
        "uq_edicts_one_per_turn",
        table_name="edicts",
        postgresql_where=sa.text("status <> 'withdrawn'"),
    )
    op.drop_index("ix_edicts_campaign_id_sender", table_name="edicts")
    op.drop_index("ix_edicts_campaign_id_recipient", table_name="edicts")
    op.drop_table("edicts")
    # PostgreSQL keeps enum types after their table is dropped.
    sa.Enum(name="edict_status").drop(op.get_bind(), checkfirst=True)
    sa.Enum(name="edict_kind").drop(op.get_bind(), checkfirst=True)
