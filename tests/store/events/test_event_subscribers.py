"""The subscribers of published events (app/store/events/subscribers.py): registered once, told in
order; the app factory registers the notifications' outbox for events and campaign status."""

import uuid
from collections.abc import Sequence
from typing import cast

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.notifications import outbox
from app.main import create_app
from app.platform.config import Settings
from app.store.events import subscribers
from app.store.events.kinds import AnyEventKind, AppEventKind
from app.store.events.subscribers import Published, subscribe, subscribed, tell_subscribers


@pytest.fixture
def no_subscribers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subscribers, "_subscribers", [])
    monkeypatch.setattr(subscribers, "_status_subscribers", [])


@pytest.mark.usefixtures("no_subscribers")
async def test_subscribers_are_told_once_each_in_their_order_of_registration() -> None:
    heard: list[tuple[str, uuid.UUID, list[AnyEventKind]]] = []

    async def first(_: AsyncSession, campaign_id: uuid.UUID, events: Sequence[Published]) -> None:
        heard.append(("first", campaign_id, [e.kind for e in events]))

    async def second(_: AsyncSession, campaign_id: uuid.UUID, events: Sequence[Published]) -> None:
        heard.append(("second", campaign_id, [e.kind for e in events]))

    subscribe(first)
    subscribe(second)
    subscribe(first)  # each app the process builds registers the same ones again
    campaign_id = uuid.uuid4()
    events = [Published(AppEventKind.TURN_CHANGED, {"turn": 2}, None)]
    await tell_subscribers(cast(AsyncSession, None), campaign_id, events)

    assert subscribed() == (first, second)
    assert heard == [
        ("first", campaign_id, [AppEventKind.TURN_CHANGED]),
        ("second", campaign_id, [AppEventKind.TURN_CHANGED]),
    ]


@pytest.mark.usefixtures("no_subscribers")
def test_the_app_factory_subscribes_the_notifications_outbox() -> None:
    create_app(Settings())  # no database: the lifespan, which would open it, is not run
    create_app(Settings())

    assert subscribed() == (outbox.on_events,)
    assert subscribers._status_subscribers == [outbox.on_campaign_status]
