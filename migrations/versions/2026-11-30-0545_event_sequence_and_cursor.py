"""event sequence per campaign and opaque cursors

Events get a per-campaign number given in commit order (a counter row per campaign, locked
by each publisher until it commits) and a random cursor, the only id clients see.

Revision ID: 7c2d4e6f8a10
Revises: 5b1e7c3a9d20
Create Date: 2026-11-30 05:45:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c2d4e6f8a10"
down_revision: str | None = "5b1e7c3a9d20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaign_event_counters",
        sa.Column("campaign_id", sa.Uuid(), nullable=False),
        sa.Column("last_seq", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_event_counters_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", name=op.f("pk_campaign_event_counters")),
    )
    op.add_column("campaign_events", sa.Column("seq", sa.BigInteger(), nullable=True))
    op.add_column("campaign_events", sa.Column("cursor", sa.String(length=32), nullable=True))
    # Existing events keep their order; their cursors are random like every new one.
    op.execute(
        """
        UPDATE campaign_events e
        SET seq = n.seq,
            cursor = translate(encode(decode(md5(random()::text || e.id::text), 'hex'), 'base64'),
                               '+/=', '-_')
        FROM (
            SELECT id, row_number() OVER (PARTITION BY campaign_id ORDER BY id) AS seq
            FROM campaign_events
        ) n
        WHERE n.id = e.id
        """
    )
    op.execute("UPDATE campaign_events SET cursor = substr(cursor, 1, 16)")
    op.execute(
        """
        INSERT INTO campaign_event_counters (campaign_id, last_seq)
        SELECT campaign_id, max(seq) FROM campaign_events GROUP BY campaign_id
        """
    )
    op.alter_column("campaign_events", "seq", nullable=False)
    op.alter_column("campaign_events", "cursor", nullable=False)
    op.drop_index("ix_campaign_events_campaign_id_id", table_name="campaign_events")
    op.create_index(
        "uq_campaign_events_campaign_id_seq", "campaign_events", ["campaign_id", "seq"], unique=True
    )
    op.create_index(
        "uq_campaign_events_campaign_id_cursor",
        "campaign_events",
        ["campaign_id", "cursor"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("uq_campaign_events_campaign_id_cursor", table_name="campaign_events")
    op.drop_index("uq_campaign_events_campaign_id_seq", table_name="campaign_events")
    op.create_index(
        "ix_campaign_events_campaign_id_id", "campaign_events", ["campaign_id", "id"], unique=False
    )
    op.drop_column("campaign_events", "cursor")
    op.drop_column("campaign_events", "seq")
    op.drop_table("campaign_event_counters")
