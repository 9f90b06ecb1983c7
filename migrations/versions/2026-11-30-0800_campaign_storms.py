"""campaign storms

R-OPT-5 (storms at sea): the storms of the current turn, raised at the last change and read at
the next, as a JSON list on the campaign (each storm its [q, r] tiles, its centre first).

Revision ID: 3f8a1c5e7d92
Revises: 7b2d4f6a8c10
Create Date: 2026-11-30 08:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "3f8a1c5e7d92"
down_revision: str | None = "7b2d4f6a8c10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "campaigns",
        sa.Column(
            "storms", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False
        ),
    )


def downgrade() -> None:
    op.drop_column("campaigns", "storms")
