"""Email (issue 28): a user's address, confirmed by a link before anything is sent to it, and
its messages (the email rows of the one outbox, `app.store.models.notification.Delivery`).

Both are global tables (a user's, across campaigns), like the notification preferences.
"""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, synonym

from app.platform.db.base import Base, utcnow
from app.store.models.notification import Delivery, DeliveryChannel


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


class EmailDelivery(Delivery):
    """One message to one address. Its `body` (the payload it is rendered from, at every
    attempt) is blanked once it is finished (it may hold a link's secret)."""

    __mapper_args__ = {"polymorphic_identity": DeliveryChannel.EMAIL}

    address: Mapped[str] = mapped_column(String(254), nullable=True)
    subject: Mapped[str] = mapped_column(String(200), nullable=True)
    # The message's one-click unsubscribe secret (RFC 8058), as a SHA-256 digest.
    unsubscribe_token_hash: Mapped[str] = mapped_column(CHAR(64), unique=True, nullable=True)
    # Held for the user's daily digest: sent, with every other one due, as one message.
    digest: Mapped[bool] = mapped_column(default=False, nullable=True)
    # Quiet hours and vacation apply to notifications, not to confirmations and resets.
    personal: Mapped[bool] = mapped_column(default=True, nullable=True)

    # The payload, under the name the email code has always given it.
    text_body: Mapped[str] = synonym("body")


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
