"""Seats: offers, handover, holders (R-CAMP-6) and vacations (R-CAMP-8)."""

from typing import Annotated

from fastapi import APIRouter, Path, Response

from app.campaigns import service as campaigns
from app.campaigns.access import LockedMemberDep, MemberDep
from app.campaigns.schemas import PlayerRead
from app.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, list_response, model_response
from app.db.session import SessionDep
from app.deadlines.service import NowDep
from app.errors import PROBLEM_RESPONSES
from app.seats import service
from app.seats.schemas import Handover, HolderRead, VacationRead, VacationStart

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["seats"], responses=PROBLEM_RESPONSES)

SeatNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The seat's player number.")]


async def _player(session: SessionDep, member: LockedMemberDep, number: int) -> PlayerRead:
    players = await campaigns.list_players(session, member)
    return next(p for p in players if p.number == number)


@router.put("/players/me/offer")
async def offer_seat(session: SessionDep, member: LockedMemberDep) -> PlayerRead:
    """Offer your seat to someone else; the owner may then hand it over (R-CAMP-6)."""
    seat = await service.set_offer(session, member, True)
    return await _player(session, member, seat.number)


@router.delete("/players/me/offer")
async def withdraw_seat_offer(session: SessionDep, member: LockedMemberDep) -> PlayerRead:
    """Take back the offer of your seat (R-CAMP-6)."""
    seat = await service.set_offer(session, member, False)
    return await _player(session, member, seat.number)


@router.post("/players/{number}/handover")
async def hand_over_seat(
    number: SeatNumber,
    data: Handover,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> PlayerRead:
    """Hand a seat, as it stands, to another user (owner, R-CAMP-6)."""
    await service.hand_over(session, member, number, data.username, now)
    return await _player(session, member, number)


@router.get(
    "/players/{number}/holders",
    response_model=list[HolderRead],
    responses=CONDITIONAL_RESPONSES,
)
async def list_seat_holders(
    number: SeatNumber, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Who held a seat, from which turn to which (R-CAMP-6; anonymity hides names, R-CAMP-5)."""
    return list_response(await service.list_holders(session, member, number), if_none_match)


@router.get("/vacation", response_model=VacationRead, responses=CONDITIONAL_RESPONSES)
async def read_vacation(
    member: MemberDep, now: NowDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Your seat's vacation: until when, days used and left (R-CAMP-8)."""
    return model_response(await service.read_vacation(member, now), if_none_match)


@router.post("/vacation")
async def start_vacation(
    data: VacationStart, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> VacationRead:
    """Go on vacation for some days: the turn deadline moves back as much (R-CAMP-8)."""
    return await service.start_vacation(session, member, data.days, now)


@router.delete("/vacation")
async def end_vacation(session: SessionDep, member: LockedMemberDep, now: NowDep) -> VacationRead:
    """Come back early: the days not taken are given back (R-CAMP-8)."""
    return await service.end_vacation(session, member, now)
