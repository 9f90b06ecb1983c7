"""event kind vocabulary

Event kinds become one snake_case vocabulary (`app.rules.state.EventKind`): the free strings
stored before ("army moved", "army lost a tier" beside "army_tier_lost", "outpost done" …) are
rewritten in the turn summaries, the summary events waiting for the next change and the live
events, so that every stored kind reads as a member of the published enum.

The table below is frozen here on purpose: it is what the engine wrote until this revision.

Revision ID: 5c1e7a9f3b20
Revises: 0a5b7c9d1e43
Create Date: 2026-11-30 07:00:00+00:00
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5c1e7a9f3b20"
down_revision: str | None = "0a5b7c9d1e43"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RENAMED = {
    "army moved": "army_moved",
    "path cut": "path_cut",
    "ship destroyed": "ship_destroyed",
    "siege lifted": "siege_lifted",
    "siege continues": "siege_continues",
    "stake taken": "stake_taken",
    "army lost a tier": "army_tier_lost",
    "found_city done": "city_founded",
    "port done": "port_built",
    "outpost done": "outpost_built",
    "upgrade_city done": "city_upgraded",
    "build cancelled": "build_cancelled",
    "army raised": "army_raised",
    "army upgraded": "army_upgraded",
    "raise cancelled": "raise_cancelled",
    "upgrade cancelled": "upgrade_cancelled",
    "treaty began": "treaty_began",
    "treaty ended": "treaty_ended",
    "trade route lost": "trade_route_lost",
    "edict expired": "edict_expired",
    "army withdrew": "army_withdrew",
}


# The table comes as a bound JSON parameter (`:renamed`, rows old → new): the SQL is constant.

SUMMARIES = """
UPDATE turn_summaries AS s
SET events = (
    SELECT coalesce(
        jsonb_agg(
            CASE WHEN renamed.new IS NULL THEN e.value
                 ELSE jsonb_set(e.value, '{kind}', to_jsonb(renamed.new)) END
            ORDER BY e.ordinality
        ),
        CAST('[]' AS jsonb)
    )
    FROM jsonb_array_elements(s.events) WITH ORDINALITY AS e(value, ordinality)
    LEFT JOIN (SELECT key AS old, value AS new FROM jsonb_each_text(CAST(:renamed AS jsonb)))
        AS renamed ON renamed.old = e.value ->> 'kind'
)
WHERE jsonb_typeof(s.events) = 'array'
  AND EXISTS (
    SELECT 1
    FROM jsonb_array_elements(s.events) AS e(value)
    JOIN (SELECT key AS old, value AS new FROM jsonb_each_text(CAST(:renamed AS jsonb)))
        AS renamed ON renamed.old = e.value ->> 'kind'
  )
"""  # a JSON array of {kind, rule, coords, data}, order kept

PENDING = """
UPDATE pending_summary_events AS p
SET event = jsonb_set(p.event, '{kind}', to_jsonb(renamed.new))
FROM (SELECT key AS old, value AS new FROM jsonb_each_text(CAST(:renamed AS jsonb))) AS renamed
WHERE p.event ->> 'kind' = renamed.old
"""  # one {kind, …} object per row

LIVE = """
UPDATE campaign_events AS c
SET kind = renamed.new
FROM (SELECT key AS old, value AS new FROM jsonb_each_text(CAST(:renamed AS jsonb))) AS renamed
WHERE c.kind = renamed.old
"""


def upgrade() -> None:
    renamed = json.dumps(RENAMED)
    for statement in (SUMMARIES, PENDING, LIVE):
        op.execute(sa.text(statement).bindparams(renamed=renamed))


def downgrade() -> None:
    # Nothing to undo: the code before this revision read any string as a kind, and two old
    # spellings became one ("army lost a tier" and "army_tier_lost"), so no exact way back.
    pass
