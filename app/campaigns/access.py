"""Who may touch a campaign: membership lookup, row locking, and the typed dependencies."""

import uuid
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path
from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.dependencies import CurrentUser
from app.db.session import SessionDep
from app.errors import Conflict, Forbidden, NotFound
from app.models import User
from app.models.campaign import Campaign, CampaignPlayer, CampaignStatus


@dataclass(frozen=True)
class Membership:
    """The caller's relation to a campaign: its owner, one of its players, or both."""

    campaign: Campaign
    user: User
    player: CampaignPlayer | None

    @property
    def is_owner(self) -> bool:
        return self.campaign.owner_id == self.user.id

    def require_owner(self) -> None:
        if not self.is_owner:
            raise Forbidden("Only the campaign's owner may do this.", code="R-CAMP-1")

    def require_player(self) -> CampaignPlayer:
        if self.player is None or self.player.faction is None:
            raise Forbidden("Only a player of this campaign may do this.", code="R-CAMP-2")
        return self.player

    def require_status(self, *statuses: CampaignStatus) -> None:
        if self.campaign.status not in statuses:
            wanted = " or ".join(s.value for s in statuses)
            raise Conflict(
                f"The campaign is {self.campaign.status.value}; this needs it {wanted}.",
                code="R-CAMP-2",
            )


async def load_membership(
    session: AsyncSession, campaign_id: uuid.UUID, user: User, *, lock: bool = False
) -> Membership:
    """The caller's membership; 404 for non-members so a campaign's existence never leaks.

    With `lock`, the campaign row is locked (`FOR UPDATE`) for the rest of the transaction:
    every request that changes turn state takes this lock first, which serialises them.
    """
    # One round trip: the campaign and, if any, the caller's seat in it.
    query = (
        select(Campaign, CampaignPlayer)
        .outerjoin(
            CampaignPlayer,
            and_(CampaignPlayer.campaign_id == Campaign.id, CampaignPlayer.user_id == user.id),
        )
        .where(Campaign.id == campaign_id)
    )
    if lock:
        query = query.with_for_update(of=Campaign).execution_options(populate_existing=True)
    row = (await session.execute(query)).one_or_none()
    if row is None:
        raise NotFound("Campaign not found.")
    campaign, player = row
    membership = Membership(campaign, user, player)
    if player is None and not membership.is_owner:
        raise NotFound("Campaign not found.")
    return membership


CampaignId = Annotated[uuid.UUID, Path(description="The campaign's id.")]


async def get_membership(
    campaign_id: CampaignId, session: SessionDep, user: CurrentUser
) -> Membership:
    """Read access to the campaign in the path."""
    return await load_membership(session, campaign_id, user)


async def get_locked_membership(
    campaign_id: CampaignId, session: SessionDep, user: CurrentUser
) -> Membership:
    """Write access: the campaign row is locked until the request's transaction ends."""
    return await load_membership(session, campaign_id, user, lock=True)


MemberDep = Annotated[Membership, Depends(get_membership)]
LockedMemberDep = Annotated[Membership, Depends(get_locked_membership)]
