"""Spectators (R-CAMP-13): who watches a public campaign, and the public view they read."""

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, Field, WithJsonSchema

from app.play.history.schemas import SUMMARY_EVENT_SCHEMA, SummaryEvent
from app.store.models.campaign import CampaignStatus


class SpectatorRead(BaseModel):
    """A spectator of the campaign, as its owner (and the spectator) sees them."""

    user_id: uuid.UUID
    username: str
    display_name: str
    since: datetime


class SpectatedPlayer(BaseModel):
    """A seat of the spectated turn: its faction, and its holder's name unless anonymity hides
    it (R-CAMP-5)."""

    number: int
    faction: str = Field(description="The faction's key in the campaign's ruleset.")
    faction_name: str = Field(description="The faction's name, said in the reader's language.")
    name: str | None = Field(description="Null under anonymity: a spectator sees no names.")


class SpectatorView(BaseModel):
    """What a spectator may know of the campaign now (R-CAMP-13): the one past turn they see."""

    campaign_id: uuid.UUID
    name: str
    status: CampaignStatus
    delay_turns: int = Field(description="How many turns late the spectator sees the game.")
    turn: int | None = Field(
        description="The turn shown (`GET …/spectate/map`), as it ended; null while no turn "
        "is that old."
    )
    players: list[SpectatedPlayer]


class SpectatorSummary(BaseModel):
    """The public part of a turn change before the spectated turn (R-CAMP-13): what became of
    the structures, by tile, owner and level; nothing of armies, gold or diplomacy."""

    number: int
    events: list[Annotated[SummaryEvent, WithJsonSchema(SUMMARY_EVENT_SCHEMA)]]
