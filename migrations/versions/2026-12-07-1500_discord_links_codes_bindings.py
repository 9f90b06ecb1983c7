"""discord: accounts linked to Discord users, their link codes, channels bound to campaigns

New tables only (issue 46 §3): nothing existing is rewritten or locked for long.

Revision ID: 4b8e2d6f1a93
Revises: 7c1e5a9b3d20
Create Date: 2026-12-07 15:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4b8e2d6f1a93"
down_revision: str | None = "7c1e5a9b3d20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "discord_links",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("discord_user_id", sa.String(length=20), nullable=False),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_discord_links_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_discord_links")),
        sa.UniqueConstraint("discord_user_id", name=op.f("uq_discord_links_discord_user_id")),
    )
    op.create_table(
        "discord_link_codes",
        sa.Column("code_hash", sa.CHAR(length=64), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_discord_link_codes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("code_hash", name=op.f("pk_discord_link_codes")),
    )
    op.create_index(
        "ix_discord_link_codes_user", "discord_link_codes", ["user_id", "created_at"], unique=False
    )
    op.create_table(
        "discord_channel_bindings",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("channel_id", sa.String(length=20), nullable=False),
        sa.Column("guild_id", sa.String(length=20), nullable=True),
        sa.Column("bound_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_discord_channel_bindings_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "channel_id", name=op.f("pk_discord_channel_bindings")
        ),
    )
    op.create_index(
        "ix_discord_channel_bindings_channel",
        "discord_channel_bindings",
        ["channel_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_discord_channel_bindings_channel", table_name="discord_channel_bindings")
    op.drop_table("discord_channel_bindings")
    op.drop_index("ix_discord_link_codes_user", table_name="discord_link_codes")
    op.drop_table("discord_link_codes")
    op.drop_table("discord_links")
