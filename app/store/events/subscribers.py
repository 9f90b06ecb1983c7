"""Who hears of published events: subscribers registered at start-up, called by the publisher.

`app.store.events` is a leaf: the publisher imports none of its listeners (notifications, metrics).
The app factory (`app.main.create_app`, which every server process, worker and test app goes
through) registers them, so a package that publishes never depends on the ones that listen.
A campaign's start and end (no live event of their own) are heard the same way, and so are
notices to users outside a seat's audience (a join request to the owner, the answer to the
asker, an open seat to substitutes): the lobbies publish them, the notifications tell them.
"""

import uuid
from collections.abc import Awaitable, Callable, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from sqlalchemy.ext.asyncio import AsyncSession

from app.store.events.kinds import AnyEventKind
from app.store.models.campaign import Campaign


class Published(NamedTuple):
    """One event as recorded: its kind, payload and audience (sorted seats; None: everyone)."""

    kind: AnyEventKind
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


# Called when a campaign starts or ends, in the owner's transaction, after the row changed.
StatusSubscriber = Callable[[AsyncSession, Campaign], Awaitable[None]]

_status_subscribers: list[StatusSubscriber] = []


def subscribe_to_status(subscriber: StatusSubscriber) -> None:
    """Have `subscriber` hear of every campaign that starts or ends from now on (once)."""
    if subscriber not in _status_subscribers:
        _status_subscribers.append(subscriber)


async def tell_status_changed(session: AsyncSession, campaign: Campaign) -> None:
    """The campaign started or ended: every status subscriber hears of it, in order."""
    for subscriber in _status_subscribers:
        await subscriber(session, campaign)


class NoticeKind(StrEnum):
    """What users who hold no seat of the campaign (yet) are told (R-CAMP-11, R-CAMP-12)."""

    JOIN_REQUESTED = "join_requested"  # to the owner: {"number": seat or None}
    JOIN_ANSWERED = "join_answered"  # to the asker: {"number": seat or None, "accepted": bool}
    SEAT_OPEN = "seat_open"  # to substitutes: {"numbers": [seat, …]}


class Notice(NamedTuple):
    """One notice of `kind` to each of `users`, with its parameters."""

    kind: NoticeKind
    users: tuple[uuid.UUID, ...]
    params: dict[str, Any]


# Called in the publisher's transaction, like the event subscribers.
NoticeSubscriber = Callable[[AsyncSession, Campaign, Sequence[Notice]], Awaitable[None]]

_notice_subscribers: list[NoticeSubscriber] = []


def subscribe_to_notices(subscriber: NoticeSubscriber) -> None:
    """Have `subscriber` hear of every notice published from now on (once)."""
    if subscriber not in _notice_subscribers:
        _notice_subscribers.append(subscriber)


async def publish_notices(
    session: AsyncSession, campaign: Campaign, notices: Sequence[Notice]
) -> None:
    """Hand `notices` about `campaign` to every notice subscriber, in order."""
    for subscriber in _notice_subscribers:
        await subscriber(session, campaign, notices)
