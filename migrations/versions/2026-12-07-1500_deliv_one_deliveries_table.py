"""deliv: one table of deliveries for every outbound channel (issue 43), and push
subscriptions (issue 46)

`email_deliveries` and `webhook_deliveries` become `deliveries`, with a `channel` column
(`email` | `webhook` | `push`): every row is moved (in id order, renumbered: the ids were
never shown), then the old tables are dropped. The table is global, like an email address:
a webhook's campaign and endpoint are named (`endpoint_campaign_id`, `endpoint_id`) without
a foreign key, and its user is the endpoint's owner. Downgrading moves the email and webhook
rows back (push rows have nowhere to go and are dropped).

`push_subscriptions` holds the browsers' Web Push subscriptions, a push delivery's target.

Neither old table is large (each holds at most 30 days of finished deliveries), and nothing
here updates or rewrites a table that stays.

Revision ID: 5b8e2d4f7a19
Revises: 9d4c2b7e1f45
Create Date: 2026-12-07 15:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b8e2d4f7a19"
down_revision: str | None = "9d4c2b7e1f45"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _status() -> sa.Enum:
    return sa.Enum(
        "pending",
        "delivered",
        "failed",
        "muted",
        name="deliverystatus",
        native_enum=False,
        length=16,
    )


def upgrade() -> None:
    op.execute("SET LOCAL lock_timeout = '5s'")
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("endpoint", sa.String(length=2048), nullable=False),
        sa.Column("p256dh", sa.String(length=128), nullable=False),
        sa.Column("auth", sa.String(length=64), nullable=False),
        sa.Column("user_agent", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_push_subscriptions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
        sa.UniqueConstraint(
            "user_id", "endpoint", name=op.f("uq_push_subscriptions_user_id_endpoint")
        ),
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column(
            "channel",
            sa.Enum(
                "email", "webhook", "push", name="deliverychannel", native_enum=False, length=16
            ),
            nullable=False,
        ),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("collapse_key", sa.String(length=120), nullable=True),
        sa.Column("status", _status(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_status_code", sa.Integer(), nullable=True),
        sa.Column("last_error", sa.String(length=300), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("endpoint_campaign_id", sa.Uuid(), nullable=True),
        sa.Column("endpoint_id", sa.Uuid(), nullable=True),
        sa.Column("message_id", sa.String(length=40), nullable=True),
        sa.Column("address", sa.String(length=254), nullable=True),
        sa.Column("subject", sa.String(length=200), nullable=True),
        sa.Column("unsubscribe_token_hash", sa.CHAR(length=64), nullable=True),
        sa.Column("digest", sa.Boolean(), nullable=True),
        sa.Column("personal", sa.Boolean(), nullable=True),
        sa.Column("subscription_id", sa.BigInteger(), nullable=True),
        sa.CheckConstraint(
            "channel <> 'push' OR subscription_id IS NOT NULL",
            name=op.f("ck_deliveries_push_columns"),
        ),
        sa.CheckConstraint(
            "channel <> 'email' OR (address IS NOT NULL AND subject IS NOT NULL"
            " AND unsubscribe_token_hash IS NOT NULL)",
            name=op.f("ck_deliveries_email_columns"),
        ),
        sa.CheckConstraint(
            "channel <> 'webhook' OR (endpoint_campaign_id IS NOT NULL"
            " AND endpoint_id IS NOT NULL AND message_id IS NOT NULL)",
            name=op.f("ck_deliveries_webhook_columns"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_deliveries_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["push_subscriptions.id"],
            name=op.f("fk_deliveries_subscription_id_push_subscriptions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
        sa.UniqueConstraint(
            "unsubscribe_token_hash", name=op.f("uq_deliveries_unsubscribe_token_hash")
        ),
    )
    op.create_index(
        "ix_deliveries_due", "deliveries", ["channel", "status", "next_attempt_at"], unique=False
    )
    op.create_index(
        "ix_deliveries_collapse",
        "deliveries",
        ["user_id", "collapse_key", "created_at"],
        unique=False,
    )
    op.create_index("ix_deliveries_endpoint", "deliveries", ["endpoint_id", "id"], unique=False)
    op.execute(
        """INSERT INTO deliveries (channel, user_id, body, collapse_key, address, subject,
            unsubscribe_token_hash, digest, personal, kind, status, attempts, next_attempt_at,
            created_at, last_attempt_at, last_error, delivered_at)
        SELECT 'email', user_id, text_body, collapse_key, address, subject,
            unsubscribe_token_hash, digest, personal, kind, status, attempts, next_attempt_at,
            created_at, last_attempt_at, last_error, delivered_at
        FROM email_deliveries ORDER BY id"""
    )
    op.execute(
        """INSERT INTO deliveries (channel, user_id, body, endpoint_campaign_id, endpoint_id,
            message_id, last_status_code, kind, status, attempts, next_attempt_at, created_at,
            last_attempt_at, last_error, delivered_at)
        SELECT 'webhook', e.user_id, d.body, d.campaign_id, d.endpoint_id, d.message_id,
            d.last_status_code, d.kind, d.status, d.attempts, d.next_attempt_at, d.created_at,
            d.last_attempt_at, d.last_error, d.delivered_at
        FROM webhook_deliveries d JOIN webhook_endpoints e
            ON e.campaign_id = d.campaign_id AND e.id = d.endpoint_id
        ORDER BY d.id"""
    )
    op.drop_table("email_deliveries")
    op.drop_table("webhook_deliveries")


def downgrade() -> None:
    op.create_table(
        "webhook_deliveries",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("endpoint_id", sa.Uuid(), nullable=False),
        sa.Column("message_id", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("status", _status(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_status_code", sa.Integer(), nullable=True),
        sa.Column("last_error", sa.String(length=300), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id", "endpoint_id"],
            ["webhook_endpoints.campaign_id", "webhook_endpoints.id"],
            name=op.f("fk_webhook_deliveries_campaign_id_webhook_endpoints"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_webhook_deliveries_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_webhook_deliveries")),
    )
    op.create_index(
        "ix_webhook_deliveries_due", "webhook_deliveries", ["status", "next_attempt_at"]
    )
    op.create_index(
        "ix_webhook_deliveries_endpoint",
        "webhook_deliveries",
        ["campaign_id", "endpoint_id", "id"],
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
        sa.Column("status", _status(), nullable=False),
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
    op.create_index("ix_email_deliveries_due", "email_deliveries", ["status", "next_attempt_at"])
    op.create_index(op.f("ix_email_deliveries_user_id"), "email_deliveries", ["user_id"])
    op.create_index(
        "ix_email_deliveries_collapse",
        "email_deliveries",
        ["user_id", "collapse_key", "created_at"],
    )
    op.execute(
        """INSERT INTO email_deliveries (user_id, address, subject, text_body, html_body,
            unsubscribe_token_hash, collapse_key, digest, personal, kind, status, attempts,
            next_attempt_at, created_at, last_attempt_at, last_error, delivered_at)
        SELECT user_id, address, subject, body, '', unsubscribe_token_hash, left(collapse_key, 80),
            coalesce(digest, false), coalesce(personal, true), kind, status, attempts,
            next_attempt_at, created_at, last_attempt_at, last_error, delivered_at
        FROM deliveries WHERE channel = 'email' ORDER BY id"""
    )
    # Only those whose endpoint still exists (the old table's foreign key).
    op.execute(
        """INSERT INTO webhook_deliveries (campaign_id, endpoint_id, message_id, body,
            last_status_code, kind, status, attempts, next_attempt_at, created_at,
            last_attempt_at, last_error, delivered_at)
        SELECT d.endpoint_campaign_id, d.endpoint_id, d.message_id, d.body, d.last_status_code,
            d.kind, d.status, d.attempts, d.next_attempt_at, d.created_at, d.last_attempt_at,
            d.last_error, d.delivered_at
        FROM deliveries d JOIN webhook_endpoints e
            ON e.campaign_id = d.endpoint_campaign_id AND e.id = d.endpoint_id
        WHERE d.channel = 'webhook' ORDER BY d.id"""
    )
    op.drop_table("deliveries")
    op.drop_table("push_subscriptions")
