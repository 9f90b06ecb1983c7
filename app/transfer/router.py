"""Export a campaign as one document and import it on any server (R-CAMP-9)."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, status

from app.auth.dependencies import CurrentUser
from app.campaigns.access import LockedMemberDep
from app.db.session import SessionDep
from app.dependencies import SettingsDep
from app.errors import PROBLEM_RESPONSES
from app.transfer import service
from app.transfer.schemas import CampaignExport, CampaignImport, ImportedCampaign

router = APIRouter(prefix="/campaigns", tags=["transfer"], responses=PROBLEM_RESPONSES)


@router.get("/{campaign_id}/export")
async def export_campaign(
    session: SessionDep,
    member: LockedMemberDep,
    settings: SettingsDep,
    messages: Annotated[
        bool, Query(description="Include the players' messages (left out by default).")
    ] = False,
) -> CampaignExport:
    """The whole campaign as one versioned document (owner; once finished if they play)."""
    limit = settings.max_upload_body_bytes
    document: Any = await service.export_campaign(session, member, messages, limit)
    return document  # type: ignore[no-any-return]


@router.post("/import", status_code=status.HTTP_201_CREATED)
async def import_campaign(
    request: Request, data: CampaignImport, session: SessionDep, user: CurrentUser
) -> ImportedCampaign:
    """Recreate an exported campaign here, owned by you, its seats offered to the users named."""
    # The body as read for `data` (Starlette keeps it): its nesting is checked on the text.
    return await service.import_campaign(session, data, user, body=await request.body())
