"""Attacks on the webhook channel (docs/security.md): a poisoned delivery in the outbox must
fail alone, within a bounded number of attempts, and stop nobody else's; a campaign's name in a
Discord body pings nobody and formats nothing."""

import re
import uuid
from datetime import timedelta

import pytest
from httpx import AsyncClient
from prometheus_client import REGISTRY
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.outbox import new_message_id
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import Campaign
from app.store.models.notification import DeliveryStatus, WebhookDelivery, WebhookEndpoint
from tests.factories.flows import MakeUser, change_turn, start_game
from tests.factories.webhooks import FAST, Receiver, deliver, register
from tests.factories.webhooks import app as app  # a fixture
from tests.factories.webhooks import loopback_settings as loopback_settings  # a fixture
from tests.factories.webhooks import receiver as receiver  # a fixture


@pytest.mark.parametrize(
    "body",
    [
        "{not json",
        '{"type": "no_such_kind", "language": "en"}',
        '{"type": "turn_started", "campaign": {"name": "Evil\\r\\nX: 1"}}',  # fields missing
    ],
)
async def test_a_delivery_that_cannot_be_built_fails_alone_after_bounded_attempts(
    body: str,
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """A delivery whose stored body cannot be made into a message (written by an older
    server, or poisoned), queued first on a player's endpoint: the others are delivered, it
    is retried with backoff and given up after `max_attempts`, and its endpoint is not
    blamed (not a receiver's failure: never disabled for it)."""
    labels = {"channel": "webhook", "stage": "build", "outcome": "given_up"}
    given_up_before = REGISTRY.get_sample_value("marchlords_delivery_failures_total", labels)
    game = await start_game(client, make_user)
    p2 = game.players[1]
    created = await register(client, game, p2.headers, receiver.url("/p2"))
    campaign_id, endpoint_id = uuid.UUID(game.id), uuid.UUID(created["id"])
    now = utcnow()
    bad = WebhookDelivery(
        user_id=p2.user.id,
        campaign_id=campaign_id,
        endpoint_id=endpoint_id,
        message_id=new_message_id(),
        kind="poison",  # of no kind the turn change pushes (a newer one would replace it)
        body=body,
        status=DeliveryStatus.PENDING,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
    )
    session.add(bad)
    await session.flush()
    await change_turn(client, game)

    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    told = [m.json()["type"] for m in receiver.of("/p2")]
    assert told == ["last_not_ready", "summary_ready", "turn_started"]
    await session.refresh(bad)
    assert bad.status is DeliveryStatus.PENDING
    assert bad.attempts == 1
    assert bad.last_error is not None
    assert bad.last_error.startswith("Could not be built")
    assert bad.next_attempt_at > now + timedelta(seconds=1)  # a backoff, not at once

    at = utcnow()
    for _ in range(FAST.max_attempts * 2):
        at += timedelta(days=1)
        await deliver(sessionmaker, loopback_settings, at)
    await session.refresh(bad)
    assert bad.status.value == "failed"
    assert bad.attempts == FAST.max_attempts  # bounded: never retried forever
    given_up = REGISTRY.get_sample_value("marchlords_delivery_failures_total", labels)
    assert (given_up or 0) == (given_up_before or 0) + 1  # counted (and logged)
    endpoint = await session.get(WebhookEndpoint, (campaign_id, endpoint_id))
    assert endpoint is not None
    await session.refresh(endpoint)
    assert endpoint.disabled_at is None
    assert endpoint.consecutive_failures == 0
    assert len(receiver.of("/p2")) == 3  # nothing of it ever reached the receiver


def _unescaped(text: str) -> str:
    """What Discord reads as Markdown in `text`: all but the backslash escapes."""
    return re.sub(r"\\.", "", text)


@pytest.mark.parametrize(
    "name",
    [
        "@everyone\n**x**",  # stored by an older server, before names were one line
        "@here <@123> <@&45> **x** # big [site](https://evil.example) `y` ||z|| -# small",
    ],
)
async def test_a_campaign_name_in_a_discord_webhook_pings_nobody_and_formats_nothing(
    name: str,
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Every text of the body a user wrote (the sentence naming the campaign, the embed's
    description and its Campaign field) reaches Discord on one line with every Markdown sign
    and every `@`/`<` escaped, and the body allows no mention at all."""
    game = await start_game(client, make_user)
    owner = game.owner.headers
    campaign = await session.get_one(Campaign, uuid.UUID(game.id))
    campaign.name = name
    await session.flush()
    hook = await register(client, game, owner, receiver.url("/discord"), format="discord")
    pinged = await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=owner)
    assert pinged.status_code == 202, pinged.text
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))

    (body,) = [m.json() for m in receiver.of("/discord")]
    assert body["allowed_mentions"] == {"parse": []}
    (embed,) = body["embeds"]
    (campaign_field,) = [f for f in embed["fields"] if f["name"] == "Campaign"]
    texts = [body["content"], embed["description"], campaign_field["value"]]
    assert "everyone" in body["content"] or "here" in body["content"]  # the name is shown
    for text in texts:
        assert "\n" not in text
        assert not set(_unescaped(text)) & set("*_~`|>#[]()@<:-"), text
