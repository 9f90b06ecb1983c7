"""A viewer's event stream: stored backlog first, then live events, each filtered by audience.

The stream holds no database session while it waits: each read opens a short session of its
own, so an open stream never pins a pooled connection or a transaction.

Order and resumption: events are read by their campaign sequence number (`seq`), which
follows commit order (app/store/events/publish.py), and a stream always reads "everything visible
after the last `seq` sent". A NOTIFY only wakes the stream up; a lost one (listener
reconnecting) costs nothing but latency. The client sees neither `seq` nor the row id, which
count other players' private events too: the SSE `id:` is the event's random `cursor`.
"""

import asyncio
import contextlib
import functools
import math
import uuid
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass

from fastapi.sse import ServerSentEvent
from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.stream.hub import EventHub, EventRecord, Signal, Subscription
from app.play.campaigns.access import Membership
from app.rules import visibility
from app.store.models.event import CampaignEvent

# Backlog replays are read in pages of this many rows.
BACKLOG_PAGE = 500

# Re-checks that the stream's caller may still listen (token not revoked nor expired, still a
# member); False ends the stream. The checks of a process's streams are answered in batches
# (app/channels/stream/access.py).
AccessCheck = Callable[[], Awaitable[bool]]


def next_recheck(now: float, period: float) -> float:
    """The next multiple of `period` after `now`: every stream of the process rechecks at the
    same moments, so their checks can be answered together."""
    if period <= 0:
        return now
    return (math.floor(now / period) + 1) * period


@dataclass(frozen=True)
class Listener:
    """Who is watching which campaign: enough to filter events without the ORM objects."""

    campaign_id: uuid.UUID
    viewer: visibility.Viewer

    @classmethod
    def of(cls, membership: Membership) -> "Listener":
        return cls(campaign_id=membership.campaign.id, viewer=membership.viewer)


def seen_clause(viewer: visibility.Viewer) -> ColumnElement[bool]:
    """`visibility.event_seen` as SQL, from `visibility.event_filter`."""
    seen = visibility.event_filter(viewer)
    if seen.everything:
        return CampaignEvent.id.is_not(None)
    if seen.seat is None:
        return CampaignEvent.audience.is_(None)
    return or_(CampaignEvent.audience.is_(None), CampaignEvent.audience.any_() == seen.seat)


async def latest_seq(session: AsyncSession, campaign_id: uuid.UUID) -> int:
    """The campaign's newest event number (0 if none): where a fresh stream starts."""
    latest = await session.scalar(
        select(func.max(CampaignEvent.seq)).where(CampaignEvent.campaign_id == campaign_id)
    )
    return latest or 0


async def resume_point(session: AsyncSession, listener: Listener, cursor: str) -> int | None:
    """The `seq` of the listener's event with this cursor; None if they have no such event."""
    seq: int | None = await session.scalar(
        select(CampaignEvent.seq).where(
            CampaignEvent.campaign_id == listener.campaign_id,
            CampaignEvent.cursor == cursor,
            seen_clause(listener.viewer),
        )
    )
    return seq


async def visible_events(
    session: AsyncSession, listener: Listener, *, after: int, limit: int | None = None
) -> list[CampaignEvent]:
    """The listener's events of their campaign after the number `after`, oldest first."""
    query = (
        select(CampaignEvent)
        .where(
            CampaignEvent.campaign_id == listener.campaign_id,
            CampaignEvent.seq > after,
            seen_clause(listener.viewer),
        )
        .order_by(CampaignEvent.seq)
        .limit(limit)
    )
    return list((await session.scalars(query)).all())


@functools.lru_cache(maxsize=256)
def _record_sse(event: EventRecord) -> ServerSentEvent:
    """One `ServerSentEvent` per row the hub hands out, shared by every stream it reaches (the
    router encodes it once: `_wire`)."""
    return ServerSentEvent(id=event.cursor, event=event.kind, raw_data=event.payload_json)


@functools.lru_cache(maxsize=8)
def connected_event(retry_ms: int) -> ServerSentEvent:
    """The first message of every stream: one object for all (the router encodes it once)."""
    return ServerSentEvent(comment="connected", retry=retry_ms)


KEEP_ALIVE = ServerSentEvent(comment="keep-alive")
NOBODY_LOOKING: contextlib.AbstractAsyncContextManager[None] = contextlib.nullcontext()


