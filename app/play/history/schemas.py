"""Turn history, turn summaries and standings, as one member may read them."""

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field, WithJsonSchema

from app.platform.pagination import Page


class TurnChangeRead(BaseModel):
    """One turn change (R-TURN-5)."""

    number: int
    resolved_at: datetime


class TurnChangePage(Page[TurnChangeRead]):
    """The turn changes so far, oldest first."""


# The contract's `SummaryEvent`: a union by kind, each with its typed `data` (the server writes
# plain JSON; app/store/events/schemas.py describes it).
SUMMARY_EVENT_SCHEMA = {"$ref": "#/components/schemas/SummaryEvent"}


class SummaryEvent(BaseModel):
    """Something one player saw happen at a turn change (R-TURN-4 step 6); the contract gives
    its `data` by `kind` (`SUMMARY_EVENT_SCHEMA`)."""

    kind: str = Field(description="An `EventKind`, checked by `app.store.events.kinds.event_kind`.")
    rule: str
    coords: list[list[int]] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)


class TurnSummaryRead(BaseModel):
    """One player's summary of one turn change, within their sight at that time."""

    number: int
    player: int
    events: list[Annotated[SummaryEvent, WithJsonSchema(SUMMARY_EVENT_SCHEMA)]]


class StandingRead(BaseModel):
    """One line of the standings (R-CAMP-4). The parts of the score are yours to see, and
    everyone's once the campaign has ended (they would reveal what lies out of sight)."""

    player: int
    name: str
    faction: str
    rank: int
    score: int
    territories: int | None = None
    city_levels: int | None = None
    army_tiers: int | None = None
    gold: int | None = None
    is_you: bool
    former_holders: list[str] | None = Field(
        default=None,
        description="R-CAMP-6: who held the seat before `name`, oldest first; absent if "
        "nobody did, or while anonymity hides names (R-CAMP-5).",
    )


class Standings(BaseModel):
    turn: int
    final: bool = Field(description="True once the campaign has ended.")
    players: list[StandingRead]
