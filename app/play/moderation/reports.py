"""Reports (a message, a user, a campaign's name, an army list), each checked as its reporter
sees it: an item they may not see is "not found", the same answer as an id that names nothing.

The report keeps the item as its reporter saw it (`excerpt`) and whom it is about, so that an
operator reads that and nothing else of the campaign (R-FOG).
"""

import uuid

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.service import user_named
from app.platform.errors import AppError, NotFound
from app.platform.i18n import _
from app.play.campaigns.access import Membership, load_membership
from app.play.messages.service import readable_message
from app.play.moderation.schemas import (
    AbuseReportCreate,
    AbuseReportReceipt,
    CampaignReport,
    MessageReport,
    UserReport,
)
from app.play.rosters.service import read_roster
from app.store.models import Campaign, CampaignPlayer, Report, User

_NO_CAMPAIGN = _("Campaign not found.")


async def _holder(session: AsyncSession, campaign_id: uuid.UUID, number: int) -> uuid.UUID | None:
    holder: uuid.UUID | None = await session.scalar(
        select(CampaignPlayer.user_id).where(
            CampaignPlayer.campaign_id == campaign_id, CampaignPlayer.number == number
        )
    )
    return holder


async def _member(session: AsyncSession, campaign_id: uuid.UUID, user: User) -> Membership:
    return await load_membership(session, campaign_id, user)


async def _reportable_campaign(
    session: AsyncSession, campaign_id: uuid.UUID, user: User
) -> Campaign:
    """A campaign the user plays or owns, or a public one (listed among the lobbies)."""
    try:
        return (await _member(session, campaign_id, user)).campaign
    except NotFound:
        c = await session.get(Campaign, campaign_id)
        if c is None or not c.settings.public:
            raise
        return c


async def report(session: AsyncSession, user: User, data: AbuseReportCreate) -> AbuseReportReceipt:
    """Store a report of an item the user may see (else 404, as for an unknown id)."""
    row = Report(id=uuid.uuid4(), reporter_id=user.id, kind=data.kind, reason=data.reason)
    if isinstance(data, UserReport):
        reported = await user_named(session, data.username)
        if reported.id == user.id:
            raise AppError(
                _("You cannot report yourself."), status=422, code="self_listed", title=_("Refused")
            )
        row.reported_id, row.excerpt = reported.id, reported.username
    elif isinstance(data, CampaignReport):
        c = await _reportable_campaign(session, data.campaign_id, user)
        row.reported_campaign, row.reported_id, row.excerpt = c.id, c.owner_id, c.name
    elif isinstance(data, MessageReport):
        m = await _member(session, data.campaign_id, user)
        message = await readable_message(session, m, data.message_id)
        row.reported_campaign, row.message_id, row.excerpt = (
            m.campaign.id,
            message.public_id,
            message.body,
        )
        row.reported_id = await _holder(session, m.campaign.id, message.sender)
    else:
        m = await _member(session, data.campaign_id, user)
        roster = await read_roster(session, m, data.army_id)
        units = "\n".join(u.name for u in roster.units)
        row.reported_campaign, row.army_id = m.campaign.id, roster.army_id
        row.excerpt = f"{roster.name}\n{units}".strip()
        row.reported_id = await _holder(session, m.campaign.id, roster.owner)
    session.add(row)
    await session.flush()
    return AbuseReportReceipt(id=row.id, kind=row.kind, created_at=row.created_at)
