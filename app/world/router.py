"""The world as the caller sees it: map, tile panel, armies and generals (R-FOG)."""

from fastapi import APIRouter, Response

from app.campaigns.access import MemberDep
from app.db.session import SessionDep
from app.errors import PROBLEM_RESPONSES
from app.world import service
from app.world.schemas import ArmyList, GeneralList, TilePanel, WorldMap

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["world"], responses=PROBLEM_RESPONSES)


@router.get("/map", response_model=WorldMap, response_model_exclude_none=True)
async def read_map(session: SessionDep, member: MemberDep) -> Response:
    """Every tile of the map in your fog state: unexplored, explored (as last seen) or visible."""
    document = await service.map_document(session, member)
    return Response(document, media_type="application/json")


@router.get("/tiles/{q}/{r}", response_model_exclude_none=True)
async def read_tile(q: int, r: int, session: SessionDep, member: MemberDep) -> TilePanel:
    """One tile as you see it, and which builds it accepts from you now."""
    return service.tile_panel(await service.load_view(session, member), q, r)


@router.get("/armies")
async def list_armies(session: SessionDep, member: MemberDep) -> ArmyList:
    """Your armies with their orders, and the other armies on tiles you see."""
    return await service.army_list(session, await service.load_view(session, member))


@router.get("/generals")
async def list_generals(session: SessionDep, member: MemberDep) -> GeneralList:
    """Your generals, the prisoners you hold, and your generals held by others."""
    member.require_player()
    return await service.general_list(session, await service.load_view(session, member))
