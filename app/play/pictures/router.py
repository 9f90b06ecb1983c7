"""Pictures: the map as SVG, past turns under fog (replays), and charts per turn."""

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from app.platform.conditional import (
    CACHE_CONTROL,
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    etag_of,
    matches,
    model_response,
)
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import MemberDep
from app.play.pictures import service
from app.play.pictures.schemas import MAX_CHART_TURNS, Charts
from app.play.world.schemas import WorldMap

router = APIRouter(
    prefix="/campaigns/{campaign_id}", tags=["pictures"], responses=PROBLEM_RESPONSES
)

SVG = "image/svg+xml"
SVG_RESPONSE: dict[int | str, dict[str, Any]] = {
    **CONDITIONAL_RESPONSES,
    200: {
        **CONDITIONAL_RESPONSES[200],
        "description": "An SVG document.",
        "content": {SVG: {"schema": {"type": "string", "description": "SVG (XML) text."}}},
    },
}

Coordinates = Annotated[
    bool, Query(description="Write each tile's `q,r` on it (readable when zoomed in).")
]
TurnNumber = Annotated[
    int, Path(ge=1, le=2**31 - 1, description="A past turn: one that has changed.")
]
First = Annotated[
    int | None,
    Query(ge=1, le=2**31 - 1, description="The first turn shown; default: the latest ones."),
]
Count = Annotated[
    int,
    Query(
        ge=1, le=MAX_CHART_TURNS, description="How many turns at most, the current one included."
    ),
]


def _view(body: bytes, media_type: str, if_none_match: str | None) -> Response:
    """The view with its entity tag (app/platform/conditional.py), or 304 if the client holds it."""
    tag = etag_of(body)
    headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
    if matches(if_none_match, tag):
        return Response(status_code=304, headers=headers)
    # Opened by itself in a browser, an SVG picture needs its own <style>: the shell's security
    # headers allow exactly those of the document sent (app/shell/web/security.py).
    return Response(body, media_type=media_type, headers=headers)


@router.get("/map.svg", response_class=Response, responses=SVG_RESPONSE)
async def read_map_picture(
    request: Request,
    session: SessionDep,
    member: MemberDep,
    coordinates: Coordinates = False,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """Your map as an SVG picture: the JSON map's fog, your move orders, a legend (R-FOG-1)."""
    language = request_language(request)
    picture = await service.map_picture(session, member, coordinates, language)
    return said_in(_view(picture, SVG, if_none_match), language)


@router.get(
    "/turns/{number}/map",
    response_model=WorldMap,
    response_model_exclude_none=True,
    responses=CONDITIONAL_RESPONSES,
)
async def read_turn_map(
    number: TurnNumber, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """A past turn's map as you saw it when it ended; everything once the campaign has ended."""
    document = await service.replay_document(session, member, number)
    return _view(document, "application/json", if_none_match)


@router.get("/turns/{number}/map.svg", response_class=Response, responses=SVG_RESPONSE)
async def read_turn_map_picture(
    number: TurnNumber,
    request: Request,
    session: SessionDep,
    member: MemberDep,
    coordinates: Coordinates = False,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """A past turn's map as you saw it when it ended, as an SVG picture (a replay)."""
    language = request_language(request)
    picture = await service.replay_picture(session, member, number, coordinates, language)
    return said_in(_view(picture, SVG, if_none_match), language)


@router.get("/charts", response_model=Charts, responses=CONDITIONAL_RESPONSES)
async def read_charts(
    session: SessionDep,
    member: MemberDep,
    first: First = None,
    count: Count = MAX_CHART_TURNS,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """Your gold, income, territories and score per turn; everyone's once the campaign ends."""
    return model_response(await service.charts(session, member, first, count), if_none_match)


@router.get("/charts.svg", response_class=Response, responses=SVG_RESPONSE)
async def read_charts_picture(
    request: Request,
    session: SessionDep,
    member: MemberDep,
    first: First = None,
    count: Count = MAX_CHART_TURNS,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """The charts as small SVG line charts: one per number, a line per player shown."""
    language = request_language(request)
    picture = await service.charts_picture(session, member, first, count, language)
    return said_in(_view(picture, SVG, if_none_match), language)
