"""Giving and cancelling orders during a turn. Gold is paid when ordered (R-BUILD-1)."""

from dataclasses import replace

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.ids import random_campaign_id, unused_id
from app.platform.errors import Conflict, NotFound, refuse
from app.platform.i18n import _
from app.play.campaigns.turn_context import TurnContext
from app.play.ledger import service as ledger
from app.play.orders.schemas import (
    BuildCreate,
    GeneralRead,
    MoveRead,
    MoveSet,
    OrderRead,
    RaiseCreate,
    ReachableTile,
)
from app.rules import armies, building, movement, visibility
from app.rules.kind_texts import kind_text
from app.rules.state import LedgerEntry
from app.store.models.orders import OrderKind, OrderRow
from app.store.persistence import save_state


async def _order_id(session: AsyncSession, ctx: TurnContext) -> int:
    """A random order id: a counter would tell how many orders others gave meanwhile (R-FOG-3).

    Players give orders in parallel (app.play.campaigns.access.Lock.SHARED_SEAT): two of them
    drawing the same free id at once, one chance in billions, get a conflict on insert (the
    primary key), never a shared id.
    """

    async def taken(candidate: int) -> bool:
        return await session.get(OrderRow, (ctx.campaign.id, candidate)) is not None

    return await unused_id(taken, random_campaign_id)


async def _general_id(ctx: TurnContext) -> int:
    """A random id for a general recruited now (it keeps it once it serves, R-ARMY-2)."""
    recruited = {r.id for r in ctx.orders.recruits}

    async def taken(candidate: int) -> bool:
        return candidate in ctx.state.generals or candidate in recruited

    return await unused_id(taken, random_campaign_id)


async def _move_gold(
    session: AsyncSession, ctx: TurnContext, amount: int, reason: str, rule: str
) -> None:
    """Pay (or refund) the caller's gold, with its ledger line."""
    entry = LedgerEntry(ctx.number, amount, reason, rule)
    await ledger.post(session, ctx.campaign.id, ctx.campaign.turn, [entry])


async def _add_order(session: AsyncSession, ctx: TurnContext, **values: object) -> OrderRow:
    row = OrderRow(
        campaign_id=ctx.campaign.id,
        id=await _order_id(session, ctx),
        turn=ctx.campaign.turn,
        player=ctx.number,
        **values,
    )
    session.add(row)
    await session.flush()
    return row


def read_order(row: OrderRow, linked_cost: int = 0) -> OrderRead:
    """The order as its owner sees it; `linked_cost` is what its linked orders cost."""
    return OrderRead(
        id=row.id,
        turn=row.turn,
        kind=row.kind,
        cost=row.cost,
        total_cost=row.cost + linked_cost,
        army_id=row.army_id,
        build_kind=row.build_kind,  # type: ignore[arg-type]
        q=row.q,
        r=row.r,
        city_id=row.target_id,
        general_id=row.general_id,
        path=row.path,
    )


def _linked(row: OrderRow, other: OrderRow) -> bool:
    """A raise and the general recruited for it this turn stand or fall together (R-ARMY-2)."""
    return (
        other.id != row.id
        and row.general_id is not None
        and other.general_id == row.general_id
        and {other.kind, row.kind} == {OrderKind.RAISE, OrderKind.RECRUIT}
    )


def read_orders(rows: list[OrderRow]) -> list[OrderRead]:
    """Orders with their `total_cost`: a raise counts the general recruited for it, and back."""
    return [
        read_order(row, sum(other.cost for other in rows if _linked(row, other))) for row in rows
    ]


async def my_orders(session: AsyncSession, ctx: TurnContext) -> list[OrderRow]:
    rows = await session.scalars(
        select(OrderRow)
        .where(
            OrderRow.campaign_id == ctx.campaign.id,
            OrderRow.turn == ctx.campaign.turn,
            OrderRow.player == ctx.number,
        )
        .order_by(OrderRow.created_at, OrderRow.id)
    )
    return list(rows)


# ---------------------------------------------------------------------------------- builds


async def give_build(session: AsyncSession, ctx: TurnContext, data: BuildCreate) -> OrderRow:
    coord = (data.q, data.r)
    violations = building.validate_build(
        ctx.state, ctx.orders, ctx.number, data.kind, coord, data.army_id, ctx.visible, ctx.ruleset
    )
    if violations:
        raise refuse(violations)
    cost = building.build_cost(data.kind, ctx.ruleset)
    await _move_gold(
        session,
        ctx,
        -cost,
        _("ordered {kind} at {q},{r}", kind=kind_text(data.kind.value), q=data.q, r=data.r),
        "R-BUILD-1",
    )
    return await _add_order(
        session,
        ctx,
        kind=OrderKind.BUILD,
        build_kind=data.kind.value,
        q=data.q,
        r=data.r,
        army_id=data.army_id,
        cost=cost,
    )


