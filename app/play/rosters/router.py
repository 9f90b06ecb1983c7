"""Army lists (rosters) attached to armies (issue 30, R-ARMY-4, R-FOG-4)."""

from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import LockedMemberDep, MemberDep
from app.play.rosters import service
from app.play.rosters.schemas import RosterRead, RosterUpload

router = APIRouter(
    prefix="/campaigns/{campaign_id}/armies/{army_id}/roster",
    tags=["rosters"],
    responses=PROBLEM_RESPONSES,
)

ArmyId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The army's id within the campaign.")]


@router.get("", response_model=RosterRead, responses=CONDITIONAL_RESPONSES)
async def read_roster(
    army_id: ArmyId, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Your army's list and whether it fits the army's tier (R-ARMY-4); the game master reads
    every army's. 404 for anyone else, as for an army without a list (R-FOG-3)."""
    return model_response(await service.read_roster(session, member, army_id), if_none_match)


ORIGINAL_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The file as uploaded.",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    },
}


@router.get("/original", response_class=Response, responses=ORIGINAL_RESPONSE)
async def read_roster_original(army_id: ArmyId, session: SessionDep, member: MemberDep) -> Response:
    """The list's file as it was uploaded (to take back to its builder): its owner and the game
    master only. A battle's participants read the opponent's list on the battle, never its
    file (an Old World Builder file keeps the names of its hidden choices)."""
    original, filename = await service.read_original(session, member, army_id)
    disposition = f'attachment; filename="{filename}"'
    return Response(
        original,
        media_type="application/octet-stream",
        headers={"Content-Disposition": disposition, "Cache-Control": "private, no-store"},
    )


@router.put("")
async def put_roster(
    army_id: ArmyId, data: RosterUpload, session: SessionDep, member: LockedMemberDep, now: NowDep
) -> RosterRead:
    """Attach a list to your army, replacing its list: an Old World Builder `.owb.json`, a New
    Recruit JSON, a BattleScribe/New Recruit `.rosz` (base64), or plain text. 422
    `roster_unreadable` names the line or field it cannot read; a faction other than yours is
    a warning. 409 `R-ARMY-4` while the army fights a pending battle."""
    return await service.put_roster(session, member, army_id, data, now)


@router.delete("", status_code=204)
async def delete_roster(army_id: ArmyId, session: SessionDep, member: LockedMemberDep) -> Response:
    """Detach your army's list (409 `R-ARMY-4` while it fights a pending battle)."""
    await service.delete_roster(session, member, army_id)
    return Response(status_code=204)