def to_sse(event: CampaignEvent | EventRecord) -> ServerSentEvent:
    """`id:` the event's cursor (what `Last-Event-ID` resumes from), `event:` its kind,
    `data:` JSON (the hub's rows carry it encoded already)."""
    if isinstance(event, EventRecord):
        return _record_sse(event)
    return ServerSentEvent(id=event.cursor, event=event.kind, data=event.payload)


# The stream's reads, each in a session of its own that ends with the call: a generator that
# held them would keep a closed session and its rows in memory once per open stream.


async def _latest(sessionmaker: async_sessionmaker[AsyncSession], campaign_id: uuid.UUID) -> int:
    async with sessionmaker() as session:
        return await latest_seq(session, campaign_id)


async def _backlog(
    sessionmaker: async_sessionmaker[AsyncSession], listener: Listener, after: int
) -> list[tuple[int, ServerSentEvent]]:
    """The next page of the listener's events after `after`, as (seq, SSE)."""
    async with sessionmaker() as session:
        page = await visible_events(session, listener, after=after, limit=BACKLOG_PAGE)
        return [(event.seq, to_sse(event)) for event in page]


async def stream_events(
    hub: EventHub,
    subscription: Subscription,
    sessionmaker: async_sessionmaker[AsyncSession],
    listener: Listener,
    resume_after: int | None,
    still_allowed: AccessCheck | None = None,
    *,
    revocations_seen: int | None = None,
    looking: contextlib.AbstractAsyncContextManager[None] = NOBODY_LOOKING,
) -> AsyncGenerator[ServerSentEvent, None]:
    """Yield the listener's events as SSE, within `looking` (the user's presence) and
    `subscription` (opened here unless it is already: a caller may open it first).

    `resume_after`: the `seq` to resume after (None: from now on). The subscription is open
    before anything is read, so that an event committed meanwhile wakes the stream up.
    A revocation closes the subscription (app/store/events/revocations.py): from then on nothing
    more is sent, whatever the stream was doing, and it ends. Every `hub.recheck_seconds`, and first
    of all if the hub's count of revocations moved since `revocations_seen` (one may have come
    between the caller's check and the subscription), `still_allowed` decides whether the stream
    goes on: the backstop for what sends no revocation (an expired token) or one a listener
    reconnecting missed. One generator for the whole stream (the router hands it to the response as
    it is): there is one per open stream.
    """
    async with looking, subscription:
        loop = asyncio.get_running_loop()
        check_first = revocations_seen is not None and hub.revocations != revocations_seen
        if check_first and still_allowed is not None and not await still_allowed():
            return
        if resume_after is None:
            cursor = await _latest(sessionmaker, listener.campaign_id)
        else:
            cursor = resume_after
        # The first bytes: the browser's reconnection delay, and a sign the stream is live.
        yield connected_event(hub.retry_ms)
        last_sent = loop.time()
        next_check = next_recheck(last_sent, hub.recheck_seconds)

        catch_up = resume_after is not None
        while True:
            while catch_up:
                page = await _backlog(sessionmaker, listener, cursor)
                for seq, sse in page:
                    if subscription.closed:
                        return
                    cursor = seq
                    yield sse
                    last_sent = loop.time()
                catch_up = len(page) == BACKLOG_PAGE
                del page  # not held while the stream waits

            now = loop.time()
            wait = max(0.0, min(last_sent + hub.keepalive_seconds, next_check) - now)
            batch = await subscription.next_batch(wait)
            if Signal.CLOSED in batch:
                return
            now = loop.time()
            if still_allowed is not None and now >= next_check:
                if not await still_allowed():
                    return
                next_check = next_recheck(loop.time(), hub.recheck_seconds)
            for item in batch:
                if subscription.closed:  # revoked meanwhile: not even what the batch held
                    return
                if isinstance(item, EventRecord) and item.seq <= cursor:
                    continue  # already read with the backlog
                if isinstance(item, EventRecord) and item.seq == cursor + 1:
                    # The next event, as the hub read it for every stream: no query of our own.
                    cursor = item.seq
                    if visibility.event_seen(listener.viewer, item.audience):
                        yield to_sse(item)
                        last_sent = loop.time()
                    continue
                # A bare id, a gap, or a resync after the listener reconnected: read what follows
                # `cursor` (which covers the rest of the batch too).
                catch_up = True
                break
            if subscription.closed:
                return
            if not batch and now - last_sent >= hub.keepalive_seconds:
                yield KEEP_ALIVE
                last_sent = loop.time()
