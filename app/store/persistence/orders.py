"""The orders of a campaign's turn, from their rows (or a snapshot's) as the engine's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.rules.state import (
    BuildKind,
    BuildOrder,
    MoveOrder,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    TurnOrders,
    UpgradeOrder,
)
from app.store.models.campaign import Campaign
from app.store.models.orders import OrderKind, OrderRow


async def load_orders(
    session: AsyncSession, campaign: Campaign, player: int | None = None
) -> TurnOrders:
    """Every order given so far in the campaign's current turn (`player`: theirs only)."""
    # Plain rows, not ORM objects: a turn change reads one per army, and nothing changes them.
    table = table_of(OrderRow)
    query = select(table).where(table.c.campaign_id == campaign.id, table.c.turn == campaign.turn)
    if player is not None:
        query = query.where(table.c.player == player)
    return orders_from_rows((await session.execute(query.order_by(table.c.id))).all())


_T = TypeVar("_T")


def _stored(value: _T | None) -> _T:
    """A column the order's kind requires; a NULL there is a corrupt row, not a user error."""
    if value is None:
        raise ValueError("order row lacks a value its kind requires")
    return value


class _OrderFields(Protocol):
    """An order's stored columns (an `OrderRow`, or a plain row of its table)."""

    @property
    def id(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> OrderKind: ...
    @property
    def army_id(self) -> int | None: ...
    @property
    def path(self) -> list[Any] | None: ...
    @property
    def q(self) -> int | None: ...
    @property
    def r(self) -> int | None: ...
    @property
    def build_kind(self) -> str | None: ...
    @property
    def target_id(self) -> int | None: ...
    @property
    def general_id(self) -> int | None: ...
    @property
    def cost(self) -> int: ...


class _OrderValues(NamedTuple):
    """An order's stored columns read from JSON (`ORDER_COLUMNS`, in this order)."""

    id: int
    player: int
    kind: OrderKind
    army_id: int | None
    path: list[Any] | None
    q: int | None
    r: int | None
    build_kind: str | None
    target_id: int | None
    general_id: int | None
    cost: int


# The columns of an order that the engine reads, in the order of `_OrderValues`.
ORDER_COLUMNS = _OrderValues._fields


def orders_from_values(rows: Sequence[Sequence[Any]]) -> TurnOrders:
    """`orders_from_rows` of rows as arrays of `ORDER_COLUMNS` (a JSON aggregate's)."""
    return orders_from_rows([_OrderValues(v[0], v[1], OrderKind(v[2]), *v[3:]) for v in rows])


def orders_from_columns(rows: Sequence[Mapping[str, Any]]) -> TurnOrders:
    """`orders_from_rows` of rows as column values by name (a snapshot's, decoded)."""
    return orders_from_rows([_OrderValues._make(row.get(c) for c in ORDER_COLUMNS) for row in rows])


def orders_from_rows(rows: Sequence[_OrderFields]) -> TurnOrders:
    moves: dict[int, MoveOrder] = {}
    builds: list[BuildOrder] = []
    raises: list[RaiseArmyOrder] = []
    upgrades: list[UpgradeOrder] = []
    recruits: list[RecruitGeneralOrder] = []
    actions: set[int] = set()
    entrench: set[int] = set()
    for o in rows:
        match o.kind:
            case OrderKind.MOVE:
                army_id = _stored(o.army_id)
                path = tuple((c[0], c[1]) for c in _stored(o.path))
                moves[army_id] = MoveOrder(army_id, path)
            case OrderKind.BUILD:
                coord = (_stored(o.q), _stored(o.r))
                kind = BuildKind(_stored(o.build_kind))
                builds.append(BuildOrder(o.id, o.player, kind, coord, o.army_id, o.cost))
            case OrderKind.RAISE:
                city, general = _stored(o.target_id), _stored(o.general_id)
                raises.append(RaiseArmyOrder(o.id, o.player, city, general, o.cost))
            case OrderKind.UPGRADE:
                upgrades.append(UpgradeOrder(_stored(o.army_id), o.player, o.cost))
            case OrderKind.RECRUIT:
                recruits.append(RecruitGeneralOrder(_stored(o.general_id), o.player, o.cost))
            case OrderKind.FACTION_ACTION:
                actions.add(o.player)
            case OrderKind.ENTRENCH:
                entrench.add(_stored(o.army_id))
    return TurnOrders(
        moves=moves,
        builds=tuple(builds),
        raises=tuple(raises),
        upgrades=tuple(upgrades),
        recruits=tuple(recruits),
        faction_actions=frozenset(actions),
        entrench=frozenset(entrench),
    )
