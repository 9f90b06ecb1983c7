"""Orders of the current turn: builds, raises, upgrades, recruits, moves, faction action."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from app.rules.ruleset import LONGEST_PATH
from app.rules.standing import StandingKind
from app.rules.state import BuildKind
from app.store.models.orders import OrderKind

CoordPair = Annotated[list[int], Field(min_length=2, max_length=2, examples=[[3, 4]])]


class BuildCreate(BaseModel):
    """Found a city, build a port or an outpost, or upgrade a city (R-BUILD)."""

    model_config = ConfigDict(extra="forbid")

    kind: BuildKind
    q: int
    r: int
    army_id: int | None = Field(
        default=None, description="The army that builds; not needed for upgrade_city."
    )


class RaiseCreate(BaseModel):
    """Raise an army from a level-2 city (R-ARMY-1), with a free general or a new recruit."""

    model_config = ConfigDict(extra="forbid")

    city_id: int
    general_id: int | None = Field(
        default=None, description="A free general of yours; omit to recruit one (R-ARMY-2)."
    )


class MoveSet(BaseModel):
    """A path of adjacent tiles from the army's tile (its own tile excluded), R-MOVE-1."""

    model_config = ConfigDict(extra="forbid")

    # As long as the largest budget any accepted ruleset variant allows (R-HOUSE-2).
    path: list[CoordPair] = Field(min_length=1, max_length=LONGEST_PATH)


class GeneralAssign(BaseModel):
    model_config = ConfigDict(extra="forbid")

    general_id: int


class OrderRead(BaseModel):
    """An order given this turn and the gold it cost (refunded if cancelled)."""

    id: int
    turn: int
    kind: OrderKind
    cost: int = Field(description="Gold this order itself cost.")
    total_cost: int = Field(
        description="Gold a cancellation of this order refunds: its own cost plus that of the "
        "orders that stand or fall with it (a raise and the general recruited for it this "
        "turn). For a raise that recruits its general, the whole price."
    )
    army_id: int | None = None
    build_kind: BuildKind | None = None
    q: int | None = None
    r: int | None = None
    city_id: int | None = None
    general_id: int | None = None
    path: list[list[int]] | None = None


class MoveRead(OrderRead):
    """A move order with its budget (tiles, or half-steps when `at_sea`)."""

    budget: int
    used: int
    left: int
    at_sea: bool


class ReachableTile(BaseModel):
    """A tile the army may be ordered to, with what it costs and a path there."""

    q: int
    r: int
    cost: int = Field(description="Tiles, or half-steps for a path aboard (R-SEA-1).")
    path: list[CoordPair] = Field(
        description="A path of that cost from the army's tile (excluded) to this one, as "
        "`PUT …/armies/{army_id}/move` takes it: the rules engine's, so no client routes."
    )


class GeneralRead(BaseModel):
    id: int
    army_id: int | None
    cost: int = Field(description="Gold paid for this general this turn (0 if not new).")


class StandingOrderCreate(BaseModel):
    """A standing order (R-TURN-8): given anew at every turn change until deleted. An army's
    (`hold`, `entrench`, `upgrade_army`) names `army_id`; `upgrade_city` names the city's tile;
    `return_to` names the army and a tile holding a structure of yours; `if_hostile_near` the
    army, a tile (q, r), a `radius` and where to go (`to_q`, `to_r`) if a hostile army is seen
    that near at the change."""

    model_config = ConfigDict(extra="forbid")

    kind: StandingKind
    army_id: int | None = None
    q: int | None = None
    r: int | None = None
    radius: int | None = Field(default=None, ge=0, le=16, description="if_hostile_near: tiles.")
    to_q: int | None = Field(default=None, description="if_hostile_near: where to move.")
    to_r: int | None = None


class StandingOrderRead(BaseModel):
    id: int
    kind: StandingKind
    army_id: int | None
    q: int | None
    r: int | None
    radius: int | None = None
    to_q: int | None = None
    to_r: int | None = None
