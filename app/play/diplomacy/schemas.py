"""Edicts and treaties (R-DIP-2, R-DIP-3): requests and per-viewer read models."""

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.platform.pagination import Page
from app.rules.diplomacy import EdictKind, EdictStatus, VassalOffer
from app.rules.state import TreatyKind


class _Edict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DiplomaticEdict(_Edict):
    """Propose an embassy, a non-aggression pact or an alliance (costs `diplomatic_cost`)."""

    kind: Literal["embassy", "pact", "alliance"]
    to: int = Field(description="The player number it is addressed to.")


class ExplorationEdict(_Edict):
    """Explore the tiles around one tile near your territory at the turn change."""

    kind: Literal["exploration"]
    q: int
    r: int


class TradeEdict(_Edict):
    """Propose a trade route from one of your cities to a known city of another player."""

    kind: Literal["trade"]
    my_city_id: int
    their_city_id: int


class VassalageEdict(_Edict):
    """Offer to become someone's vassal, or demand that they become yours."""

    kind: Literal["vassalage"]
    offer: VassalOffer
    to: int


class ReleasePrisonerEdict(_Edict):
    """Release a general you hold: it returns free to its owner at once (R-ARMY-2)."""

    kind: Literal["release_prisoner"]
    general_id: int


class GiftEdict(_Edict):
    """Give gold at once, at most `gift_max_pct` % of your treasury."""

    kind: Literal["gift"]
    to: int
    amount: int = Field(ge=1)


EdictCreate = Annotated[
    DiplomaticEdict
    | ExplorationEdict
    | TradeEdict
    | VassalageEdict
    | ReleasePrisonerEdict
    | GiftEdict,
    Field(discriminator="kind"),
]


class EdictRead(BaseModel):
    """An edict you sent or received."""

    id: int
    turn: int
    kind: EdictKind
    status: EdictStatus
    sender: int
    sender_name: str
    recipient: int | None
    recipient_name: str | None
    cost: int = Field(
        description="Gold the sender paid; refunded if refused, withdrawn or expired."
    )
    q: int | None = None
    r: int | None = None
    my_city_id: int | None = Field(default=None, description="Trade: the sender's city.")
    their_city_id: int | None = Field(default=None, description="Trade: the recipient's city.")
    general_id: int | None = None
    amount: int | None = None
    offer: VassalOffer | None = None
    treaty_id: int | None = Field(default=None, description="The treaty its acceptance made.")
    answered_turn: int | None = None
    created_at: datetime


class EdictPage(Page[EdictRead]):
    pass


class TreatyStatus(StrEnum):
    AGREED = "agreed"  # begins at the next turn change
    IN_FORCE = "in_force"
    ENDING = "ending"  # broken: ends at the next turn change


class TreatyRead(BaseModel):
    """A treaty you are party to. Vassalage: `a` is the vassal, `b` the overlord."""

    id: int
    kind: TreatyKind
    a: int
    a_name: str
    b: int
    b_name: str
    since_turn: int = Field(description="First turn it binds (R-DIP-3).")
    ends_turn: int | None = Field(description="Set when broken: it no longer binds that turn.")
    status: TreatyStatus
    city_a: int | None = Field(default=None, description="Trade: the city of `a`.")
    city_b: int | None = Field(default=None, description="Trade: the city of `b`.")
