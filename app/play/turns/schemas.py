"""The turn: who is ready, what blocks the change, and the history of changes."""

from datetime import datetime

from pydantic import BaseModel, Field

from app.platform.pagination import Page


class ReadyPlayer(BaseModel):
    number: int
    name: str
    ready: bool
    inactive: bool
    civil_disorder: bool = Field(
        default=False, description="R-CAMP-10: counted as ready until its holder acts again."
    )
    bot: bool = Field(default=False, description="R-BOT-4: a bot plays it; always ready.")


class TurnRead(BaseModel):
    """The current turn (R-TURN): readiness by name only, never anyone's orders."""

    number: int
    season: str | None = Field(description="spring…winter when seasons are on (R-OPT-1).")
    status: str
    players: list[ReadyPlayer]
    pending_battles: int = Field(description="Battles waiting for a result (R-FOG-4).")
    blocked_by: list[str] = Field(description="Why the turn cannot change yet.")
    auto_resolve: bool
    awaiting_owner: bool = Field(description="Everyone is ready; the owner must confirm.")
    last_change_at: datetime | None
    deadline_at: datetime | None = Field(
        default=None, description="R-TURN-3: when the owner may force the change, if set."
    )
    battle_deadline_at: datetime | None = Field(
        default=None, description="R-TURN-3: when unconfirmed battle reports stand."
    )
    paused: bool = Field(default=False, description="The owner paused the deadlines' clocks.")
    change_due_at: datetime | None = Field(
        default=None,
        description="R-TURN-7: everyone is ready and the change runs at this time, after the "
        "grace period, unless a ready is withdrawn meanwhile.",
    )


class RollbackRead(BaseModel):
    """A turn change the owner rolled back (R-TURN-6); it stays in history here."""

    number: int = Field(description="The turn whose change was rolled back.")
    revision: int = Field(description="1 for the first rollback of that turn's change, 2…")
    resolved_at: datetime = Field(description="When the change had run.")
    rolled_back_at: datetime


class RollbackPage(Page[RollbackRead]):
    """The turn changes the owner rolled back, oldest rollback first (R-TURN-6)."""
