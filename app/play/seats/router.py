"""Seats: offers, handover, holders (R-CAMP-6) and vacations (R-CAMP-8); the seats offered to
the caller, to accept or decline (`offers_router`, under /users/me)."""

import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Response, status
from fastapi.routing import APIRoute

from app.accounts.auth.dependencies import CurrentUser
from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    list_response,
    model_response,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns import service as campaigns
from app.play.campaigns.access import LockedMemberDep, MemberDep
from app.play.campaigns.schemas import CampaignRead, PlayerRead
from app.play.idempotency.dependencies import make_idempotent
from app.play.seats import offers, service
from app.play.seats.schemas import (
    Handover,
    HolderRead,
    OfferedSeatPage,
    SeatOfferRead,
    VacationRead,
    VacationStart,
)

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


@router.post("/players/{number}/handover", status_code=status.HTTP_201_CREATED)
async def hand_over_seat(
    number: SeatNumber,
    data: Handover,
    session: SessionDep,
    member: LockedMemberDep,
    now: NowDep,
) -> SeatOfferRead:
    """Offer a seat, as it stands, to another user; it is theirs once they accept (owner,
    R-CAMP-6)."""
    offer = await service.hand_over(session, member, number, data.username, now)
    return await offers.read_offer(session, offer)


@router.get("/seat-offers", response_model=list[SeatOfferRead], responses=CONDITIONAL_RESPONSES)
async def list_seat_offers(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The campaign's seat offers awaiting an answer (owner, R-CAMP-6)."""
    return list_response(await offers.list_campaign_offers(session, member), if_none_match)


@router.delete("/seat-offers/{offer_id}", status_code=status.HTTP_204_NO_CONTENT)
async def cancel_seat_offer(
    offer_id: uuid.UUID, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Take back a seat offer before it is answered (owner, R-CAMP-6)."""
    await offers.withdraw(session, member, offer_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


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


# The caller's seat offers: they are no member of the campaign yet, so these live under the
# user, not under /campaigns (whose writes get `Idempotency-Key` by path, app.shell.limits.routes).
offers_router = APIRouter(
    prefix="/users/me/seat-offers", tags=["seats"], responses=PROBLEM_RESPONSES
)

OfferId = Annotated[uuid.UUID, Path(description="The seat offer's id.")]


@offers_router.get("")
async def list_my_seat_offers(
    session: SessionDep, user: CurrentUser, page: PageDep
) -> OfferedSeatPage:
    """The seats offered to me, awaiting my answer (R-CAMP-6, R-CAMP-9)."""
    return await offers.list_offered_to(session, user, page)


@offers_router.post("/{offer_id}/accept")
async def accept_seat_offer(
    offer_id: OfferId, session: SessionDep, user: CurrentUser, now: NowDep
) -> CampaignRead:
    """Take the seat offered to me: I become a player of the campaign (R-CAMP-6)."""
    return await offers.accept(session, user, offer_id, now)


@offers_router.post("/{offer_id}/decline", status_code=status.HTTP_204_NO_CONTENT)
async def decline_seat_offer(offer_id: OfferId, session: SessionDep, user: CurrentUser) -> Response:
    """Refuse the seat offered to me: it goes back to the campaign's owner (R-CAMP-6)."""
    await offers.decline(session, user, offer_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


for _route in offers_router.routes:
    if isinstance(_route, APIRoute) and "POST" in (_route.methods or set()):
        make_idempotent(_route)  # a retried answer is answered the same, not 404
