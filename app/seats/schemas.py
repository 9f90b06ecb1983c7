"""Seats: handover, holders' history and vacations (R-CAMP-6, R-CAMP-8)."""

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from app.users.schemas import Username


class Handover(BaseModel):
    """The user who takes the seat (R-CAMP-6)."""

    model_config = ConfigDict(extra="forbid")

    username: Username


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
