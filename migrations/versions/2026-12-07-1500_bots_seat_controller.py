"""bots: a seat's controller may be a bot, with a difficulty and a personality (issue 49)

A seat with `bot_difficulty` set is played by a bot (R-BOT); null: by its holder, as before.

Revision ID: b07a5e17c0de
Revises: 4b8e2d6f1a93
Create Date: 2026-12-07 15:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b07a5e17c0de"
down_revision: str | None = "4b8e2d6f1a93"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("campaign_players", sa.Column("bot_difficulty", sa.String(16), nullable=True))
    op.add_column("campaign_players", sa.Column("bot_personality", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("campaign_players", "bot_personality")
    op.drop_column("campaign_players", "bot_difficulty")
