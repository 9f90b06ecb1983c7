"""Seat offers (R-CAMP-6, R-CAMP-9): nobody is made a member of a campaign without accepting.

An import names a user for each seat, a handover names the seat's next holder: both only offer
the seat (`app.play.seats.service.make_offer`). The user asked sees the offer in their list and
accepts it (the seat is theirs, as it stands) or declines it (it goes back to its maker, the
campaign's owner: a handed seat stays with its holder, an imported one stays vacant, in the
lobby its place is free again). Until then they are no member: every membership is found by
`campaign_players.user_id`, which the offer does not touch.

Answers race each other, the turn change and the owner's acts: each takes the campaign lock
first, then reads the offer and the seat (lock first, then read), so exactly one answer wins
and it sees the seat as the last writer left it.
"""

import uuid
from datetime import datetime

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from app.accounts.moderation.service import blocks_user
from app.platform.errors import Conflict, NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate_rows
from app.play.campaigns import service as campaigns
from app.play.campaigns.access import Membership, lock_campaign
from app.play.campaigns.schemas import CampaignRead
from app.play.seats.schemas import OfferedSeat, OfferedSeatPage, SeatOfferRead
from app.play.seats.service import give_seat
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models import User
from app.store.models.campaign import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    SeatOffer,
    SeatOfferOrigin,
)

_GONE = _("Seat offer not found.")


async def list_offered_to(session: AsyncSession, user: User, page: PageParams) -> OfferedSeatPage:
    """The seats offered to `user`, awaiting their answer, newest first."""
    maker = aliased(User, name="maker")
    query = (
        select(SeatOffer, Campaign, CampaignPlayer.faction, maker.display_name)
        .join(Campaign, Campaign.id == SeatOffer.campaign_id)
        .join(
            CampaignPlayer,
            (CampaignPlayer.campaign_id == SeatOffer.campaign_id)
            & (CampaignPlayer.number == SeatOffer.number),
        )
        .join(maker, maker.id == SeatOffer.made_by)
        .where(
            SeatOffer.user_id == user.id, _answerable(), ~blocks_user(user.id, SeatOffer.made_by)
        )
        .order_by(SeatOffer.made_at.desc(), SeatOffer.id)
    )
    rows, total = await paginate_rows(session, query, page)
    items = [
        OfferedSeat(
            id=offer.id,
            campaign_id=c.id,
            campaign_name=c.name,
            campaign_status=c.status,
            turn=c.turn,
            number=offer.number,
            faction=faction,
            offered_by=made_by,
            origin=offer.origin,
            made_at=offer.made_at,
        )
        for offer, c, faction, made_by in rows
    ]
    return OfferedSeatPage.of(items, total, page)


def _answerable() -> ColumnElement[bool]:
    """Seats are handed over while the campaign is active (R-CAMP-6): a handover's offer left
    unanswered when it ended is void. An imported seat may be taken whatever the status (a
    finished copy's players read its standings)."""
    return or_(SeatOffer.origin == SeatOfferOrigin.IMPORT, Campaign.status == CampaignStatus.ACTIVE)


async def list_campaign_offers(session: AsyncSession, m: Membership) -> list[SeatOfferRead]:
    """The campaign's pending offers, for their maker: the owner."""
    m.require_owner()
    rows = await session.execute(
        select(SeatOffer, User.username)
        .join(User, User.id == SeatOffer.user_id)
        .where(SeatOffer.campaign_id == m.campaign.id)
        .order_by(SeatOffer.number)
    )
    return [_read(offer, username) for offer, username in rows.all()]


def _read(offer: SeatOffer, username: str) -> SeatOfferRead:
    return SeatOfferRead(
        id=offer.id,
        number=offer.number,
        username=username,
        origin=offer.origin,
        made_at=offer.made_at,
    )


async def read_offer(session: AsyncSession, offer: SeatOffer) -> SeatOfferRead:
    username = await session.scalar(select(User.username).where(User.id == offer.user_id))
    return _read(offer, username or "")


