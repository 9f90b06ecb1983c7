"""campaign id salt

A secret per campaign that scrambles the ids the engine gives after the start (armies raised,
structures built, battles, treaties: app/rules/ids.py), so that they count nothing of what
other players made. Existing campaigns keep plain counter ids (salt 0).

Revision ID: 0a5b7c9d1e43
Revises: 9e4f6a8b0c32
Create Date: 2026-11-30 06:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0a5b7c9d1e43"
down_revision: str | None = "9e4f6a8b0c32"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "campaigns", sa.Column("id_salt", sa.BigInteger(), server_default="0", nullable=False)
    )


def downgrade() -> None:
    op.drop_column("campaigns", "id_salt")
