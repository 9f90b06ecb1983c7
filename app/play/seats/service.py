"""Seats and their holders (R-CAMP-6), stewards (R-CAMP-7) and vacations (R-CAMP-8).

A seat is a `campaign_players` row: the faction, gold, armies, explored map, messages, events
and summaries all hang on its number, never on a user. Handing it over rewrites its `user_id`
alone, so the new holder sees exactly what the seat saw, and the previous holder, whose
requests resolve their seat from their user id, no longer has one.
"""

import uuid
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import Conflict, NotFound, RuleViolation
from app.platform.i18n import _
from app.play.campaigns import disorder
from app.play.campaigns.access import Membership
from app.play.campaigns.clock import call_off_change
from app.play.seats.schemas import HolderRead, VacationRead
from app.play.seats.vacations import DAY, on_vacation, shift_deadline
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.events.revocations import Revocation, end_streams
from app.store.models import CampaignBlock, User
from app.store.models.campaign import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    SeatHolder,
    SeatOffer,
    SeatOfferOrigin,
)

# ------------------------------------------------------------------------------- holders


async def _seat(session: AsyncSession, campaign: Campaign, number: int) -> CampaignPlayer:
    """A seat of the campaign, read after the lock; 404 for a number nobody plays."""
    seat = await session.scalar(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == campaign.id, CampaignPlayer.number == number)
        .execution_options(populate_existing=True)
    )
    if seat is None or seat.faction is None:
        raise NotFound(_("Player not found."))
    return seat


async def set_offer(session: AsyncSession, m: Membership, offered: bool) -> CampaignPlayer:
    """The holder offers their seat to someone else, or takes the offer back (R-CAMP-6)."""
    m.require_status(CampaignStatus.ACTIVE)
    if m.player is None or m.player.faction is None:
        raise NotFound(_("You do not play in this campaign."))
    seat = m.player  # a steward's seat may be offered too: its holder is the one leaving
    if seat.offered != offered:
        seat.offered = offered
        await session.flush()
        await publish(
            session,
            m.campaign.id,
            AppEventKind.SEAT_OFFERED,
            {"player": seat.number, "offered": offered},
        )
    return seat


