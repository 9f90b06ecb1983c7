"""Orders given during a turn (R-TURN-1), carried out at its change."""

import enum
from typing import Any

from sqlalchemy import BigInteger, Index, String, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin
from app.rules.standing import StandingKind
from app.store.models.campaign import CampaignScoped, pg_enum, player_fk


class OrderKind(enum.StrEnum):
    MOVE = "move"
    BUILD = "build"
    RAISE = "raise"
    UPGRADE = "upgrade"
    RECRUIT = "recruit"
    FACTION_ACTION = "faction_action"
    ENTRENCH = "entrench"  # R-OPT-4: instead of a move


class OrderRow(CampaignScoped, TimestampMixin, Base):
    """One order of one player for one turn; `cost` is the gold paid when it was given."""

    __tablename__ = "orders"
    __table_args__ = (
        player_fk("player"),
        Index("ix_orders_campaign_id_turn", "campaign_id", "turn"),
        # One move order and one upgrade per army per turn (R-MOVE-2, R-ARMY-3).
        Index(
            "uq_orders_army_move",
            "campaign_id",
            "turn",
            "army_id",
            unique=True,
            postgresql_where=text("kind = 'move'"),
        ),
        Index(
            "uq_orders_army_upgrade",
            "campaign_id",
            "turn",
            "army_id",
            unique=True,
            postgresql_where=text("kind = 'upgrade'"),
        ),
        # A recruited general's random id, drawn by players giving orders in parallel: two
        # equal draws are refused here, not found at the turn change as two generals of one id.
        Index(
            "uq_orders_recruit_general",
            "campaign_id",
            "general_id",
            unique=True,
            postgresql_where=text("kind = 'recruit'"),
        ),
    )

    turn: Mapped[int]
    player: Mapped[int]
    kind: Mapped[OrderKind] = mapped_column(pg_enum(OrderKind, "order_kind"))
    army_id: Mapped[int | None]
    # build: its kind; raise: the city id in target_id and the general in general_id.
    build_kind: Mapped[str | None] = mapped_column(String(16))
    q: Mapped[int | None]
    r: Mapped[int | None]
    target_id: Mapped[int | None]
    general_id: Mapped[int | None]
    path: Mapped[list[Any] | None] = mapped_column(JSONB)
    cost: Mapped[int] = mapped_column(BigInteger, default=0)


# The kinds are the rules' (R-TURN-8).
StandingOrderKind = StandingKind


class StandingOrderRow(CampaignScoped, TimestampMixin, Base):
    """A standing order of one seat: given anew, as an ordinary order, at each turn change."""

    __tablename__ = "standing_orders"
    # One of each (kind, army, tile) per seat: the service looks it up under the seat's lock.
    __table_args__ = (player_fk("player"),)

    player: Mapped[int]
    kind: Mapped[StandingOrderKind] = mapped_column(
        pg_enum(StandingOrderKind, "standing_order_kind")
    )
    army_id: Mapped[int | None]
    q: Mapped[int | None]
    r: Mapped[int | None]
    # if_hostile_near only: how near to (q, r), and where to move then.
    radius: Mapped[int | None]
    to_q: Mapped[int | None]
    to_r: Mapped[int | None]
