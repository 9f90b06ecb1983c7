"""The calling player's panel: only their own data, never another player's gold (R-ECO)."""

from datetime import datetime

from pydantic import BaseModel, Field

from app.platform.pagination import Page
from app.rules.state import BuildKind


class FactionActionStatus(BaseModel):
    """The faction's action (R-FAC) and when it can be used."""

    key: str
    name: str
    recharge: int
    available_from_turn: int
    needs_victories: int = Field(description="Victories needed to unlock it (0: none).")
    used_this_turn: bool
    available: bool = Field(description="It could be ordered now.")


class ForecastLine(BaseModel):
    amount: int
    reason: str
    rule: str


class ForecastRead(BaseModel):
    """What the next turn change would do to your gold if nothing else happens (R-ECO).

    A stake you won shows what you are owed: the loser pays at most what they hold then.
    """

    income: list[ForecastLine]
    upkeep: list[ForecastLine]
    net: int
    insolvent: bool


class LedgerEntryRead(BaseModel):
    turn: int
    amount: int
    reason: str
    rule: str
    created_at: datetime


class LedgerPage(Page[LedgerEntryRead]):
    """Your ledger, most recent first (R-ECO-6)."""


class PendingMoveOrder(BaseModel):
    army_id: int
    path: list[list[int]]


class PendingBuild(BaseModel):
    id: int
    kind: BuildKind
    q: int
    r: int
    army_id: int | None
    cost: int


class PendingRaise(BaseModel):
    id: int
    city_id: int
    general_id: int
    cost: int


class PendingUpgrade(BaseModel):
    army_id: int
    cost: int


class PendingRecruit(BaseModel):
    general_id: int
    cost: int


class PendingOrders(BaseModel):
    """Your orders of the current turn."""

    moves: list[PendingMoveOrder]
    builds: list[PendingBuild]
    raises: list[PendingRaise]
    upgrades: list[PendingUpgrade]
    recruits: list[PendingRecruit]
    faction_action: bool


class MeRead(BaseModel):
    """Your own standing in the campaign: gold, forecast, ledger, faction action, orders."""

    player: int
    faction: str
    faction_name: str
    turn: int
    gold: int
    ready: bool
    inactive: bool
    infamy: int
    victories: int
    faction_action: FactionActionStatus | None
    forecast: ForecastRead | None = Field(description="None once the campaign has ended.")
    ledger: LedgerPage
    orders: PendingOrders
