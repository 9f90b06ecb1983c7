"""What each user wants to hear, per kind of notification and per channel (issue 28).

One mechanism for every channel: the inbox, email, personal webhooks and Web Push each ask
`choice`; a kind or channel never set is "on". "digest" (email only) holds the notification for one
daily message at the user's `digest_hour` in their `time_zone`; quiet hours and vacation
(`app.channels.notifications.quiet`, the delivery workers) apply to whatever is pushed.
"""

import enum
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from app.channels.notifications.messages import NotificationKind


class Channel(enum.StrEnum):
    INBOX = "inbox"
    EMAIL = "email"
    WEBHOOK = "webhook"
    PUSH = "push"  # Web Push, to the user's browsers


class Choice(enum.StrEnum):
    ON = "on"
    OFF = "off"
    DIGEST = "digest"  # email only: in the daily digest


@dataclass(frozen=True)
class Wishes:
    channels: dict[str, dict[str, str]] = field(default_factory=dict)
    time_zone: str = "UTC"
    digest_hour: int = 8

    def choice(self, kind: NotificationKind, channel: Channel) -> Choice:
        # Asked per member, kind and channel on every turn change: a kind never set (most
        # are) answers without building a Choice from its value.
        chosen = self.channels.get(kind.value)
        if not chosen:
            return Choice.ON
        return Choice(chosen.get(channel.value, Choice.ON))


DEFAULT = Wishes()


def next_digest(now: datetime, wishes: Wishes) -> datetime:
    """The next time the user's local clock shows `digest_hour` o'clock (UTC), after `now`."""
    zone = ZoneInfo(wishes.time_zone)
    local = now.astimezone(zone)
    hour = time(wishes.digest_hour)
    at = datetime.combine(local.date(), hour, tzinfo=zone)
    if at <= local:
        at = datetime.combine(local.date() + timedelta(days=1), hour, tzinfo=zone)
    return at.astimezone(now.tzinfo)
