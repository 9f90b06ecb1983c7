"""Rate-limit state shared by every server process (app.shell.limits.store)."""

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base


class RateLimit(Base):
    """One token bucket, held as the moment it is full again (GCRA's theoretical arrival time).

    A row whose `full_at` has passed is the same as no row, so such rows are purged.
    """

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    full_at: Mapped[datetime] = mapped_column(index=True)
