"""A viewer's event stream: stored backlog first, then live events, each filtered by audience.

The stream holds no database session while it waits: each read opens a short session of its
own, so an open stream never pins a pooled connection or a transaction.
"""

import uuid
from collections import deque
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass

from fastapi.sse import ServerSentEvent
from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.campaigns.access import Membership
from app.models.event import CampaignEvent
from app.stream.hub import EventHub, Signal, Subscription

# Backlog replays are read in pages of this many rows.
BACKLOG_PAGE = 500
# Ids already sent that are remembered to drop a second copy (backlog vs. NOTIFY, resync).
_REMEMBERED_IDS = 4096


@dataclass(frozen=True)
class Viewer:
    """Who is watching: enough to filter events without the ORM objects (R-FOG-3)."""

    campaign_id: uuid.UUID
    player: int | None
    is_owner: bool

    @classmethod
    def of(cls, membership: Membership) -> "Viewer":
        player = membership.player
        seated = player is not None and player.faction is not None
        return cls(
            campaign_id=membership.campaign.id,
            player=player.number if seated and player is not None else None,
            is_owner=membership.is_owner,
        )

    @property
    def game_master(self) -> bool:
        """The owner who does not play: sees everything, live (R-FOG-5)."""
        return self.is_owner and self.player is None

    def may_see(self) -> ColumnElement[bool]:
        """SQL condition: the game master sees every event; a player, those addressed to them.

        An owner who also plays is a player here, exactly (R-FOG-5): events carry no audience
        for the owner's role, so their powers (arbitration, forcing the turn) are exercised
        through the battle list and the turn endpoints, never through another seat's events.
        """
        if self.game_master:
            return CampaignEvent.id.is_not(None)
        if self.player is None:
            return CampaignEvent.audience.is_(None)
        return or_(CampaignEvent.audience.is_(None), CampaignEvent.audience.any_() == self.player)


async def latest_event_id(session: AsyncSession, campaign_id: uuid.UUID) -> int:
    """The campaign's newest event id (0 if none): where a fresh stream starts."""
    latest = await session.scalar(
        select(func.max(CampaignEvent.id)).where(CampaignEvent.campaign_id == campaign_id)
    )
    return latest or 0


async def visible_events(
    session: AsyncSession,
    viewer: Viewer,
    *,
    after: int | None = None,
    ids: Sequence[int] | None = None,
    limit: int | None = None,
) -> list[CampaignEvent]:
    """The viewer's events of their campaign, oldest first: newer than `after`, or among `ids`."""
    query = select(CampaignEvent).where(
        CampaignEvent.campaign_id == viewer.campaign_id, viewer.may_see()
    )
    if after is not None:
        query = query.where(CampaignEvent.id > after)
    if ids is not None:
        query = query.where(CampaignEvent.id.in_(ids))
    query = query.order_by(CampaignEvent.id).limit(limit)
    return list((await session.scalars(query)).all())


def to_sse(event: CampaignEvent) -> ServerSentEvent:
    """`id:` the event id (what `Last-Event-ID` resumes from), `event:` its kind, `data:` JSON."""
    return ServerSentEvent(id=str(event.id), event=event.kind, data=event.payload)


class _Sent:
    """The ids already sent (a bounded memory) and the highest of them."""

    def __init__(self, cursor: int) -> None:
        self.cursor = cursor
        self._ids: set[int] = set()
        self._order: deque[int] = deque()

    def __contains__(self, event_id: int) -> bool:
        return event_id in self._ids

    def add(self, event_id: int) -> None:
        self.cursor = max(self.cursor, event_id)
        self._ids.add(event_id)
        self._order.append(event_id)
        if len(self._order) > _REMEMBERED_IDS:
            self._ids.discard(self._order.popleft())


async def stream_events(
    hub: EventHub,
    subscription: Subscription,
    sessionmaker: async_sessionmaker[AsyncSession],
    viewer: Viewer,
    last_event_id: int | None,
) -> AsyncGenerator[ServerSentEvent, None]:
    """Yield the viewer's events as SSE, for an already open `subscription`.

    The subscription must be opened BEFORE this runs: an event committed while the backlog is
    read then arrives both ways and is sent once (deduplicated by id), never zero times.
    """
    if last_event_id is None:
        async with sessionmaker() as session:
            sent = _Sent(await latest_event_id(session, viewer.campaign_id))
    else:
        sent = _Sent(last_event_id)
    # The first bytes: the browser's reconnection delay, and a sign the stream is live.
    yield ServerSentEvent(comment="connected", retry=hub.retry_ms)

    catch_up = last_event_id is not None
    while True:
        if catch_up:
            catch_up = False
            while True:
                async with sessionmaker() as session:
                    page = await visible_events(
                        session, viewer, after=sent.cursor, limit=BACKLOG_PAGE
                    )
                for event in page:
                    if event.id not in sent:
                        sent.add(event.id)
                        yield to_sse(event)
                if len(page) < BACKLOG_PAGE:
                    break

        batch = await subscription.next_batch(hub.keepalive_seconds)
        if not batch:
            yield ServerSentEvent(comment="keep-alive")
            continue
        if Signal.CLOSED in batch:
            return
        catch_up = Signal.RESYNC in batch
        ids = [i for i in batch if isinstance(i, int) and i not in sent]
        if ids:
            async with sessionmaker() as session:
                events = await visible_events(session, viewer, ids=ids)
            for event in events:
                sent.add(event.id)
                yield to_sse(event)
