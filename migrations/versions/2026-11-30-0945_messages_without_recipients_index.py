"""messages without recipients index

The GIN index on `messages.recipients` alone held every campaign's messages under the same
player numbers (1…17): counting one player's unread messages read the index entries of that
number in all campaigns (47,000 with 1,000 campaigns, scripts/bench_scale) before intersecting
them with the campaign. A mailbox is read through the campaign's part of the primary key
instead, whatever the number of campaigns.

Revision ID: 3b7d1f9e2a64
Revises: 8e4f0b2d6c75
Create Date: 2026-11-30 09:45:00+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "3b7d1f9e2a64"
down_revision: str | None = "8e4f0b2d6c75"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_messages_recipients", table_name="messages", postgresql_using="gin")


def downgrade() -> None:
    op.create_index("ix_messages_recipients", "messages", ["recipients"], postgresql_using="gin")