async def hand_over(
    session: AsyncSession, m: Membership, number: int, username: str, now: datetime
) -> SeatOffer:
    """The owner offers a seat, as it stands, to another user (R-CAMP-6). The seat changes
    hands only when that user accepts (app/play/seats/offers.py); until then its holder keeps it."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    c = m.campaign
    seat = await _seat(session, c, number)
    user = await session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if user is None:
        raise RuleViolation("R-CAMP-6", _("No user has this username."))
    if user.id == seat.user_id:
        raise Conflict(_("This user already holds this seat."), code="R-CAMP-6")
    if user.id == c.owner_id:
        # Handing a seat away and taking one back would let the owner read the game master's
        # view (every seat's map and messages) between two turns of play.
        raise Conflict(
            _(
                "While the campaign is active no seat is handed to its owner: an owner without a "
                "seat is the game master, who sees everything (R-FOG-5)."
            ),
            code="R-CAMP-6",
        )
    held = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == c.id, CampaignPlayer.user_id == user.id
        )
    )
    if held is not None:
        raise Conflict(_("This user already holds a seat in this campaign."), code="R-CAMP-6")
    return await make_offer(session, c, seat.number, user.id, SeatOfferOrigin.HANDOVER, now)


async def make_offer(
    session: AsyncSession,
    c: Campaign,
    number: int,
    user_id: uuid.UUID,
    origin: SeatOfferOrigin,
    now: datetime,
) -> SeatOffer:
    """Offer seat `number` to a user, for the owner (under the campaign lock: read after it)."""
    pending = await session.execute(
        select(SeatOffer.number, SeatOffer.user_id).where(
            SeatOffer.campaign_id == c.id,
            or_(SeatOffer.number == number, SeatOffer.user_id == user_id),
        )
    )
    for offered_number, offered_user in pending.all():
        if offered_number == number:
            raise Conflict(
                _("This seat is already offered to a user: withdraw that offer first."),
                code="R-CAMP-6",
            )
        if offered_user == user_id:
            raise Conflict(
                _("This user is already offered a seat of this campaign."), code="R-CAMP-6"
            )
    offer = SeatOffer(
        campaign_id=c.id,
        id=uuid.uuid4(),
        number=number,
        user_id=user_id,
        made_by=c.owner_id,
        origin=origin,
        made_at=now,
    )
    session.add(offer)
    await session.flush()
    return offer


async def give_seat(
    session: AsyncSession, c: Campaign, seat: CampaignPlayer, user_id: uuid.UUID, now: datetime
) -> None:
    """Seat `seat` changes hands to a user who accepted it; the seat itself does not change.

    Under the campaign lock, `seat` read after it. A seat nobody held (imported, R-CAMP-9) gets
    its first holder here: the copy's history of holders starts with them.
    """
    previous = seat.user_id
    if previous is not None:
        # A block is of a seat ("Player C" under anonymity, R-CAMP-5) and ends with its holder:
        # it must not follow them to another seat (it would tell who sits there now), nor fall
        # on the seat's next holder. That the holder changed is public (SEAT_HANDED_OVER).
        await session.execute(
            delete(CampaignBlock).where(
                CampaignBlock.campaign_id == c.id, CampaignBlock.blocked_id == previous
            )
        )
        last = await session.scalar(
            select(SeatHolder)
            .where(SeatHolder.campaign_id == c.id, SeatHolder.number == seat.number)
            .order_by(SeatHolder.ordinal.desc())
            .limit(1)
        )
        session.add(
            SeatHolder(
                campaign_id=c.id,
                number=seat.number,
                ordinal=last.ordinal + 1 if last else 1,
                user_id=previous,
                from_turn=last.to_turn if last else 1,
                to_turn=c.turn,
                handed_at=now,
            )
        )
    if seat.vacation_until is not None and seat.vacation_until > now:
        _end_vacation(c, seat, now)
    was_inactive = seat.inactive
    # Both holders' open streams end: the previous one no longer sees the seat, and the new one
    # no longer sees what they saw before (an owner who played now sees as the game master).
    for holder in (previous, user_id):
        if holder is not None:
            await end_streams(session, Revocation(user_id=holder, campaign_id=c.id))
    await disorder.seat_changed_hands(session, seat, c.turn)  # R-CAMP-10
    seat.user_id = user_id
    seat.ready = seat.offered = seat.inactive = seat.seat_open = False
    seat.missed_in_row = 0
    await session.flush()
    number = seat.number
    await publish(session, c.id, AppEventKind.SEAT_HANDED_OVER, {"player": number, "turn": c.turn})
    if was_inactive:
        await publish(
            session, c.id, AppEventKind.PLAYER_STATUS, {"player": number, "inactive": False}
        )
    if previous is not None and previous == c.owner_id and c.status is CampaignStatus.ACTIVE:
        # R-FOG-5: from now on the owner sees every seat; no seat comes back to them
        # (`hand_over`), and every player is told.
        await publish(
            session,
            c.id,
            AppEventKind.OWNER_BECAME_GAME_MASTER,
            {"player": number, "turn": c.turn},
        )
    await call_off_change(session, c)  # the seat is not ready any more (R-TURN-7)


async def list_holders(session: AsyncSession, m: Membership, number: int) -> list[HolderRead]:
    """A seat's holders, oldest first; with anonymity named to the owner and to themselves."""
    c = m.campaign
    seat = await session.scalar(
        select(CampaignPlayer).where(
            CampaignPlayer.campaign_id == c.id, CampaignPlayer.number == number
        )
    )
    if seat is None:
        raise NotFound(_("Player not found."))
    rows = await session.execute(
        select(SeatHolder, User.display_name)
        .join(User, User.id == SeatHolder.user_id)
        .where(SeatHolder.campaign_id == c.id, SeatHolder.number == number)
        .order_by(SeatHolder.ordinal)
    )
    current = await session.scalar(select(User.display_name).where(User.id == seat.user_id))
    hidden = m.names_hidden

    def name(user_id: Any, display: str | None) -> str | None:
        return None if hidden and user_id != m.user.id else display

    out = [
        HolderRead(
            name=name(h.user_id, display),
            from_turn=h.from_turn,
            to_turn=h.to_turn,
            is_you=h.user_id == m.user.id,
        )
        for h, display in rows.all()
    ]
    if seat.user_id is None:
        return out  # nobody holds it now (an imported seat whose offer is unanswered)
    since = out[-1].to_turn if out else 1
    out.append(
        HolderRead(
            name=name(seat.user_id, current),
            from_turn=since or 1,
            to_turn=None,
            is_you=seat.user_id == m.user.id,
        )
    )
    return out


