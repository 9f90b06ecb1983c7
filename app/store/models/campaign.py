"""Campaigns and their players (R-CAMP)."""

import enum
import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Enum, ForeignKey, ForeignKeyConstraint, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, UUIDPrimaryKeyMixin
from app.platform.db.ids import random_salt
from app.platform.db.types import PydanticJSONB
from app.store.models.campaign_settings import CampaignSettings


def pg_enum(cls: type[enum.StrEnum], name: str) -> Enum:
    """A PostgreSQL enum storing the members' values (not their Python names)."""
    return Enum(cls, name=name, values_callable=lambda e: [m.value for m in e])


class CampaignStatus(enum.StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"


class Campaign(UUIDPrimaryKeyMixin, TimestampMixin, Base):
    """A campaign: its settings, ruleset, map and where its turn stands.

    Every request that changes turn state locks this row first (app.play.campaigns.access): `FOR
    NO KEY UPDATE` (one writer at a time) or, for a player's own orders, `FOR SHARE` (players
    in parallel, each behind their own seat's row lock).
    """

    __tablename__ = "campaigns"

    name: Mapped[str] = mapped_column(String(80))
    owner_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    status: Mapped[CampaignStatus] = mapped_column(
        pg_enum(CampaignStatus, "campaign_status"), default=CampaignStatus.LOBBY
    )
    # Checked against the campaign named in the URL only, so not unique across campaigns: a
    # key without the campaign would stop the table being distributed by it (docs/scaling.md).
    invite_code: Mapped[str] = mapped_column(String(16))
    map_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("maps.id"))
    # The full ruleset document (defaults merged with the owner's variant), fixed at start.
    ruleset: Mapped[dict[str, Any]] = mapped_column(JSONB)
    settings: Mapped[CampaignSettings] = mapped_column(PydanticJSONB(CampaignSettings))
    turn: Mapped[int] = mapped_column(default=0)
    # The engine's id counter for campaign-scoped entities (armies, structures, battles…).
    next_id: Mapped[int] = mapped_column(default=1)
    # Secret: scrambles the ids the engine gives after the start (app/rules/ids.py), so that
    # they count nothing of what others made (R-FOG-3). 0 for campaigns older than this.
    id_salt: Mapped[int] = mapped_column(BigInteger, default=random_salt, server_default="0")
    # Bumped whenever what stands on the map changes (app/store/persistence/state.py::save_state):
    # read models of the map can be cached under it, in any server process.
    world_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # R-OPT-5: this turn's storms, each a list of [q, r] tiles, its centre first.
    storms: Mapped[list[Any]] = mapped_column(JSONB, default=list, server_default="[]")
    started_at: Mapped[datetime | None]
    ended_at: Mapped[datetime | None]
    # Deadlines (R-TURN-3, R-OPT-2): set when a turn starts, shifted by pauses and extensions.
    turn_deadline_at: Mapped[datetime | None]
    # When the `deadline_near` warning is due; NULL once it was sent (or without a deadline).
    deadline_warn_at: Mapped[datetime | None]
    battle_deadline_at: Mapped[datetime | None]
    # Set while the owner has paused the campaign: the deadlines' clocks stand still.
    paused_at: Mapped[datetime | None]
    # R-TURN-7: when the grace period after the last ready ends and the sweeper changes the
    # turn; NULL when no change is scheduled (a withdrawn ready clears it).
    change_due_at: Mapped[datetime | None]

    @property
    def anonymous(self) -> bool:
        """R-CAMP-5: players are shown as Player A, B… (to all but the owner) until the end."""
        return self.settings.anonymity and self.status is not CampaignStatus.FINISHED


