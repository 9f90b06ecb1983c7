"""Army lists (rosters) attached to armies (issue 30): the server's small shape and the file.

Keyed by the army's id within its campaign, without a foreign key to `armies`: the turn
change and a rollback rewrite army rows. Every read checks that the army stands (a destroyed
army's roster is unreachable), and the next upload in the campaign deletes such leftovers
(`app.rosters.service.put_roster`).
"""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.db.base import Base


class RosterRow(Base):
    __tablename__ = "army_rosters"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    army_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    format: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    faction: Mapped[str] = mapped_column(String(200))
    game_system: Mapped[str] = mapped_column(String(200))
    total_points: Mapped[int]
    general_points: Mapped[int]
    units: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
    warnings: Mapped[list[str]] = mapped_column(JSONB)
    filename: Mapped[str | None] = mapped_column(String(200))
    original: Mapped[bytes] = mapped_column(LargeBinary)  # the file as uploaded
    uploaded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
