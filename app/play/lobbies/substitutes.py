"""Substitutes (R-CAMP-12): users listed to take open seats, told of them as they open."""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.service import blocks_user
from app.platform.errors import NotFound
from app.platform.i18n import _
from app.play.lobbies.schemas import SubstituteRead, SubstituteWrite
from app.rules import lobby
from app.store.events.subscribers import Notice, NoticeKind, publish_notices
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, Substitute


def _read(row: Substitute) -> SubstituteRead:
    return SubstituteRead.model_validate(row, from_attributes=True)


async def put(
    session: AsyncSession, user: User, data: SubstituteWrite, now: datetime
) -> SubstituteRead:
    """List the user as a substitute, or change their listing."""
    row = await session.get(Substitute, user.id, populate_existing=True, with_for_update=True)
    if row is None:
        row = Substitute(user_id=user.id, listed_at=now)
        session.add(row)
    row.game_systems = sorted(set(data.game_systems))
    row.days_per_week = data.days_per_week
    await session.flush()
    return _read(row)


async def read(session: AsyncSession, user: User) -> SubstituteRead:
    row = await session.get(Substitute, user.id)
    if row is None:
        raise NotFound(_("You are not listed as a substitute."))
    return _read(row)


async def delete(session: AsyncSession, user: User) -> None:
    row = await session.get(Substitute, user.id)
    if row is None:
        raise NotFound(_("You are not listed as a substitute."))
    await session.delete(row)
    await session.flush()


async def tell_of_open_seats(session: AsyncSession, c: Campaign, numbers: Sequence[int]) -> None:
    """Tell the substitutes of the campaign's game system that these seats opened (R-CAMP-12),
    on their channels (inbox, email); never its members or owner, never of a private one."""
    if not numbers or not c.settings.public:
        return
    members = select(CampaignPlayer.user_id).where(
        CampaignPlayer.campaign_id == c.id, CampaignPlayer.user_id.is_not(None)
    )
    rows = await session.scalars(
        select(Substitute).where(
            Substitute.user_id != c.owner_id,
            Substitute.user_id.not_in(members),
            ~blocks_user(Substitute.user_id, c.owner_id),  # blocked the owner: not told
        )
    )
    told = [
        row.user_id
        for row in rows
        if lobby.substitute_wanted(row.game_systems, c.settings.game_system)
    ]
    open_seats = Notice(NoticeKind.SEAT_OPEN, tuple(told), {"numbers": list(numbers)})
    await publish_notices(session, c, [open_seats])
    await session.flush()
