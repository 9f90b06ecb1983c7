"""Who hears of published events: subscribers registered at start-up, called by the publisher.

`app.events` is a leaf: the publisher imports none of its listeners (notifications, metrics).
The app factory (`app.main.create_app`, which every server process, worker and test app goes
through) registers them, so a package that publishes never depends on the ones that listen.
"""

import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple

from sqlalchemy.ext.asyncio import AsyncSession

from app.rules.state import EventKind


class Published(NamedTuple):
    """One event as recorded: its kind, payload and audience (sorted seats; None: everyone)."""

    kind: EventKind
    payload: dict[str, Any]
    audience: list[int] | None


# Called in the publisher's transaction, after its rows are written: what a subscriber writes
# commits or rolls back with the events themselves.
Subscriber = Callable[[AsyncSession, uuid.UUID, Sequence[Published]], Awaitable[None]]

_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> None:
    """Have `subscriber` hear of every batch of events published from now on (once, however
    often it is registered: each app the process builds registers the same ones)."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)


def subscribed() -> tuple[Subscriber, ...]:
    """The subscribers, in the order they were registered."""
    return tuple(_subscribers)


async def tell_subscribers(
    session: AsyncSession, campaign_id: uuid.UUID, events: Sequence[Published]
) -> None:
    """Hand `events` to every subscriber, one after the other, in their order of registration."""
    for subscriber in _subscribers:
        await subscriber(session, campaign_id, events)
