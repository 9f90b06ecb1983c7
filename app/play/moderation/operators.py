"""What operators do: read reports, suspend and reinstate users, hide a reported message,
rename a campaign; each act recorded in the audit log (who, when, what, why).

An operator is no member of any campaign: they read a report's item as its reporter saw it and
whom it is about, never the rest of the campaign (its map, armies, other messages: 404 as for
anyone). A suspended user's tokens are revoked and their streams end at once
(app.accounts.moderation.operators); their seats fall into civil disorder (R-CAMP-10).
"""

import uuid

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from app.accounts.moderation import operators
from app.accounts.moderation.service import user_named
from app.platform.db.base import utcnow
from app.platform.errors import Conflict, NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate, paginate_rows
from app.play.campaigns.access import lock_campaign
from app.play.campaigns.disorder import fall_into_disorder
from app.play.lobbies import substitutes
from app.play.moderation.schemas import (
    AbuseReportPage,
    AbuseReportRead,
    AuditAction,
    AuditEntry,
    AuditPage,
    CampaignRename,
    ModeratedUser,
    ModerationReason,
)
from app.store.models import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    Message,
    ModerationAction,
    Report,
    ReportKind,
    User,
)

_NO_REPORT = _("Report not found.")


async def _record(
    session: AsyncSession,
    operator: User,
    action: AuditAction,
    subject: str,
    why: ModerationReason,
    report_id: uuid.UUID | None = None,
) -> None:
    session.add(
        ModerationAction(
            id=uuid.uuid4(),
            operator_id=operator.id,
            operator_name=operator.username,
            action=action,
            subject=subject,
            report_id=report_id,
            reason=why.reason,
            at=utcnow(),
        )
    )
    await session.flush()


# ------------------------------------------------------------------------------- reports


def _reports() -> Select[Report, str, User, str, Message]:
    reporter, reported = aliased(User, name="reporter"), aliased(User, name="reported")
    return (
        select(Report, reporter.username, reported, Campaign.name, Message)
        .outerjoin(reporter, reporter.id == Report.reporter_id)
        .outerjoin(reported, reported.id == Report.reported_id)
        .outerjoin(Campaign, Campaign.id == Report.reported_campaign)
        .outerjoin(
            Message,
            (Message.campaign_id == Report.reported_campaign)
            & (Message.public_id == Report.message_id),
        )
    )


def _read(
    row: Report, reporter: str | None, reported: User | None, name: str | None, m: Message | None
) -> AbuseReportRead:
    return AbuseReportRead(
        id=row.id,
        kind=row.kind,
        reason=row.reason,
        reporter=reporter,
        reported_user=reported.username if reported else None,
        reported_user_suspended=bool(reported and reported.suspended_at),
        campaign_id=row.reported_campaign,
        campaign_name=name,
        message_id=row.message_id,
        message_hidden=None if row.kind is not ReportKind.MESSAGE else bool(m and m.hidden_at),
        army_id=row.army_id,
        excerpt=row.excerpt,
        created_at=row.created_at,
        resolved_at=row.resolved_at,
    )


async def list_reports(
    session: AsyncSession, page: PageParams, *, open_only: bool
) -> AbuseReportPage:
    """The reports, oldest open first (or all, newest first)."""
    query = _reports()
    if open_only:
        query = query.where(Report.resolved_at.is_(None)).order_by(Report.created_at, Report.id)
    else:
        query = query.order_by(Report.created_at.desc(), Report.id)
    rows, total = await paginate_rows(session, query, page)
    return AbuseReportPage.of([_read(*row) for row in rows], total, page)


async def read_report(session: AsyncSession, report_id: uuid.UUID) -> AbuseReportRead:
    row = (await session.execute(_reports().where(Report.id == report_id))).one_or_none()
    if row is None:
        raise NotFound(_NO_REPORT)
    return _read(*row)


async def _report(session: AsyncSession, report_id: uuid.UUID) -> Report:
    row = await session.get(Report, report_id, with_for_update=True, populate_existing=True)
    if row is None:
        raise NotFound(_NO_REPORT)
    return row


async def resolve(
    session: AsyncSession, operator: User, report_id: uuid.UUID, why: ModerationReason
) -> AbuseReportRead:
    """Close a report (acted on, or nothing to do)."""
    row = await _report(session, report_id)
    if row.resolved_at is None:
        row.resolved_at = utcnow()
    await _record(session, operator, AuditAction.RESOLVE_REPORT, f"report {row.id}", why, row.id)
    return await read_report(session, report_id)


