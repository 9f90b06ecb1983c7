"""The gold ledger (R-ECO-6): a player's gold is always the sum of their entries."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    ForeignKeyConstraint,
    Identity,
    Index,
    PrimaryKeyConstraint,
    String,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class LedgerRow(Base):
    __tablename__ = "ledger"
    __table_args__ = (
        # The campaign first in every key: the table can be distributed by campaign (Citus).
        PrimaryKeyConstraint("campaign_id", "id"),
        ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            ondelete="CASCADE",
        ),
        Index("ix_ledger_campaign_id_player_turn", "campaign_id", "player", "turn"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity())
    campaign_id: Mapped[uuid.UUID]
    player: Mapped[int]
    turn: Mapped[int]
    amount: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(String(120))
    # The reason's template and parameters (`app.platform.i18n.kept`), said in the reader's
    # language; None for lines written before (their English is read as it is).
    reason_text: Mapped[dict[str, Any] | None] = mapped_column(
        JSONB(none_as_null=True), default=None
    )
    rule: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
