"""order kind entrench

R-OPT-4 (cover and entrenchment): an army may be ordered to entrench instead of moving, a new
value of the `order_kind` enum. Battle sides record the armies that entrenched (JSON, no
column) and the forces their reductions (JSON too).

Revision ID: 4b9d2e6f8a13
Revises: 3f8a1c5e7d92
Create Date: 2026-11-30 08:15:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4b9d2e6f8a13"
down_revision: str | None = "3f8a1c5e7d92"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A new enum value cannot be used in the transaction that adds it: add it on its own.
    with op.get_context().autocommit_block():
        op.execute("ALTER TYPE order_kind ADD VALUE IF NOT EXISTS 'entrench'")


def downgrade() -> None:
    # PostgreSQL cannot drop an enum value: remove the orders that use it, rebuild the type
    # (the partial indexes name its values, so they are rebuilt with it).
    op.execute("DELETE FROM orders WHERE kind = 'entrench'")
    for name in _PARTIAL:
        op.drop_index(name, table_name="orders")
    op.execute("ALTER TYPE order_kind RENAME TO order_kind_old")
    op.execute(
        "CREATE TYPE order_kind AS ENUM "
        "('move', 'build', 'raise', 'upgrade', 'recruit', 'faction_action')"
    )
    op.execute("ALTER TABLE orders ALTER COLUMN kind TYPE order_kind USING kind::text::order_kind")
    op.execute("DROP TYPE order_kind_old")
    for name, kind in _PARTIAL.items():
        op.create_index(
            name,
            "orders",
            ["campaign_id", "turn", "army_id"],
            unique=True,
            postgresql_where=sa.text(f"kind = '{kind}'"),
        )


_PARTIAL = {"uq_orders_army_move": "move", "uq_orders_army_upgrade": "upgrade"}
