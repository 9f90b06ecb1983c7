"""Turn history, turn summaries and standings."""

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import MemberDep
from app.play.history import service
from app.play.history.schemas import Standings, TurnChangePage, TurnSummaryRead

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["history"], responses=PROBLEM_RESPONSES)


@router.get("/turns", response_model=TurnChangePage, responses=CONDITIONAL_RESPONSES)
async def list_turns(
    session: SessionDep, member: MemberDep, page: PageDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The turn changes so far, oldest first."""
    return model_response(await service.list_turns(session, member, page), if_none_match)


@router.get(
    "/turns/{number}/summary", response_model=TurnSummaryRead, responses=CONDITIONAL_RESPONSES
)
async def read_turn_summary(
    number: Annotated[int, Path(ge=1, le=2**31 - 1, description="The turn change's number.")],
    request: Request,
    session: SessionDep,
    member: MemberDep,
    player: Annotated[
        int | None, Query(description="Owner who does not play: whose summary to read.")
    ] = None,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """Your summary of one turn change: what you saw happen (R-TURN-5)."""
    language = request_language(request)
    summary = await service.turn_summary(session, member, number, player, language)
    return said_in(model_response(summary, if_none_match), language)


@router.get(
    "/standings",
    response_model=Standings,
    response_model_exclude_none=True,
    responses=CONDITIONAL_RESPONSES,
)
async def read_standings(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The standings: every player's rank and score, the parts of your own (R-CAMP-4)."""
    standings = await service.standings(session, member)
    return model_response(standings, if_none_match, exclude_none=True)
