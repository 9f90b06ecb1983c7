"""notify: email addresses, the email outbox and password resets

Issue 28: a user's address, confirmed by a single-use expiring link, the outbox of messages
sent by SMTP (with each message's one-click unsubscribe digest), and password reset links.

Revision ID: 2f6a8c4e9b31
Revises: 7d3b9e1f4a62
Create Date: 2026-12-01 11:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "2f6a8c4e9b31"
down_revision: str | None = "7d3b9e1f4a62"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_emails",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("confirm_token_hash", sa.CHAR(length=64), nullable=True),
        sa.Column("confirm_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("unsubscribed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_user_emails_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_emails")),
        sa.UniqueConstraint("confirm_token_hash", name=op.f("uq_user_emails_confirm_token_hash")),
    )
    op.create_table(
        "email_deliveries",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("text_body", sa.Text(), nullable=False),
        sa.Column("html_body", sa.Text(), nullable=False),
        sa.Column("unsubscribe_token_hash", sa.CHAR(length=64), nullable=False),
        sa.Column("collapse_key", sa.String(length=80), nullable=True),
        sa.Column("digest", sa.Boolean(), nullable=False),
        sa.Column("personal", sa.Boolean(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "pending",
                "delivered",
                "failed",
                "muted",
                name="deliverystatus",
                native_enum=False,
                length=16,
            ),
            nullable=False,
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(length=300), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_email_deliveries_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_email_deliveries")),
        sa.UniqueConstraint(
            "unsubscribe_token_hash", name=op.f("uq_email_deliveries_unsubscribe_token_hash")
        ),
    )
    op.create_index(
        "ix_email_deliveries_due", "email_deliveries", ["status", "next_attempt_at"], unique=False
    )
    op.create_index(
        op.f("ix_email_deliveries_user_id"), "email_deliveries", ["user_id"], unique=False
    )
    op.create_index(
        "ix_email_deliveries_collapse",
        "email_deliveries",
        ["user_id", "collapse_key", "created_at"],
        unique=False,
    )

    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.CHAR(length=64), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_password_resets_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_password_resets")),
    )
    op.create_index(
        "ix_password_resets_user", "password_resets", ["user_id", "created_at"], unique=False
    )
    op.create_index(
        op.f("ix_password_resets_address"), "password_resets", ["address"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_password_resets_address"), table_name="password_resets")
    op.drop_index("ix_password_resets_user", table_name="password_resets")
    op.drop_table("password_resets")
    op.drop_index("ix_email_deliveries_collapse", table_name="email_deliveries")
    op.drop_index(op.f("ix_email_deliveries_user_id"), table_name="email_deliveries")
    op.drop_index("ix_email_deliveries_due", table_name="email_deliveries")
    op.drop_table("email_deliveries")
    op.drop_table("user_emails")
