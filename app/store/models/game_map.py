"""Maps: built-in ones are seeded by key, uploaded ones belong to their author."""

import uuid
from typing import Any

from sqlalchemy import ForeignKey, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, UUIDPrimaryKeyMixin


class GameMap(UUIDPrimaryKeyMixin, TimestampMixin, Base):
    """A validated map document (R-MAP-4); immutable once stored."""

    __tablename__ = "maps"

    name: Mapped[str] = mapped_column(String(80))
    builtin_key: Mapped[str | None] = mapped_column(String(40), unique=True)
    author_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    width: Mapped[int]
    height: Mapped[int]
    slots: Mapped[int]
    document: Mapped[dict[str, Any]] = mapped_column(JSONB)
