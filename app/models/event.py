"""Live campaign events (SSE feed): stored with their audience, announced by NOTIFY."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, String
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.db.base import Base, utcnow


class CampaignEvent(Base):
    """Something a client may want to hear about at once; `id` is the SSE event id."""

    __tablename__ = "campaign_events"
    __table_args__ = (Index("ix_campaign_events_campaign_id_id", "campaign_id", "id"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    campaign_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    # Player numbers allowed to see it; NULL: every member. The owner sees every event.
    audience: Mapped[list[int] | None] = mapped_column(ARRAY(BigInteger))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
