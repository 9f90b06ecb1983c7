"""battles keep who held their seats when they closed: the names they reveal are theirs

R-CAMP-5: a battle over names the users who held its seats then, to them alone, never a later
holder of a seat. Battles closed before this get their holders where they are known for sure: a
seat that never changed hands (its holder now), or the holder its confirmation recorded
(`seat_battle_records`); any other stays null (nobody known: its names stay hidden).

Revision ID: 9e3b7d1a4c26
Revises: 6a1d4e8b2c73
Create Date: 2026-12-07 12:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "9e3b7d1a4c26"
down_revision: str | None = "6a1d4e8b2c73"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BACKFILL = """
UPDATE battles b SET holders = h.holders
FROM (
    SELECT c.campaign_id, c.id,
           jsonb_object_agg(s.number::text, coalesce(r.user_id, p.user_id)) AS holders,
           bool_and(
               r.user_id IS NOT NULL OR NOT EXISTS (
                   SELECT 1 FROM seat_holders sh
                   WHERE sh.campaign_id = c.campaign_id AND sh.number = s.number
               )
           ) AS known
    FROM battles c
    CROSS JOIN LATERAL (
        SELECT jsonb_array_elements_text(c.attacker -> 'players')::int AS number
        UNION
        SELECT jsonb_array_elements_text(c.defender -> 'players')::int
    ) s
    LEFT JOIN seat_battle_records r
        ON r.campaign_id = c.campaign_id AND r.battle_id = c.id AND r.number = s.number
    LEFT JOIN campaign_players p ON p.campaign_id = c.campaign_id AND p.number = s.number
    WHERE c.status IN ('confirmed', 'abandoned', 'cancelled')
    GROUP BY c.campaign_id, c.id
) h
WHERE b.campaign_id = h.campaign_id AND b.id = h.id AND h.known
"""


def upgrade() -> None:
    op.add_column(
        "battles",
        sa.Column("holders", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    )
    op.execute(_BACKFILL)


def downgrade() -> None:
    op.drop_column("battles", "holders")
