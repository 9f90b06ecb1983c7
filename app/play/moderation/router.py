"""Reports by users (`moderation`) and the operators' API (`operators`).

The operators' API answers anyone but an operator exactly as a path that does not exist.
"""

import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Query, status

from app.accounts.auth.dependencies import CurrentUser
from app.accounts.moderation.operators import OperatorDep
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.moderation import operators, reports
from app.play.moderation.schemas import (
    AbuseReportCreate,
    AbuseReportPage,
    AbuseReportRead,
    AbuseReportReceipt,
    AuditPage,
    CampaignRename,
    ModeratedUser,
    ModerationReason,
)

router = APIRouter(tags=["moderation"], responses=PROBLEM_RESPONSES)


@router.post("/reports", status_code=status.HTTP_201_CREATED)
async def report(
    data: AbuseReportCreate, session: SessionDep, user: CurrentUser
) -> AbuseReportReceipt:
    """Report a message, a user, a campaign's name or an army list to the server's operators,
    with a reason. An item you may not see is 404, as an unknown id."""
    return await reports.report(session, user, data)


operator_router = APIRouter(prefix="/operator", tags=["operators"], responses=PROBLEM_RESPONSES)

ReportId = Annotated[uuid.UUID, Path(description="The report's id.")]
Username = Annotated[
    str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$", description="A username.")
]


@operator_router.get("/reports")
async def list_reports(
    session: SessionDep,
    operator: OperatorDep,
    page: PageDep,
    open_only: Annotated[
        bool, Query(alias="open", description="Only the open ones, oldest first.")
    ] = True,
) -> AbuseReportPage:
    """The users' reports, each with its item as its reporter saw it (operators only)."""
    return await operators.list_reports(session, page, open_only=open_only)


@operator_router.get("/reports/{report_id}")
async def read_report(
    report_id: ReportId, session: SessionDep, operator: OperatorDep
) -> AbuseReportRead:
    """One report (operators only)."""
    return await operators.read_report(session, report_id)


@operator_router.post("/reports/{report_id}/resolve")
async def resolve_report(
    report_id: ReportId, data: ModerationReason, session: SessionDep, operator: OperatorDep
) -> AbuseReportRead:
    """Close a report, saying why (operators only; recorded in the audit log)."""
    return await operators.resolve(session, operator, report_id, data)


@operator_router.post("/reports/{report_id}/hide-message")
async def hide_reported_message(
    report_id: ReportId, data: ModerationReason, session: SessionDep, operator: OperatorDep
) -> AbuseReportRead:
    """Hide the message a report is about from every mailbox (operators only; audited)."""
    return await operators.hide_message(session, operator, report_id, data)


@operator_router.post("/users/{username}/suspend")
async def suspend_user(
    username: Username, data: ModerationReason, session: SessionDep, operator: OperatorDep
) -> ModeratedUser:
    """Suspend a user: their tokens are revoked and their event streams end at once, they
    cannot sign in, their seats fall into civil disorder (operators only; audited, R-CAMP-10)."""
    return await operators.suspend(session, operator, username, data)


@operator_router.post("/users/{username}/reinstate")
async def reinstate_user(
    username: Username, data: ModerationReason, session: SessionDep, operator: OperatorDep
) -> ModeratedUser:
    """Let a suspended user sign in again (operators only; audited)."""
    return await operators.reinstate(session, operator, username, data)


@operator_router.post("/campaigns/{campaign_id}/rename", status_code=status.HTTP_204_NO_CONTENT)
async def rename_campaign(
    campaign_id: Annotated[uuid.UUID, Path(description="The campaign's id.")],
    data: CampaignRename,
    session: SessionDep,
    operator: OperatorDep,
) -> None:
    """Give a campaign another name (operators only; audited). Nothing else of it is read."""
    await operators.rename_campaign(session, operator, campaign_id, data)


@operator_router.get("/audit")
async def read_audit_log(session: SessionDep, operator: OperatorDep, page: PageDep) -> AuditPage:
    """Every operator's act: who, when, what and why, newest first (operators only)."""
    return await operators.audit(session, page)
