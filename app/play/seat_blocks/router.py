"""Block or unblock a seat's holder in one campaign, without learning who they are."""

from typing import Annotated

from fastapi import APIRouter, Path, Response, status

from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import MemberDep
from app.play.seat_blocks import service

router = APIRouter(
    prefix="/campaigns/{campaign_id}/players/{number}/block",
    tags=["moderation"],
    responses=PROBLEM_RESPONSES,
)

SeatNumber = Annotated[int, Path(ge=1, le=64, description="A seat's number.")]


@router.put("", status_code=status.HTTP_204_NO_CONTENT)
async def block_seat(number: SeatNumber, session: SessionDep, member: MemberDep) -> Response:
    """Block this seat's holder in this campaign, without learning who they are (R-CAMP-5).

    Their messages here stop reaching you; they are not told."""
    await service.block_seat(session, member, number)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.delete("", status_code=status.HTTP_204_NO_CONTENT)
async def unblock_seat(number: SeatNumber, session: SessionDep, member: MemberDep) -> Response:
    """Undo a block of this seat's holder: what they write here from now on reaches you."""
    await service.unblock_seat(session, member, number)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
