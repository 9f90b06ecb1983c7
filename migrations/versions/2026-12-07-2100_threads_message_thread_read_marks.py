"""threads: a read mark per player and message thread

New table only (issue 44): opening one conversation marks it read without marking the others.
The mailbox's "mark all read" (`message_read_marks`) stays as it was.

Revision ID: 7d1e2a9c3b40
Revises: 5eab1c0c4e44
Create Date: 2026-12-07 21:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7d1e2a9c3b40"
down_revision: str | None = "5eab1c0c4e44"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "message_thread_read_marks",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("thread", sa.Integer(), nullable=False),
        sa.Column("up_to", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_message_thread_read_marks_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "player", "thread", name=op.f("pk_message_thread_read_marks")
        ),
    )


def downgrade() -> None:
    op.drop_table("message_thread_read_marks")
