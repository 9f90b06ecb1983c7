"""Campaign lobby and lifecycle endpoints."""

from fastapi import APIRouter, Request, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    list_response,
    model_response,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n import say
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns import service
from app.play.campaigns.access import CampaignId, LockedMemberDep, MemberDep, load_membership
from app.play.campaigns.schemas import (
    CampaignCreate,
    CampaignPage,
    CampaignRead,
    CampaignUpdate,
    FactionName,
    JoinRequest,
    PlayerChoice,
    PlayerRead,
)
from app.play.maps.schemas import RulesetDocument
from app.rules.name_texts import name_text

router = APIRouter(prefix="/campaigns", tags=["campaigns"], responses=PROBLEM_RESPONSES)


@router.post("", status_code=status.HTTP_201_CREATED)
async def create_campaign(
    data: CampaignCreate, session: SessionDep, user: CurrentUser
) -> CampaignRead:
    """Create a campaign in the lobby; you are its owner and get its invite code."""
    campaign = await service.create(session, data, user)
    membership = await load_membership(session, campaign.id, user)
    return await service.read_model(session, membership)


@router.get("")
async def list_campaigns(session: SessionDep, user: CurrentUser, page: PageDep) -> CampaignPage:
    """List the campaigns you own or play in."""
    return await service.list_mine(session, user, page)


@router.get("/{campaign_id}", response_model=CampaignRead, responses=CONDITIONAL_RESPONSES)
async def read_campaign(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Show a campaign: status, turn and settings."""
    return model_response(await service.read_model(session, member), if_none_match)


@router.patch("/{campaign_id}")
async def update_campaign(
    data: CampaignUpdate, session: SessionDep, member: LockedMemberDep
) -> CampaignRead:
    """Change a campaign's name, settings or ruleset variant while in the lobby (owner)."""
    await service.update(session, member, data)
    return await service.read_model(session, member)


@router.get(
    "/{campaign_id}/ruleset", response_model=RulesetDocument, responses=CONDITIONAL_RESPONSES
)
async def read_campaign_ruleset(member: MemberDep, if_none_match: IfNoneMatch = None) -> Response:
    """The campaign's full ruleset document, readable by every player (R-HOUSE-2)."""
    return model_response(RulesetDocument(member.campaign.ruleset), if_none_match)


@router.get(
    "/{campaign_id}/factions", response_model=list[FactionName], responses=CONDITIONAL_RESPONSES
)
async def list_campaign_factions(
    request: Request, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The factions a player may pick, named in your language (the ruleset's order)."""
    language = request_language(request)
    factions = [
        FactionName(key=key, name=say(name_text(f.get("name") or key), language))
        for f in member.campaign.ruleset.get("factions", [])
        if isinstance(key := f.get("key"), str)
    ]
    return said_in(list_response(factions, if_none_match), language)


@router.post("/{campaign_id}/start")
async def start_campaign(session: SessionDep, member: LockedMemberDep) -> CampaignRead:
    """Start the campaign: capitals, armies and starting gold for every player (owner)."""
    await service.start(session, member)
    return await service.read_model(session, member)


@router.post("/{campaign_id}/end")
async def end_campaign(session: SessionDep, member: LockedMemberDep) -> CampaignRead:
    """End the campaign; the standings become final (owner)."""
    await service.end(session, member)
    return await service.read_model(session, member)


@router.post("/{campaign_id}/players", status_code=status.HTTP_201_CREATED)
async def join_campaign(
    campaign_id: CampaignId, data: JoinRequest, session: SessionDep, user: CurrentUser
) -> PlayerRead:
    """Join a campaign in the lobby with its invite code."""
    player = await service.join(session, campaign_id, user, data.invite_code)
    member = await load_membership(session, campaign_id, user)
    return next(p for p in await service.list_players(session, member) if p.number == player.number)


@router.get(
    "/{campaign_id}/players", response_model=list[PlayerRead], responses=CONDITIONAL_RESPONSES
)
async def list_players(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List the campaign's players (names hidden by anonymity where it applies)."""
    return list_response(await service.list_players(session, member), if_none_match)


@router.patch("/{campaign_id}/players/me")
async def choose_faction(
    data: PlayerChoice, session: SessionDep, member: LockedMemberDep
) -> PlayerRead:
    """Pick your faction and start slot in the lobby."""
    await service.choose(session, member, data)
    return next(p for p in await service.list_players(session, member) if p.is_you)


@router.delete("/{campaign_id}/players/me", status_code=status.HTTP_204_NO_CONTENT)
async def leave_campaign(session: SessionDep, member: LockedMemberDep) -> Response:
    """Leave a campaign before it starts."""
    await service.leave(session, member)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
