"""What the reliability profile sums up (R-CAMP-14): one row per seat per turn change, one per
seat per confirmed battle, each naming the user who held the seat then."""

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, ForeignKeyConstraint, Index
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base
from app.rules.reliability import TurnStanding
from app.store.models.campaign import pg_enum


class SeatTurnRecord(Base):
    """How one seat's turn went for its holder, written by the turn change in its transaction.

    The change happens once (`turns` primary key), so does its record; a rollback deletes the
    change's `turns` row and with it these (the turn played again writes them anew)."""

    __tablename__ = "seat_turn_records"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "turn"], ["turns.campaign_id", "turns.number"], ondelete="CASCADE"
        ),
        # The profile's one aggregate: a user's rows by standing (index-only).
        Index("ix_seat_turn_records_user_id", "user_id", "standing"),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    turn: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    standing: Mapped[TurnStanding] = mapped_column(pg_enum(TurnStanding, "turn_standing"))


class SeatBattleRecord(Base):
    """Whether one side's seat had its battle reported and confirmed by the play-by date,
    written when the battle is confirmed (once: a confirmed battle is over). No foreign key to
    `battles`: a rollback's restore rewrites those rows; the rollback deletes the records of the
    battles it leaves unconfirmed (`app.play.turns.rollback`)."""

    __tablename__ = "seat_battle_records"
    __table_args__ = (Index("ix_seat_battle_records_user_id", "user_id", "on_time"),)

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    battle_id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    on_time: Mapped[bool]
    confirmed_at: Mapped[datetime]
