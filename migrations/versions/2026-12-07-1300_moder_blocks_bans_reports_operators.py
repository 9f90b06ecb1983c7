"""moderation: blocks, owners' bans, reports, operators, suspensions, the audit log (issue 45)

Columns added to `users` and `messages` are nullable or take a constant default: PostgreSQL
adds them without rewriting or scanning the table (no long lock on a large `messages`).

Revision ID: 9d4c2b7e1f45
Revises: 3e7b9c1d5a42
Create Date: 2026-12-07 13:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "9d4c2b7e1f45"
down_revision: str | None = "3e7b9c1d5a42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("is_operator", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("users", sa.Column("suspended_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "messages",
        sa.Column(
            "blocked_for",
            postgresql.ARRAY(sa.Integer()),
            server_default="{}",
            nullable=False,
        ),
    )
    op.add_column("messages", sa.Column("hidden_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "user_blocks",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("blocked_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["blocked_id"],
            ["users.id"],
            name=op.f("fk_user_blocks_blocked_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_user_blocks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "blocked_id", name=op.f("pk_user_blocks")),
    )
    op.create_index("ix_user_blocks_blocked_id", "user_blocks", ["blocked_id"], unique=False)
    op.create_table(
        "owner_bans",
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("banned_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["banned_id"],
            ["users.id"],
            name=op.f("fk_owner_bans_banned_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["users.id"],
            name=op.f("fk_owner_bans_owner_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("owner_id", "banned_id", name=op.f("pk_owner_bans")),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("reporter_id", sa.Uuid(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "message",
                "user",
                "campaign",
                "army_list",
                name="reportkind",
                native_enum=False,
                length=16,
            ),
            nullable=False,
        ),
        sa.Column("reported_id", sa.Uuid(), nullable=True),
        sa.Column("reported_campaign", sa.Uuid(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("army_id", sa.Integer(), nullable=True),
        sa.Column("excerpt", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["reported_id"],
            ["users.id"],
            name=op.f("fk_reports_reported_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["reporter_id"],
            ["users.id"],
            name=op.f("fk_reports_reporter_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reports")),
    )
    op.create_index("ix_reports_open", "reports", ["resolved_at", "created_at"], unique=False)
    op.create_table(
        "moderation_actions",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("operator_id", sa.Uuid(), nullable=True),
        sa.Column("operator_name", sa.String(length=32), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("report_id", sa.Uuid(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["operator_id"],
            ["users.id"],
            name=op.f("fk_moderation_actions_operator_id_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["report_id"],
            ["reports.id"],
            name=op.f("fk_moderation_actions_report_id_reports"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_moderation_actions")),
    )
    op.create_index("ix_moderation_actions_at", "moderation_actions", ["at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_moderation_actions_at", table_name="moderation_actions")
    op.drop_table("moderation_actions")
    op.drop_index("ix_reports_open", table_name="reports")
    op.drop_table("reports")
    op.drop_table("owner_bans")
    op.drop_index("ix_user_blocks_blocked_id", table_name="user_blocks")
    op.drop_table("user_blocks")
    op.drop_column("messages", "hidden_at")
    op.drop_column("messages", "blocked_for")
    op.drop_column("users", "suspended_at")
    op.drop_column("users", "is_operator")
