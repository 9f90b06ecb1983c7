"""Battles: forces to field, the two-step report, and the owner's arbitration (R-BAT)."""

from typing import Annotated

from fastapi import APIRouter, Path, Query

from app.battles import service
from app.battles.schemas import (
    ArbitrateBody,
    BattlePage,
    BattleRead,
    BattleStatus,
    LeaderSet,
    RejectBody,
    ReportCreate,
)
from app.campaigns.access import LockedMemberDep, MemberDep
from app.db.session import SessionDep
from app.dependencies import PageDep
from app.errors import PROBLEM_RESPONSES

router = APIRouter(
    prefix="/campaigns/{campaign_id}/battles", tags=["battles"], responses=PROBLEM_RESPONSES
)

BattleId = Annotated[
    int, Path(ge=1, le=2**31 - 1, description="The battle's id within the campaign.")
]


@router.get("")
async def list_battles(
    session: SessionDep,
    member: MemberDep,
    page: PageDep,
    status: Annotated[BattleStatus | None, Query(description="Only battles in this state.")] = None,
) -> BattlePage:
    """List the battles you may see, newest first (R-FOG-3/4)."""
    return await service.list_battles(session, member, status, page)


@router.get("/{battle_id}")
async def read_battle(battle_id: BattleId, session: SessionDep, member: MemberDep) -> BattleRead:
    """A battle: its sides and, for its participants, what each fields (R-BAT-1, R-SYS)."""
    return await service.read_battle(session, member, battle_id)


@router.post("/{battle_id}/leader")
async def choose_leader(
    battle_id: BattleId, data: LeaderSet, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Choose another army of your side to lead, before a result is reported (R-BAT-3)."""
    return await service.choose_leader(session, member, battle_id, data.army_id)


@router.post("/{battle_id}/report")
async def report_result(
    battle_id: BattleId, data: ReportCreate, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Report the result played on the table; the other side confirms it (R-BAT-5/6).

    An army in several battles plays them in declaration order: while an earlier-declared
    battle of one of this battle's armies is pending, the report is refused (422, `R-MOVE-3`).
    """
    return await service.report(session, member, battle_id, data)


@router.post("/{battle_id}/confirm")
async def confirm_result(
    battle_id: BattleId, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Confirm the other side's report: its effects apply at once (R-BAT-7, R-SIEGE)."""
    return await service.confirm(session, member, battle_id)


@router.post("/{battle_id}/reject")
async def reject_result(
    battle_id: BattleId, data: RejectBody, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Reject the other side's report with a reason; the battle is disputed (R-BAT-5)."""
    return await service.reject(session, member, battle_id, data.reason)


@router.post("/{battle_id}/abandon")
async def abandon_place(
    battle_id: BattleId, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Give up your attacked outpost or port without a fight (R-BAT-6); like a report, only
    once no earlier-declared battle of one of its armies is pending (422, `R-MOVE-3`)."""
    return await service.abandon(session, member, battle_id)


@router.post("/{battle_id}/arbitrate")
async def arbitrate_battle(
    battle_id: BattleId, data: ArbitrateBody, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Rule on a disputed battle as the owner: a result, or a cancellation (R-BAT-5). A result
    waits for the earlier-declared battles of its armies (422, `R-MOVE-3`)."""
    return await service.arbitrate(session, member, battle_id, data)
