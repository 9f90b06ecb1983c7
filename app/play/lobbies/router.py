"""Finding a game (R-CAMP-11) and substitutes (R-CAMP-12): public lobbies, requests to join,
the owner's answers and open seats, and the caller's substitute listing."""

import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Query, Response, status
from fastapi.routing import APIRoute

from app.accounts.auth.dependencies import CurrentUser
from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, list_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import LockedMemberDep, MemberDep
from app.play.campaigns.schemas import PlayerRead
from app.play.idempotency.dependencies import make_idempotent
from app.play.lobbies import service, substitutes
from app.play.lobbies.schemas import (
    GameSystem,
    JoinRequestCreate,
    JoinRequestRead,
    LobbyPage,
    OwnersJoinRequestRead,
    SubstituteRead,
    SubstituteWrite,
)
from app.store.models.campaign import CampaignStatus

router = APIRouter(tags=["lobbies"], responses=PROBLEM_RESPONSES)

RequestId = Annotated[uuid.UUID, Path(description="The join request's id.")]
SeatNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The seat's player number.")]


@router.get("/lobbies")
async def list_lobbies(
    session: SessionDep,
    user: CurrentUser,
    page: PageDep,
    game_system: Annotated[GameSystem | None, Query(description="Only this game system.")] = None,
    campaign_status: Annotated[
        CampaignStatus | None,
        Query(alias="status", description="`lobby`: places to take; `active`: open seats."),
    ] = None,
    max_deadline_hours: Annotated[
        int | None, Query(ge=1, le=24 * 60, description="Turns of at most this many hours.")
    ] = None,
    anonymity: Annotated[bool | None, Query(description="With or without anonymity.")] = None,
    spectators: Annotated[
        bool | None,
        Query(description="`true`: only running campaigns that take spectators (R-CAMP-13)."),
    ] = None,
) -> LobbyPage:
    """Public campaigns that take newcomers: lobbies with places, running campaigns with open
    seats or that take spectators (R-CAMP-11, R-CAMP-12, R-CAMP-13), newest first."""
    filters = service.LobbyFilters(
        game_system, campaign_status, max_deadline_hours, anonymity, spectators
    )
    return await service.list_lobbies(session, user, filters, page)


# The caller's requests: they are no member of the campaign yet, so these live under the user.
mine = APIRouter(prefix="/users/me", tags=["lobbies"], responses=PROBLEM_RESPONSES)


@mine.post(
    "/join-requests",
    status_code=status.HTTP_201_CREATED,
    responses={200: {"model": JoinRequestRead, "description": "The same ask, already pending."}},
)
async def ask_to_join(
    data: JoinRequestCreate, session: SessionDep, user: CurrentUser, now: NowDep, response: Response
) -> JoinRequestRead:
    """Ask to join a public campaign's lobby, or for one of its open seats; the owner answers
    (R-CAMP-11, R-CAMP-12). You are no member until they accept. The same ask again (a retry)
    answers 200 with the request pending, unchanged; an ask for another place of the campaign
    is refused until that one is withdrawn (409 `join_request_pending`). `Idempotency-Key` is
    honoured as well."""
    asked = await service.ask(session, user, data, now)
    if not asked.created:
        response.status_code = status.HTTP_200_OK
    return asked.request


@mine.get("/join-requests")
async def list_my_join_requests(session: SessionDep, user: CurrentUser) -> list[JoinRequestRead]:
    """My requests to join, awaiting the owners' answers (R-CAMP-11)."""
    return await service.list_mine(session, user)


@mine.delete("/join-requests/{request_id}", status_code=status.HTTP_204_NO_CONTENT)
async def withdraw_join_request(
    request_id: RequestId, session: SessionDep, user: CurrentUser
) -> Response:
    """Take back my request before it is answered (R-CAMP-11)."""
    await service.withdraw(session, user, request_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@mine.put("/substitute")
async def list_as_substitute(
    data: SubstituteWrite, session: SessionDep, user: CurrentUser, now: NowDep
) -> SubstituteRead:
    """List myself as a substitute: I am told of open seats of these game systems (R-CAMP-12)."""
    return await substitutes.put(session, user, data, now)


@mine.get("/substitute")
async def read_substitute(session: SessionDep, user: CurrentUser) -> SubstituteRead:
    """My substitute listing (R-CAMP-12); 404 if I am not listed."""
    return await substitutes.read(session, user)


@mine.delete("/substitute", status_code=status.HTTP_204_NO_CONTENT)
async def unlist_substitute(session: SessionDep, user: CurrentUser) -> Response:
    """Stop being told of open seats (R-CAMP-12)."""
    await substitutes.delete(session, user)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


for _route in mine.routes:
    if isinstance(_route, APIRoute) and _route.name == "ask_to_join":
        make_idempotent(_route)  # like the campaigns' writes: a keyed retry gets the first answer


# The owner's side, under the campaign.
owner = APIRouter(prefix="/campaigns/{campaign_id}", tags=["lobbies"], responses=PROBLEM_RESPONSES)


@owner.get(
    "/join-requests", response_model=list[OwnersJoinRequestRead], responses=CONDITIONAL_RESPONSES
)
async def list_join_requests(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The requests to join awaiting your answer, oldest first, each with its asker's
    reliability (owner, R-CAMP-11, R-CAMP-14)."""
    return list_response(await service.list_for_owner(session, member), if_none_match)


@owner.post("/join-requests/{request_id}/accept")
async def accept_join_request(
    request_id: RequestId, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> PlayerRead:
    """Say yes: the asker takes a place in the lobby, or the open seat asked for as it stands
    (owner, R-CAMP-11, R-CAMP-12)."""
    return await service.accept(session, member, request_id, now)


@owner.post("/join-requests/{request_id}/decline", status_code=status.HTTP_204_NO_CONTENT)
async def decline_join_request(
    request_id: RequestId, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Say no: the request is gone, nobody is seated (owner, R-CAMP-11)."""
    await service.decline(session, member, request_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@owner.put("/players/{number}/open", status_code=status.HTTP_204_NO_CONTENT)
async def open_seat(number: SeatNumber, session: SessionDep, member: LockedMemberDep) -> Response:
    """Open a seat of the running public campaign to substitutes, who are told (owner,
    R-CAMP-12); it stays its holder's until you accept someone's request for it."""
    await service.open_seat(session, member, number, True)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@owner.delete("/players/{number}/open", status_code=status.HTTP_204_NO_CONTENT)
async def close_seat(number: SeatNumber, session: SessionDep, member: LockedMemberDep) -> Response:
    """Close a seat you opened (owner, R-CAMP-12)."""
    await service.open_seat(session, member, number, False)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
