"""battle dates and calendar feeds

R-BAT-8/9/10: a battle's agreed play-by date and its pending proposal, the version of its
report (edits) and when the report confirms itself; each user's calendar feed secret (its
SHA-256 digest, a global table like tokens).

Revision ID: 5c2f8e1a9d37
Revises: 6e2a9c4d8f15
Create Date: 2026-11-30 09:35:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5c2f8e1a9d37"
down_revision: str | None = "6e2a9c4d8f15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "battles", sa.Column("report_version", sa.Integer(), server_default="0", nullable=False)
    )
    op.add_column("battles", sa.Column("auto_confirm_at", sa.DateTime(timezone=True)))
    op.add_column("battles", sa.Column("play_by", sa.DateTime(timezone=True)))
    op.add_column("battles", sa.Column("play_by_proposal", sa.DateTime(timezone=True)))
    op.add_column("battles", sa.Column("play_by_proposed_by", sa.Integer()))
    # Existing reports count as their first version.
    op.execute("UPDATE battles SET report_version = 1 WHERE report IS NOT NULL")
    op.create_table(
        "calendar_feeds",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("token_hash", sa.CHAR(length=64), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_calendar_feeds_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_calendar_feeds")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_calendar_feeds_token_hash")),
    )


def downgrade() -> None:
    op.drop_table("calendar_feeds")
    op.drop_column("battles", "play_by_proposed_by")
    op.drop_column("battles", "play_by_proposal")
    op.drop_column("battles", "play_by")
    op.drop_column("battles", "auto_confirm_at")
    op.drop_column("battles", "report_version")
