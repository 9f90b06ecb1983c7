"""Bots on seats (R-BOT): the owner puts a bot on a seat, changes it, or takes it off."""

from typing import Annotated

from fastapi import APIRouter, Path, Response, status

from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.bots import service
from app.play.bots.schemas import BotSet
from app.play.campaigns import service as campaigns
from app.play.campaigns.access import LockedMemberDep
from app.play.campaigns.schemas import PlayerRead

SeatNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The seat's player number.")]

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["bots"], responses=PROBLEM_RESPONSES)


@router.put("/seats/{number}/bot")
async def put_seat_bot(
    number: SeatNumber, data: BotSet, session: SessionDep, member: LockedMemberDep
) -> PlayerRead:
    """Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on
    an empty seat (a new one needs `faction` and `slot`), once the campaign runs on a seat in
    civil disorder; it orders at every turn change and never blocks a turn (R-BOT)."""
    await service.put_bot(session, member, number, data)
    players = await campaigns.list_players(session, member)
    return next(p for p in players if p.number == number)


@router.delete("/seats/{number}/bot", status_code=status.HTTP_204_NO_CONTENT)
async def remove_seat_bot(
    number: SeatNumber, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Take the bot off a seat (owner): its holder plays it again; in the lobby a seat nobody
    holds goes with it; a running seat nobody holds is handed over instead (R-BOT, R-CAMP-6)."""
    await service.remove_bot(session, member, number)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