# ----------------------------------------------------------------------------- vacations


def _end_vacation(c: Campaign, seat: CampaignPlayer, now: datetime) -> None:
    """End a vacation now: the whole days not taken come back, and leave the deadline."""
    until = seat.vacation_until or now
    unused = max((until - now) // DAY, 0)
    seat.vacation_days_used -= unused
    seat.vacation_until = None
    if c.turn_deadline_at is not None:
        shift_deadline(c, -min(unused * DAY, max(c.turn_deadline_at - now, timedelta(0))))


def _vacation_read(c: Campaign, seat: CampaignPlayer, now: datetime) -> VacationRead:
    return VacationRead(
        until=seat.vacation_until if on_vacation(seat, now) else None,
        days_used=seat.vacation_days_used,
        days_left=max(c.settings.vacation_days - seat.vacation_days_used, 0),
        deadline_at=c.turn_deadline_at,
    )


async def start_vacation(
    session: AsyncSession, m: Membership, days: int, now: datetime
) -> VacationRead:
    """Go on vacation for whole days; the turn deadline moves back as much (R-CAMP-8)."""
    m.require_status(CampaignStatus.ACTIVE)
    seat = m.require_player()
    c = m.campaign
    if on_vacation(seat, now):
        raise Conflict(_("You are already on vacation."), code="R-CAMP-8")
    left = c.settings.vacation_days - seat.vacation_days_used
    if days > left:
        raise RuleViolation(
            "R-CAMP-8", _("Your seat has {days} day(s) of vacation left.", days=max(left, 0))
        )
    seat.vacation_days_used += days
    seat.vacation_until = now + days * DAY
    shift_deadline(c, days * DAY)
    await session.flush()
    await publish(session, c.id, AppEventKind.VACATION_STARTED, _vacation_payload(c, seat))
    return _vacation_read(c, seat, now)


async def end_vacation(session: AsyncSession, m: Membership, now: datetime) -> VacationRead:
    """Come back early: the days not taken are given back, the deadline moves forward."""
    m.require_status(CampaignStatus.ACTIVE)
    seat = m.require_player()
    c = m.campaign
    if not on_vacation(seat, now):
        raise Conflict(_("You are not on vacation."), code="R-CAMP-8")
    _end_vacation(c, seat, now)
    await session.flush()
    await publish(session, c.id, AppEventKind.VACATION_ENDED, _vacation_payload(c, seat))
    return _vacation_read(c, seat, now)


async def read_vacation(m: Membership, now: datetime) -> VacationRead:
    seat = m.require_player()
    return _vacation_read(m.campaign, seat, now)


def _vacation_payload(c: Campaign, seat: CampaignPlayer) -> dict[str, Any]:
    return {
        "player": seat.number,
        "until": seat.vacation_until.isoformat() if seat.vacation_until else None,
        "days_used": seat.vacation_days_used,
        "deadline_at": c.turn_deadline_at.isoformat() if c.turn_deadline_at else None,
    }
