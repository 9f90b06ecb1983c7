"""Campaign and player read/write models; names follow the viewer's right to see them."""

import uuid
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, model_validator

from app.platform.fields import NameText
from app.platform.pagination import Page
from app.play.maps.schemas import GeneratedMap
from app.store.models.campaign import CampaignStatus
from app.store.models.campaign_settings import CampaignSettings

VARIANT_DESCRIPTION = (
    "A partial ruleset merged over the default (R-HOUSE-2, `GET /v1/rulesets/default`): objects "
    'merge key by key, so `{"costs": {"outpost": 2}}` changes one price; a list (`tiers`, '
    "`game_systems`, a faction's `income_bonuses`…) replaces the default list whole. Two "
    "lists also take an object of partial elements: `tiers` by tier number "
    '(`{"tiers": {"2": {"upkeep": 3}}}` changes one tier, the others stay), `factions` by '
    'faction key (`{"dwarfs": {"sea_bonus": 1}}`; an unknown key adds a faction).'
)

# A variant is checked in the service (app/play/campaigns/ruleset_schema.py), its faults answered as
# one R-HOUSE-2 problem; its schema, ranges included, comes from the same pydantic models. The
# schema itself is one component of the contract (`RulesetVariant`, added by app/main.py from
# variant_json_schema()), so clients generate one type for the three places that use it.
VARIANT_SCHEMA_REF = "#/components/schemas/RulesetVariant"
RulesetVariant = Annotated[
    dict[str, Any] | None,
    WithJsonSchema({"anyOf": [{"$ref": VARIANT_SCHEMA_REF}, {"type": "null"}]}),
]


class CampaignCreate(BaseModel):
    """A new campaign: on a stored map (`map_id`) or on one generated from a seed."""

    # The contract says what `_one_map` checks: exactly one of the two.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "if": {"required": ["map_id"], "properties": {"map_id": {"type": "string"}}},
            "then": {"properties": {"generate_map": {"type": "null"}}},
            "else": {
                "required": ["generate_map"],
                "properties": {"generate_map": {"type": "object"}},
            },
        },
    )

    name: NameText = Field(min_length=1, max_length=80)
    map_id: uuid.UUID | None = None
    generate_map: GeneratedMap | None = None
    settings: CampaignSettings = Field(default_factory=CampaignSettings)
    ruleset: RulesetVariant = Field(default=None, description=VARIANT_DESCRIPTION)

    @model_validator(mode="after")
    def _one_map(self) -> "CampaignCreate":
        if (self.map_id is None) == (self.generate_map is None):
            raise ValueError("give exactly one of map_id and generate_map")
        return self


class CampaignUpdate(BaseModel):
    """Lobby-time changes by the owner."""

    model_config = ConfigDict(extra="forbid")

    name: NameText | None = Field(default=None, min_length=1, max_length=80)
    settings: CampaignSettings | None = None
    ruleset: RulesetVariant = Field(default=None, description=VARIANT_DESCRIPTION)


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

    faction: NameText | None = Field(default=None, max_length=40)
    slot: int | None = Field(default=None, ge=0, description="Index in the map's slots.")


class SeatBotRead(BaseModel):
    """A bot plays the seat (R-BOT): what it is, for the owner who chose it."""

    difficulty: str | None = Field(
        default=None, description="`easy` or `normal` (R-BOT-1); null but for the owner."
    )
    personality: str | None = Field(
        default=None,
        description="`builder`, `raider` or `turtle` (R-BOT-5); null but for the owner.",
    )


class FactionName(BaseModel):
    """A faction of the campaign's ruleset, named in the reader's language."""

    key: str = Field(description="What `PATCH .../players/me` takes as `faction`.")
    name: str = Field(
        description="The default factions' names in the reader's language; a faction a "
        "ruleset variant renamed or added keeps the name it was given."
    )


class PlayerRead(BaseModel):
    number: int
    name: str
    faction: str | None
    slot: int | None
    ready: bool
    inactive: bool
    infamy: int
    missed_turns: int = Field(description="Turns changed by force while not ready (R-TURN-3).")
    missed_in_row: int = Field(
        default=0, description="Deadlines missed in a row; K of them make a steward (R-CAMP-7)."
    )
    offered: bool = Field(default=False, description="The holder offers the seat (R-CAMP-6).")
    civil_disorder: bool = Field(
        default=False,
        description="R-CAMP-10: the seat missed too many deadlines in a row; it counts as "
        "ready (never holds the turn up) until its holder acts again.",
    )
    vacation_days_used: int = Field(default=0, description="Vacation days taken (R-CAMP-8).")
    vacation_until: datetime | None = Field(
        default=None, description="The end of the seat's vacation, while on one (R-CAMP-8)."
    )
    vacant: bool = Field(
        default=False,
        description="Nobody holds the seat: the user it was offered to has not accepted "
        "(R-CAMP-6, R-CAMP-9); the owner may offer it to someone else once declined.",
    )
    bot: SeatBotRead | None = Field(
        default=None,
        description="R-BOT: a bot plays this seat (shown to every member, under anonymity "
        "too); null: a person, or nobody (`vacant`).",
    )
    is_you: bool
    is_owner: bool
    blocked: bool = Field(
        default=False,
        description="You blocked this seat's holder in this campaign (`PUT .../players/{number}"
        "/block`): their messages here no longer reach you. Blocks by username are not "
        "shown here: under anonymity that would say who holds the seat.",
    )
