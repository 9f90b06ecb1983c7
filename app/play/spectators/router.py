"""Spectators (R-CAMP-13): watch a public campaign turns late, leave, and the owner's list."""

import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    list_response,
    model_response,
    view_response,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep, PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import CampaignId, LockedMemberDep, MemberDep
from app.play.history.schemas import TurnChangePage
from app.play.spectators import service
from app.play.spectators.schemas import SpectatorRead, SpectatorSummary, SpectatorView
from app.play.world.schemas import WorldMap

router = APIRouter(
    prefix="/campaigns/{campaign_id}", tags=["spectators"], responses=PROBLEM_RESPONSES
)

UserId = Annotated[uuid.UUID, Path(description="The spectator's user id.")]
ChangeNumber = Annotated[
    int, Path(ge=1, le=2**31 - 1, description="A turn change before the turn shown.")
]


@router.post("/spectators", status_code=status.HTTP_201_CREATED)
async def watch_campaign(
    campaign_id: CampaignId, session: SessionDep, user: CurrentUser, now: NowDep
) -> SpectatorRead:
    """Watch a running public campaign that takes spectators (R-CAMP-13): its map and the
    public part of its summaries, `spectator_delay_turns` turns late. Not for its players or
    owner; 404 for a private campaign."""
    return await service.join(session, user, campaign_id, now)


@router.delete("/spectators", status_code=status.HTTP_204_NO_CONTENT)
async def stop_watching(
    campaign_id: CampaignId, session: SessionDep, user: CurrentUser
) -> Response:
    """Stop watching the campaign (R-CAMP-13); 404 if you were not."""
    await service.leave(session, user, campaign_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/spectators", response_model=list[SpectatorRead], responses=CONDITIONAL_RESPONSES)
async def list_spectators(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Who watches the campaign, oldest first (owner, R-CAMP-13)."""
    return list_response(await service.list_for_owner(session, member), if_none_match)


@router.delete("/spectators/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
async def remove_spectator(
    user_id: UserId, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Send a spectator away (owner, R-CAMP-13); they may ask again."""
    await service.remove(session, member, user_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/spectate", response_model=SpectatorView, responses=CONDITIONAL_RESPONSES)
async def read_spectated(
    request: Request,
    campaign_id: CampaignId,
    session: SessionDep,
    user: CurrentUser,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """As a spectator: the turn you are shown and its seats, factions named in your language;
    no names under anonymity (R-CAMP-13, R-CAMP-5)."""
    language = request_language(request)
    found = await service.view(session, user, campaign_id, language)
    return said_in(model_response(found, if_none_match), language)


@router.get(
    "/spectate/map",
    response_model=WorldMap,
    response_model_exclude_none=True,
    responses=CONDITIONAL_RESPONSES,
)
async def read_spectated_map(
    campaign_id: CampaignId,
    session: SessionDep,
    user: CurrentUser,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """As a spectator: the map of the turn you are shown, as it ended — every tile, no army
    concealed then (R-OPT-3), nothing private (R-CAMP-13)."""
    return view_response(await service.map_document(session, user, campaign_id), if_none_match)


@router.get("/spectate/turns", response_model=TurnChangePage, responses=CONDITIONAL_RESPONSES)
async def list_spectated_turns(
    campaign_id: CampaignId,
    session: SessionDep,
    user: CurrentUser,
    page: PageDep,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """As a spectator: the turn changes before the turn you are shown, oldest first."""
    turns = await service.list_turns(session, user, campaign_id, page)
    return model_response(turns, if_none_match)


@router.get(
    "/spectate/turns/{number}/summary",
    response_model=SpectatorSummary,
    responses=CONDITIONAL_RESPONSES,
)
async def read_spectated_summary(
    campaign_id: CampaignId,
    number: ChangeNumber,
    session: SessionDep,
    user: CurrentUser,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """As a spectator: the public lines of a turn change before the turn you are shown — what
    became of the structures; nothing of armies, gold or diplomacy (R-CAMP-13)."""
    summary = await service.summary(session, user, campaign_id, number)
    return model_response(summary, if_none_match)
