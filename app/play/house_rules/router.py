"""House rules: amendments to the game system's rulebook (R-HOUSE-1)."""

from typing import Annotated

from fastapi import APIRouter, Path, Response, status

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.ids import PUBLIC_ID_HIGH
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import LockedMemberDep, MemberDep
from app.play.house_rules import service
from app.play.house_rules.schemas import (
    HouseRuleChangePage,
    HouseRuleCreate,
    HouseRuleRead,
    HouseRules,
    HouseRuleUpdate,
)

router = APIRouter(
    prefix="/campaigns/{campaign_id}/house-rules",
    tags=["house-rules"],
    responses=PROBLEM_RESPONSES,
)

RuleId = Annotated[int, Path(ge=1, le=PUBLIC_ID_HIGH - 1, description="The amendment's id.")]


@router.get("", response_model=HouseRules, responses=CONDITIONAL_RESPONSES)
async def list_house_rules(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The campaign's game system and its amendments, in order (every member)."""
    return model_response(await service.listing(session, member), if_none_match)


@router.post("", status_code=status.HTTP_201_CREATED)
async def create_house_rule(
    data: HouseRuleCreate, session: SessionDep, member: LockedMemberDep
) -> HouseRuleRead:
    """Add an amendment at a position, last by default (owner)."""
    return await service.create(session, member, data)


@router.get("/history", response_model=HouseRuleChangePage, responses=CONDITIONAL_RESPONSES)
async def list_house_rule_changes(
    session: SessionDep, member: MemberDep, page: PageDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Every change to the house rules with its author and time, newest first."""
    return model_response(await service.history(session, member, page), if_none_match)


@router.patch("/{rule_id}")
async def update_house_rule(
    rule_id: RuleId, data: HouseRuleUpdate, session: SessionDep, member: LockedMemberDep
) -> HouseRuleRead:
    """Change an amendment's text, section, page, kind or position (owner)."""
    return await service.update(session, member, rule_id, data)


@router.delete("/{rule_id}", status_code=status.HTTP_204_NO_CONTENT)
async def delete_house_rule(
    rule_id: RuleId, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Remove an amendment; the later ones move up (owner)."""
    await service.delete(session, member, rule_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