# ---------------------------------------------------------------------------------- armies


async def give_raise(session: AsyncSession, ctx: TurnContext, data: RaiseCreate) -> OrderRead:
    """Raise an army; with no general given, recruit one in the same request (R-ARMY-2).

    The answer's `total_cost` is the whole price: the army and the general recruited for it.
    """
    violations = armies.validate_raise(
        ctx.state, ctx.orders, ctx.number, data.city_id, data.general_id, ctx.ruleset
    )
    if violations:
        raise refuse(violations)
    general_id = data.general_id
    if general_id is None:
        general_id = (await recruit_general(session, ctx)).id
    cost = armies.army_cost(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    await _move_gold(
        session, ctx, -cost, _("raised an army at city {city}", city=data.city_id), "R-ARMY-1"
    )
    row = await _add_order(
        session,
        ctx,
        kind=OrderKind.RAISE,
        target_id=data.city_id,
        general_id=general_id,
        cost=cost,
    )
    return next(o for o in read_orders(await my_orders(session, ctx)) if o.id == row.id)


async def recruit_general(session: AsyncSession, ctx: TurnContext) -> GeneralRead:
    """Recruit a general: it serves, free, from the turn change (R-ARMY-2)."""
    violations = armies.validate_recruit(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    if violations:
        raise refuse(violations)
    cost = armies.general_cost(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    await _move_gold(session, ctx, -cost, _("recruited a general"), "R-ARMY-2")
    general_id = await _general_id(ctx)
    await _add_order(session, ctx, kind=OrderKind.RECRUIT, general_id=general_id, cost=cost)
    return GeneralRead(id=general_id, army_id=None, cost=cost)


async def give_upgrade(session: AsyncSession, ctx: TurnContext, army_id: int) -> OrderRow:
    violations = armies.validate_upgrade(ctx.state, ctx.orders, ctx.number, army_id, ctx.ruleset)
    if violations:
        _require_known_army(ctx, army_id)
        raise refuse(violations)
    cost = armies.upgrade_cost(ctx.state.armies[army_id], ctx.ruleset)
    await _move_gold(session, ctx, -cost, _("upgraded army {army}", army=army_id), "R-ARMY-3")
    return await _add_order(session, ctx, kind=OrderKind.UPGRADE, army_id=army_id, cost=cost)


async def assign_general(
    session: AsyncSession, ctx: TurnContext, army_id: int, general_id: int
) -> None:
    """Give a free general to an army without one, at once and for free (R-ARMY-2, R-ARMY-6)."""
    result = armies.assign_general(ctx.state, ctx.orders, ctx.number, general_id, army_id)
    if isinstance(result, list):
        _require_known_army(ctx, army_id)
        raise refuse(result)
    await save_state(session, ctx.campaign, ctx.state, result)


def _require_known_army(ctx: TurnContext, army_id: int) -> None:
    """404 for an army the player may not know of (R-FOG-3), before any rule refusal."""
    army = ctx.state.armies.get(army_id)
    if army is None or not visibility.army_seen(ctx.viewer, army):
        raise NotFound(_("Army not found."))


# ----------------------------------------------------------------------------------- moves


async def reachable_tiles(ctx: TurnContext, army_id: int) -> list[ReachableTile]:
    """Where one of the caller's armies may be ordered this turn, at what cost, and how."""
    army = ctx.state.armies.get(army_id)
    if army is None or army.owner != ctx.number:
        raise NotFound(_("Army not found."))
    waaagh = movement.uses_waaagh(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    # A search over the map: off the event loop (its radius is bounded by R-HOUSE-2).
    routes = await to_thread.run_sync(
        movement.reachable_routes, ctx.state, ctx.number, army_id, ctx.visible, ctx.ruleset, waaagh
    )
    return [
        ReachableTile(q=c[0], r=c[1], cost=cost, path=[[q, r] for q, r in path])
        for c, (cost, path) in sorted(routes.items())
    ]


async def set_move(
    session: AsyncSession, ctx: TurnContext, army_id: int, data: MoveSet
) -> MoveRead:
    """Give or replace the army's move order (R-MOVE-2: one per army per turn)."""
    _require_known_army(ctx, army_id)
    path = tuple((c[0], c[1]) for c in data.path)
    others = {k: v for k, v in ctx.orders.moves.items() if k != army_id}
    orders = replace(ctx.orders, moves=others)
    waaagh = movement.uses_waaagh(ctx.state, orders, ctx.number, ctx.ruleset)
    plan = movement.validate_move(
        ctx.state, orders, ctx.number, army_id, path, ctx.visible, ctx.ruleset, waaagh
    )
    if isinstance(plan, list):
        raise refuse(plan)
    # R-OPT-4: a move order cancels an entrenchment.
    await _delete_orders(session, ctx, army_id, OrderKind.MOVE, OrderKind.ENTRENCH)
    row = await _add_order(
        session, ctx, kind=OrderKind.MOVE, army_id=army_id, path=[list(c) for c in path]
    )
    return MoveRead(
        **read_order(row).model_dump(),
        budget=plan.budget,
        used=plan.cost,
        left=plan.left,
        at_sea=plan.at_sea,
    )


async def _delete_move(session: AsyncSession, ctx: TurnContext, army_id: int) -> bool:
    return await _delete_orders(session, ctx, army_id, OrderKind.MOVE)


async def _delete_orders(
    session: AsyncSession, ctx: TurnContext, army_id: int, *kinds: OrderKind
) -> bool:
    """Delete the army's orders of these kinds (one query for all, one flush if any)."""
    found = [r for r in await my_orders(session, ctx) if r.kind in kinds and r.army_id == army_id]
    for row in found:
        await session.delete(row)
    if found:
        await session.flush()
    return bool(found)


async def cancel_move(session: AsyncSession, ctx: TurnContext, army_id: int) -> None:
    _require_known_army(ctx, army_id)
    if not await _delete_move(session, ctx, army_id):
        raise NotFound(_("This army has no move order this turn."))


# ------------------------------------------------------------------------------ entrenchment


async def _delete_entrench(session: AsyncSession, ctx: TurnContext, army_id: int) -> bool:
    return await _delete_orders(session, ctx, army_id, OrderKind.ENTRENCH)


async def set_entrench(session: AsyncSession, ctx: TurnContext, army_id: int) -> OrderRead:
    """Order the army to entrench this turn instead of moving (R-OPT-4); replaces its move."""
    _require_known_army(ctx, army_id)
    violations = movement.validate_entrench(ctx.state, ctx.orders, ctx.number, army_id)
    if violations:
        raise refuse(violations)
    await _delete_orders(session, ctx, army_id, OrderKind.MOVE, OrderKind.ENTRENCH)
    return read_order(await _add_order(session, ctx, kind=OrderKind.ENTRENCH, army_id=army_id))


async def cancel_entrench(session: AsyncSession, ctx: TurnContext, army_id: int) -> None:
    _require_known_army(ctx, army_id)
    if not await _delete_entrench(session, ctx, army_id):
        raise NotFound(_("This army has no entrenchment order this turn."))


# -------------------------------------------------------------------------- faction action


async def use_faction_action(session: AsyncSession, ctx: TurnContext) -> OrderRow:
    violations = armies.validate_faction_action(ctx.state, ctx.orders, ctx.number, ctx.ruleset)
    if violations:
        raise refuse(violations)  # 422: refused by R-FAC given the state (docs/clients/errors.md)
    return await _add_order(session, ctx, kind=OrderKind.FACTION_ACTION)


async def cancel_upgrade(session: AsyncSession, ctx: TurnContext, army_id: int) -> None:
    rows = await my_orders(session, ctx)
    found = [r for r in rows if r.kind is OrderKind.UPGRADE and r.army_id == army_id]
    if not found:
        raise NotFound(_("This army has no upgrade ordered this turn."))
    await cancel_order(session, ctx, found[0].id)


async def cancel_faction_action(session: AsyncSession, ctx: TurnContext) -> None:
    rows = [r for r in await my_orders(session, ctx) if r.kind is OrderKind.FACTION_ACTION]
    if not rows:
        raise NotFound(_("Your faction action is not used this turn."))
    await cancel_order(session, ctx, rows[0].id)


# -------------------------------------------------------------------------------- cancel

_REFUND_RULES = {
    OrderKind.BUILD: "R-BUILD-1",
    OrderKind.RAISE: "R-ARMY-1",
    OrderKind.RECRUIT: "R-ARMY-2",
    OrderKind.UPGRADE: "R-ARMY-3",
}


async def cancel_order(
    session: AsyncSession, ctx: TurnContext, order_id: int, kind: OrderKind | None = None
) -> None:
    """Cancel one of my orders of this turn with a full refund (R-BUILD-1, R-ARMY-3).

    A raise and the general recruited for it stand or fall together.
    """
    row = await session.get(OrderRow, (ctx.campaign.id, order_id))
    if row is None or row.player != ctx.number or (kind is not None and row.kind is not kind):
        raise NotFound(_("Order not found."))
    if row.turn != ctx.campaign.turn:
        raise Conflict(_("After the turn changes an order is final."), code="R-BUILD-1")
    linked = [r for r in await my_orders(session, ctx) if _linked(row, r)]
    for order in (row, *linked):
        if order.cost:
            reason = _("refund: cancelled {kind}", kind=kind_text(order.kind.value))
            await _move_gold(session, ctx, order.cost, reason, _REFUND_RULES[order.kind])
        await session.delete(order)
    await session.flush()
