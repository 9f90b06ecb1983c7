"""Who is looking (issue 28): a user with an open event stream on a campaign gets nothing
pushed about it (webhooks, email); their inbox still lists it.

The stream module knows the streams of its own process; across processes each user's open
streams of a campaign in a process have one row in `stream_presence`, refreshed every
`HEARTBEAT` (one statement for all of the process's rows) while one of them is open and deleted
when the last one closes. A row older than `STALE_AFTER` (its process died without closing it) is
ignored, so a crash mutes nobody for long.
"""

import asyncio
import contextlib
import logging
import uuid
import weakref
from dataclasses import dataclass, field
from datetime import timedelta

from sqlalchemy import delete, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.db.base import utcnow
from app.store.models.notification import StreamPresence

logger = logging.getLogger(__name__)

HEARTBEAT = timedelta(seconds=30)
STALE_AFTER = timedelta(seconds=90)


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


async def _remove(
    sessionmaker: async_sessionmaker[AsyncSession],
    campaign_id: uuid.UUID,
    user_id: uuid.UUID,
    stream_id: uuid.UUID,
) -> None:
    async with sessionmaker() as session, session.begin():
        await session.execute(
            delete(StreamPresence).where(
                StreamPresence.campaign_id == campaign_id,
                StreamPresence.user_id == user_id,
                StreamPresence.stream_id == stream_id,
            )
        )


@dataclass(eq=False)
class _Looking:
    """One user looking at one campaign from this process: how many streams, and their row."""

    streams: int = 0
    row: uuid.UUID | None = None  # the `stream_id` of the row written for them, if any
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class PresenceBook:
    """A process's open streams as presence rows: one per (campaign, user), however many
    streams they have open here, and one heartbeat refreshing all of them in one statement
    (10,000 streams would otherwise be 10,000 rows and 333 updates a second)."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession]) -> None:
        self.sessionmaker = sessionmaker
        self._looking: dict[tuple[uuid.UUID, uuid.UUID], _Looking] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        self._settling: set[asyncio.Future[None]] = set()  # the closings under way

    def present(self, campaign_id: uuid.UUID, user_id: uuid.UUID) -> "_Present":
        """While the block runs (a stream is open), the user counts as looking at the campaign."""
        return _Present(self, (campaign_id, user_id))

    async def _enter(self, key: tuple[uuid.UUID, uuid.UUID]) -> _Looking:
        # Counted at once, the rows written after: a stream that opens while another closes
        # keeps the row rather than racing its deletion.
        looking = self._looking.setdefault(key, _Looking())
        looking.streams += 1
        try:
            await self._settle(key, looking)
        except BaseException:
            await self._leave(key, looking)
            raise
        return looking

    async def _leave(self, key: tuple[uuid.UUID, uuid.UUID], looking: _Looking) -> None:
        looking.streams -= 1
        # Shielded: a stream ends by being cancelled (its client gone), and its row must
        # still go (or stay, for the user's other streams) whatever interrupts the wait.
        settling = asyncio.ensure_future(self._settle(key, looking))
        self._settling.add(settling)
        settling.add_done_callback(self._settling.discard)
        await asyncio.shield(settling)

    async def _settle(self, key: tuple[uuid.UUID, uuid.UUID], looking: _Looking) -> None:
        """Make the row match the count: written while a stream is open, deleted after."""
        campaign_id, user_id = key
        async with looking.lock:
            if looking.streams > 0 and looking.row is None:
                row = uuid.uuid4()
                try:
                    await _write(self.sessionmaker, campaign_id, user_id, row)
                    looking.row = row
                except Exception:  # presence is a courtesy: never refuse a stream for it
                    logger.warning("stream presence: not recorded", exc_info=True)
                if self._heartbeat is None:
                    self._heartbeat = asyncio.create_task(self._refresh(), name="presence")
            elif looking.streams == 0 and looking.row is not None:
                row, looking.row = looking.row, None
                try:
                    await _remove(self.sessionmaker, campaign_id, user_id, row)
                except Exception:  # stale within STALE_AFTER anyway
                    logger.warning("stream presence: not removed", exc_info=True)
        if looking.streams == 0 and self._looking.get(key) is looking:
            del self._looking[key]
            if not self._looking and self._heartbeat is not None:
                heartbeat, self._heartbeat = self._heartbeat, None
                heartbeat.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await heartbeat

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT.total_seconds())
            rows = [
                (campaign_id, user_id, looking.row)
                for (campaign_id, user_id), looking in self._looking.items()
                if looking.row is not None
            ]
            if not rows:
                continue
            try:
                async with self.sessionmaker() as session, session.begin():
                    await session.execute(
                        update(StreamPresence)
                        .where(
                            tuple_(
                                StreamPresence.campaign_id,
                                StreamPresence.user_id,
                                StreamPresence.stream_id,
                            ).in_(rows)
                        )
                        .values(seen_at=utcnow())
                    )
            except Exception:  # the streams go on; their rows go stale at worst
                logger.warning("stream presence: heartbeat failed", exc_info=True)


class _Present:
    """One open stream's presence, as an `async with` block: a small object rather than a
    generator-based context manager (there is one per open stream)."""

    __slots__ = ("_book", "_key", "_looking")

    def __init__(self, book: PresenceBook, key: tuple[uuid.UUID, uuid.UUID]) -> None:
        self._book, self._key = book, key
        self._looking: _Looking | None = None

    async def __aenter__(self) -> None:
        self._looking = await self._book._enter(self._key)

    async def __aexit__(self, *_exc: object) -> None:
        looking, self._looking = self._looking, None
        if looking is not None:
            await self._book._leave(self._key, looking)


# One book per session factory (per app, thus per process), made when its first stream opens.
_BOOKS: weakref.WeakKeyDictionary[async_sessionmaker[AsyncSession], PresenceBook] = (
    weakref.WeakKeyDictionary()
)


def present(
    sessionmaker: async_sessionmaker[AsyncSession], campaign_id: uuid.UUID, user_id: uuid.UUID
) -> contextlib.AbstractAsyncContextManager[None]:
    """While the block runs (a stream is open), the user counts as looking at the campaign."""
    book = _BOOKS.get(sessionmaker)
    if book is None:
        book = _BOOKS[sessionmaker] = PresenceBook(sessionmaker)
    return book.present(campaign_id, user_id)
