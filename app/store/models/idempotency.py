"""Idempotency keys: the first response to a write, replayed to retries with the same key."""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, ForeignKey, Index, LargeBinary, SmallInteger, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, UUIDPrimaryKeyMixin, utcnow


class IdempotencyKey(UUIDPrimaryKeyMixin, Base):
    """One `Idempotency-Key` of one user, written in the same transaction as the work it keys.

    `status` is NULL only while the first request is still running (its transaction holds the
    row); a committed row always carries the stored response.
    """

    __tablename__ = "idempotency_keys"
    __table_args__ = (
        UniqueConstraint("user_id", "key"),
        Index("ix_idempotency_keys_expires_at", "expires_at"),
    )

    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(255))
    # SHA-256 (hex) of method, path, query and body: the same key with another request is refused.
    fingerprint: Mapped[str] = mapped_column(CHAR(64))
    status: Mapped[int | None] = mapped_column(SmallInteger)
    headers: Mapped[list[list[str]] | None] = mapped_column(JSONB)
    body: Mapped[bytes | None] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