async def hide_message(
    session: AsyncSession, operator: User, report_id: uuid.UUID, why: ModerationReason
) -> AbuseReportRead:
    """Hide the message a report is about: it leaves every mailbox."""
    row = await _report(session, report_id)
    if row.kind is not ReportKind.MESSAGE or row.reported_campaign is None:
        raise Conflict(_("This report is not about a message."))
    message = await session.scalar(
        select(Message).where(
            Message.campaign_id == row.reported_campaign, Message.public_id == row.message_id
        )
    )
    if message is None:
        raise NotFound(_("Message not found."))
    if message.hidden_at is None:
        message.hidden_at = utcnow()
    subject = f"message {row.message_id} of campaign {row.reported_campaign}"
    await _record(session, operator, AuditAction.HIDE_MESSAGE, subject, why, row.id)
    return await read_report(session, report_id)


# --------------------------------------------------------------------------------- users


def _moderated(user: User) -> ModeratedUser:
    return ModeratedUser(username=user.username, suspended_at=user.suspended_at)


async def suspend(
    session: AsyncSession, operator: User, username: str, why: ModerationReason
) -> ModeratedUser:
    """Suspend a user: their tokens are revoked and their streams end at once, they cannot
    sign in, and the seats they hold in running campaigns fall into civil disorder
    (R-CAMP-10), open to substitutes where the campaign is public (R-CAMP-12)."""
    user = await user_named(session, username)
    if user.id == operator.id:
        raise Conflict(_("You cannot suspend yourself."))
    if user.suspended_at is None:
        await operators.suspend(session, user)
        await _seats_to_disorder(session, user)
    await _record(session, operator, AuditAction.SUSPEND, user.username, why)
    return _moderated(user)


async def _seats_to_disorder(session: AsyncSession, user: User) -> None:
    held = await session.scalars(
        select(CampaignPlayer.campaign_id)
        .join(Campaign, Campaign.id == CampaignPlayer.campaign_id)
        .where(CampaignPlayer.user_id == user.id, Campaign.status == CampaignStatus.ACTIVE)
        .order_by(CampaignPlayer.campaign_id)  # one order for every locker: no deadlock
    )
    for campaign_id in list(held):
        c = await lock_campaign(session, campaign_id)
        if c is None or c.status is not CampaignStatus.ACTIVE:
            continue
        seats = list(
            await session.scalars(
                select(CampaignPlayer)
                .where(
                    CampaignPlayer.campaign_id == campaign_id,
                    CampaignPlayer.user_id == user.id,
                    CampaignPlayer.faction.is_not(None),
                    CampaignPlayer.civil_disorder.is_(False),
                )
                .execution_options(populate_existing=True)
            )
        )
        await fall_into_disorder(session, c, seats)
        await substitutes.tell_of_open_seats(session, c, [s.number for s in seats])


async def reinstate(
    session: AsyncSession, operator: User, username: str, why: ModerationReason
) -> ModeratedUser:
    """They may sign in again; their seats come back out of civil disorder as they act."""
    user = await user_named(session, username)
    await operators.reinstate(session, user)
    await _record(session, operator, AuditAction.REINSTATE, user.username, why)
    return _moderated(user)


# ----------------------------------------------------------------------------- campaigns


async def rename_campaign(
    session: AsyncSession, operator: User, campaign_id: uuid.UUID, data: CampaignRename
) -> None:
    """Give a campaign another name (an offensive one reported); nothing else changes."""
    c = await lock_campaign(session, campaign_id)
    if c is None:
        raise NotFound(_("Campaign not found."))
    subject = f"campaign {c.id}: {c.name!r} -> {data.name!r}"
    c.name = data.name
    await session.flush()
    await _record(session, operator, AuditAction.RENAME_CAMPAIGN, subject, data)


# --------------------------------------------------------------------------------- audit


async def audit(session: AsyncSession, page: PageParams) -> AuditPage:
    """Every operator's act, newest first."""
    query = select(ModerationAction).order_by(ModerationAction.at.desc(), ModerationAction.id)
    rows, total = await paginate(session, query, page)
    items = [
        AuditEntry(
            id=a.id,
            operator=a.operator_name,
            action=AuditAction(a.action),
            subject=a.subject,
            report_id=a.report_id,
            reason=a.reason,
            at=a.at,
        )
        for a in rows
    ]
    return AuditPage.of(items, total, page)
