"""campaign id in every key

Shard-readiness (issue 13): the tables whose primary key was a lone id get `(campaign_id, id)`
instead, so every campaign-scoped table has its campaign in every key and can be distributed
by campaign on Citus (docs/scaling.md). The indexes on `(campaign_id, id)` of messages and
house rule changes become the primary keys themselves. Invite codes stop being unique across
campaigns (a code is only ever checked against the campaign named in the request).

Revision ID: 6e2a9c4d8f15
Revises: 9a4c6e2f1b57
Create Date: 2026-11-30 09:30:00+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "6e2a9c4d8f15"
down_revision: str | None = "9a4c6e2f1b57"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = (
    "campaign_events",
    "ledger",
    "messages",
    "pending_summary_events",
    "house_rules",
    "house_rule_changes",
)
# Indexes the new primary keys make redundant.
REDUNDANT = {
    "messages": "ix_messages_campaign_id_id",
    "house_rule_changes": "ix_house_rule_changes_campaign_id_id",
}


def upgrade() -> None:
    for table in TABLES:
        op.drop_constraint(f"pk_{table}", table, type_="primary")
        op.create_primary_key(f"pk_{table}", table, ["campaign_id", "id"])
        if table in REDUNDANT:
            op.drop_index(REDUNDANT[table], table_name=table)
    op.drop_constraint("uq_campaigns_invite_code", "campaigns", type_="unique")


def downgrade() -> None:
    op.create_unique_constraint("uq_campaigns_invite_code", "campaigns", ["invite_code"])
    for table in TABLES:
        if table in REDUNDANT:
            op.create_index(REDUNDANT[table], table, ["campaign_id", "id"])
        op.drop_constraint(f"pk_{table}", table, type_="primary")
        op.create_primary_key(f"pk_{table}", table, ["id"])
