"""standing orders: orders a seat leaves to be given again at every turn change (R-TURN-8)

Revision ID: 6a2d8e4b1c90
Revises: 3f7b1d9c5a24
Create Date: 2026-12-01 11:45:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "6a2d8e4b1c90"
down_revision: str | None = "3f7b1d9c5a24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "standing_orders",
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "hold",
                "entrench",
                "upgrade_army",
                "upgrade_city",
                "return_to",
                "if_hostile_near",
                name="standing_order_kind",
            ),
            nullable=False,
        ),
        sa.Column("army_id", sa.Integer(), nullable=True),
        sa.Column("q", sa.Integer(), nullable=True),
        sa.Column("r", sa.Integer(), nullable=True),
        sa.Column("radius", sa.Integer(), nullable=True),
        sa.Column("to_q", sa.Integer(), nullable=True),
        sa.Column("to_r", sa.Integer(), nullable=True),
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
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_standing_orders_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_standing_orders_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_standing_orders")),
    )


def downgrade() -> None:
    op.drop_table("standing_orders")
    sa.Enum(name="standing_order_kind").drop(op.get_bind(), checkfirst=True)
