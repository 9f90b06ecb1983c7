"""Publishing live events: a row per event and a NOTIFY carrying only ids.

NOTIFY is transactional: listeners hear of an event only if the request that made it commits.
"""

import json
import uuid
from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.models.event import CampaignEvent

CHANNEL = "marchlords_events"


async def publish(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    kind: str,
    payload: dict[str, Any],
    audience: Iterable[int] | None = None,
) -> None:
    """Record an event for the campaign's live feed.

    `audience`: the player numbers who may see it (None: every member). The payload must hold
    nothing that those players may not see (R-FOG-3).
    """
    event = CampaignEvent(
        campaign_id=campaign_id,
        kind=kind,
        payload=payload,
        audience=None if audience is None else sorted(set(audience)),
    )
    session.add(event)
    await session.flush()
    message = json.dumps({"campaign_id": str(campaign_id), "event_id": event.id})
    await session.execute(select(func.pg_notify(CHANNEL, message)))
