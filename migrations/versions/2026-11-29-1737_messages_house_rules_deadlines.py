"""messages, house rules, deadlines and absent players (R-DIP-1, R-HOUSE-1, R-TURN-3)

Revision ID: c3bcf7b820e2
Revises: 16b4f4facd9a
Create Date: 2026-11-29 17:37:22.048930+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "c3bcf7b820e2"
down_revision: str | None = "16b4f4facd9a"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "house_rule_changes",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("rule_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "action",
            sa.Enum("create", "update", "delete", name="house_rule_action"),
            nullable=False,
        ),
        sa.Column("author_id", sa.Uuid(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("before", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("after", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.ForeignKeyConstraint(
            ["author_id"], ["users.id"], name=op.f("fk_house_rule_changes_author_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_house_rule_changes_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_house_rule_changes")),
    )
    op.create_index(
        "ix_house_rule_changes_campaign_id_id",
        "house_rule_changes",
        ["campaign_id", "id"],
        unique=False,
    )
    op.create_table(
        "house_rules",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=200), nullable=False),
        sa.Column("page", sa.String(length=40), nullable=True),
        sa.Column(
            "kind", sa.Enum("replace", "add", "remove", name="amendment_kind"), nullable=False
        ),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_by", sa.Uuid(), nullable=False),
        sa.Column("updated_by", sa.Uuid(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_house_rules_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name=op.f("fk_house_rules_created_by_users")
        ),
        sa.ForeignKeyConstraint(
            ["updated_by"], ["users.id"], name=op.f("fk_house_rules_updated_by_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_house_rules")),
    )
    op.create_index(
        "ix_house_rules_campaign_id_position",
        "house_rules",
        ["campaign_id", "position"],
        unique=False,
    )
    op.create_table(
        "message_read_marks",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("up_to", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_message_read_marks_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "player", name=op.f("pk_message_read_marks")),
    )
    op.create_table(
        "messages",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("sender", sa.Integer(), nullable=False),
        sa.Column("recipients", postgresql.ARRAY(sa.Integer()), nullable=False),
        sa.Column("to_all", sa.Boolean(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "sender"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_messages_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_messages")),
    )
    op.create_index("ix_messages_campaign_id_id", "messages", ["campaign_id", "id"], unique=False)
    op.create_index(
        "ix_messages_recipients", "messages", ["recipients"], unique=False, postgresql_using="gin"
    )
    op.add_column(
        "campaign_players",
        sa.Column("missed_turns", sa.Integer(), server_default="0", nullable=False),
    )
    op.add_column(
        "campaigns", sa.Column("turn_deadline_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "campaigns", sa.Column("deadline_warn_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "campaigns", sa.Column("battle_deadline_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column("campaigns", sa.Column("paused_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("campaigns", "paused_at")
    op.drop_column("campaigns", "battle_deadline_at")
    op.drop_column("campaigns", "deadline_warn_at")
    op.drop_column("campaigns", "turn_deadline_at")
    op.drop_column("campaign_players", "missed_turns")
    op.drop_index("ix_messages_recipients", table_name="messages", postgresql_using="gin")
    op.drop_index("ix_messages_campaign_id_id", table_name="messages")
    op.drop_table("messages")
    op.drop_table("message_read_marks")
    op.drop_index("ix_house_rules_campaign_id_position", table_name="house_rules")
    op.drop_table("house_rules")
    op.drop_index("ix_house_rule_changes_campaign_id_id", table_name="house_rule_changes")
    op.drop_table("house_rule_changes")
    sa.Enum(name="house_rule_action").drop(op.get_bind(), checkfirst=True)
    sa.Enum(name="amendment_kind").drop(op.get_bind(), checkfirst=True)
