"""Moderation: users' blocks, owners' bans, reports, and the operators' audit log.

Blocks and bans are between users (reference tables, like `users`); a report names the item
it is about and keeps a copy of what its reporter saw (`excerpt`), so that an operator reads
the reported item and never the rest of its campaign (R-FOG). Operators and suspensions are
columns of `users` (`is_operator`, `suspended_at`).
"""

import enum
import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow
from app.store.models.notification import str_enum


class UserBlock(Base):
    """`user_id` blocked `blocked_id`: their messages, join requests, seat offers and open
    seats stop reaching `user_id`; the blocked user is not told."""

    __tablename__ = "user_blocks"
    __table_args__ = (Index("ix_user_blocks_blocked_id", "blocked_id"),)

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class CampaignBlock(Base):
    """`user_id` blocked, in one campaign, the holder of a seat (`blocked_id`): their messages
    in that campaign stop reaching `user_id`. Made from the seat (never a username), so it
    names nobody under anonymity: it is listed on the campaign's seats, never with the user's
    blocks, and reaches no other campaign (where it would say who sat behind the seat)."""

    __tablename__ = "campaign_blocks"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class OwnerBan(Base):
    """`owner_id` refuses `banned_id`'s join requests to their public campaigns (R-CAMP-11)."""

    __tablename__ = "owner_bans"

    owner_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    banned_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ReportKind(enum.StrEnum):
    MESSAGE = "message"
    USER = "user"
    CAMPAIGN = "campaign"
    ARMY_LIST = "army_list"


class Report(Base):
    """A user reports a message, a user, a campaign's name or an army list, with a reason.

    `excerpt` is the reported item as its reporter saw it (a message's body, a campaign's name,
    an army list's names, a username); `reported_id` the user it is about, when one is.
    """

    __tablename__ = "reports"
    __table_args__ = (Index("ix_reports_open", "resolved_at", "created_at"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    reporter_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[ReportKind] = mapped_column(str_enum(ReportKind))
    reported_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    # No foreign key, and not named `campaign_id`: reports are the server's, not a campaign's
    # (a global table, docs/scaling.md); a campaign deleted leaves its id here, and no name.
    reported_campaign: Mapped[uuid.UUID | None]
    message_id: Mapped[int | None] = mapped_column(BigInteger)  # its public id in the campaign
    army_id: Mapped[int | None]
    excerpt: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    resolved_at: Mapped[datetime | None]


class ModerationAction(Base):
    """One operator's act, kept for good: who, when, what, on whom or what, and why."""

    __tablename__ = "moderation_actions"
    __table_args__ = (Index("ix_moderation_actions_at", "at"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    operator_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    operator_name: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(32))
    subject: Mapped[str] = mapped_column(Text)
    report_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("reports.id", ondelete="SET NULL")
    )
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=utcnow)
