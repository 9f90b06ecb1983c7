"""reliability records: how each seat's turn and each confirmed battle went for its holder

R-CAMP-14: seat_turn_records (written by the turn change) and seat_battle_records (written at
a battle's confirmation), summed up per user by the reliability profile.

Revision ID: 3f7b2c9e5a18
Revises: 5d2e8b4c7a19
Create Date: 2026-12-01 17:45:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3f7b2c9e5a18"
down_revision: str | None = "5d2e8b4c7a19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STANDINGS = ("on_time", "missed", "civil_disorder", "excused")


def upgrade() -> None:
    op.create_table(
        "seat_turn_records",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("standing", sa.Enum(*_STANDINGS, name="turn_standing"), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "turn"],
            ["turns.campaign_id", "turns.number"],
            name=op.f("fk_seat_turn_records_campaign_id_turns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_seat_turn_records_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "turn", "number", name=op.f("pk_seat_turn_records")),
    )
    op.create_index("ix_seat_turn_records_user_id", "seat_turn_records", ["user_id", "standing"])
    op.create_table(
        "seat_battle_records",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("on_time", sa.Boolean(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_seat_battle_records_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_seat_battle_records_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "battle_id", "number", name=op.f("pk_seat_battle_records")
        ),
    )
    op.create_index("ix_seat_battle_records_user_id", "seat_battle_records", ["user_id", "on_time"])


def downgrade() -> None:
    op.drop_index("ix_seat_battle_records_user_id", table_name="seat_battle_records")
    op.drop_table("seat_battle_records")
    op.drop_index("ix_seat_turn_records_user_id", table_name="seat_turn_records")
    op.drop_table("seat_turn_records")
    # PostgreSQL keeps enum types after their table is dropped.
    sa.Enum(name="turn_standing").drop(op.get_bind(), checkfirst=True)
