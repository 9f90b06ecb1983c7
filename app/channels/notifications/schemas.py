"""Webhook endpoints, their delivery log, and a user's quiet hours."""

import uuid
from datetime import datetime, time
from typing import Annotated, Any, Literal, Self
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, field_validator

from app.channels.notifications.messages import CampaignRef, NotificationKind
from app.channels.notifications.speech import said_json
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _
from app.platform.pagination import Page
from app.store.models.notification import (
    DeliveryStatus,
    EndpointFormat,
    EndpointScope,
    InboxItem,
    NotificationPreference,
    WebhookDelivery,
    WebhookEndpoint,
)

URL_FIELD = Field(
    min_length=10,
    max_length=2048,
    description="Where to post: `https://` on a public address (see "
    "docs/players/notifications.md). A Discord or Slack webhook URL for those formats.",
    examples=["https://discord.com/api/webhooks/123456789/abcdef"],
)
KINDS_FIELD = Field(
    default=None,
    min_length=1,
    max_length=len(NotificationKind),
    description="What to hear about; default: every kind the scope allows. Personal: "
    "`campaign_started`, `turn_started`, `summary_ready`, `battle_awaits_report`, "
    "`battle_awaits_confirmation`, `edict_awaits_answer`, `deadline_reminder`, "
    "`last_not_ready`, `message_received`, `campaign_ended`. Campaign: `campaign_started`, "
    "`turn_started`, `campaign_ended`.",
)


# A local wall-clock time, without an offset: `HH:MM` or `HH:MM:SS` (JSON Schema's `time` format
# is RFC 3339's, whose offset is required, so it would promise what the server refuses).
WallClock = Annotated[
    time,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?$",
            "maxLength": 15,
            "examples": ["22:00"],
        }
    ),
]


class EndpointCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: str = URL_FIELD
    scope: EndpointScope = Field(
        default=EndpointScope.PERSONAL,
        description="`personal`: what you may see, about you; `campaign` (owner only): what "
        "every player may know, for a shared channel.",
    )
    format: EndpointFormat = Field(
        default=EndpointFormat.JSON,
        description="`json` (Standard Webhooks envelope), `discord` or `slack`.",
    )
    kinds: list[NotificationKind] | None = KINDS_FIELD


class EndpointUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: str | None = Field(default=None, min_length=10, max_length=2048)
    format: EndpointFormat | None = None
    kinds: list[NotificationKind] | None = Field(
        default=None, min_length=1, max_length=len(NotificationKind)
    )
    enabled: bool | None = Field(
        default=None, description="`true` enables a disabled endpoint again."
    )


class EndpointRead(BaseModel):
    id: uuid.UUID
    scope: EndpointScope
    format: EndpointFormat
    url: str
    kinds: list[NotificationKind]
    created_at: datetime
    enabled: bool
    disabled_at: datetime | None
    disabled_reason: str | None
    consecutive_failures: int = Field(description="Failed attempts in a row.")

    @classmethod
    def of(cls, e: WebhookEndpoint) -> Self:
        return cls(
            id=e.id,
            scope=e.scope,
            format=e.format,
            url=e.url,
            kinds=[NotificationKind(k) for k in e.kinds],
            created_at=e.created_at,
            enabled=e.disabled_at is None,
            disabled_at=e.disabled_at,
            disabled_reason=e.disabled_reason,
            consecutive_failures=e.consecutive_failures,
        )


class EndpointCreated(EndpointRead):
    secret: str = Field(
        description="The signing secret (`whsec_…`, Standard Webhooks): shown this once. "
        "Verify each delivery's `webhook-signature` with it."
    )


class DeliveryRead(BaseModel):
    id: str = Field(description="The delivery's `webhook-id`, the same on every attempt.")
    kind: NotificationKind
    status: DeliveryStatus
    attempts: int
    created_at: datetime
    next_attempt_at: datetime | None = Field(description="While pending.")
    last_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    delivered_at: datetime | None

    @classmethod
    def of(cls, d: WebhookDelivery) -> Self:
        return cls(
            id=d.message_id,
            kind=NotificationKind(d.kind),
            status=d.status,
            attempts=d.attempts,
            created_at=d.created_at,
            next_attempt_at=d.next_attempt_at if d.status is DeliveryStatus.PENDING else None,
            last_attempt_at=d.last_attempt_at,
            last_status_code=d.last_status_code,
            last_error=d.last_error,
            delivered_at=d.delivered_at,
        )


class DeliveryPage(Page[DeliveryRead]):
    pass


