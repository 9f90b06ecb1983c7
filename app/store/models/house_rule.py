"""House rules (R-HOUSE-1): the ordered amendments to the game system's rulebook, and their
history of changes."""

import enum
import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Index, PrimaryKeyConstraint, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, utcnow
from app.platform.db.ids import random_public_id
from app.store.models.campaign import pg_enum


class AmendmentKind(enum.StrEnum):
    """How an amendment changes the rulebook (the source's blue, green and red text)."""

    REPLACE = "replace"
    ADD = "add"
    REMOVE = "remove"


class HouseRuleAction(enum.StrEnum):
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"


class HouseRule(TimestampMixin, Base):
    """One amendment; `position` (1, 2, …, dense) orders a campaign's amendments.

    Ids are random (below 2**53): a counter shared by every campaign would count other
    tables' amendments (R-FOG-3).
    """

    __tablename__ = "house_rules"
    __table_args__ = (
        # The campaign first in every key: the table can be distributed by campaign (Citus).
        PrimaryKeyConstraint("campaign_id", "id"),
        Index("ix_house_rules_campaign_id_position", "campaign_id", "position"),
    )

    id: Mapped[int] = mapped_column(BigInteger, default=random_public_id)
    campaign_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    position: Mapped[int]
    section: Mapped[str] = mapped_column(String(200))
    page: Mapped[str | None] = mapped_column(String(40))
    kind: Mapped[AmendmentKind] = mapped_column(pg_enum(AmendmentKind, "amendment_kind"))
    text: Mapped[str] = mapped_column(Text)
    created_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    updated_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))


class HouseRuleChange(Base):
    """Every change to the house rules, kept with its author and time (R-HOUSE-1)."""

    __tablename__ = "house_rule_changes"
    # The campaign first in every key: the table can be distributed by campaign (Citus).
    __table_args__ = (PrimaryKeyConstraint("campaign_id", "id"),)

    # Random like the amendments' ids; the history is ordered by `at`.
    id: Mapped[int] = mapped_column(BigInteger, default=random_public_id)
    campaign_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    # No foreign key: the history outlives a deleted amendment.
    rule_id: Mapped[int] = mapped_column(BigInteger)
    action: Mapped[HouseRuleAction] = mapped_column(pg_enum(HouseRuleAction, "house_rule_action"))
    author_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
