"""Civil disorder of a seat (R-CAMP-10): the rules' decisions applied to seat rows."""

from sqlalchemy.ext.asyncio import AsyncSession

from app.rules import disorder
from app.store.events.kinds import AppEventKind
from app.store.events.publish import Event, publish, publish_all
from app.store.models.campaign import Campaign, CampaignPlayer


def seat_state(seat: CampaignPlayer) -> disorder.SeatState:
    return disorder.SeatState(
        seated=seat.faction is not None,
        ready=seat.ready,
        inactive=seat.inactive,
        civil_disorder=seat.civil_disorder,
        missed_in_row=seat.missed_in_row,
    )


async def holder_acted(session: AsyncSession, seat: CampaignPlayer, turn: int) -> None:
    """The seat's holder writes in the campaign (under the campaign lock, the seat read after
    it): a seat in civil disorder is played again, its count in a row starts anew."""
    if not disorder.returns_from_disorder(seat_state(seat), acted_by_holder=True):
        return
    # R-BOT: a bot put on the seat in disorder leaves it to its holder.
    seat.bot_difficulty = seat.bot_personality = None
    seat.civil_disorder = False
    seat.missed_in_row = 0
    await session.flush()
    await publish(
        session,
        seat.campaign_id,
        AppEventKind.CIVIL_DISORDER_ENDED,
        {"player": seat.number, "turn": turn},
    )


async def seat_changed_hands(session: AsyncSession, seat: CampaignPlayer, turn: int) -> None:
    """A new holder (R-CAMP-6) ends civil disorder, and a bot's play (R-BOT): they play the
    seat from now on."""
    seat.bot_difficulty = seat.bot_personality = None
    await holder_acted(session, seat, turn)


async def fall_into_disorder(
    session: AsyncSession, campaign: Campaign, seats: list[CampaignPlayer]
) -> None:
    """These seats fall into civil disorder (under the campaign lock, read after it): missed
    deadlines (the sweeper) or a holder suspended by an operator; everyone is told."""
    if not seats:
        return
    for seat in seats:
        seat.civil_disorder = True
    await session.flush()
    await publish_all(
        session,
        campaign.id,
        [
            Event(
                AppEventKind.CIVIL_DISORDER,
                {"player": seat.number, "missed_in_row": seat.missed_in_row, "turn": campaign.turn},
            )
            for seat in seats
        ],
    )
