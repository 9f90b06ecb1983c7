"""orders: one recruit order per general id

Players now give orders in parallel (the campaign row shared, each seat's row locked): a
recruited general's random id could be drawn by two of them at once. The unique index refuses
the second insert instead of leaving two generals of one id for the turn change.

Revision ID: 5c2e9a7d4b13
Revises: 3b7d1f9e2a64
Create Date: 2026-11-30 11:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5c2e9a7d4b13"
down_revision: str | None = "3b7d1f9e2a64"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "uq_orders_recruit_general",
        "orders",
        ["campaign_id", "general_id"],
        unique=True,
        postgresql_where=sa.text("kind = 'recruit'"),
    )


def downgrade() -> None:
    op.drop_index("uq_orders_recruit_general", table_name="orders")
