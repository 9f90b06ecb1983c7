"""Public lobbies, join requests (R-CAMP-11) and substitutes (R-CAMP-12)."""

import uuid
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.platform.fields import BodyText
from app.platform.pagination import Page
from app.play.reliability.schemas import ReliabilityRead
from app.rules.lobby import OpenBecause
from app.store.models.campaign import CampaignStatus
from app.store.models.campaign_settings import TurnSchedule

GameSystem = Literal["old_world", "ninth_age", "whfb8", "kings_of_war", "custom"]


class LobbyOptions(BaseModel):
    """The options a player chooses a campaign by (R-OPT)."""

    anonymity: bool
    seasons: bool
    concealment: bool
    cover: bool
    storms: bool
    auto_resolve: bool
    deadline_auto_change: bool
    vacation_days: int
    turn_limit: int | None


class OpenSeat(BaseModel):
    """A seat of a running public campaign open to newcomers (R-CAMP-12)."""

    number: int = Field(description="The seat's player number: ask for it by this number.")
    faction: str
    because: OpenBecause = Field(
        description="`civil_disorder`: its holder vanished (R-CAMP-10); `opened_by_owner`."
    )


class LobbyRead(BaseModel):
    """A public campaign that takes newcomers: a lobby with places, or a running campaign
    with open seats. Nothing of its players or map: only what one chooses a game by."""

    campaign_id: uuid.UUID
    name: str
    status: CampaignStatus
    turn: int
    game_system: GameSystem
    players: int = Field(description="Seats taken (a lobby) or played (a running campaign).")
    max_players: int
    players_wanted: int = Field(description="Places left in the lobby; 0 once it runs.")
    turn_deadline_hours: int | None
    turn_schedule: TurnSchedule | None = Field(
        default=None, description="R-TURN-9: its club nights, when its turns follow a schedule."
    )
    battle_deadline_hours: int | None
    options: LobbyOptions
    open_seats: list[OpenSeat]
    asked: bool = Field(description="You have a pending request to join it.")
    spectators_welcome: bool = Field(
        default=False,
        description="R-CAMP-13: it runs and takes spectators (`POST …/spectators`).",
    )
    spectator_delay_turns: int | None = Field(
        default=None, description="R-CAMP-13: how many turns late its spectators see it."
    )


class LobbyPage(Page[LobbyRead]):
    pass


class JoinRequestCreate(BaseModel):
    """Ask to join a public campaign (R-CAMP-11): its lobby, or one of its open seats."""

    model_config = ConfigDict(extra="forbid")

    campaign_id: uuid.UUID
    number: int | None = Field(
        default=None,
        ge=1,
        le=2**31 - 1,
        description="An open seat of the running campaign (R-CAMP-12); omit for the lobby.",
    )
    note: BodyText | None = Field(default=None, max_length=500, description="A word to the owner.")


class JoinRequestRead(BaseModel):
    """A request to join, as its maker and the campaign's owner see it (R-CAMP-11)."""

    id: uuid.UUID
    campaign_id: uuid.UUID
    campaign_name: str
    number: int | None = Field(description="The open seat asked for; null: a lobby place.")
    username: str
    display_name: str
    note: str | None
    made_at: datetime


class OwnersJoinRequestRead(JoinRequestRead):
    """A request to join as the campaign's owner sees it: with the asker's reliability."""

    reliability: ReliabilityRead = Field(
        description="How the asker has played elsewhere (R-CAMP-14): counts, never which "
        "campaigns; shown to the owner alone."
    )


class SubstituteWrite(BaseModel):
    """List yourself as a substitute (R-CAMP-12)."""

    model_config = ConfigDict(extra="forbid")

    game_systems: list[GameSystem] = Field(min_length=1, max_length=5)
    days_per_week: int = Field(ge=1, le=7, description="Days a week you can play a turn.")


class SubstituteRead(BaseModel):
    game_systems: list[GameSystem]
    days_per_week: int
    listed_at: datetime
