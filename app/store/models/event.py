"""Live campaign events (SSE feed): stored with their audience, announced by NOTIFY."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Identity, Index, PrimaryKeyConstraint, String
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class CampaignEvent(Base):
    """Something a client may want to hear about at once.

    `seq` orders a campaign's events as they were committed (`CampaignEventCounter`), so a
    stream resumed after `seq` misses nothing. Clients never see `id` nor `seq`: both count
    every event of the campaign (or of all campaigns), other players' private ones included.
    They see `cursor`, a random token: the SSE `id:` field, passed back as `Last-Event-ID`.
    """

    __tablename__ = "campaign_events"
    __table_args__ = (
        # The campaign first in every key: the table can be distributed by campaign (Citus).
        PrimaryKeyConstraint("campaign_id", "id"),
        Index("uq_campaign_events_campaign_id_seq", "campaign_id", "seq", unique=True),
        Index("uq_campaign_events_campaign_id_cursor", "campaign_id", "cursor", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity())
    campaign_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(BigInteger)
    cursor: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(40))
    # Player numbers allowed to see it; NULL: every member. The game master (the owner who
    # does not play) sees every event; an owner who plays, only what their seat sees (R-FOG-5).
    audience: Mapped[list[int] | None] = mapped_column(ARRAY(BigInteger))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class CampaignEventCounter(Base):
    """The last `seq` given to one campaign's events.

    Publishing updates this row, so it stays locked until the publisher's transaction ends:
    the events of one campaign get their numbers in commit order, whether or not the
    publisher holds the campaign lock (messages do not), and other campaigns never wait.
    """

    __tablename__ = "campaign_event_counters"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    last_seq: Mapped[int] = mapped_column(BigInteger)
