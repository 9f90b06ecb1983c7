"""battles.was_disputed: a battle once disputed stays with the owner who ruled on it (R-BAT-5)

Revision ID: 5d2c8e1a9b47
Revises: 3f9b1d7c5e20
Create Date: 2026-12-01 17:05:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5d2c8e1a9b47"
down_revision: str | None = "3f9b1d7c5e20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "battles",
        sa.Column("was_disputed", sa.Boolean(), server_default="false", nullable=False),
    )
    # Disputed now, or settled by the owner's ruling (an arbitrated report): brought to them.
    op.execute(
        "UPDATE battles SET was_disputed = true WHERE status = 'disputed' "
        "OR (report->>'arbitrated')::boolean IS TRUE"
    )


def downgrade() -> None:
    op.drop_column("battles", "was_disputed")
