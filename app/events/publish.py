"""Publishing live events: a row per event and a NOTIFY carrying only ids.

NOTIFY is transactional: listeners hear of an event only if the request that made it commits.
"""

import json
import secrets
import uuid
from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.locks import holds_campaign_lock
from app.models.campaign import Campaign
from app.models.event import CampaignEvent, CampaignEventCounter
from app.notifications import outbox
from app.rules.state import EventKind

CHANNEL = "marchlords_events"
# Bytes of randomness in an event's cursor (the SSE id): 16 URL-safe characters.
CURSOR_BYTES = 12


def new_cursor() -> str:
    """A random event cursor: tells nothing of how many events came before."""
    return secrets.token_urlsafe(CURSOR_BYTES)


async def next_seq(session: AsyncSession, campaign_id: uuid.UUID) -> int:
    """The campaign's next event number, its counter row locked until the transaction ends.

    Publishers of one campaign thus take numbers one after the other, each after the previous
    one committed (or rolled back, which frees its number): numbers follow commit order with
    no gap, which is what makes resuming a stream exact.

    Lock order: the campaign row before the counter, never after. A publisher that does not
    hold the campaign lock (a message) would otherwise take the counter and then, inserting
    its rows, the campaign row's key-share lock (their foreign keys), while a turn change
    holding the campaign row waits for the counter: a deadlock. So the key-share lock is
    taken first, explicitly (`FOR KEY SHARE`: it waits for no campaign lock, which is `FOR NO
    KEY UPDATE` or `FOR SHARE`); a publisher holding the campaign lock skips it.
    """
    if not holds_campaign_lock(session, campaign_id):
        await session.execute(
            select(Campaign.id)
            .where(Campaign.id == campaign_id)
            .with_for_update(read=True, key_share=True)
        )
    values = insert(CampaignEventCounter).values(campaign_id=campaign_id, last_seq=1)
    statement = values.on_conflict_do_update(
        index_elements=[CampaignEventCounter.campaign_id],
        set_={"last_seq": CampaignEventCounter.last_seq + 1},
    ).returning(CampaignEventCounter.last_seq)
    seq: int = (await session.execute(statement)).scalar_one()
    return seq


async def publish(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    kind: EventKind,
    payload: dict[str, Any],
    audience: Iterable[int] | None = None,
) -> None:
    """Record an event for the campaign's live feed.

    `audience`: the player numbers who may see it (None: every member). The payload must hold
    nothing that those players may not see (R-FOG-3).
    """
    event = CampaignEvent(
        campaign_id=campaign_id,
        seq=await next_seq(session, campaign_id),
        cursor=new_cursor(),
        kind=str(kind),
        payload=payload,
        audience=None if audience is None else sorted(set(audience)),
    )
    session.add(event)
    await session.flush()
    message = json.dumps({"campaign_id": str(campaign_id), "event_id": event.id})
    await session.execute(select(func.pg_notify(CHANNEL, message)))
    # Webhook notifications (app/notifications) go out only if this transaction commits.
    await outbox.on_event(session, campaign_id, kind, payload, event.audience)
