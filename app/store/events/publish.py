"""Publishing live events: a row per event and a NOTIFY carrying only ids.

NOTIFY is transactional: listeners hear of an event only if the request that made it commits.
"""

import secrets
import uuid
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from sqlalchemy import Integer, Select, Text, bindparam, cast, func, select, true
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import unnest_of, unnest_params
from app.platform.db.locks import holds_campaign_lock
from app.store.events.kinds import AnyEventKind
from app.store.events.subscribers import Published, tell_subscribers
from app.store.models.campaign import Campaign
from app.store.models.event import CampaignEvent, CampaignEventCounter

CHANNEL = "marchlords_events"
# Bytes of randomness in an event's cursor (the SSE id): 16 URL-safe characters.
CURSOR_BYTES = 12


def new_cursor() -> str:
    """A random event cursor: tells nothing of how many events came before."""
    return secrets.token_urlsafe(CURSOR_BYTES)


async def _lock_before_counter(session: AsyncSession, campaign_id: uuid.UUID) -> None:
    """Lock order: the campaign row before the event counter, never after.

    Publishing takes the campaign's next event number from its counter row, which stays locked
    until the transaction ends: publishers of one campaign take numbers one after the other,
    each after the previous one committed (or rolled back, which frees its number), so numbers
    follow commit order with no gap, which is what makes resuming a stream exact.

    A publisher that does not hold the campaign lock (a message) would otherwise take the
    counter and then, inserting its rows, the campaign row's key-share lock (their foreign
    keys), while a turn change holding the campaign row waits for the counter: a deadlock. So
    the key-share lock is taken first, explicitly (`FOR KEY SHARE`: it waits for no campaign
    lock, which is `FOR NO KEY UPDATE` or `FOR SHARE`); a publisher holding the campaign lock
    skips it.
    """
    if not holds_campaign_lock(session, campaign_id):
        await session.execute(
            select(Campaign.id)
            .where(Campaign.id == campaign_id)
            .with_for_update(read=True, key_share=True)
        )


def _publish_statement() -> Select[Any]:
    """The statement that records a batch of events, built once (every write publishes), run
    with the campaign's id, the events' count, the time and the events' columns as arrays.

    One round trip: the numbers taken from the counter, the events' rows, a NOTIFY of each id.
    Arrays unnested, not a VALUES list: the same statement (compiled and prepared once)
    whatever the number of events. An audience travels as "1,2" (arrays of arrays must be
    rectangular), NULL for every member."""
    table = table_of(CampaignEvent)
    campaign_id = bindparam("campaign_id", type_=table.c.campaign_id.type)
    count = bindparam("count", type_=Integer())
    counter = (
        insert(CampaignEventCounter)
        .values(campaign_id=campaign_id, last_seq=count)
        .on_conflict_do_update(
            index_elements=[CampaignEventCounter.campaign_id],
            set_={"last_seq": CampaignEventCounter.last_seq + count},
        )
        .returning(CampaignEventCounter.last_seq)
        .cte("counter")
    )
    keys = ["ordinal", "cursor", "kind", "audience", "payload"]
    rows = unnest_of(table, keys, "new_events", {"ordinal": Integer(), "audience": Text()})
    written = (
        insert(table)
        .from_select(
            ["seq", "campaign_id", "cursor", "kind", "audience", "payload", "created_at"],
            select(
                counter.c.last_seq - count + rows.c.ordinal,
                campaign_id,
                rows.c.cursor,
                rows.c.kind,
                cast(func.string_to_array(rows.c.audience, ","), table.c.audience.type),
                rows.c.payload,
                bindparam("now", type_=table.c.created_at.type),
            ).select_from(counter.join(rows, true())),
        )
        .returning(table.c.id)
        .cte("written")
    )
    message = func.json_build_object(
        "campaign_id", cast(campaign_id, Text), "event_id", written.c.id
    )
    return select(func.pg_notify(CHANNEL, cast(message, Text)))


_PUBLISH = _publish_statement()


class Event(NamedTuple):
    """One live event to publish: its kind, payload and audience (None: every member)."""

    kind: AnyEventKind
    payload: dict[str, Any]
    audience: Iterable[int] | None = None


async def publish(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    kind: AnyEventKind,
    payload: dict[str, Any],
    audience: Iterable[int] | None = None,
) -> None:
    """Record an event for the campaign's live feed.

    `audience`: the player numbers who may see it (None: every member). The payload must hold
    nothing that those players may not see (R-FOG-3).
    """
    await publish_all(session, campaign_id, [Event(kind, payload, audience)])


async def publish_all(
    session: AsyncSession, campaign_id: uuid.UUID, events: Sequence[Event]
) -> None:
    """Record `events`, numbered in that order, in one round trip (a turn change publishes one
    per battle declared and its own: a statement each cost about a millisecond)."""
    if not events:
        return
    await _lock_before_counter(session, campaign_id)
    audiences = [None if e.audience is None else sorted(set(e.audience)) for e in events]
    rows = [
        {
            "ordinal": i,
            "cursor": new_cursor(),
            "kind": str(e.kind),
            "audience": None if seen_by is None else ",".join(map(str, seen_by)),
            "payload": e.payload,
        }
        for i, (e, seen_by) in enumerate(zip(events, audiences, strict=True), start=1)
    ]
    params = {"campaign_id": campaign_id, "count": len(events), "now": utcnow()}
    await session.execute(_PUBLISH, {**params, **unnest_params(rows, "new_events")})
    # The subscribers (notifications, metrics: registered by the app factory) write in this
    # transaction, so what they make of the events commits with them or not at all.
    await tell_subscribers(
        session,
        campaign_id,
        [Published(e.kind, e.payload, seen) for e, seen in zip(events, audiences, strict=True)],
    )
