"""Web Push (issue 46): a user's browsers' push subscriptions, and the push rows of the one
outbox (`app.store.models.notification.Delivery`).

Global, like a user's email address: a subscription is the user's, across campaigns.
"""

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Identity, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow
from app.store.models.notification import Delivery, DeliveryChannel


class PushSubscription(Base):
    """One browser's `PushSubscription` (its push service's endpoint and the keys its payloads
    are encrypted to, RFC 8291), given by its user. Deleted by its user, or when the push
    service answers 404/410 (the browser dropped it)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("user_id", "endpoint"),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    endpoint: Mapped[str] = mapped_column(String(2048))
    # The browser's P-256 public key and auth secret, base64url as `toJSON()` gives them.
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PushDelivery(Delivery):
    """One notification to one subscription; its `body` is the stored notification (said in
    the reader's language when built, encrypted at each attempt)."""

    __mapper_args__ = {"polymorphic_identity": DeliveryChannel.PUSH}

    subscription_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("push_subscriptions.id", ondelete="CASCADE"), nullable=True
    )
