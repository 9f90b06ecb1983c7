"""Owner controls of deadlines and absent players (R-TURN-3, R-CAMP-4)."""

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response, status

from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language
from app.play.campaigns import service as campaigns
from app.play.campaigns.access import LockedMemberDep
from app.play.campaigns.schemas import PlayerRead
from app.play.deadlines import service
from app.play.deadlines.schemas import DeadlineExtension, PlayerStatusUpdate
from app.play.turns.schemas import TurnRead
from app.play.turns.service import read_turn

router = APIRouter(
    prefix="/campaigns/{campaign_id}", tags=["campaigns"], responses=PROBLEM_RESPONSES
)
turn_router = APIRouter(
    prefix="/campaigns/{campaign_id}/turn", tags=["turn"], responses=PROBLEM_RESPONSES
)
battles_router = APIRouter(
    prefix="/campaigns/{campaign_id}/battles", tags=["battles"], responses=PROBLEM_RESPONSES
)


@router.post("/pause")
async def pause_campaign(
    request: Request, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> TurnRead:
    """Pause the campaign: the deadlines' clocks stop until it resumes (owner)."""
    await service.pause(session, member, now)
    return await read_turn(session, member, request_language(request))


@router.post("/resume")
async def resume_campaign(
    request: Request, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> TurnRead:
    """Resume the campaign: every deadline moves by the time spent paused (owner)."""
    await service.resume(session, member, now)
    return await read_turn(session, member, request_language(request))


@router.post("/deadline")
async def extend_deadline(
    request: Request, data: DeadlineExtension, session: SessionDep, member: LockedMemberDep
) -> TurnRead:
    """Push the turn deadline back by some hours (owner, R-TURN-3)."""
    await service.extend(session, member, data.extend_hours)
    return await read_turn(session, member, request_language(request))


@router.patch("/players/{number}")
async def set_player_status(
    number: Annotated[int, Path(ge=1, le=2**31 - 1, description="The player's number.")],
    data: PlayerStatusUpdate,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> PlayerRead:
    """Mark a player inactive (always ready) or active again (owner, R-CAMP-4)."""
    await service.set_inactive(session, member, number, data.inactive, now)
    players = await campaigns.list_players(session, member)
    return next(p for p in players if p.number == number)


@turn_router.post("/force")
async def force_turn(
    request: Request, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> TurnRead:
    """Force the turn change after the deadline; late players' orders stand (owner, R-TURN-3)."""
    await service.force(session, member, now)
    return await read_turn(session, member, request_language(request))


@battles_router.post("/{battle_id}/cancel", status_code=status.HTTP_204_NO_CONTENT)
async def cancel_battle_after_deadline(
    battle_id: Annotated[int, Path(ge=1, le=2**31 - 1, description="The battle's id.")],
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> Response:
    """Cancel a pending battle, with no effects, once a deadline has passed (owner, R-TURN-3)."""
    await service.owner_cancel_battle(session, member, battle_id, now)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
