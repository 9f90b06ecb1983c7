"""The calling player's own panel."""

from fastapi import APIRouter, Request, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import MemberDep
from app.play.me import service
from app.play.me.schemas import MeRead

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["me"], responses=PROBLEM_RESPONSES)


@router.get("/me", response_model=MeRead, responses=CONDITIONAL_RESPONSES)
async def read_me(
    request: Request,
    session: SessionDep,
    member: MemberDep,
    page: PageDep,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """Your gold, next turn's forecast, ledger (paginated), faction action and pending orders."""
    language = request_language(request)
    me = await service.my_panel(session, member, page, language)
    return said_in(model_response(me, if_none_match), language)
