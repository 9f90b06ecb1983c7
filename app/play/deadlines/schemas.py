"""Owner controls of the clock and of absent players (R-TURN-3, R-CAMP-4)."""

from pydantic import BaseModel, ConfigDict, Field


class DeadlineExtension(BaseModel):
    model_config = ConfigDict(extra="forbid")

    extend_hours: int = Field(ge=1, le=24 * 30, description="Hours added to the turn deadline.")


class PlayerStatusUpdate(BaseModel):
    """Mark a player inactive (always ready; the owner handles their battles) or active."""

    model_config = ConfigDict(extra="forbid")

    inactive: bool


class SweepReport(BaseModel):
    """What one pass of the deadline sweeper did (for logs and tests)."""

    warned: list[str] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list)
    battles_settled: list[str] = Field(default_factory=list)
