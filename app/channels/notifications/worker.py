"""The notifications' background work, started by the app's lifespan: reminders, webhook
deliveries, email and Web Push, side by side (a reminder never waits for an attempt).

Here, above the modules it runs, so that none of them imports another's loop: the outbox
writes, `delivery` sends webhooks, `email` sends mail, `reminders` finds what to remind of.
"""

import asyncio
from collections.abc import Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import email, push
from app.channels.notifications.delivery import deliver_forever
from app.channels.notifications.reminders import send_reminders
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.jobs import Job, run_job


async def _remind_forever(
    sessionmaker: async_sessionmaker[AsyncSession],
    interval: float,
    clock: Callable[[], datetime],
) -> None:
    async def one_pass() -> bool:
        await send_reminders(sessionmaker, clock())
        return False

    await run_job(Job("reminders", one_pass, interval))


async def run_notifier(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    interval: float = 5.0,
    clock: Callable[[], datetime] = utcnow,
) -> None:
    """Remind and deliver (webhooks; email when SMTP is configured; push when VAPID is)
    forever, side by side: a reminder never waits for an attempt (the app's lifespan starts
    this and cancels it at shutdown)."""
    email.log_configuration(settings)
    push.log_configuration(settings)
    async with asyncio.TaskGroup() as group:
        group.create_task(_remind_forever(sessionmaker, interval, clock))
        group.create_task(deliver_forever(sessionmaker, settings, interval, clock))
        if email.enabled(settings):
            group.create_task(email.send_forever(sessionmaker, settings, interval, clock))
        if push.enabled(settings):
            group.create_task(push.send_forever(sessionmaker, settings, interval, clock))
