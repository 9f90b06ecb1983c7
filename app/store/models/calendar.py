"""Personal calendar feeds: one secret URL per user, stored only as a SHA-256 digest."""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class CalendarFeed(Base):
    """A user's calendar feed secret (global, like tokens: not campaign-scoped).

    Rotating replaces the digest (the old URL stops working at once); revoking deletes the row.
    """

    __tablename__ = "calendar_feeds"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    token_hash: Mapped[str] = mapped_column(CHAR(64), unique=True)
    issued_at: Mapped[datetime] = mapped_column(default=utcnow)
