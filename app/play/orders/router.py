"""Orders of the current turn: builds, armies, generals, moves and the faction action."""

from fastapi import APIRouter, Response, status

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, list_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import EntityId
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.turn_context import LockedTurnDep, SeatTurnDep, TurnDep
from app.play.orders import service, standing
from app.play.orders.schemas import (
    BuildCreate,
    GeneralAssign,
    GeneralRead,
    MoveRead,
    MoveSet,
    OrderRead,
    RaiseCreate,
    ReachableTile,
    StandingOrderCreate,
    StandingOrderRead,
)
from app.store.models.orders import OrderKind

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["orders"], responses=PROBLEM_RESPONSES)

NO_CONTENT = status.HTTP_204_NO_CONTENT


@router.get("/orders", response_model=list[OrderRead], responses=CONDITIONAL_RESPONSES)
async def list_orders(
    session: SessionDep, ctx: TurnDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List every order you gave this turn, with what each cost."""
    return list_response(service.read_orders(await service.my_orders(session, ctx)), if_none_match)


@router.delete("/orders/{order_id}", status_code=NO_CONTENT)
async def cancel_order(order_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Cancel one of this turn's orders with a full refund."""
    await service.cancel_order(session, ctx, order_id)
    return Response(status_code=NO_CONTENT)


@router.post("/builds", status_code=status.HTTP_201_CREATED)
async def order_build(data: BuildCreate, session: SessionDep, ctx: SeatTurnDep) -> OrderRead:
    """Order a build; its price is paid now and it stands at the turn change (R-BUILD)."""
    return service.read_order(await service.give_build(session, ctx, data))


@router.get("/builds", response_model=list[OrderRead], responses=CONDITIONAL_RESPONSES)
async def list_builds(
    session: SessionDep, ctx: TurnDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List the builds you ordered this turn."""
    rows = await service.my_orders(session, ctx)
    builds = [o for o in service.read_orders(rows) if o.kind is OrderKind.BUILD]
    return list_response(builds, if_none_match)


@router.delete("/builds/{order_id}", status_code=NO_CONTENT)
async def cancel_build(order_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Cancel a build of this turn for a full refund (R-BUILD-1)."""
    await service.cancel_order(session, ctx, order_id, OrderKind.BUILD)
    return Response(status_code=NO_CONTENT)


@router.post("/armies", status_code=status.HTTP_201_CREATED)
async def raise_army(data: RaiseCreate, session: SessionDep, ctx: SeatTurnDep) -> OrderRead:
    """Raise an army from a level-2 city; it appears at the turn change (R-ARMY-1).

    Without `general_id`, a general is recruited in the same request (R-ARMY-2): `cost` is the
    army's price and `total_cost` the whole price, army and general (both refunded together
    if the raise is cancelled).
    """
    return await service.give_raise(session, ctx, data)


@router.post("/armies/{army_id}/upgrade", status_code=status.HTTP_201_CREATED)
async def upgrade_army(army_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> OrderRead:
    """Order the army's next tier; paid now, effective at the turn change (R-ARMY-3)."""
    return service.read_order(await service.give_upgrade(session, ctx, army_id))


@router.delete("/armies/{army_id}/upgrade", status_code=NO_CONTENT)
async def cancel_upgrade(army_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Cancel the army's upgrade of this turn for a full refund."""
    await service.cancel_upgrade(session, ctx, army_id)
    return Response(status_code=NO_CONTENT)


@router.put("/armies/{army_id}/move")
async def set_move(
    army_id: EntityId, data: MoveSet, session: SessionDep, ctx: SeatTurnDep
) -> MoveRead:
    """Give or replace the army's move order; the answer shows the budget used and left."""
    return await service.set_move(session, ctx, army_id, data)


@router.delete("/armies/{army_id}/move", status_code=NO_CONTENT)
async def cancel_move(army_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Cancel the army's move order."""
    await service.cancel_move(session, ctx, army_id)
    return Response(status_code=NO_CONTENT)


@router.put("/armies/{army_id}/entrench")
async def set_entrench(army_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> OrderRead:
    """Order the army to entrench this turn instead of moving (R-OPT-4, campaign setting
    `cover`): it cancels the army's move order, as a move order cancels it. A defending army
    entrenched the turn a battle is declared takes 10 % more off the attacker's points."""
    return await service.set_entrench(session, ctx, army_id)


@router.delete("/armies/{army_id}/entrench", status_code=NO_CONTENT)
async def cancel_entrench(army_id: EntityId, session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Cancel the army's entrenchment order."""
    await service.cancel_entrench(session, ctx, army_id)
    return Response(status_code=NO_CONTENT)


@router.get(
    "/armies/{army_id}/reachable",
    response_model=list[ReachableTile],
    responses=CONDITIONAL_RESPONSES,
)
async def reachable_tiles(
    army_id: EntityId, ctx: TurnDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Tiles the army can be ordered to this turn, with their cost (R-MOVE-1, R-SEA-1)."""
    return list_response(await service.reachable_tiles(ctx, army_id), if_none_match)


@router.put("/armies/{army_id}/general")
async def assign_general(
    army_id: EntityId, data: GeneralAssign, session: SessionDep, ctx: LockedTurnDep
) -> GeneralRead:
    """Give a free general to an army without one, at no cost (R-ARMY-2, R-ARMY-6)."""
    await service.assign_general(session, ctx, army_id, data.general_id)
    return GeneralRead(id=data.general_id, army_id=army_id, cost=0)


@router.post("/generals", status_code=status.HTTP_201_CREATED)
async def recruit_general(session: SessionDep, ctx: SeatTurnDep) -> GeneralRead:
    """Recruit a general; it serves, free, from the turn change (R-ARMY-2)."""
    return await service.recruit_general(session, ctx)


@router.post("/faction-action", status_code=status.HTTP_201_CREATED)
async def use_faction_action(session: SessionDep, ctx: SeatTurnDep) -> OrderRead:
    """Use your faction's action this turn; it acts at the turn change (R-FAC)."""
    return service.read_order(await service.use_faction_action(session, ctx))


@router.delete("/faction-action", status_code=NO_CONTENT)
async def cancel_faction_action(session: SessionDep, ctx: SeatTurnDep) -> Response:
    """Take back the faction action of this turn."""
    await service.cancel_faction_action(session, ctx)
    return Response(status_code=NO_CONTENT)


# ------------------------------------------------------------------------ standing orders


@router.get("/standing-orders", response_model=list[StandingOrderRead])
async def list_standing_orders(session: SessionDep, ctx: TurnDep) -> list[StandingOrderRead]:
    """Your standing orders, given anew at every turn change until deleted (R-TURN-8)."""
    return [standing.read_standing(r) for r in await standing.my_standing_orders(session, ctx)]


@router.post(
    "/standing-orders",
    status_code=status.HTTP_201_CREATED,
    responses={200: {"model": StandingOrderRead, "description": "The same one already stands."}},
)
async def set_standing_order(
    data: StandingOrderCreate, session: SessionDep, ctx: SeatTurnDep, response: Response
) -> StandingOrderRead:
    """Leave a standing order: at every turn change it is given as an ordinary order (same
    validation, price and ledger line); one refused then is skipped, and your summary says
    why (R-TURN-8). Leaving the same one again answers 200 with it."""
    row, new = await standing.set_standing(session, ctx, data)
    if not new:
        response.status_code = status.HTTP_200_OK
    return standing.read_standing(row)


@router.delete("/standing-orders/{standing_id}", status_code=NO_CONTENT)
async def delete_standing_order(
    standing_id: EntityId, session: SessionDep, ctx: SeatTurnDep
) -> Response:
    """Delete one of your standing orders; this turn's orders stay as given (R-TURN-8)."""
    await standing.delete_standing(session, ctx, standing_id)
    return Response(status_code=NO_CONTENT)
