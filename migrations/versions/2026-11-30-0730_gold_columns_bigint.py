"""gold columns as BIGINT

Gold, ledger amounts, order and edict costs, gifts and stakes were 32-bit: a ruleset at the top
of its ranges (R-HOUSE-2) on a large map, over many turns, could carry a treasury past 2**31 and
make every later turn change fail. Widening is a rewrite of these small tables.

Revision ID: 7b2d4f6a8c10
Revises: 5c1e7a9f3b20
Create Date: 2026-11-30 07:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7b2d4f6a8c10"
down_revision: str | None = "5c1e7a9f3b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GOLD_COLUMNS = (
    ("campaign_players", "gold"),
    ("ledger", "amount"),
    ("orders", "cost"),
    ("edicts", "cost"),
    ("edicts", "amount"),
    ("stakes", "amount"),
)


def upgrade() -> None:
    for table, column in GOLD_COLUMNS:
        op.alter_column(table, column, type_=sa.BigInteger(), existing_type=sa.Integer())


def downgrade() -> None:
    for table, column in GOLD_COLUMNS:
        op.alter_column(table, column, type_=sa.Integer(), existing_type=sa.BigInteger())
