"""Campaign and player read/write models; names follow the viewer's right to see them."""

import uuid
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, model_validator

from app.maps.schemas import GeneratedMap
from app.models.campaign import CampaignStatus
from app.pagination import Page
from app.rules.ruleset import variant_json_schema

# The engine checks a variant (app/rules/ruleset.py); its schema, ranges included, is shown here.
RulesetVariant = Annotated[
    dict[str, Any] | None,
    WithJsonSchema({"anyOf": [variant_json_schema(), {"type": "null"}]}),
]


class CampaignSettings(BaseModel):
    """Campaign options (R-CAMP, R-OPT); all optional with sensible defaults."""

    model_config = ConfigDict(extra="forbid")

    max_players: int = Field(default=8, ge=2, le=17)
    auto_resolve: bool = Field(
        default=False, description="Change the turn as soon as the last player is ready."
    )
    turn_limit: int | None = Field(default=None, ge=1, le=1000)
    anonymity: bool = Field(default=False, description="R-CAMP-5: players shown as Player A…")
    seasons: bool = Field(default=False, description="R-OPT-1: winter slows land moves.")
    game_system: Literal["old_world", "ninth_age", "whfb8", "kings_of_war", "custom"] = "old_world"
    custom_coefficient_pct: int | None = Field(
        default=None, ge=1, le=1000, description="R-SYS: points coefficient ×100 for 'custom'."
    )
    message_word_limit: int | None = Field(default=None, ge=1, le=1000)
    turn_deadline_hours: int | None = Field(
        default=None, ge=1, le=24 * 60, description="R-TURN-3: hours each turn lasts at most."
    )
    battle_deadline_hours: int | None = Field(
        default=None,
        ge=1,
        le=24 * 60,
        description="R-TURN-3: hours to report and confirm a battle after it is declared.",
    )
    deadline_auto_change: bool = Field(
        default=False, description="Change the turn by itself when the turn deadline passes."
    )

    @model_validator(mode="after")
    def _custom_needs_coefficient(self) -> "CampaignSettings":
        if (self.game_system == "custom") != (self.custom_coefficient_pct is not None):
            raise ValueError("custom_coefficient_pct is required for, and only for, 'custom'")
        return self


class CampaignCreate(BaseModel):
    """A new campaign: on a stored map (`map_id`) or on one generated from a seed."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    map_id: uuid.UUID | None = None
    generate_map: GeneratedMap | None = None
    settings: CampaignSettings = Field(default_factory=CampaignSettings)
    ruleset: RulesetVariant = Field(
        default=None, description="A partial ruleset merged over the default (R-HOUSE-2)."
    )

    @model_validator(mode="after")
    def _one_map(self) -> "CampaignCreate":
        if (self.map_id is None) == (self.generate_map is None):
            raise ValueError("give exactly one of map_id and generate_map")
        return self


class CampaignUpdate(BaseModel):
    """Lobby-time changes by the owner."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, min_length=1, max_length=80)
    settings: CampaignSettings | None = None
    ruleset: RulesetVariant = Field(
        default=None, description="A partial ruleset merged over the default (R-HOUSE-2)."
    )


class CampaignRead(BaseModel):
    id: uuid.UUID
    name: str
    status: CampaignStatus
    turn: int
    map_id: uuid.UUID
    settings: CampaignSettings
    is_owner: bool
    my_player: int | None = Field(description="Your player number, if you play.")
    invite_code: str | None = Field(description="Shown to the owner only.")
    players: int
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None


class CampaignPage(Page[CampaignRead]):
    """A page of the campaigns you own or play in, newest first."""


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite_code: str = Field(min_length=4, max_length=16)


class PlayerChoice(BaseModel):
    """Faction and start slot picked in the lobby (R-CAMP-2)."""

    model_config = ConfigDict(extra="forbid")

    faction: str | None = Field(default=None, max_length=40)
    slot: int | None = Field(default=None, ge=0, description="Index in the map's slots.")


class PlayerRead(BaseModel):
    number: int
    name: str
    faction: str | None
    slot: int | None
    ready: bool
    inactive: bool
    infamy: int
    missed_turns: int = Field(description="Turns changed by force while not ready (R-TURN-3).")
    is_you: bool
    is_owner: bool
