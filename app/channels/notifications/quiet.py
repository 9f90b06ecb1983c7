"""Quiet hours: when a user's personal notifications wait, in their own time zone."""

from datetime import datetime, time, timedelta
from typing import Literal
from zoneinfo import ZoneInfo

from app.store.models.notification import NotificationPreference

MUTED: Literal["muted"] = "muted"


def quiet_until(
    now: datetime, time_zone: str, start: time | None, end: time | None
) -> datetime | None:
    """The end of the quiet period `now` falls in (UTC), or None if `now` is not quiet.

    `start`–`end` are wall-clock times in `time_zone`; a period may cross midnight
    (22:00–07:00). Equal times, or either unset: never quiet.
    """
    if start is None or end is None or start == end:
        return None
    zone = ZoneInfo(time_zone)
    local = now.astimezone(zone)
    clock = local.time().replace(tzinfo=None)
    if start < end:
        if not start <= clock < end:
            return None
        day = local.date()
    else:
        if end <= clock < start:
            return None
        day = local.date() if clock < end else local.date() + timedelta(days=1)
    until = datetime.combine(day, end, tzinfo=zone)
    # A wall-clock time skipped by a daylight-saving change still lies after `now`.
    return max(until.astimezone(now.tzinfo), now + timedelta(seconds=1))


def personal_hold(
    preference: NotificationPreference | None, now: datetime
) -> Literal["muted"] | datetime | None:
    """What holds a personal message back, on every channel: `MUTED` on vacation (it is never
    sent), the end of the user's quiet hours (it waits until then), or None (it goes now)."""
    if preference is None:
        return None
    if preference.vacation:
        return MUTED
    return quiet_until(now, preference.time_zone, preference.quiet_start, preference.quiet_end)
