"""civil disorder: a seat that missed N deadlines in a row never blocks the turn

R-CAMP-10: campaign_players.civil_disorder, set at a forced turn change, cleared when the
holder acts or the seat changes hands.

Revision ID: 3f7b1d9c5a24
Revises: 4b7d2e9f6c18
Create Date: 2026-12-01 11:20:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3f7b1d9c5a24"
down_revision: str | None = "4b7d2e9f6c18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "campaign_players",
        sa.Column("civil_disorder", sa.Boolean(), server_default="false", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("campaign_players", "civil_disorder")