class KindChannels(BaseModel):
    """Where one kind of notification goes."""

    model_config = ConfigDict(extra="forbid")

    inbox: Literal["on", "off"] = "on"
    email: Literal["on", "off", "digest"] = "on"
    webhook: Literal["on", "off"] = Field(default="on", description="Your personal webhooks.")
    push: Literal["on", "off"] = Field(default="on", description="Web Push, to your browsers.")


class NotificationPreferences(BaseModel):
    """Quiet hours, vacation and what you hear on each channel, in every campaign."""

    model_config = ConfigDict(extra="forbid")

    time_zone: str = Field(
        default="UTC",
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9_+\-]+(/[A-Za-z0-9_+\-]+)*$",
        description="IANA time zone of the quiet hours: a name the server's time zone "
        "database knows (`Europe/Paris`), else 422 `validation_error`.",
        examples=["Europe/Paris"],
    )
    quiet_start: WallClock | None = Field(
        default=None, description="Local time the quiet hours begin (e.g. `22:00`)."
    )
    quiet_end: WallClock | None = Field(
        default=None,
        description="Local time they end (e.g. `07:30`); notifications due meanwhile wait "
        "until then. May be earlier than `quiet_start` (overnight).",
    )
    vacation: bool = Field(
        default=False, description="While true, personal notifications are not sent (muted)."
    )
    kinds: dict[NotificationKind, KindChannels] = Field(
        default_factory=dict,
        description="Per kind of notification, each channel `on` or `off` (email: or "
        "`digest`, once a day at `digest_hour`); a kind not named is on everywhere.",
        examples=[{"turn_started": {"email": "digest"}, "message_received": {"webhook": "off"}}],
    )
    digest_hour: int = Field(
        default=8, ge=0, le=23, description="Local hour (in `time_zone`) of the email digest."
    )

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            raise ValueError(_("not an IANA time zone name (e.g. Europe/Paris)")) from None
        return value

    @field_validator("quiet_start", "quiet_end")
    @classmethod
    def _wall_clock(cls, value: time | None) -> time | None:
        if value is not None and value.tzinfo is not None:
            raise ValueError(_("a local time, without an offset"))
        return value

    @classmethod
    def of(cls, p: NotificationPreference | None) -> Self:
        if p is None:
            return cls()
        return cls(
            time_zone=p.time_zone,
            quiet_start=p.quiet_start,
            quiet_end=p.quiet_end,
            vacation=p.vacation,
            kinds={
                NotificationKind(kind): KindChannels.model_validate(channels)
                for kind, channels in (p.channels or {}).items()
                if kind in NotificationKind.__members__.values()
            },
            digest_hour=p.digest_hour,
        )

    def stored(self) -> dict[str, Any]:
        """The columns of `notification_preferences`."""
        values = self.model_dump(exclude={"kinds"})
        values["channels"] = {
            kind.value: channels.model_dump(mode="json") for kind, channels in self.kinds.items()
        }
        return values


class InboxItemRead(BaseModel):
    """One notification of your inbox: what it is about and where to look."""

    id: int = Field(description="The notification's id (mark it read with it).")
    kind: NotificationKind
    campaign: CampaignRef
    turn: int = Field(description="The campaign's turn when it was written.")
    text: str = Field(description="One sentence saying what happened.")
    link: str = Field(description="Path of the resource to look at, under this API.")
    deadline_at: datetime | None = None
    battle_id: int | None = None
    edict_id: int | None = None
    created_at: datetime
    read: bool
    read_at: datetime | None

    @classmethod
    def of(cls, item: InboxItem, language: Language = DEFAULT_LANGUAGE) -> Self:
        """The item as its reader reads it, its text in their `language`."""
        data = said_json(item.body, language)
        return cls(
            id=item.id,
            kind=data.kind,
            campaign=data.campaign,
            turn=item.turn,
            text=data.text,
            link=data.link,
            deadline_at=data.deadline_at,
            battle_id=data.battle_id,
            edict_id=data.edict_id,
            created_at=item.created_at,
            read=item.read_at is not None,
            read_at=item.read_at,
        )


class InboxPage(Page[InboxItemRead]):
    unread: int = Field(description="Your unread notifications, in all.")


class InboxMarked(BaseModel):
    marked: int = Field(description="How many were unread and are now read.")
    unread: int = Field(description="Unread notifications left (0).")


class AccountNoticeRead(BaseModel):
    """Something that happened to your account: a sign-in, a new token, a change of address."""

    id: int
    kind: Literal["new_session", "new_token", "address_changed", "address_restored"]
    text: str = Field(description="What happened, and what to do if it was not you.")
    created_at: datetime


class AccountNoticePage(Page[AccountNoticeRead]):
    """A page of account notices, newest first."""
