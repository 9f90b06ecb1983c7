"""Battles: forces to field, the two-step report, and the owner's arbitration (R-BAT)."""

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.battles import dates, service
from app.play.battles.schemas import (
    ArbitrateBody,
    BattlePage,
    BattleRead,
    BattleStatus,
    LeaderSet,
    PlayByDate,
    RejectBody,
    ReportCreate,
)
from app.play.campaigns.access import LockedMemberDep, MemberDep

router = APIRouter(
    prefix="/campaigns/{campaign_id}/battles", tags=["battles"], responses=PROBLEM_RESPONSES
)

BattleId = Annotated[
    int, Path(ge=1, le=2**31 - 1, description="The battle's id within the campaign.")
]


@router.get("", response_model=BattlePage, responses=CONDITIONAL_RESPONSES)
async def list_battles(
    session: SessionDep,
    member: MemberDep,
    page: PageDep,
    now: NowDep,
    status: Annotated[BattleStatus | None, Query(description="Only battles in this state.")] = None,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """List the battles you may see, newest first (R-FOG-3/4)."""
    listed = await service.list_battles(session, member, status, page, now)
    return model_response(listed, if_none_match)


@router.get("/{battle_id}", response_model=BattleRead, responses=CONDITIONAL_RESPONSES)
async def read_battle(
    battle_id: BattleId,
    session: SessionDep,
    member: MemberDep,
    now: NowDep,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """A battle: its sides and, for its participants, what each fields (R-BAT-1, R-SYS)."""
    battle = await service.read_battle(session, member, battle_id, now)
    return model_response(battle, if_none_match)


@router.post("/{battle_id}/leader")
async def choose_leader(
    battle_id: BattleId, data: LeaderSet, session: SessionDep, member: LockedMemberDep
) -> BattleRead:
    """Choose another army of your side to lead, before a result is reported (R-BAT-3)."""
    return await service.choose_leader(session, member, battle_id, data.army_id)


@router.post("/{battle_id}/report")
async def report_result(
    battle_id: BattleId,
    data: ReportCreate,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> BattleRead:
    """Report the result played on the table; the other side confirms it (R-BAT-5/6).

    An army in several battles plays them in declaration order: while an earlier-declared
    battle of one of this battle's armies is pending, the report is refused (422, `R-MOVE-3`).
    """
    return await service.report(session, member, battle_id, data, now)


@router.put("/{battle_id}/report")
async def edit_report(
    battle_id: BattleId,
    data: ReportCreate,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> BattleRead:
    """Correct your report before it is confirmed or rejected (R-BAT-10).

    The whole report is replaced; its `version` grows by one, the other side is told
    (`battle_report_edited`) and the automatic confirmation's clock starts again (R-BAT-9).
    Sending the report as it stands changes nothing. Only the player who reported edits it
    (403); a report already answered cannot be edited (409).
    """
    return await service.edit_report(session, member, battle_id, data, now)


@router.post("/{battle_id}/confirm")
async def confirm_result(
    battle_id: BattleId,
    session: SessionDep,
    member: LockedMemberDep,
    version: Annotated[
        int | None,
        Query(
            ge=1,
            le=2**31 - 1,
            description="Confirm only this version of the report (its `report.version`): if "
            "it was edited since, 409 `R-BAT-10`.",
        ),
    ] = None,
    *,
    now: NowDep,
) -> BattleRead:
    """Confirm the other side's report: its effects apply at once (R-BAT-7, R-SIEGE)."""
    return await service.confirm(session, member, battle_id, version, now)


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


@router.post("/{battle_id}/play-by")
async def propose_play_by(
    battle_id: BattleId,
    data: PlayByDate,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> BattleRead:
    """Propose the date by which to play the battle; the other side accepts it (R-BAT-8).

    A proposal replaces the one waiting, whoever made it (a counter-proposal); proposing the
    date already waiting, or already agreed, changes nothing. The date must be in the future
    and at most 90 days ahead (422); only the battle's players propose (403), while it is
    pending (409).
    """
    return await dates.propose(session, member, battle_id, data.date, now)


@router.post("/{battle_id}/play-by/accept")
async def accept_play_by(
    battle_id: BattleId,
    data: PlayByDate,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> BattleRead:
    """Accept the other side's proposed play-by date, naming it (R-BAT-8).

    The date named must be the proposal's (409 if it was replaced meanwhile); a player of the
    side that proposed it cannot accept it (403). Accepting the date already agreed changes
    nothing.
    """
    return await dates.accept(session, member, battle_id, data.date, now)
