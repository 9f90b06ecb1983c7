"""The world as the caller sees it: map, tile panel, armies and generals (R-FOG)."""

from fastapi import APIRouter, Request, Response

from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    model_response,
    view_response,
)
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import MemberDep
from app.play.world import service
from app.play.world.schemas import ArmyList, GeneralList, TilePanel, WorldMap

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["world"], responses=PROBLEM_RESPONSES)


@router.get(
    "/map",
    response_model=WorldMap,
    response_model_exclude_none=True,
    responses=CONDITIONAL_RESPONSES,
)
async def read_map(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Every tile of the map in your fog state: unexplored, explored (as last seen) or visible."""
    document, etag = await service.map_view(session, member)
    return view_response(document, if_none_match, etag)


@router.get(
    "/tiles/{q}/{r}",
    response_model=TilePanel,
    response_model_exclude_none=True,
    responses=CONDITIONAL_RESPONSES,
)
async def read_tile(
    q: int,
    r: int,
    request: Request,
    session: SessionDep,
    member: MemberDep,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """One tile as you see it, and which builds it accepts from you now."""
    language = request_language(request)
    panel = service.tile_panel(await service.load_view(session, member), q, r, language)
    return said_in(model_response(panel, if_none_match, exclude_none=True), language)


@router.get("/armies", response_model=ArmyList, responses=CONDITIONAL_RESPONSES)
async def list_armies(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Your armies with their orders, and the other armies on tiles you see."""
    view = await service.load_view(session, member, generals=False, extras=service.ARMY_EXTRAS)
    return model_response(await service.army_list(session, view), if_none_match)


@router.get("/generals", response_model=GeneralList, responses=CONDITIONAL_RESPONSES)
async def list_generals(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Your generals, the prisoners you hold, and your generals held by others."""
    return model_response(await service.general_list(session, member), if_none_match)
