"""Seats: handover, holders' history and vacations (R-CAMP-6, R-CAMP-8)."""

import uuid
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from app.accounts.users.schemas import Username
from app.platform.pagination import Page
from app.store.models.campaign import CampaignStatus, SeatOfferOrigin


class Handover(BaseModel):
    """The user who takes the seat (R-CAMP-6)."""

    model_config = ConfigDict(extra="forbid")

    username: Username


class SeatOfferRead(BaseModel):
    """A seat offered to a user, as its maker (the campaign's owner) sees it (R-CAMP-6)."""

    id: uuid.UUID
    number: int = Field(description="The seat offered.")
    username: str = Field(description="The user asked; they are no member until they accept.")
    origin: SeatOfferOrigin = Field(
        description="`import`: named by the importer (R-CAMP-9); `handover`: handed over by "
        "the owner (R-CAMP-6)."
    )
    made_at: datetime


class OfferedSeat(BaseModel):
    """A seat offered to you, awaiting your answer (R-CAMP-6): what you need to decide, and
    nothing else of the campaign until you accept."""

    id: uuid.UUID
    campaign_id: uuid.UUID
    campaign_name: str
    campaign_status: CampaignStatus
    turn: int
    number: int = Field(description="The seat's player number.")
    faction: str | None = Field(description="The seat's faction (null: not chosen yet).")
    offered_by: str = Field(description="The display name of who offers it: the owner.")
    origin: SeatOfferOrigin
    made_at: datetime


class OfferedSeatPage(Page[OfferedSeat]):
    pass


class HolderRead(BaseModel):
    """One holder of a seat, from which turn to which (R-CAMP-6)."""

    name: str | None = Field(
        description="The holder's display name; null where anonymity hides it (R-CAMP-5)."
    )
    from_turn: int = Field(description="The turn they took the seat (1: from the start).")
    to_turn: int | None = Field(description="The turn they handed it over; null: holds it now.")
    is_you: bool


class VacationStart(BaseModel):
    """A vacation of whole days from now (R-CAMP-8)."""

    model_config = ConfigDict(extra="forbid")

    days: int = Field(ge=1, le=365, description="Days away, at most the days the seat has left.")


class VacationRead(BaseModel):
    """Your seat's vacation (R-CAMP-8)."""

    until: datetime | None = Field(description="When the vacation ends; null: not on vacation.")
    days_used: int
    days_left: int
    deadline_at: datetime | None = Field(description="The turn deadline, pushed or pulled back.")
