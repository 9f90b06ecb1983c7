"""rosters after the battle: lists as fielded, and each army's battles (issue 30)

R-ARMY-4, R-ARMY-7: `battle_rosters` keeps each army's list as fielded in a battle (copied at
declaration; the pending battles' lists are copied here, fixed since they were declared);
`army_battles` keeps each army's confirmed battles, its veteran history.

Revision ID: 5d2e8b4c7a19
Revises: 5d9b2e7c4a13
Create Date: 2026-12-01 17:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "5d2e8b4c7a19"
down_revision: str | None = "5d9b2e7c4a13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The pending battles' lists, as `app.play.turns.battle_records.snapshot_rosters` copies them.
_COPY_PENDING = """
INSERT INTO battle_rosters (campaign_id, battle_id, army_id, side, roster)
SELECT b.campaign_id, b.id, r.army_id, s.side, jsonb_build_object(
    'format', r.format, 'name', r.name, 'faction', r.faction, 'game_system', r.game_system,
    'total_points', r.total_points, 'general_points', r.general_points, 'units', r.units,
    'warnings', r.warnings, 'filename', r.filename, 'owner', a.owner, 'tier', a.tier,
    'uploaded_at', to_char(r.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'))
FROM battles b
CROSS JOIN LATERAL (VALUES ('attacker', b.attacker), ('defender', b.defender)) AS s(side, doc)
JOIN army_rosters r
  ON r.campaign_id = b.campaign_id AND s.doc -> 'army_ids' @> to_jsonb(r.army_id)
JOIN armies a ON a.campaign_id = r.campaign_id AND a.id = r.army_id
WHERE b.status IN ('awaiting_report', 'reported', 'disputed')
ON CONFLICT DO NOTHING
"""


def upgrade() -> None:
    op.create_table(
        "battle_rosters",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("army_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("roster", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_battle_rosters_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "battle_id", "army_id", name=op.f("pk_battle_rosters")
        ),
    )
    op.create_table(
        "army_battles",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("army_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("opponents", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("result", sa.String(length=8), nullable=False),
        sa.Column("losses_pct", sa.Integer(), nullable=False),
        sa.Column("casualties", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_army_battles_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "campaign_id", "army_id", "battle_id", name=op.f("pk_army_battles")
        ),
    )
    op.execute(_COPY_PENDING)


def downgrade() -> None:
    op.drop_table("army_battles")
    op.drop_table("battle_rosters")