class CampaignPlayer(TimestampMixin, Base):
    """A member of a campaign; `number` is the engine's player id within the campaign."""

    __tablename__ = "campaign_players"
    __table_args__ = (
        UniqueConstraint("campaign_id", "user_id"),
        UniqueConstraint("campaign_id", "faction"),
        UniqueConstraint("campaign_id", "slot_index"),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    # The seat's holder; NULL while nobody holds it: an imported seat whose offer awaits its
    # answer or was declined (R-CAMP-6, app/play/seats/offers.py). Every membership is found by this
    # column, so a seat without a holder makes nobody a member.
    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"), index=True)
    faction: Mapped[str | None] = mapped_column(String(40))
    slot_index: Mapped[int | None]
    gold: Mapped[int] = mapped_column(BigInteger, default=0)
    ready: Mapped[bool] = mapped_column(default=False)
    inactive: Mapped[bool] = mapped_column(default=False)
    capital_id: Mapped[int | None]
    action_available_turn: Mapped[int] = mapped_column(default=1)
    victories: Mapped[int] = mapped_column(default=0)
    infamy: Mapped[int] = mapped_column(default=0)
    # Turns changed by force while this player was not ready (R-TURN-3).
    missed_turns: Mapped[int] = mapped_column(default=0, server_default="0")
    # R-CAMP-7: deadlines missed in a row (a ready resets it); K of them make a steward.
    missed_in_row: Mapped[int] = mapped_column(default=0, server_default="0")
    # R-CAMP-6: the holder offers the seat to someone else (the owner hands it over).
    offered: Mapped[bool] = mapped_column(default=False, server_default="false")
    # R-CAMP-10: missed N deadlines in a row: counts as ready, until its holder acts again.
    civil_disorder: Mapped[bool] = mapped_column(default=False, server_default="false")
    # R-CAMP-12: the owner opened the seat to substitutes (cleared when it changes hands).
    seat_open: Mapped[bool] = mapped_column(default=False, server_default="false")
    # R-CAMP-8: whole vacation days taken (a vacation's days count from its start, the unused
    # ones come back when it ends early), and the end of the current vacation, if any.
    vacation_days_used: Mapped[int] = mapped_column(default=0, server_default="0")
    vacation_until: Mapped[datetime | None]
    # R-BOT: the seat's controller is a bot of this difficulty and personality (both set, or
    # neither: its holder plays it). Its holder, if any, stays: acting takes the seat back.
    bot_difficulty: Mapped[str | None] = mapped_column(String(16))
    bot_personality: Mapped[str | None] = mapped_column(String(16))
    # What the player remembers of explored tiles: {"q,r": [turn, owner, structure, level]}.
    # Large (a tile each), and needed only by app/store/persistence/, which selects it itself.
    explored: Mapped[dict[str, Any]] = mapped_column(
        JSONB, default=dict, deferred=True, deferred_raiseload=True
    )

    @property
    def bot(self) -> bool:
        """R-BOT: a bot plays the seat."""
        return self.bot_difficulty is not None


class SeatHolder(Base):
    """A past holder of a seat (R-CAMP-6), from turn `from_turn` to turn `to_turn`.

    The current holder is `CampaignPlayer.user_id`, from the last row's `to_turn` (or 1).
    """

    __tablename__ = "seat_holders"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "number"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            ondelete="CASCADE",
        ),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    ordinal: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    from_turn: Mapped[int]
    to_turn: Mapped[int]
    handed_at: Mapped[datetime]


class SeatOfferOrigin(enum.StrEnum):
    IMPORT = "import"  # the importer named the user for the seat (R-CAMP-9)
    HANDOVER = "handover"  # the owner hands the seat, as it stands, to the user (R-CAMP-6)


class SeatOffer(Base):
    """A seat offered to a user, awaiting their answer (R-CAMP-6): nobody becomes a member of
    a campaign without accepting. Only pending offers are kept: an answer deletes the row.

    A seat has at most one pending offer, and a user at most one per campaign.
    """

    __tablename__ = "seat_offers"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "number"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            ondelete="CASCADE",
        ),
        UniqueConstraint("campaign_id", "number"),
        UniqueConstraint("campaign_id", "user_id"),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    number: Mapped[int]
    # Who is asked; the offer is theirs to see (and its maker's).
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    made_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    origin: Mapped[SeatOfferOrigin] = mapped_column(pg_enum(SeatOfferOrigin, "seat_offer_origin"))
    made_at: Mapped[datetime]


class JoinRequest(Base):
    """A user asks to join a public campaign (R-CAMP-11): a place in its lobby (`number` NULL)
    or an open seat of the running campaign (R-CAMP-12). Nobody becomes a member without their
    own ask and the owner's yes: only pending requests are kept, an answer deletes the row.

    A user has at most one pending request per campaign.
    """

    __tablename__ = "join_requests"
    __table_args__ = (UniqueConstraint("campaign_id", "user_id"),)

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int | None]
    note: Mapped[str | None] = mapped_column(String(500))
    made_at: Mapped[datetime]


class Substitute(Base):
    """A user listed as a substitute (R-CAMP-12): told of the open seats of these game
    systems, and ready to play that many days a week."""

    __tablename__ = "substitutes"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game_systems: Mapped[list[str]] = mapped_column(JSONB)
    days_per_week: Mapped[int]
    listed_at: Mapped[datetime]


class Spectator(Base):
    """A user who asked to watch a public campaign (R-CAMP-13): no member, no seat; they read
    its map and the public part of its summaries `spectator_delay_turns` turns late."""

    __tablename__ = "campaign_spectators"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    since: Mapped[datetime]


class CampaignScoped:
    """Mixin for entities identified by the engine's id within their campaign."""

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)


def player_fk(column: str = "owner") -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["campaign_id", column],
        ["campaign_players.campaign_id", "campaign_players.number"],
        ondelete="CASCADE",
    )
