"""Per-turn snapshots of a campaign's game state (R-TURN-6), kept at each turn change."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, ForeignKeyConstraint, LargeBinary
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class TurnSnapshot(Base):
    """The game state at the end of turn `number`, taken just before that turn changed.

    `state` is JSON text (`app/store/persistence/snapshots.py`; the first ones were
    zlib-compressed): every row the turn change and the following turn may alter, so that a rollback
    restores them exactly; the seats' explored memories are in `turn_snapshot_memories`.
    """

    __tablename__ = "turn_snapshots"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    version: Mapped[int]
    state: Mapped[bytes] = mapped_column(LargeBinary)
    taken_at: Mapped[datetime] = mapped_column(default=utcnow)


class TurnRollback(Base):
    """A turn change the owner rolled back (R-TURN-6): kept in history, never deleted.

    `summaries` holds what each player was told of the change ({player: events}).
    """

    __tablename__ = "turn_rollbacks"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    # The how-manieth rollback of this turn's change (a change may be redone and undone again).
    revision: Mapped[int] = mapped_column(primary_key=True)
    resolved_at: Mapped[datetime]
    rolled_back_at: Mapped[datetime] = mapped_column(default=utcnow)
    summaries: Mapped[dict[str, Any]] = mapped_column(JSONB)


class TurnSnapshotMemory(Base):
    """One seat's explored memory in turn `number`'s snapshot (R-TURN-6).

    Kept beside the snapshot, copied by the database as it is stored: the memories are most of
    a large campaign's state, and turning them into text at every change would cost more than
    the rest of the change.
    """

    __tablename__ = "turn_snapshot_memories"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "number"],
            ["turn_snapshots.campaign_id", "turn_snapshots.number"],
            ondelete="CASCADE",
        ),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    player: Mapped[int] = mapped_column(primary_key=True)
    explored: Mapped[dict[str, Any]] = mapped_column(JSONB)
