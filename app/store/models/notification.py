"""Notifications (issue 15): webhook endpoints, the outbox of deliveries on every channel,
reminders sent, and each user's quiet hours.

Endpoints belong to a campaign (`campaign_id` leads their primary keys): a personal endpoint
is registered by a member for one campaign, a campaign endpoint by its owner. Deliveries and
preferences are the user's own, across campaigns.
"""

import enum
import uuid
from datetime import datetime, time

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Enum,
    ForeignKey,
    Identity,
    Index,
    String,
    Text,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column, synonym

from app.platform.db.base import Base, utcnow


def str_enum(cls: type[enum.StrEnum], length: int = 16) -> Enum:
    """Stored as the member's value in a VARCHAR (no database enum type to migrate)."""
    return Enum(
        cls, native_enum=False, length=length, values_callable=lambda e: [m.value for m in e]
    )


class EndpointScope(enum.StrEnum):
    PERSONAL = "personal"  # the registering member's own view
    CAMPAIGN = "campaign"  # the owner's; only what every player may know


class EndpointFormat(enum.StrEnum):
    JSON = "json"  # Standard Webhooks envelope: {"type", "timestamp", "data"}
    DISCORD = "discord"  # Discord's execute-webhook body: content + embeds
    SLACK = "slack"  # Slack's incoming-webhook body: text + blocks


class DeliveryStatus(enum.StrEnum):
    PENDING = "pending"  # waiting for its (next) attempt
    DELIVERED = "delivered"  # a 2xx answer
    FAILED = "failed"  # given up: too many attempts, or its endpoint was disabled
    MUTED = "muted"  # its user is on vacation: never sent


class WebhookEndpoint(Base):
    """Where a member wants to hear about a campaign, in which format, about what."""

    __tablename__ = "webhook_endpoints"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    scope: Mapped[EndpointScope] = mapped_column(str_enum(EndpointScope))
    format: Mapped[EndpointFormat] = mapped_column(str_enum(EndpointFormat))
    url: Mapped[str] = mapped_column(String(2048))
    kinds: Mapped[list[str]] = mapped_column(ARRAY(String(40)))
    # The Standard Webhooks signing secret (`whsec_…`), shown once at creation. Stored as is:
    # signing needs it (docs/players/notifications.md).
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Failed attempts in a row; a success resets it. At the limit the endpoint is disabled.
    consecutive_failures: Mapped[int] = mapped_column(default=0)
    disabled_at: Mapped[datetime | None]
    disabled_reason: Mapped[str | None] = mapped_column(String(300))


class DeliveryChannel(enum.StrEnum):
    """The outbound channels of a notification, one `Delivery` row per message on any of them."""

    EMAIL = "email"  # to a user's confirmed address, by SMTP
    WEBHOOK = "webhook"  # posted to an endpoint, signed (Standard Webhooks)
    PUSH = "push"  # to a browser's push subscription (Web Push)


class Delivery(Base):
    """One message on one channel: the outbox row, then its delivery log (issue 43: one record
    type for every outbound channel, one claim/build/send/record loop shape).

    Written in the transaction of the change it tells of, claimed, built, sent and recorded
    alone by its channel's worker, retried with backoff, given up after the retry policy's
    attempts. Global (a user's, like their address): a webhook's campaign and endpoint are
    named, not referenced (a global table never references a campaign's, docs/scaling.md),
    so deleting an endpoint deletes its deliveries itself. `channel` says which of the
    per-channel columns are set (`EmailDelivery`, `WebhookDelivery` map them).
    """

    __tablename__ = "deliveries"
    __table_args__ = (
        Index("ix_deliveries_due", "channel", "status", "next_attempt_at"),
        # The collapse window: a user's latest deliveries about one subject.
        Index("ix_deliveries_collapse", "user_id", "collapse_key", "created_at"),
        CheckConstraint(
            "channel <> 'email' OR (address IS NOT NULL AND subject IS NOT NULL"
            " AND unsubscribe_token_hash IS NOT NULL)",
            name="email_columns",
        ),
        CheckConstraint(
            "channel <> 'webhook' OR (endpoint_campaign_id IS NOT NULL"
            " AND endpoint_id IS NOT NULL AND message_id IS NOT NULL)",
            name="webhook_columns",
        ),
        CheckConstraint("channel <> 'push' OR subscription_id IS NOT NULL", name="push_columns"),
    )
    __mapper_args__ = {"polymorphic_on": "channel"}

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    channel: Mapped[DeliveryChannel] = mapped_column(str_enum(DeliveryChannel))
    # Whose it is: the address's, the endpoint's or the subscription's owner.
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    # What the channel's builder reads on every attempt (JSON text): a webhook's exact posted
    # data, an email's payload (blanked once finished: it may hold a link's secret).
    body: Mapped[str] = mapped_column(Text)
    # What a notification is about (`{campaign id}:{kind}:{subject}`): at most one per user
    # and channel target within `app.channels.notifications.email.COLLAPSE_WINDOW`.
    collapse_key: Mapped[str | None] = mapped_column(String(120))
    status: Mapped[DeliveryStatus] = mapped_column(
        str_enum(DeliveryStatus), default=DeliveryStatus.PENDING
    )
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_attempt_at: Mapped[datetime | None]
    last_status_code: Mapped[int | None]
    last_error: Mapped[str | None] = mapped_column(String(300))
    delivered_at: Mapped[datetime | None]


