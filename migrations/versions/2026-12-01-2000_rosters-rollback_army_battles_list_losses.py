"""army battles keep what their confirmation put on the list (issue 30, R-TURN-6)

R-ARMY-7, R-TURN-6: `army_battles.list_uploaded_at` names the list a confirmed battle's
casualties went onto (by its upload time) and `list_losses` the models each of its units lost
by them, so that a rollback takes back exactly those. The lines written before: the list the
battle fielded (fixed from declaration to confirmation) and the casualties as reported.

Revision ID: 8c4a1e6f2b37
Revises: 3f7b2c9e5a18
Create Date: 2026-12-01 20:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "8c4a1e6f2b37"
down_revision: str | None = "3f7b2c9e5a18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BACKFILL = """
UPDATE army_battles ab
SET list_uploaded_at = (f.roster ->> 'uploaded_at')::timestamptz,
    list_losses = (
        SELECT coalesce(jsonb_agg(jsonb_build_object('unit', c -> 'unit', 'lost', c -> 'lost')
                                  ORDER BY (c ->> 'unit')::int), '[]'::jsonb)
        FROM jsonb_array_elements(ab.casualties) AS c
    )
FROM battle_rosters f
WHERE f.campaign_id = ab.campaign_id AND f.battle_id = ab.battle_id AND f.army_id = ab.army_id
  AND jsonb_array_length(ab.casualties) > 0
"""


def upgrade() -> None:
    op.add_column(
        "army_battles", sa.Column("list_uploaded_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "army_battles",
        sa.Column(
            "list_losses",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="[]",
            nullable=False,
        ),
    )
    op.execute(_BACKFILL)


def downgrade() -> None:
    op.drop_column("army_battles", "list_losses")
    op.drop_column("army_battles", "list_uploaded_at")
