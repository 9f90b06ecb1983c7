"""Edicts (R-DIP-2): one per player per turn; treaties themselves are `TreatyRow`s (world)."""

from sqlalchemy import BigInteger, ForeignKeyConstraint, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin
from app.rules.diplomacy import EdictKind, EdictStatus
from app.store.models.campaign import CampaignScoped, pg_enum


def _player_fk(column: str) -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["campaign_id", column],
        ["campaign_players.campaign_id", "campaign_players.number"],
        name=f"fk_edicts_{column}_campaign_players",
        ondelete="CASCADE",
    )


class EdictRow(CampaignScoped, TimestampMixin, Base):
    """An edict of one turn; `cost` is the gold paid when it was issued."""

    __tablename__ = "edicts"
    __table_args__ = (
        # Two foreign keys to the players: named by hand, the convention would name both alike.
        _player_fk("sender"),
        _player_fk("recipient"),
        Index("ix_edicts_campaign_id_sender", "campaign_id", "sender"),
        Index("ix_edicts_campaign_id_recipient", "campaign_id", "recipient"),
        # Backstop of R-DIP-2: one edict per player per turn (a withdrawn one frees the slot).
        Index(
            "uq_edicts_one_per_turn",
            "campaign_id",
            "turn",
            "sender",
            unique=True,
            postgresql_where=text("status <> 'withdrawn'"),
        ),
    )

    turn: Mapped[int]
    sender: Mapped[int]
    recipient: Mapped[int | None]
    kind: Mapped[EdictKind] = mapped_column(pg_enum(EdictKind, "edict_kind"))
    status: Mapped[EdictStatus] = mapped_column(pg_enum(EdictStatus, "edict_status"))
    cost: Mapped[int] = mapped_column(BigInteger, default=0)
    q: Mapped[int | None]
    r: Mapped[int | None]
    city_id: Mapped[int | None]
    their_city_id: Mapped[int | None]
    general_id: Mapped[int | None]
    amount: Mapped[int] = mapped_column(BigInteger, default=0)
    offer: Mapped[str | None] = mapped_column(String(16))
    # The treaty an accepted proposal made.
    treaty_id: Mapped[int | None]
    answered_turn: Mapped[int | None]