async def _locked_offer(
    session: AsyncSession, user: User, offer_id: uuid.UUID
) -> tuple[Campaign, SeatOffer, CampaignPlayer]:
    """The user's offer, its campaign locked and both read after the lock; 404 if it is not
    theirs or no longer pending (answered, withdrawn: the same answer, it tells nothing)."""
    campaign_id = await session.scalar(
        select(SeatOffer.campaign_id).where(SeatOffer.id == offer_id, SeatOffer.user_id == user.id)
    )
    if campaign_id is None:
        raise NotFound(_GONE)
    campaign = await lock_campaign(session, campaign_id)
    # Read again after the lock: a concurrent answer, withdrawal or handover may have won.
    offer = await session.scalar(
        select(SeatOffer)
        .where(
            SeatOffer.campaign_id == campaign_id,
            SeatOffer.id == offer_id,
            SeatOffer.user_id == user.id,
        )
        .execution_options(populate_existing=True)
    )
    if campaign is None or offer is None:
        raise NotFound(_GONE)
    seat = await session.scalar(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == campaign_id, CampaignPlayer.number == offer.number)
        .execution_options(populate_existing=True)
    )
    if seat is None:  # the foreign key cascades: an offer never outlives its seat
        raise NotFound(_GONE)
    return campaign, offer, seat


async def accept(
    session: AsyncSession, user: User, offer_id: uuid.UUID, now: datetime
) -> CampaignRead:
    """Take the seat offered: from now on the user holds it and is a member (R-CAMP-6)."""
    c, offer, seat = await _locked_offer(session, user, offer_id)
    if offer.origin is SeatOfferOrigin.HANDOVER and c.status is not CampaignStatus.ACTIVE:
        raise Conflict(
            _("The campaign is over: its seats are not handed over any more."), code="R-CAMP-6"
        )
    held = await session.scalar(
        select(func.count()).where(
            CampaignPlayer.campaign_id == c.id, CampaignPlayer.user_id == user.id
        )
    )
    if held:  # joined the lobby with the invite code meanwhile: a user takes one seat
        raise Conflict(_("You already hold a seat in this campaign."), code="R-CAMP-6")
    await session.delete(offer)
    await give_seat(session, c, seat, user.id, now)
    return await campaigns.read_model(session, Membership(c, user, seat))


async def decline(session: AsyncSession, user: User, offer_id: uuid.UUID) -> None:
    """Refuse the seat offered: it goes back to the offer's maker (R-CAMP-6)."""
    c, offer, seat = await _locked_offer(session, user, offer_id)
    await _drop(session, c, offer, seat)


async def withdraw(session: AsyncSession, m: Membership, offer_id: uuid.UUID) -> None:
    """The owner takes an offer back before it is answered (under the campaign lock)."""
    m.require_owner()
    c = m.campaign
    offer = await session.scalar(
        select(SeatOffer)
        .where(SeatOffer.campaign_id == c.id, SeatOffer.id == offer_id)
        .execution_options(populate_existing=True)
    )
    if offer is None:
        raise NotFound(_GONE)
    seat = await session.scalar(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == c.id, CampaignPlayer.number == offer.number)
        .execution_options(populate_existing=True)
    )
    if seat is None:
        raise NotFound(_GONE)
    await session.delete(offer)
    await session.flush()
    await _free_lobby_place(session, c, seat)


async def _drop(session: AsyncSession, c: Campaign, offer: SeatOffer, seat: CampaignPlayer) -> None:
    """A declined offer: gone, and its maker (and the seat's holder, if any) told."""
    await session.delete(offer)
    await session.flush()
    audience = await _maker_audience(session, c)
    if seat.user_id is not None:
        audience.append(seat.number)  # the holder whose seat was handed keeps it
    vacated = await _free_lobby_place(session, c, seat)
    payload = {"player": seat.number, "seat_removed": vacated}
    await publish(session, c.id, AppEventKind.SEAT_OFFER_DECLINED, payload, audience)


async def _free_lobby_place(session: AsyncSession, c: Campaign, seat: CampaignPlayer) -> bool:
    """In the lobby a seat nobody took is removed: its place is free for the invite code, as
    when a player leaves the lobby (R-CAMP-2). Elsewhere it stays, vacant, for the owner to
    offer again (a handover)."""
    if seat.user_id is not None or c.status is not CampaignStatus.LOBBY:
        return False
    await session.delete(seat)
    await session.flush()
    return True


async def _maker_audience(session: AsyncSession, c: Campaign) -> list[int]:
    """The owner as an event's audience: their seat, or none (the game master sees it)."""
    owner_seat = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == c.id, CampaignPlayer.user_id == c.owner_id
        )
    )
    return [] if owner_seat is None else [owner_seat]
