"""campaigns maps world orders ledger turns

Revision ID: cfd3dfe49d35
Revises: e835969c5a52
Create Date: 2026-11-29 17:30:04.908213+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "cfd3dfe49d35"
down_revision: str | None = "e835969c5a52"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "maps",
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("builtin_key", sa.String(length=40), nullable=True),
        sa.Column("author_id", sa.Uuid(), nullable=True),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("slots", sa.Integer(), nullable=False),
        sa.Column("document", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
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
            ["author_id"], ["users.id"], name=op.f("fk_maps_author_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_maps")),
        sa.UniqueConstraint("builtin_key", name=op.f("uq_maps_builtin_key")),
    )
    op.create_index(op.f("ix_maps_author_id"), "maps", ["author_id"], unique=False)
    op.create_table(
        "campaigns",
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column(
            "status", sa.Enum("lobby", "active", "finished", name="campaign_status"), nullable=False
        ),
        sa.Column("invite_code", sa.String(length=16), nullable=False),
        sa.Column("map_id", sa.Uuid(), nullable=False),
        sa.Column("ruleset", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("settings", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("next_id", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("id", sa.Uuid(), nullable=False),
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
        sa.ForeignKeyConstraint(["map_id"], ["maps.id"], name=op.f("fk_campaigns_map_id_maps")),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["users.id"], name=op.f("fk_campaigns_owner_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
        sa.UniqueConstraint("invite_code", name=op.f("uq_campaigns_invite_code")),
    )
    op.create_index(op.f("ix_campaigns_owner_id"), "campaigns", ["owner_id"], unique=False)
    op.create_table(
        "battles",
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("q", sa.Integer(), nullable=False),
        sa.Column("r", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("attacker", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("defender", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("siege_draws", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("report", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("reported_by", sa.Integer(), nullable=True),
        sa.Column("resolved_turn", sa.Integer(), nullable=True),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_battles_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_battles")),
    )
    op.create_table(
        "campaign_players",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("faction", sa.String(length=40), nullable=True),
        sa.Column("slot_index", sa.Integer(), nullable=True),
        sa.Column("gold", sa.Integer(), nullable=False),
        sa.Column("ready", sa.Boolean(), nullable=False),
        sa.Column("inactive", sa.Boolean(), nullable=False),
        sa.Column("capital_id", sa.Integer(), nullable=True),
        sa.Column("action_available_turn", sa.Integer(), nullable=False),
        sa.Column("victories", sa.Integer(), nullable=False),
        sa.Column("infamy", sa.Integer(), nullable=False),
        sa.Column("explored", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
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
            name=op.f("fk_campaign_players_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_campaign_players_user_id_users")
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", name=op.f("pk_campaign_players")),
        sa.UniqueConstraint(
            "campaign_id", "faction", name=op.f("uq_campaign_players_campaign_id_faction")
        ),
        sa.UniqueConstraint(
            "campaign_id", "slot_index", name=op.f("uq_campaign_players_campaign_id_slot_index")
        ),
        sa.UniqueConstraint(
            "campaign_id", "user_id", name=op.f("uq_campaign_players_campaign_id_user_id")
        ),
    )
    op.create_index(
        op.f("ix_campaign_players_user_id"), "campaign_players", ["user_id"], unique=False
    )
    op.create_table(
        "sieges",
        sa.Column("army_id", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_sieges_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_sieges")),
    )
    op.create_table(
        "stakes",
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=False),
        sa.Column("loser", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(length=16), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_stakes_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_stakes")),
    )
    op.create_table(
        "treaties",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("a", sa.Integer(), nullable=False),
        sa.Column("b", sa.Integer(), nullable=False),
        sa.Column("since_turn", sa.Integer(), nullable=False),
        sa.Column("ends_turn", sa.Integer(), nullable=True),
        sa.Column("city_a", sa.Integer(), nullable=True),
        sa.Column("city_b", sa.Integer(), nullable=True),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_treaties_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_treaties")),
    )
    op.create_table(
        "turn_summaries",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("events", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_turn_summaries_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", "player", name=op.f("pk_turn_summaries")),
    )
    op.create_table(
        "turns",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_turns_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", name=op.f("pk_turns")),
    )
    op.create_table(
        "armies",
        sa.Column("owner", sa.Integer(), nullable=False),
        sa.Column("q", sa.Integer(), nullable=False),
        sa.Column("r", sa.Integer(), nullable=False),
        sa.Column("tier", sa.Integer(), nullable=False),
        sa.Column("general_id", sa.Integer(), nullable=True),
        sa.Column("seat_id", sa.Integer(), nullable=True),
        sa.Column("ship_id", sa.Integer(), nullable=True),
        sa.Column("raised_turn", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "owner"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_armies_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_armies_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_armies")),
    )
    op.create_table(
        "generals",
        sa.Column("owner", sa.Integer(), nullable=False),
        sa.Column("army_id", sa.Integer(), nullable=True),
        sa.Column("held_by", sa.Integer(), nullable=True),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "owner"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_generals_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_generals_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_generals")),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=120), nullable=False),
        sa.Column("rule", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_ledger_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger")),
    )
    op.create_index(
        "ix_ledger_campaign_id_player_turn",
        "ledger",
        ["campaign_id", "player", "turn"],
        unique=False,
    )
    op.create_table(
        "orders",
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "move", "build", "raise", "upgrade", "recruit", "faction_action", name="order_kind"
            ),
            nullable=False,
        ),
        sa.Column("army_id", sa.Integer(), nullable=True),
        sa.Column("build_kind", sa.String(length=16), nullable=True),
        sa.Column("q", sa.Integer(), nullable=True),
        sa.Column("r", sa.Integer(), nullable=True),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("general_id", sa.Integer(), nullable=True),
        sa.Column("path", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
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
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_orders_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_orders_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_orders")),
    )
    op.create_index("ix_orders_campaign_id_turn", "orders", ["campaign_id", "turn"], unique=False)
    op.create_index(
        "uq_orders_army_move",
        "orders",
        ["campaign_id", "turn", "army_id"],
        unique=True,
        postgresql_where=sa.text("kind = 'move'"),
    )
    op.create_index(
        "uq_orders_army_upgrade",
        "orders",
        ["campaign_id", "turn", "army_id"],
        unique=True,
        postgresql_where=sa.text("kind = 'upgrade'"),
    )
    op.create_table(
        "ships",
        sa.Column("owner", sa.Integer(), nullable=False),
        sa.Column("q", sa.Integer(), nullable=False),
        sa.Column("r", sa.Integer(), nullable=False),
        sa.Column("army_id", sa.Integer(), nullable=True),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "owner"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_ships_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_ships_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_ships")),
    )
    op.create_table(
        "structures",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("q", sa.Integer(), nullable=False),
        sa.Column("r", sa.Integer(), nullable=False),
        sa.Column("owner", sa.Integer(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("is_capital", sa.Boolean(), nullable=False),
        sa.Column("also_port", sa.Boolean(), nullable=False),
        sa.Column("built_by", sa.Integer(), nullable=True),
        sa.Column("since_turn", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "owner"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_structures_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_structures_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name=op.f("pk_structures")),
    )


def downgrade() -> None:
    op.drop_table("structures")
    op.drop_table("ships")
    op.drop_index(
        "uq_orders_army_upgrade", table_name="orders", postgresql_where=sa.text("kind = 'upgrade'")
    )
    op.drop_index(
        "uq_orders_army_move", table_name="orders", postgresql_where=sa.text("kind = 'move'")
    )
    op.drop_index("ix_orders_campaign_id_turn", table_name="orders")
    op.drop_table("orders")
    op.drop_index("ix_ledger_campaign_id_player_turn", table_name="ledger")
    op.drop_table("ledger")
    op.drop_table("generals")
    op.drop_table("armies")
    op.drop_table("turns")
    op.drop_table("turn_summaries")
    op.drop_table("treaties")
    op.drop_table("stakes")
    op.drop_table("sieges")
    op.drop_index(op.f("ix_campaign_players_user_id"), table_name="campaign_players")
    op.drop_table("campaign_players")
    op.drop_table("battles")
    op.drop_index(op.f("ix_campaigns_owner_id"), table_name="campaigns")
    op.drop_table("campaigns")
    op.drop_index(op.f("ix_maps_author_id"), table_name="maps")
    op.drop_table("maps")
    # PostgreSQL keeps enum types after their tables are dropped.
    sa.Enum(name="order_kind").drop(op.get_bind(), checkfirst=True)
    sa.Enum(name="campaign_status").drop(op.get_bind(), checkfirst=True)
