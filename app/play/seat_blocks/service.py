"""Blocking a seat's holder within one campaign (issue 44).

A player knows a seat ("Player B" under anonymity), not the user who holds it, so a block made
from the campaign names the seat and is kept to the campaign (`CampaignBlock`): it is never
listed with the user's blocks by username, and nothing outside the campaign changes (a block
that followed the user to other campaigns would tell who sat behind the seat). For the same
reason it ends when the holder gives the seat up (`holder_left`): it never follows them to
another seat of the campaign.
"""

import uuid
from collections.abc import Collection

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.service import SELF_LISTED
from app.platform.db.base import utcnow
from app.platform.errors import AppError, Conflict, NotFound
from app.platform.i18n import _
from app.play.campaigns.access import Membership
from app.store.models import CampaignBlock, CampaignPlayer


async def _holder(session: AsyncSession, m: Membership, number: int) -> uuid.UUID:
    """The user who holds seat `number` (every member may know that it is held: the seats'
    list says vacant and bot seats); 404 for no such seat, 422 for the caller's own, 409 for an
    unheld one."""
    seat = await session.scalar(
        select(CampaignPlayer).where(
            CampaignPlayer.campaign_id == m.campaign.id, CampaignPlayer.number == number
        )
    )
    if seat is None:
        raise NotFound(_("No player number {number} in this campaign.", number=number))
    if seat.user_id == m.user.id:
        raise AppError(
            _("You cannot list yourself."), status=422, code=SELF_LISTED, title=_("Refused")
        )
    if seat.user_id is None:
        raise Conflict(_("Nobody holds this seat."))
    return seat.user_id


async def block_seat(session: AsyncSession, m: Membership, number: int) -> None:
    blocked = await _holder(session, m, number)
    values = {
        "campaign_id": m.campaign.id,
        "user_id": m.user.id,
        "blocked_id": blocked,
        "created_at": utcnow(),
    }
    await session.execute(insert(CampaignBlock).values(values).on_conflict_do_nothing())


async def unblock_seat(session: AsyncSession, m: Membership, number: int) -> None:
    """Undo it; a seat not blocked is answered the same (the seat's list says which are)."""
    blocked = await _holder(session, m, number)
    await session.execute(
        delete(CampaignBlock).where(
            CampaignBlock.campaign_id == m.campaign.id,
            CampaignBlock.user_id == m.user.id,
            CampaignBlock.blocked_id == blocked,
        )
    )


async def holder_left(session: AsyncSession, campaign_id: uuid.UUID, holder: uuid.UUID) -> None:
    """A seat's holder gave it up: every block of them in this campaign ends. A block is of
    the seat's holder while they hold it; one that followed them to another seat of the
    campaign would mark that seat blocked and tell the blocker who plays it (R-CAMP-5)."""
    await session.execute(
        delete(CampaignBlock).where(
            CampaignBlock.campaign_id == campaign_id, CampaignBlock.blocked_id == holder
        )
    )


async def blockers_here(
    session: AsyncSession, campaign_id: uuid.UUID, blocked: uuid.UUID, users: Collection[uuid.UUID]
) -> set[uuid.UUID]:
    """Which of `users` blocked `blocked` in this campaign (one query, whatever their number;
    run even for none, so a sender's work never depends on who blocked them)."""
    rows = await session.scalars(
        select(CampaignBlock.user_id).where(
            CampaignBlock.campaign_id == campaign_id,
            CampaignBlock.blocked_id == blocked,
            CampaignBlock.user_id.in_(list(users)),
        )
    )
    return set(rows)
