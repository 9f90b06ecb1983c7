"""The reliability profile (R-CAMP-14): counts only, never which campaigns."""

from pydantic import BaseModel, Field


class TurnCounts(BaseModel):
    """Turns of the user's seats, by how they went (R-CAMP-14)."""

    on_time: int = Field(description="Ready before the turn changed (never past its deadline).")
    missed: int = Field(description="The deadline passed with the seat not ready (R-CAMP-7).")
    civil_disorder: int = Field(description="Played by standing orders alone (R-CAMP-10).")
    excused: int = Field(description="On vacation (R-CAMP-8) or held by a steward (R-CAMP-7).")


class BattleCounts(BaseModel):
    """Battles with an agreed play-by date (R-BAT-8), confirmed by it or after it."""

    on_time: int
    late: int


class ReliabilityRead(BaseModel):
    """How a user has played, over their finished and running campaigns (R-CAMP-14): counts
    only, so nothing tells which campaigns (anonymity, R-CAMP-5, stays whole)."""

    campaigns: int = Field(description="Campaigns in which the user's seat saw a turn change.")
    turns: TurnCounts
    battles: BattleCounts