class WebhookDelivery(Delivery):
    """One message to one endpoint. `message_id` is the `webhook-id` header, the same on
    every attempt, so receivers can drop repeats; `body` holds the exact bytes posted."""

    __mapper_args__ = {"polymorphic_identity": DeliveryChannel.WEBHOOK}

    endpoint_campaign_id: Mapped[uuid.UUID] = mapped_column(nullable=True)
    endpoint_id: Mapped[uuid.UUID] = mapped_column(nullable=True)
    message_id: Mapped[str] = mapped_column(String(40), nullable=True)

    # The endpoint's campaign, as the worker and the delivery log name it.
    campaign_id: Mapped[uuid.UUID] = synonym("endpoint_campaign_id")


# An endpoint's delivery log (its columns are declared by the webhook rows' mapping).
Index("ix_deliveries_endpoint", WebhookDelivery.endpoint_id, WebhookDelivery.id)


class NotificationReminder(Base):
    """A reminder sent before one deadline (the key keeps it to once per deadline)."""

    __tablename__ = "notification_reminders"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    turn: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # "turn" or "battle"
    deadline_at: Mapped[datetime] = mapped_column(primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(default=utcnow)


class NotificationPreference(Base):
    """A user's quiet hours (in their own time zone) and vacation switch."""

    __tablename__ = "notification_preferences"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    quiet_start: Mapped[time | None]
    quiet_end: Mapped[time | None]
    vacation: Mapped[bool] = mapped_column(default=False)
    # Per kind and channel (issue 28): `{kind: {"inbox"|"email"|"webhook": "on"|"off"|
    # "digest"}}`; a kind or channel not named is "on". Read by
    # `app.channels.notifications.preferences`.
    channels: Mapped[dict[str, dict[str, str]]] = mapped_column(JSONB, default=dict)
    # The local hour (in `time_zone`) of the daily email digest.
    digest_hour: Mapped[int] = mapped_column(default=8)


class InboxItem(Base):
    """One notification in a user's inbox (issue 28): every notification the user receives,
    on any channel, is listed here, written in the transaction of the change it tells of.

    It belongs to the campaign it is about (`campaign_id` leads the key, like every campaign
    row) and is listed across campaigns by user (`ix_notification_inbox_user`). `id` is
    random (below 2**53: a counter shared by every user would tell how busy the others are);
    `seq` orders the inbox and never leaves the server.
    """

    __tablename__ = "notification_inbox"
    __table_args__ = (Index("ix_notification_inbox_user", "user_id", "seq"),)

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, Identity())
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    turn: Mapped[int]
    # The notification's data (`NotificationData` as JSON): the same facts as a webhook's.
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    read_at: Mapped[datetime | None]


class StreamPresence(Base):
    """A user's open event streams on a campaign (issue 28: nothing is pushed to a user who
    is looking). One row per user, campaign and server process, however many streams it holds
    (`stream_id` names the row): written when the first opens, its `seen_at` refreshed while
    one stays open, deleted when the last closes; a row not refreshed
    for `app.channels.notifications.presence.STALE_AFTER` (a process that died) counts for
    nothing."""

    __tablename__ = "stream_presence"

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    stream_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(default=utcnow)
