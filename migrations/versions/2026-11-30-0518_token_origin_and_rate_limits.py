"""token origin and shared rate limits

Revision ID: 5b1e7c3a9d20
Revises: 9f50a6c69aca
Create Date: 2026-11-30 05:18:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b1e7c3a9d20"
down_revision: str | None = "9f50a6c69aca"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("tokens", sa.Column("client_address", sa.String(length=64), nullable=True))
    op.add_column("tokens", sa.Column("user_agent", sa.String(length=200), nullable=True))
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(length=160), nullable=False),
        sa.Column("full_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_rate_limits")),
    )
    op.create_index(op.f("ix_rate_limits_full_at"), "rate_limits", ["full_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_rate_limits_full_at"), table_name="rate_limits")
    op.drop_table("rate_limits")
    op.drop_column("tokens", "user_agent")
    op.drop_column("tokens", "client_address")
