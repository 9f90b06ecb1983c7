"""Turn history, turn summaries and standings, as one member may read them."""

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.pagination import Page
from app.rules.state import EventKind


class TurnChangeRead(BaseModel):
    """One turn change (R-TURN-5)."""

    number: int
    resolved_at: datetime


class TurnChangePage(Page[TurnChangeRead]):
    """The turn changes so far, oldest first."""


class SummaryEvent(BaseModel):
    """Something one player saw happen at a turn change (R-TURN-4 step 6)."""

    kind: EventKind = Field(description="What happened: one vocabulary with the live events.")
    rule: str
    coords: list[list[int]] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)


class TurnSummaryRead(BaseModel):
    """One player's summary of one turn change, within their sight at that time."""

    number: int
    player: int
    events: list[SummaryEvent]


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
