"""a user's language: "en", "fr", or none (each request's Accept-Language decides)

Revision ID: 3f9b1d7c5e20
Revises: 8c3e5a7f2d41
Create Date: 2026-12-01 17:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3f9b1d7c5e20"
down_revision: str | None = "8c3e5a7f2d41"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column("users", "language")
