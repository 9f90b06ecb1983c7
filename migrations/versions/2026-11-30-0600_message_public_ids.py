"""random public ids for messages

A message's `id` counts every message of every campaign: the gap between two of a player's
messages told how many others wrote meanwhile. Clients now see `public_id`, random below 2**53.

Revision ID: 8d3e5f7a9b21
Revises: 7c2d4e6f8a10
Create Date: 2026-11-30 06:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "8d3e5f7a9b21"
down_revision: str | None = "7c2d4e6f8a10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("messages", sa.Column("public_id", sa.BigInteger(), nullable=True))
    op.execute("UPDATE messages SET public_id = 1 + floor(random() * (2::float8 ^ 53 - 2))::bigint")
    op.alter_column("messages", "public_id", nullable=False)
    op.create_index(
        "uq_messages_campaign_id_public_id",
        "messages",
        ["campaign_id", "public_id"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("uq_messages_campaign_id_public_id", table_name="messages")
    op.drop_column("messages", "public_id")
