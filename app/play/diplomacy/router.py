"""Edicts and treaties (R-DIP-2, R-DIP-3)."""

from fastapi import APIRouter, Response, status

from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    list_response,
    model_response,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import EntityId, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import MemberDep
from app.play.campaigns.turn_context import LockedTurnDep
from app.play.diplomacy import service
from app.play.diplomacy.schemas import EdictCreate, EdictPage, EdictRead, TreatyRead

router = APIRouter(
    prefix="/campaigns/{campaign_id}", tags=["diplomacy"], responses=PROBLEM_RESPONSES
)


@router.post("/edicts", status_code=status.HTTP_201_CREATED)
async def issue_edict(data: EdictCreate, session: SessionDep, ctx: LockedTurnDep) -> EdictRead:
    """Issue your one edict of the turn; its cost is paid now (R-DIP-2)."""
    row = await service.issue(session, ctx, data)
    return await service.get_edict(session, ctx.membership, row.id)


@router.get("/edicts", response_model=EdictPage, responses=CONDITIONAL_RESPONSES)
async def list_edicts(
    session: SessionDep, member: MemberDep, page: PageDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List the edicts you sent or received, newest first."""
    items, total = await service.list_edicts(session, member, page)
    return model_response(EdictPage.of(items, total, page), if_none_match)


@router.get("/edicts/{edict_id}", response_model=EdictRead, responses=CONDITIONAL_RESPONSES)
async def read_edict(
    edict_id: EntityId, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """One edict you sent or received."""
    return model_response(await service.get_edict(session, member, edict_id), if_none_match)


@router.post("/edicts/{edict_id}/accept")
async def accept_edict(edict_id: EntityId, session: SessionDep, ctx: LockedTurnDep) -> EdictRead:
    """Accept a proposal addressed to you; the treaty begins at the turn change (R-DIP-3)."""
    row = await service.answer(session, ctx, edict_id, accept=True)
    return await service.get_edict(session, ctx.membership, row.id)


@router.post("/edicts/{edict_id}/refuse")
async def refuse_edict(edict_id: EntityId, session: SessionDep, ctx: LockedTurnDep) -> EdictRead:
    """Refuse a proposal addressed to you; its sender is refunded (R-DIP-2)."""
    row = await service.answer(session, ctx, edict_id, accept=False)
    return await service.get_edict(session, ctx.membership, row.id)


@router.post("/edicts/{edict_id}/withdraw")
async def withdraw_edict(edict_id: EntityId, session: SessionDep, ctx: LockedTurnDep) -> EdictRead:
    """Withdraw your unanswered proposal or pending exploration, for a full refund."""
    row = await service.withdraw(session, ctx, edict_id)
    return await service.get_edict(session, ctx.membership, row.id)


@router.get("/treaties", response_model=list[TreatyRead], responses=CONDITIONAL_RESPONSES)
async def list_treaties(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List your treaties: agreed, in force, or ending at the next turn change."""
    return list_response(await service.list_treaties(session, member), if_none_match)


@router.get("/treaties/{treaty_id}", response_model=TreatyRead, responses=CONDITIONAL_RESPONSES)
async def read_treaty(
    treaty_id: EntityId, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """One of your treaties."""
    return model_response(await service.get_treaty(session, member, treaty_id), if_none_match)


@router.delete("/treaties/{treaty_id}")
async def break_treaty(treaty_id: EntityId, session: SessionDep, ctx: LockedTurnDep) -> TreatyRead:
    """Break a treaty: it ends at the next turn change and earns you infamy (R-DIP-3)."""
    return await service.break_treaty(session, ctx, treaty_id)
