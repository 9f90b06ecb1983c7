"""Reports and the operators' acts, as their reporter and the operators read them."""

import enum
import uuid
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.platform.db.ids import PUBLIC_ID_HIGH
from app.platform.fields import BodyText, NameText
from app.platform.pagination import Page
from app.store.models import ReportKind

Reason = BodyText


class _Report(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: Reason = Field(min_length=1, max_length=2000)


class MessageReport(_Report):
    """A message of your mailbox (sent or received)."""

    kind: Literal[ReportKind.MESSAGE]
    campaign_id: uuid.UUID
    message_id: int = Field(ge=1, le=PUBLIC_ID_HIGH - 1)


class UserReport(_Report):
    """A user, by username (not yourself)."""

    kind: Literal[ReportKind.USER]
    username: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")


class CampaignReport(_Report):
    """A campaign's name: one you are a member of, or a public one."""

    kind: Literal[ReportKind.CAMPAIGN]
    campaign_id: uuid.UUID


class ArmyListReport(_Report):
    """An army list you may read (R-FOG-4)."""

    kind: Literal[ReportKind.ARMY_LIST]
    campaign_id: uuid.UUID
    army_id: int = Field(ge=1, le=2**31 - 1)


AbuseReportCreate = Annotated[
    MessageReport | UserReport | CampaignReport | ArmyListReport, Field(discriminator="kind")
]


class AbuseReportReceipt(BaseModel):
    """Your report, received: the operators will read it. Nothing of whom it is about."""

    id: uuid.UUID
    kind: ReportKind
    created_at: datetime


class AbuseReportRead(BaseModel):
    """A report as an operator reads it: the reported item as its reporter saw it, and whom it
    is about; never anything else of its campaign."""

    id: uuid.UUID
    kind: ReportKind
    reason: str
    reporter: str | None = Field(description="The reporter's username (None: account deleted).")
    reported_user: str | None = Field(
        description="The user it is about: the reported user, a message's sender, an army "
        "list's holder or a campaign's owner (None: unknown or deleted)."
    )
    reported_user_suspended: bool
    campaign_id: uuid.UUID | None
    campaign_name: str | None = Field(description="The campaign's name now.")
    message_id: int | None
    message_hidden: bool | None = Field(description="For a message: hidden by an operator.")
    army_id: int | None
    excerpt: str = Field(description="The reported item as its reporter saw it.")
    created_at: datetime
    resolved_at: datetime | None


class AbuseReportPage(Page[AbuseReportRead]):
    pass


class ModerationReason(BaseModel):
    """Why an operator acts: recorded in the audit log."""

    model_config = ConfigDict(extra="forbid")

    reason: Reason = Field(min_length=1, max_length=2000)


class CampaignRename(ModerationReason):
    name: NameText = Field(min_length=1, max_length=80)


class ModeratedUser(BaseModel):
    username: str
    suspended_at: datetime | None


class AuditAction(enum.StrEnum):
    SUSPEND = "suspend"
    REINSTATE = "reinstate"
    HIDE_MESSAGE = "hide_message"
    RENAME_CAMPAIGN = "rename_campaign"
    RESOLVE_REPORT = "resolve_report"


class AuditEntry(BaseModel):
    """One operator's act: who, when, what, on what, and why."""

    id: uuid.UUID
    operator: str
    action: AuditAction
    subject: str = Field(description="Whom or what it acted on (a username, a campaign, …).")
    report_id: uuid.UUID | None
    reason: str
    at: datetime


class AuditPage(Page[AuditEntry]):
    pass
