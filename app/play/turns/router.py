"""The current turn: readiness and the owner's confirmation of the turn change."""

from fastapi import APIRouter, Request, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import LockedMemberDep, MemberDep
from app.play.turns import rollback, service
from app.play.turns.schemas import RollbackPage, TurnRead

router = APIRouter(
    prefix="/campaigns/{campaign_id}/turn", tags=["turn"], responses=PROBLEM_RESPONSES
)


@router.get("", response_model=TurnRead, responses=CONDITIONAL_RESPONSES)
async def read_turn(
    request: Request, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The current turn: number, season, who is ready, and what blocks the change."""
    language = request_language(request)
    turn = await service.read_turn(session, member, language)
    return said_in(model_response(turn, if_none_match), language)


@router.put("/ready")
async def declare_ready(request: Request, session: SessionDep, member: LockedMemberDep) -> TurnRead:
    """Declare yourself ready (idempotent); with auto-resolve the last one changes the turn."""
    await service.set_ready(session, member, True)
    return await service.read_turn(session, member, request_language(request))


@router.delete("/ready")
async def withdraw_ready(
    request: Request, session: SessionDep, member: LockedMemberDep
) -> TurnRead:
    """Withdraw your readiness until the turn changes."""
    await service.set_ready(session, member, False)
    return await service.read_turn(session, member, request_language(request))


@router.post("/resolve")
async def resolve_turn(request: Request, session: SessionDep, member: LockedMemberDep) -> TurnRead:
    """Confirm the end of turn (owner): the change runs once, in one transaction (R-TURN-4)."""
    await service.confirm_turn(session, member)
    return await service.read_turn(session, member, request_language(request))


@router.post("/rollback")
async def rollback_turn(
    request: Request, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> TurnRead:
    """Roll back the last turn change (owner): the end of the turn before returns (R-TURN-6)."""
    await rollback.rollback_turn(session, member, now)
    return await service.read_turn(session, member, request_language(request))


@router.get("/rollbacks")
async def list_rollbacks(session: SessionDep, member: MemberDep, page: PageDep) -> RollbackPage:
    """The turn changes the owner rolled back, oldest rollback first (R-TURN-6)."""
    return await rollback.list_rollbacks(session, member, page)
