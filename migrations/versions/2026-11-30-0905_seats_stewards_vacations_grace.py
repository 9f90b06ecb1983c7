"""seats, stewards, vacations and the grace period

R-CAMP-6: past holders of each seat (seat_holders), a seat's offer; R-CAMP-7: deadlines missed
in a row; R-CAMP-8: vacation days used and the current vacation's end; R-TURN-7: when the
turn change scheduled after the grace period is due.

Revision ID: 5c1e7a9b3d20
Revises: 7d3e9a1c5b64
Create Date: 2026-11-30 09:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5c1e7a9b3d20"
down_revision: str | None = "7d3e9a1c5b64"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("campaigns", sa.Column("change_due_at", sa.DateTime(timezone=True)))
    op.add_column(
        "campaign_players",
        sa.Column("missed_in_row", sa.Integer(), server_default="0", nullable=False),
    )
    op.add_column(
        "campaign_players",
        sa.Column("offered", sa.Boolean(), server_default="false", nullable=False),
    )
    op.add_column(
        "campaign_players",
        sa.Column("vacation_days_used", sa.Integer(), server_default="0", nullable=False),
    )
    op.add_column("campaign_players", sa.Column("vacation_until", sa.DateTime(timezone=True)))
    op.create_table(
        "seat_holders",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("ordinal", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("from_turn", sa.Integer(), nullable=False),
        sa.Column("to_turn", sa.Integer(), nullable=False),
        sa.Column("handed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id", "number"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            name=op.f("fk_seat_holders_campaign_id_campaign_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_seat_holders_user_id_users")
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", "ordinal", name=op.f("pk_seat_holders")),
    )
    op.create_index(op.f("ix_seat_holders_user_id"), "seat_holders", ["user_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_seat_holders_user_id"), table_name="seat_holders")
    op.drop_table("seat_holders")
    op.drop_column("campaign_players", "vacation_until")
    op.drop_column("campaign_players", "vacation_days_used")
    op.drop_column("campaign_players", "offered")
    op.drop_column("campaign_players", "missed_in_row")
    op.drop_column("campaigns", "change_due_at")
