"""Email (issue 28): a user's address, confirmed by a link before anything is sent to it, and
the outbox of messages to send by SMTP.

Both are global tables (a user's, across campaigns), like the notification preferences.
"""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, BigInteger, ForeignKey, Identity, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow
from app.store.models.notification import DeliveryStatus, str_enum


class UserEmail(Base):
    """A user's address. Notifications go to it only once it is confirmed, and never after
    its owner unsubscribed (one click in any message, RFC 8058)."""

    __tablename__ = "user_emails"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    confirmed_at: Mapped[datetime | None]
    # The confirmation link's secret, as a SHA-256 digest; cleared once used (single use).
    confirm_token_hash: Mapped[str | None] = mapped_column(CHAR(64), unique=True)
    confirm_expires_at: Mapped[datetime | None]
    unsubscribed_at: Mapped[datetime | None]


class EmailUnsubscribe(Base):
    """An address that unsubscribed from this server (one click in any message, RFC 8058):
    kept whoever sets it again and whatever happens to the account that had it, until its
    owner confirms it from the mailbox (the confirmation link). Keyed by the address in lower
    case."""

    __tablename__ = "email_unsubscribes"

    address: Mapped[str] = mapped_column(String(254), primary_key=True)
    unsubscribed_at: Mapped[datetime] = mapped_column(default=utcnow)


class EmailDelivery(Base):
    """One message to one address: the outbox row, then its log. The bodies are what is sent
    on every attempt, and are blanked once it is sent (they may hold a link's secret)."""

    __tablename__ = "email_deliveries"
    __table_args__ = (
        Index("ix_email_deliveries_due", "status", "next_attempt_at"),
        Index("ix_email_deliveries_collapse", "user_id", "collapse_key", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    address: Mapped[str] = mapped_column(String(254))
    kind: Mapped[str] = mapped_column(String(40))
    subject: Mapped[str] = mapped_column(String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    # The message's one-click unsubscribe secret (RFC 8058), as a SHA-256 digest.
    unsubscribe_token_hash: Mapped[str] = mapped_column(CHAR(64), unique=True)
    # `{campaign id}:{kind}` of a notification: at most one such message per user within
    # `app.channels.notifications.email.COLLAPSE_WINDOW` (the campaign is named, not referenced:
    # this table is global, like its user's address).
    collapse_key: Mapped[str | None] = mapped_column(String(80))
    # Held for the user's daily digest: sent, with every other one due, as one message.
    digest: Mapped[bool] = mapped_column(default=False)
    # Quiet hours and vacation apply to notifications, not to confirmations and resets.
    personal: Mapped[bool] = mapped_column(default=True)
    status: Mapped[DeliveryStatus] = mapped_column(
        str_enum(DeliveryStatus), default=DeliveryStatus.PENDING
    )
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_attempt_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(String(300))
    delivered_at: Mapped[datetime | None]


class PasswordReset(Base):
    """A password reset link sent to a user's confirmed address: single use, expiring. The
    rows of the last hour are also what limits resets per account and per address."""

    __tablename__ = "password_resets"
    __table_args__ = (Index("ix_password_resets_user", "user_id", "created_at"),)

    token_hash: Mapped[str] = mapped_column(CHAR(64), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # Lower-cased, as asked for (the per-address limit counts by it).
    address: Mapped[str] = mapped_column(String(254), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
