"""Who is looking (issue 28): a user with an open event stream on a campaign gets nothing
pushed about it (webhooks, email); their inbox still lists it.

The stream module knows the streams of its own process; across processes each open stream has
a row in `stream_presence`, refreshed every `HEARTBEAT` while the stream is open and deleted
when it closes. A row older than `STALE_AFTER` (its process died without closing it) is
ignored, so a crash mutes nobody for long.
"""

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Collection
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.base import utcnow
from app.models.notification import StreamPresence

logger = logging.getLogger(__name__)

HEARTBEAT = timedelta(seconds=30)
STALE_AFTER = timedelta(seconds=90)


async def looking(
    session: AsyncSession, campaign_id: uuid.UUID, users: Collection[uuid.UUID], now: datetime
) -> set[uuid.UUID]:
    """Which of `users` have an open stream on the campaign now."""
    if not users:
        return set()
    rows = await session.scalars(
        select(StreamPresence.user_id)
        .where(
            StreamPresence.campaign_id == campaign_id,
            StreamPresence.user_id.in_(list(users)),
            StreamPresence.seen_at > now - STALE_AFTER,
        )
        .distinct()
    )
    return set(rows)


async def _write(
    sessionmaker: async_sessionmaker[AsyncSession],
    campaign_id: uuid.UUID,
    user_id: uuid.UUID,
    stream_id: uuid.UUID,
) -> None:
    async with sessionmaker() as session, session.begin():
        now = utcnow()
        await session.execute(
            insert(StreamPresence)
            .values(campaign_id=campaign_id, user_id=user_id, stream_id=stream_id, seen_at=now)
            .on_conflict_do_update(
                index_elements=["campaign_id", "user_id", "stream_id"], set_={"seen_at": now}
            )
        )


async def _refresh(
    sessionmaker: async_sessionmaker[AsyncSession],
    campaign_id: uuid.UUID,
    user_id: uuid.UUID,
    stream_id: uuid.UUID,
) -> None:
    while True:
        await asyncio.sleep(HEARTBEAT.total_seconds())
        try:
            async with sessionmaker() as session, session.begin():
                await session.execute(
                    update(StreamPresence)
                    .where(
                        StreamPresence.campaign_id == campaign_id,
                        StreamPresence.user_id == user_id,
                        StreamPresence.stream_id == stream_id,
                    )
                    .values(seen_at=utcnow())
                )
        except Exception:  # the stream goes on; its row goes stale at worst
            logger.warning("stream presence: heartbeat failed", exc_info=True)


@contextlib.asynccontextmanager
async def present(
    sessionmaker: async_sessionmaker[AsyncSession], campaign_id: uuid.UUID, user_id: uuid.UUID
) -> AsyncIterator[None]:
    """While the block runs (a stream is open), the user counts as looking at the campaign."""
    stream_id = uuid.uuid4()
    try:
        await _write(sessionmaker, campaign_id, user_id, stream_id)
    except Exception:  # presence is a courtesy: never refuse a stream for it
        logger.warning("stream presence: not recorded", exc_info=True)
    heartbeat = asyncio.create_task(_refresh(sessionmaker, campaign_id, user_id, stream_id))
    try:
        yield
    finally:
        heartbeat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await heartbeat
        try:
            async with sessionmaker() as session, session.begin():
                await session.execute(
                    delete(StreamPresence).where(
                        StreamPresence.campaign_id == campaign_id,
                        StreamPresence.user_id == user_id,
                        StreamPresence.stream_id == stream_id,
                    )
                )
        except Exception:  # stale within STALE_AFTER anyway
            logger.warning("stream presence: not removed", exc_info=True)
