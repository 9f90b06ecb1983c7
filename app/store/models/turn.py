"""Turn changes and the per-player summaries they produced (R-TURN-4, R-TURN-5)."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class TurnRecord(Base):
    """One row per turn change; the primary key is the exactly-once backstop."""

    __tablename__ = "turns"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    resolved_at: Mapped[datetime] = mapped_column(default=utcnow)


class TurnSummaryRow(Base):
    """What one player could see of one turn change."""

    __tablename__ = "turn_summaries"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    player: Mapped[int] = mapped_column(primary_key=True)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
