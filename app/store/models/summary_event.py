"""Turn-summary events that happened between two turn changes (battle results, R-BAT-7)."""

import uuid
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, PrimaryKeyConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base


class PendingSummaryEvent(Base):
    """An event one player may see, waiting for their next turn summary (R-TURN-4 step 6).

    Written when a battle result is confirmed during a turn; the next turn change puts these
    at the head of each player's summary and deletes them.
    """

    __tablename__ = "pending_summary_events"
    __table_args__ = (
        # The campaign first in every key: the table can be distributed by campaign (Citus).
        PrimaryKeyConstraint("campaign_id", "id"),
        Index("ix_pending_summary_events_campaign_id_player", "campaign_id", "player"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity())
    campaign_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    player: Mapped[int]
    event: Mapped[dict[str, Any]] = mapped_column(JSONB)
