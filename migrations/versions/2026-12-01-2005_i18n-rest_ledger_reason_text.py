"""ledger lines keep their reason's template and parameters, to say it in the reader's language

Older lines keep their English reason alone (the column is null for them).

Revision ID: 6a1d4e8b2c73
Revises: 8c4a1e6f2b37
Create Date: 2026-12-01 20:05:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "6a1d4e8b2c73"
down_revision: str | None = "8c4a1e6f2b37"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "ledger",
        sa.Column("reason_text", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    )


def downgrade() -> None:
    op.drop_column("ledger", "reason_text")
