"""Notifications (issue 15): signed webhooks to a real HTTP receiver on 127.0.0.1.

The receiver is a small asyncio HTTP server in the test; the app runs with
`webhooks_allow_loopback` on (as in development). The delivery worker and the reminders take
`now` as an argument, so time moves without sleeping; the `webhook-timestamp` of each attempt
is the real time (receivers check it against their clock).
"""

import asyncio
import contextlib
import functools
import ipaddress
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from httpx import ASGITransport, AsyncClient
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker
from standardwebhooks import Webhook

from app.channels.notifications import messages, ssrf
from app.channels.notifications.delivery import RetryPolicy, prune
from app.channels.notifications.formats import DiscordMessage, SlackMessage, WebhookMessage
from app.channels.notifications.outbox import enqueue
from app.channels.notifications.reminders import send_reminders
from app.channels.notifications.worker import run_notifier
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.db.session import create_sessionmaker
from app.store.models import BattleRow, Campaign, CampaignEvent, WebhookDelivery, WebhookEndpoint
from app.store.models.notification import EndpointScope
from tests.factories.battles import declare_field_battle
from tests.factories.flows import (
    MakeUser,
    army_of,
    change_turn,
    create_lobby,
    register_and_login,
    start_game,
)
from tests.factories.planting import planted
from tests.factories.races import lock_waiters
from tests.factories.webhook_fog import register_fog_webhooks, webhook_leaks
from tests.factories.webhooks import Received, Receiver, deliver, register
from tests.factories.webhooks import app as app  # a fixture
from tests.factories.webhooks import loopback_settings as loopback_settings  # a fixture
from tests.factories.webhooks import receiver as receiver  # a fixture
from tests.helpers import assert_problem

# ------------------------------------------------------------------------------ receiver


@dataclass
class Connection:
    path: str
    opened: float  # monotonic, when the request had arrived
    closed: float | None = None  # when the client hung up


@dataclass
class Trickler:
    """A real slow receiver on 127.0.0.1: reads the request, then answers one byte a second
    (a 200 whose 40-byte body would take more than a minute), until the client hangs up."""

    port: int = 0
    connections: list[Connection] = field(default_factory=list)

    def url(self, path: str = "/slow") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        path = head.decode("latin-1").split(" ", 2)[1]
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.lower().split(b"\r\n")
            if line.startswith(b"content-length:")
        )
        await reader.readexactly(length)
        connection = Connection(path, time.monotonic())
        self.connections.append(connection)
        answer = b"HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n" + b"x" * 40
        try:
            for byte in answer:
                writer.write(bytes([byte]))
                await writer.drain()
                try:  # a second, unless the client hangs up first (EOF)
                    if await asyncio.wait_for(reader.read(1), timeout=1.0) == b"":
                        break
                except TimeoutError:
                    pass
        except ConnectionError:
            pass
        finally:
            connection.closed = time.monotonic()
            writer.close()

    def open_at(self, moment: float) -> int:
        return sum(
            1 for c in self.connections if c.opened <= moment and (c.closed or moment) >= moment
        )


@pytest.fixture
async def trickler() -> AsyncIterator[Trickler]:
    found = Trickler()
    server = await asyncio.start_server(found.handle, "127.0.0.1", 0)
    found.port = server.sockets[0].getsockname()[1]
    async with server:
        yield found
        server.close()


async def eventually(condition: Any, within: float, what: str) -> None:
    """Poll `condition()` every 20 ms, for at most `within` seconds."""
    limit = time.monotonic() + within
    while not condition():
        assert time.monotonic() < limit, f"not within {within} s: {what}"
        await asyncio.sleep(0.02)


def verified(secret: str, message: Received) -> Any:
    """The Standard Webhooks reference verification (raises if anything is off)."""
    return Webhook(secret).verify(message.body, message.headers)


# ------------------------------------------------------------------------------ signing


async def test_turn_change_reaches_personal_and_campaign_webhooks_signed(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    _p1, p2 = game.players
    mine = await register(client, game, p2.headers, receiver.url("/p2"))
    channel = await register(
        client, game, game.owner.headers, receiver.url("/channel"), scope="campaign"
    )
    await change_turn(client, game)
    report = await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    assert len(report.delivered) == 4

    personal = [verified(mine["secret"], m) for m in receiver.of("/p2")]
    # p2 declared ready last (tests.factories.flows.change_turn): told it waited for them.
    assert [m["type"] for m in personal] == ["last_not_ready", "summary_ready", "turn_started"]
    personal = personal[1:]
    for message in personal:
        WebhookMessage.model_validate(message)
        assert message["data"]["campaign"] == {"id": game.id, "name": "Test campaign"}
        assert message["data"]["turn"] == 2
    assert personal[0]["data"]["link"] == f"/v1/campaigns/{game.id}/turns/1/summary"
    assert personal[1]["data"]["deadline_at"] is not None

    (public,) = [verified(channel["secret"], m) for m in receiver.of("/channel")]
    assert public["type"] == "turn_started"
    assert public["data"]["pending_battles"] == 0
    assert public["data"]["link"] == f"/v1/campaigns/{game.id}/turn"
    # A wrong secret does not verify.
    with pytest.raises(Exception, match="signature"):
        verified(mine["secret"], receiver.of("/channel")[0])
    # Nothing more is due: nothing is sent twice.
    later = await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(hours=2))
    assert later.delivered == []
    assert len(receiver.received) == 4


async def test_a_receiver_that_fails_twice_gets_the_message_once_more_with_the_same_id(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    hook = await register(client, game, game.owner.headers, receiver.url())
    receiver.script = [(500, {}), (429, {"Retry-After": "600"})]
    ping = await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=game.owner.headers)
    assert ping.status_code == 202, ping.text
    t0 = utcnow() + timedelta(seconds=1)

    first = await deliver(sessionmaker, loopback_settings, t0)
    assert len(first.failed) == 1
    assert len(receiver.received) == 1
    # Not due again before its backoff (10 s base, jitter: 5–10 s).
    assert (await deliver(sessionmaker, loopback_settings, t0 + timedelta(seconds=4))).failed == []
    second = await deliver(sessionmaker, loopback_settings, t0 + timedelta(seconds=11))
    assert len(second.failed) == 1
    assert len(receiver.received) == 2
    # 429 with Retry-After: 600 s, longer than the backoff: honoured.
    waiting = await deliver(sessionmaker, loopback_settings, t0 + timedelta(seconds=300))
    assert waiting.delivered == []
    assert len(receiver.received) == 2
    third = await deliver(sessionmaker, loopback_settings, t0 + timedelta(seconds=612))
    assert len(third.delivered) == 1
    assert len(receiver.received) == 3
    assert (await deliver(sessionmaker, loopback_settings, t0 + timedelta(days=2))).delivered == []
    assert len(receiver.received) == 3

    ids = {m.headers["webhook-id"] for m in receiver.received}
    assert ids == {ping.json()["id"]}
    assert len({m.body for m in receiver.received}) == 1
    for message in receiver.received:
        assert verified(hook["secret"], message)["type"] == "ping"
    log = await client.get(
        game.url(f"/webhooks/{hook['id']}/deliveries"), headers=game.owner.headers
    )
    (entry,) = log.json()["items"]
    assert entry["status"] == "delivered"
    assert entry["attempts"] == 3
    assert entry["last_status_code"] == 204
    assert entry["last_error"] is None


async def test_deleting_an_endpoint_deletes_its_delivery_log_and_nothing_more_is_sent(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """`deliveries` names its endpoint without a foreign key (issue 43: one global table):
    the endpoint's deletion deletes its log itself, a pending message with it."""
    game = await start_game(client, make_user)
    p2 = game.players[1]
    hook = await register(client, game, p2.headers, receiver.url())
    kept = await register(client, game, p2.headers, receiver.url("/kept"))
    url = game.url(f"/webhooks/{hook['id']}")
    for endpoint in (url, game.url(f"/webhooks/{kept['id']}")):
        assert (await client.post(endpoint + "/ping", headers=p2.headers)).status_code == 202
    assert (await client.delete(url, headers=p2.headers)).status_code == 204
    left = await session.scalars(
        select(WebhookDelivery.endpoint_id).execution_options(populate_existing=True)
    )
    assert set(left.all()) == {uuid.UUID(kept["id"])}
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    assert [m.path for m in receiver.received] == ["/kept"]


async def test_an_endpoint_failing_too_often_is_disabled_and_its_owner_told(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    hook = await register(client, game, p2.headers, receiver.url())
    receiver.script = [(500, {})] * 5
    policy = RetryPolicy(max_attempts=2, base_delay=timedelta(seconds=10), disable_after=3)
    url = game.url(f"/webhooks/{hook['id']}")
    for _ in range(2):
        assert (await client.post(url + "/ping", headers=p2.headers)).status_code == 202
    t0 = utcnow() + timedelta(seconds=1)
    await deliver(sessionmaker, loopback_settings, t0, policy)  # 2 failures
    report = await deliver(sessionmaker, loopback_settings, t0 + timedelta(minutes=1), policy)
    assert report.disabled == [uuid.UUID(hook["id"])]
    assert len(receiver.received) == 3  # the second retry found the endpoint disabled
    body = (await client.get(url, headers=p2.headers)).json()
    assert body["enabled"] is False
    assert "3 failed attempts" in body["disabled_reason"]
    items = (await client.get(url + "/deliveries", headers=p2.headers)).json()["items"]
    assert {d["status"] for d in items} == {"failed"}
    assert_problem(await client.post(url + "/ping", headers=p2.headers), 409, "conflict")
    events = await session.scalars(
        select(CampaignEvent).where(
            CampaignEvent.campaign_id == uuid.UUID(game.id),
            CampaignEvent.kind == "webhook_disabled",
        )
    )
    (event,) = events.all()
    assert event.audience == [p2.number]
    assert event.payload["endpoint_id"] == hook["id"]
    # Enabled again by its owner.
    again = await client.patch(url, json={"enabled": True}, headers=p2.headers)
    assert again.json()["enabled"] is True
    assert again.json()["consecutive_failures"] == 0


# ------------------------------------------------------------------------------ formats


async def test_discord_and_slack_bodies_have_those_services_shapes(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    owner = game.owner.headers
    await register(
        client, game, owner, receiver.url("/discord"), format="discord", scope="campaign"
    )
    await register(client, game, owner, receiver.url("/slack"), format="slack", scope="campaign")
    await change_turn(client, game)
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))

    (discord,) = [m.json() for m in receiver.of("/discord")]
    assert set(discord) == {"content", "embeds", "allowed_mentions"}
    DiscordMessage.model_validate(discord)
    assert discord["allowed_mentions"] == {"parse": []}  # a campaign name pings no one
    assert discord["content"].startswith("Turn 2 of Test campaign has begun.")
    (embed,) = discord["embeds"]
    assert set(embed) <= {"title", "description", "url", "timestamp", "color", "fields"}
    names = [f["name"] for f in embed["fields"]]
    assert names == ["Campaign", "Turn", "Deadline", "Pending battles", "Link"]
    assert all(set(f) == {"name", "value", "inline"} for f in embed["fields"])
    assert embed["fields"][-1]["value"] == f"/v1/campaigns/{game.id}/turn"
    assert embed["fields"][2]["value"].startswith("<t:")  # Discord's own time formatting

    (slack,) = [m.json() for m in receiver.of("/slack")]
    assert set(slack) == {"text", "blocks"}
    SlackMessage.model_validate(slack)
    section, context = slack["blocks"]
    assert section["type"] == "section"
    assert section["text"]["type"] == "mrkdwn"
    assert section["text"]["text"] == slack["text"]
    assert context["type"] == "context"
    assert f"`/v1/campaigns/{game.id}/turn`" in context["elements"][0]["text"]


async def test_markup_in_a_campaign_name_is_escaped_and_links_are_absolute_with_public_url(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    owner = game.owner.headers
    campaign = await session.get_one(Campaign, uuid.UUID(game.id))
    campaign.name = "<!channel> *War* & @everyone"  # names are chosen in the lobby
    await session.flush()
    slack = await register(client, game, owner, receiver.url("/slack"), format="slack")
    discord = await register(client, game, owner, receiver.url("/discord"), format="discord")
    for hook in (slack, discord):
        await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=owner)
    public = loopback_settings.model_copy(update={"public_url": "https://play.example"})
    await deliver(sessionmaker, public, utcnow() + timedelta(seconds=1))
    text = receiver.of("/slack")[0].json()["text"]
    assert "<!channel>" not in text
    assert "&lt;!channel&gt;" in text
    assert "&amp;" in text
    body = receiver.of("/discord")[0].json()
    assert "\\*War\\*" in body["content"]
    assert body["allowed_mentions"] == {"parse": []}
    assert body["embeds"][0]["url"] == f"https://play.example/v1/campaigns/{game.id}"


async def test_the_log_forgets_finished_deliveries_after_thirty_days(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    hook = await register(client, game, game.owner.headers, receiver.url())
    url = game.url(f"/webhooks/{hook['id']}")
    await client.post(url + "/ping", headers=game.owner.headers)
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    await client.post(url + "/ping", headers=game.owner.headers)  # still pending
    assert await prune(sessionmaker, utcnow() + timedelta(days=29)) == 0
    assert await prune(sessionmaker, utcnow() + timedelta(days=31)) == 1
    log = (await client.get(url + "/deliveries", headers=game.owner.headers)).json()
    assert [d["status"] for d in log["items"]] == ["pending"]


# ------------------------------------------------------------------------------ fog


async def test_battle_and_turn_notifications_follow_the_viewers_sight_and_anonymity(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Player 1 attacks player 2; player 3 (and the campaign channel) only learn a count."""
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"anonymity": True, "auto_resolve": False},
    )
    hooks = {}
    for p in game.players:
        hooks[p.number] = await register(client, game, p.headers, receiver.url(f"/p{p.number}"))
    channel = await register(
        client, game, game.owner.headers, receiver.url("/channel"), scope="campaign"
    )
    battle_id = await declare_field_battle(client, session, game)
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    p1_report = await client.post(
        game.url(f"/battles/{battle_id}/report"),
        json={"outcome": "attacker_victory", "attacker_losses_pct": 10, "defender_losses_pct": 50},
        headers=game.players[0].headers,
    )
    assert p1_report.status_code == 200, p1_report.text
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=2))

    def kinds(path: str, secret: str) -> list[str]:
        return [verified(secret, m)["type"] for m in receiver.of(path)]

    # The battles are declared by the turn change, before the new turn is announced.
    assert kinds("/p1", hooks[1]["secret"]) == [
        "battle_awaits_report",
        "summary_ready",
        "turn_started",
    ]
    assert kinds("/p2", hooks[2]["secret"]) == [
        "battle_awaits_report",
        "summary_ready",
        "turn_started",
        "battle_awaits_confirmation",
    ]
    # Player 3 declared ready last: told once that the turn waited for them alone.
    assert kinds("/p3", hooks[3]["secret"]) == ["last_not_ready", "summary_ready", "turn_started"]
    (public,) = [verified(channel["secret"], m) for m in receiver.of("/channel")]
    assert public["data"]["pending_battles"] == 1
    assert public["data"]["battle_id"] is None
    # No name, username or battle id reaches anyone who may not see it.
    names = {p.user.username for p in game.players} | {
        p.user.username.title() for p in game.players
    }
    for message in receiver.received:
        assert not any(n in message.body for n in names), message.body
    for path in ("/p3", "/channel"):
        assert all(f"battles/{battle_id}" not in m.body for m in receiver.of(path))


async def test_a_turn_change_declaring_a_battle_delivers_its_notifications_at_once(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, connection: AsyncConnection
) -> None:
    """The battle declared and the new turn are told in one delivery: who is looking is read
    once for the whole turn change, not once per event it publishes."""
    game = await start_game(client, make_user, settings={"auto_resolve": False})
    a1, a2 = await army_of(session, game, 1), await army_of(session, game, 2)
    a1.q, a1.r, a2.q, a2.r = 4, 1, 5, 1
    await planted(session, game)
    moved = await client.put(
        game.url(f"/armies/{a1.id}/move"), json={"path": [[5, 1]]}, headers=game.players[0].headers
    )
    assert moved.status_code == 200, moved.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    statements: list[str] = []

    def executed(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    event.listen(connection.sync_engine, "before_cursor_execute", executed)
    try:
        changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    finally:
        event.remove(connection.sync_engine, "before_cursor_execute", executed)
    assert changed.status_code == 200, changed.text
    battles = await session.scalars(
        select(BattleRow).where(BattleRow.campaign_id == uuid.UUID(game.id))
    )
    assert len(battles.all()) == 1  # two events published: the battle's and the turn's
    assert sum("FROM stream_presence" in s for s in statements) == 1


async def test_a_member_sees_only_their_own_webhooks(
    client: AsyncClient, make_user: MakeUser, receiver: Receiver
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    hook = await register(client, game, p1.headers, receiver.url())
    stranger = await make_user()
    for path in ("", "/deliveries"):
        theirs = await client.get(game.url(f"/webhooks/{hook['id']}{path}"), headers=p2.headers)
        unknown = await client.get(game.url(f"/webhooks/{uuid.uuid4()}{path}"), headers=p2.headers)
        assert theirs.status_code == unknown.status_code == 404
        assert theirs.json()["detail"] == unknown.json()["detail"]
    assert (await client.get(game.url("/webhooks"), headers=p2.headers)).json() == []
    listed = (await client.get(game.url("/webhooks"), headers=p1.headers)).json()
    assert [h["id"] for h in listed] == [hook["id"]]
    assert "secret" not in listed[0]
    assert_problem(
        await client.get(game.url("/webhooks"), headers=stranger.headers), 404, "not_found"
    )
    campaign_scope = await client.post(
        game.url("/webhooks"), json={"url": receiver.url(), "scope": "campaign"}, headers=p2.headers
    )
    assert_problem(campaign_scope, 403, "R-CAMP-1")
    wrong_kind = await client.post(
        game.url("/webhooks"),
        json={"url": receiver.url(), "scope": "campaign", "kinds": ["summary_ready"]},
        headers=game.owner.headers,
    )
    assert_problem(wrong_kind, 422, "invalid_value")
    assert (
        await client.delete(game.url(f"/webhooks/{hook['id']}"), headers=p2.headers)
    ).status_code == 404
    assert (
        await client.delete(game.url(f"/webhooks/{hook['id']}"), headers=p1.headers)
    ).status_code == 204


# ------------------------------------------------------------------------------ quiet hours


async def test_quiet_hours_delay_and_vacation_mutes(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    hook = await register(client, game, p2.headers, receiver.url())
    zone = "America/New_York"
    now = utcnow().replace(second=0, microsecond=0) + timedelta(minutes=1)
    local = now.astimezone(ZoneInfo(zone))
    quiet = {
        "time_zone": zone,
        "quiet_start": (local - timedelta(hours=1)).time().isoformat(),
        "quiet_end": (local + timedelta(hours=2)).time().isoformat(),
        "vacation": False,
    }
    put = await client.put("/v1/users/me/notifications", json=quiet, headers=p2.headers)
    assert put.status_code == 200, put.text
    assert (await client.get("/v1/users/me/notifications", headers=p2.headers)).json() == put.json()
    ping = await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=p2.headers)

    held = await deliver(sessionmaker, loopback_settings, now)
    assert held.postponed
    assert receiver.received == []
    (entry,) = (
        await client.get(game.url(f"/webhooks/{hook['id']}/deliveries"), headers=p2.headers)
    ).json()["items"]
    assert entry["status"] == "pending"
    assert entry["attempts"] == 0
    assert datetime.fromisoformat(entry["next_attempt_at"]) == now + timedelta(hours=2)
    assert (
        await deliver(sessionmaker, loopback_settings, now + timedelta(hours=1))
    ).delivered == []
    sent = await deliver(sessionmaker, loopback_settings, now + timedelta(hours=2, seconds=1))
    assert len(sent.delivered) == 1
    assert receiver.received[0].headers["webhook-id"] == ping.json()["id"]

    away = {**quiet, "quiet_start": None, "quiet_end": None, "vacation": True}
    assert (
        await client.put("/v1/users/me/notifications", json=away, headers=p2.headers)
    ).is_success
    await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=p2.headers)
    muted = await deliver(sessionmaker, loopback_settings, now + timedelta(hours=3))
    assert len(muted.muted) == 1
    assert len(receiver.received) == 1
    log = (
        await client.get(game.url(f"/webhooks/{hook['id']}/deliveries"), headers=p2.headers)
    ).json()["items"]
    assert [d["status"] for d in log] == ["muted", "delivered"]


async def test_preferences_refuse_unknown_time_zones(
    client: AsyncClient, make_user: MakeUser
) -> None:
    user = await make_user()
    for zone in ("Mars/Olympus", "../etc/passwd", "Europe"):
        response = await client.put(
            "/v1/users/me/notifications", json={"time_zone": zone}, headers=user.headers
        )
        assert_problem(response, 422, "validation_error")


async def test_a_digest_is_offered_for_email_alone(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """The inbox is itself the list of everything (held back, it would only show less), and a
    webhook's receiver is a program that groups what it wants: `digest` is refused for both,
    and the preferences stay as they were."""
    user = await make_user()
    prefs = "/v1/users/me/notifications"
    kept = {"kinds": {"turn_started": {"email": "digest", "webhook": "off"}}}
    assert (await client.put(prefs, json=kept, headers=user.headers)).status_code == 200
    before = (await client.get(prefs, headers=user.headers)).json()
    for channel in ("inbox", "webhook"):
        wrong = {"kinds": {"turn_started": {channel: "digest"}}}
        response = await client.put(prefs, json=wrong, headers=user.headers)
        assert_problem(response, 422, "validation_error")
    assert (await client.get(prefs, headers=user.headers)).json() == before


# ------------------------------------------------------------------------------ reminders


async def test_reminders_go_to_the_players_not_ready_once_per_deadline(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(
        client, make_user, settings={"turn_deadline_hours": 24, "reminder_hours": 3}
    )
    p1, _p2 = game.players
    for p in game.players:
        await register(client, game, p.headers, receiver.url(f"/p{p.number}"))
    assert (await client.put(game.url("/turn/ready"), headers=p1.headers)).is_success
    deadline = datetime.fromisoformat(
        (await client.get(game.url("/turn"), headers=p1.headers)).json()["deadline_at"]
    )
    assert await send_reminders(sessionmaker, deadline - timedelta(hours=4)) == []
    assert await send_reminders(sessionmaker, deadline - timedelta(hours=2)) == [uuid.UUID(game.id)]
    assert await send_reminders(sessionmaker, deadline - timedelta(hours=1)) == []
    await deliver(sessionmaker, loopback_settings, deadline - timedelta(hours=1))
    assert receiver.of("/p1") == []
    # p2 was told at once that they alone were not ready (issue 28), then reminded.
    assert [m.json()["type"] for m in receiver.of("/p2")] == ["last_not_ready", "deadline_reminder"]
    reminder = receiver.of("/p2")[1].json()
    assert datetime.fromisoformat(reminder["data"]["deadline_at"]) == deadline
    # An extension is a new deadline: reminded again, when its window opens.
    extended = await client.post(
        game.url("/deadline"), json={"extend_hours": 5}, headers=game.owner.headers
    )
    assert extended.status_code == 200, extended.text
    assert await send_reminders(sessionmaker, deadline + timedelta(hours=3)) == [uuid.UUID(game.id)]
    rows = await session.scalars(
        select(WebhookDelivery).where(WebhookDelivery.campaign_id == uuid.UUID(game.id))
    )
    kinds = sorted(r.kind for r in rows)
    assert kinds == ["deadline_reminder", "deadline_reminder", "last_not_ready"]


async def test_battle_deadline_reminders_go_to_the_players_a_battle_waits_for(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"battle_deadline_hours": 48, "reminder_hours": 6},
    )
    for p in game.players:
        await register(client, game, p.headers, receiver.url(f"/p{p.number}"))
    battle_id = await declare_field_battle(client, session, game)  # players 1 and 2
    reported = await client.post(
        game.url(f"/battles/{battle_id}/report"),
        json={"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10},
        headers=game.players[0].headers,
    )
    assert reported.status_code == 200, reported.text
    deadline = datetime.fromisoformat(
        (await client.get(game.url("/turn"), headers=game.owner.headers)).json()[
            "battle_deadline_at"
        ]
    )
    receiver.received.clear()
    assert await send_reminders(sessionmaker, deadline - timedelta(hours=7)) == []
    assert await send_reminders(sessionmaker, deadline - timedelta(hours=5)) == [uuid.UUID(game.id)]
    await deliver(sessionmaker, loopback_settings, deadline - timedelta(hours=4))
    # Player 1 reported: only player 2 is waited for (to confirm); player 3 takes no part.
    assert [m.path for m in receiver.received if m.json()["type"] == "deadline_reminder"] == ["/p2"]
    (reminder,) = [m.json() for m in receiver.of("/p2") if m.json()["type"] == "deadline_reminder"]
    assert reminder["data"]["link"] == f"/v1/campaigns/{game.id}/battles"


async def test_a_turn_deadline_and_a_battle_deadline_never_hide_each_other(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Issue 46: both reminders share the kind `deadline_reminder`, but are about different
    deadlines. Sent in the same hour, each reaches the player's webhook, and each stays in
    their inbox: collapsing is by kind AND subject (the turn, the battles), never by kind."""
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"turn_deadline_hours": 24, "battle_deadline_hours": 24, "reminder_hours": 6},
    )
    for p in game.players:
        await register(client, game, p.headers, receiver.url(f"/p{p.number}"))
    await declare_field_battle(client, session, game)  # players 1 and 2; nobody ready since
    turn = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()
    deadlines = [datetime.fromisoformat(turn[k]) for k in ("deadline_at", "battle_deadline_at")]
    now = max(deadlines) - timedelta(hours=5)
    assert now > min(deadlines) - timedelta(hours=6)  # both windows are open
    receiver.received.clear()
    assert await send_reminders(sessionmaker, now) == [uuid.UUID(game.id)]
    await deliver(sessionmaker, loopback_settings, now)

    p2 = game.players[1]
    told = [m.json()["data"] for m in receiver.of("/p2") if m.json()["type"] == "deadline_reminder"]
    assert sorted(d["link"] for d in told) == [
        f"/v1/campaigns/{game.id}/battles",
        f"/v1/campaigns/{game.id}/turn",
    ]
    listed = await client.get("/v1/notifications", headers=p2.headers)
    reminders = [i["link"] for i in listed.json()["items"] if i["kind"] == "deadline_reminder"]
    assert sorted(reminders) == [
        f"/v1/campaigns/{game.id}/battles",
        f"/v1/campaigns/{game.id}/turn",
    ]
    # Player 3 takes no part in the battle: the turn's reminder alone.
    third = [m.json()["data"]["link"] for m in receiver.of("/p3")]
    assert f"/v1/campaigns/{game.id}/turn" in third
    assert f"/v1/campaigns/{game.id}/battles" not in third


async def test_the_other_side_is_reminded_before_a_report_confirms_itself_R_BAT_9(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"battle_auto_confirm_hours": 24, "reminder_hours": 6},
    )
    for p in game.players:
        await register(client, game, p.headers, receiver.url(f"/p{p.number}"))
    battle_id = await declare_field_battle(client, session, game)  # players 1 and 2
    reported = await client.post(
        game.url(f"/battles/{battle_id}/report"),
        json={"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10},
        headers=game.players[0].headers,
    )
    assert reported.status_code == 200, reported.text
    battle = await session.get_one(
        BattleRow, (uuid.UUID(game.id), battle_id), populate_existing=True
    )
    due = battle.auto_confirm_at
    assert due is not None
    receiver.received.clear()
    assert await send_reminders(sessionmaker, due - timedelta(hours=7)) == []
    assert await send_reminders(sessionmaker, due - timedelta(hours=5)) == [uuid.UUID(game.id)]
    assert await send_reminders(sessionmaker, due - timedelta(hours=4)) == []
    await deliver(sessionmaker, loopback_settings, due - timedelta(hours=4))
    reminders = [m for m in receiver.received if m.json()["type"] == "deadline_reminder"]
    assert [m.path for m in reminders] == ["/p2"]
    data = reminders[0].json()["data"]
    assert data["battle_id"] == battle_id
    assert data["link"] == f"/v1/campaigns/{game.id}/battles/{battle_id}"
    assert datetime.fromisoformat(data["deadline_at"]) == due


# ------------------------------------------------------------------------------ bounded work


async def test_a_trickling_receiver_is_cut_off_at_the_attempts_deadline_and_retried(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    trickler: Trickler,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """One byte a second never trips a per-read timeout: the deadline is the attempt's. The
    other campaign's ping is delivered meanwhile, and the backoff counts from the cut-off."""
    deadline = 2.0
    tight = loopback_settings.model_copy(update={"webhook_timeout_seconds": deadline})
    slow_game = await start_game(client, make_user)
    slow = await register(client, slow_game, slow_game.owner.headers, trickler.url())
    other_game = await start_game(client, make_user)
    fast = await register(client, other_game, other_game.owner.headers, receiver.url())
    for game, hook in ((slow_game, slow), (other_game, fast)):
        url = game.url(f"/webhooks/{hook['id']}/ping")
        assert (await client.post(url, headers=game.owner.headers)).status_code == 202
    policy = RetryPolicy(base_delay=timedelta(seconds=deadline), disable_after=100)
    t0 = utcnow() + timedelta(seconds=1)
    began = time.monotonic()
    report = await deliver(sessionmaker, tight, t0, policy)
    took = time.monotonic() - began

    assert took < deadline + 3  # not the minute the receiver would take
    (cut,) = trickler.connections
    assert cut.closed is not None
    assert deadline - 0.2 <= cut.closed - cut.opened <= deadline + 1.0
    (delivered,) = receiver.received
    assert delivered.at < cut.closed  # not behind the slow one
    assert len(report.delivered) == 1
    row = await session.scalar(
        select(WebhookDelivery)
        .where(WebhookDelivery.campaign_id == uuid.UUID(slow_game.id))
        .execution_options(populate_existing=True)
    )
    assert row is not None
    assert report.failed == [row.id]
    assert (row.status.value, row.attempts) == ("pending", 1)
    assert row.last_error == "Timed out after 2 s."
    # Backoff: base 2 s, jitter 1–2 s, from the end of the attempt (at t0 + ~2 s).
    assert row.next_attempt_at >= t0 + timedelta(seconds=deadline + deadline / 2)


async def test_deliveries_run_side_by_side_within_the_bounds_in_all_and_per_endpoint(
    client: AsyncClient,
    make_user: MakeUser,
    trickler: Trickler,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Four slow attempts, two at once in all, one at a time to an endpoint: two open side by
    side, never three, never two to /a."""
    bounded = loopback_settings.model_copy(
        update={
            "webhook_timeout_seconds": 1.0,
            "webhook_max_concurrent_deliveries": 2,
            "webhook_max_concurrent_per_endpoint": 1,
        }
    )
    game = await start_game(client, make_user)
    owner = game.owner.headers
    hooks = {path: await register(client, game, owner, trickler.url(f"/{path}")) for path in "abc"}
    for path in ("a", "a", "b", "c"):
        url = game.url(f"/webhooks/{hooks[path]['id']}/ping")
        assert (await client.post(url, headers=owner)).status_code == 202
    report = await deliver(sessionmaker, bounded, utcnow() + timedelta(seconds=1))

    assert len(report.failed) == 4
    assert len(trickler.connections) == 4
    moments = [c.opened + 0.01 for c in trickler.connections]
    assert max(trickler.open_at(m) for m in moments) == 2
    first_a, second_a = [c for c in trickler.connections if c.path == "/a"]
    assert first_a.closed is not None
    assert second_a.opened >= first_a.closed


async def test_a_slow_receiver_delays_no_other_delivery_nor_reminder_of_the_running_worker(
    committing_loopback_client: AsyncClient,
    committing_engine: AsyncEngine,
    receiver: Receiver,
    trickler: Trickler,
    loopback_settings: Settings,
) -> None:
    """The worker as the server runs it: while an attempt trickles, a ping queued afterwards
    for another campaign is delivered, and a reminder falling due is written and delivered."""
    client = committing_loopback_client
    make = functools.partial(register_and_login, client)
    slow_game = await start_game(client, make)
    slow = await register(client, slow_game, slow_game.owner.headers, trickler.url())
    other = await start_game(
        client, make, settings={"turn_deadline_hours": 24, "reminder_hours": 3}
    )
    p2 = other.players[1]
    fast = await register(client, other, p2.headers, receiver.url())
    ping = slow_game.url(f"/webhooks/{slow['id']}/ping")
    assert (await client.post(ping, headers=slow_game.owner.headers)).status_code == 202

    deadline = 6.0
    shift = [timedelta(0)]  # moves the worker's clock: the reminder falls due on demand
    worker = asyncio.create_task(
        run_notifier(
            create_sessionmaker(committing_engine),
            loopback_settings.model_copy(update={"webhook_timeout_seconds": deadline}),
            interval=0.1,
            clock=lambda: utcnow() + shift[0],
        )
    )
    try:
        await eventually(lambda: trickler.connections, 3, "the slow attempt begins")
        (trickling,) = trickler.connections
        url = other.url(f"/webhooks/{fast['id']}/ping")
        assert (await client.post(url, headers=p2.headers)).status_code == 202
        await eventually(lambda: receiver.received, 2, "the other ping is delivered")
        shift[0] = timedelta(hours=22)  # 2 h before the other campaign's deadline
        await eventually(lambda: len(receiver.received) == 2, 2, "the reminder is delivered")
        assert trickling.closed is None  # all this while the slow attempt was open
        assert [m.json()["type"] for m in receiver.received] == ["ping", "deadline_reminder"]
        await eventually(lambda: trickling.closed is not None, deadline, "the cut-off")
        assert trickling.closed is not None
        assert deadline - 0.2 <= trickling.closed - trickling.opened <= deadline + 1.0
    finally:
        worker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await worker


# ------------------------------------------------------------------------------ SSRF

REFUSED = [
    "http://example.com/hook",  # not https
    "https://127.0.0.1/hook",
    "https://localhost/hook",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://10.1.2.3/hook",
    "https://192.168.0.10/hook",
    "https://172.16.5.4/hook",
    "https://169.254.169.254/latest/meta-data",  # cloud metadata
    "https://100.100.100.200/hook",  # shared address space (a metadata service too)
    "https://[fd00:ec2::254]/hook",
    "https://[fe80::1]/hook",
    "https://0.0.0.0/hook",
    "https://224.0.0.1/hook",
    "https://240.0.0.1/hook",
    "https://user:secret@example.com/hook",
    "ftp://example.com/hook",
    "https://no-such-host.invalid/hook",
    "https://0x7f000001/hook",  # 127.0.0.1 spelled as a number
    "https://[::1",  # unreadable
    "https://a..b/hook",  # not a host name
    "https://93.184.215.14\t/hook",  # a control character
    # Not globally reachable by IANA's registries, though Python 3.11's is_global says so:
    "https://192.0.0.192/latest/meta-data",  # IETF Protocol Assignments (a metadata address)
    "https://[::ffff:192.0.0.192]/hook",  # the same, mapped in IPv6
    "https://[64:ff9b::192.0.0.192]/hook",  # the same, through NAT64
    "https://[64:ff9b::a9fe:a9fe]/hook",  # 169.254.169.254 through NAT64
    "https://[2002:c000:c0::1]/hook",  # 6to4
    "https://[fec0::1]/hook",  # deprecated site-local
    "https://198.18.0.1/hook",  # benchmarking
]


async def test_ssrf_targets_are_refused(
    settings: Settings, sessionmaker: async_sessionmaker[AsyncSession], fast_password_hashing: None
) -> None:
    application = create_app(settings)  # loopback NOT allowed
    application.state.sessionmaker = sessionmaker
    async with AsyncClient(transport=ASGITransport(app=application), base_url="http://test") as c:
        owner = await register_and_login(c)
        lobby = await create_lobby(c, owner)
        url = f"/v1/campaigns/{lobby['id']}/webhooks"
        for target in REFUSED:
            response = await c.post(url, json={"url": target}, headers=owner.headers)
            assert_problem(response, 422, "webhook_url_refused")
        assert (await c.get(url, headers=owner.headers)).json() == []


async def test_delivery_rechecks_the_address_and_sends_nothing_to_a_refused_one(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Registered while loopback was allowed; the worker of a server without it refuses."""
    game = await start_game(client, make_user)
    hook = await register(client, game, game.owner.headers, receiver.url())
    await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=game.owner.headers)
    strict = loopback_settings.model_copy(update={"webhooks_allow_loopback": False})
    report = await deliver(sessionmaker, strict, utcnow() + timedelta(seconds=1))
    assert report.given_up
    assert receiver.received == []
    (entry,) = (
        await client.get(game.url(f"/webhooks/{hook['id']}/deliveries"), headers=game.owner.headers)
    ).json()["items"]
    assert entry["status"] == "failed"
    assert entry["last_error"] == "The URL must use https."  # http on loopback: refused


async def test_redirects_are_not_followed(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    hook = await register(client, game, game.owner.headers, receiver.url())
    receiver.script = [(307, {"Location": receiver.url("/elsewhere")})]
    await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=game.owner.headers)
    report = await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    assert report.given_up
    assert [m.path for m in receiver.received] == ["/hook"]


async def test_delivery_refuses_a_stored_address_that_is_not_public(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """An endpoint whose URL reached the database before the policy refused it (registered
    on an older server) is refused again by the attempt itself: nothing is connected to."""
    game = await start_game(client, make_user)
    hook = await register(client, game, game.owner.headers, receiver.url())
    endpoint = await session.get_one(WebhookEndpoint, (uuid.UUID(game.id), uuid.UUID(hook["id"])))
    endpoint.url = "https://192.0.0.192/latest/meta-data"
    await session.flush()
    await client.post(game.url(f"/webhooks/{hook['id']}/ping"), headers=game.owner.headers)
    report = await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    assert len(report.given_up) == 1
    (entry,) = (
        await client.get(game.url(f"/webhooks/{hook['id']}/deliveries"), headers=game.owner.headers)
    ).json()["items"]
    assert entry["status"] == "failed"
    assert entry["last_error"] == (
        "The URL points to an address that is not public (IETF Protocol Assignments)."
    )


# One real address from every entry of IANA's IPv4 and IPv6 special-purpose address
# registries (app/channels/notifications/ssrf.py), from the blocks outside them that are not global
# unicast, from the forms that carry an IPv4 address, and from their public neighbours:
# (address, whether the server may post to it).
REGISTRY_ADDRESSES = [
    ("0.1.2.3", False),  # 0.0.0.0/8 "This network"
    ("0.0.0.0", False),  # noqa: S104 - 0.0.0.0/32 "This host on this network"
    ("10.20.30.40", False),  # Private-Use
    ("100.100.100.200", False),  # Shared Address Space (a metadata service)
    ("127.0.0.1", False),  # Loopback (allowed only with allow_loopback)
    ("169.254.169.254", False),  # Link Local (the cloud metadata service)
    ("172.31.255.254", False),  # Private-Use
    ("192.0.0.192", False),  # IETF Protocol Assignments
    ("192.0.0.1", False),  # IPv4 Service Continuity Prefix (DS-Lite)
    ("192.0.0.8", False),  # IPv4 dummy address
    ("192.0.0.9", True),  # Port Control Protocol Anycast: the registry's exception
    ("192.0.0.10", True),  # TURN Anycast: the registry's exception
    ("192.0.0.170", False),  # NAT64/DNS64 Discovery
    ("192.0.0.171", False),  # NAT64/DNS64 Discovery
    ("192.0.2.1", False),  # TEST-NET-1
    ("192.31.196.1", True),  # AS112-v4
    ("192.52.193.1", True),  # AMT
    ("192.88.99.1", False),  # Deprecated 6to4 Relay Anycast (N/A)
    ("192.88.99.2", False),  # 6a44-relay anycast
    ("192.168.1.1", False),  # Private-Use
    ("192.175.48.6", True),  # Direct Delegation AS112 Service
    ("198.19.255.254", False),  # Benchmarking
    ("198.51.100.7", False),  # TEST-NET-2
    ("203.0.113.9", False),  # TEST-NET-3
    ("240.0.0.1", False),  # Reserved
    ("255.255.255.255", False),  # Limited Broadcast
    ("224.0.0.251", False),  # multicast (not unicast at all)
    ("93.184.215.14", True),
    ("100.63.255.254", True),  # just outside Shared Address Space
    ("172.32.0.1", True),  # just outside Private-Use
    ("192.0.1.1", True),  # just outside IETF Protocol Assignments
    ("198.17.255.254", True),  # just outside Benchmarking
    ("::1", False),  # Loopback Address
    ("::", False),  # Unspecified Address
    ("::ffff:10.0.0.1", False),  # IPv4-mapped: judged by the IPv4 address
    ("::ffff:192.0.0.192", False),
    ("::ffff:93.184.215.14", True),
    ("64:ff9b::93.184.215.14", True),  # NAT64 well-known prefix: judged by the IPv4 address
    ("64:ff9b::192.0.0.192", False),
    ("64:ff9b::10.0.0.1", False),
    ("64:ff9b:1::1", False),  # Local-use IPv4/IPv6 translation
    ("100::1", False),  # Discard-Only
    ("100:0:0:1::1", False),  # Dummy IPv6 Prefix
    ("2001:1::4", False),  # IETF Protocol Assignments (2001::/23)
    ("2001:0:4136:e378:8000:63bf:3fff:fdd2", False),  # TEREDO (N/A)
    ("2001:1::1", True),  # PCP Anycast: exceptions inside 2001::/23
    ("2001:1::2", True),  # TURN Anycast
    ("2001:1::3", True),  # DNS-SD SRP Anycast
    ("2001:2::1", False),  # Benchmarking
    ("2001:3::1", True),  # AMT
    ("2001:4:112::1", True),  # AS112-v6
    ("2001:10::1", False),  # Deprecated ORCHID
    ("2001:20::1", True),  # ORCHIDv2
    ("2001:30::1", True),  # Drone Remote ID Protocol Entity Tags
    ("2001:db8::1", False),  # Documentation
    ("2001:200::1", True),  # just outside 2001::/23
    ("2002:c000:c0::1", False),  # 6to4 (N/A), whatever it carries
    ("2002:5db8:d70e::1", False),
    ("2620:4f:8000::42", True),  # Direct Delegation AS112 Service
    ("3fff::1", False),  # Documentation (3fff::/20)
    ("3fff:1000::1", True),  # just outside it
    ("5f00::1", False),  # SRv6 SIDs
    ("fd00:ec2::254", False),  # Unique-Local (a metadata service)
    ("fe80::1", False),  # Link-Local Unicast
    ("fec0::1", False),  # deprecated site-local: outside 2000::/3
    ("ff02::1", False),  # multicast
    ("::c000:c0", False),  # deprecated IPv4-compatible
    ("2606:2800:21f:cb07:6820:80da:af6b:8b2c", True),
]


@pytest.mark.parametrize(("text", "public"), REGISTRY_ADDRESSES)
def test_addresses_follow_the_iana_special_purpose_registries(text: str, public: bool) -> None:
    address = ipaddress.ip_address(text)
    if public:
        ssrf.check_address(address, allow_loopback=False)
    else:
        with pytest.raises(ssrf.UnsafeURL):
            ssrf.check_address(address, allow_loopback=False)


def test_every_registry_entry_has_an_address_in_the_tests() -> None:
    judged = {ssrf.special_block(ipaddress.ip_address(text)) for text, _ in REGISTRY_ADDRESSES}
    for block in (*ssrf.IPV4_SPECIAL, *ssrf.IPV6_SPECIAL):
        assert block in judged, block


def test_address_rules() -> None:
    allowed = ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
    for address in allowed:
        ssrf.check_address(ipaddress.ip_address(address), allow_loopback=False)
    ssrf.check_address(ipaddress.ip_address("127.0.0.1"), allow_loopback=True)
    ssrf.check_address(ipaddress.ip_address("::1"), allow_loopback=True)
    for address in ("10.0.0.1", "169.254.169.254", "::ffff:10.0.0.1", "2002:0a00:0001::1", "::"):
        with pytest.raises(ssrf.UnsafeURL):
            ssrf.check_address(ipaddress.ip_address(address), allow_loopback=True)


async def test_the_fog_games_webhook_checker_catches_planted_leaks(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """tests/factories/webhook_fog.py is not vacuous: a battle told to a player not in it, a name
    under anonymity and a battle linked on the campaign channel are all reported."""
    game = await start_game(
        client, make_user, ("empire", "orcs_goblins", "dwarfs"), settings={"anonymity": True}
    )
    users = {p.number: p.user for p in game.players}
    await register_fog_webhooks(client, game.id, users, game.owner)
    battle_id = await declare_field_battle(client, session, game)  # players 1 and 2
    tally: Counter[str] = Counter()
    names = {u.username for u in users.values()}
    assert await webhook_leaks(session, game.id, users, names, tally) == []
    assert tally["webhook battle_awaits_report"] == 2
    cid = uuid.UUID(game.id)
    endpoints = {
        (e.scope, e.user_id): e
        for e in await session.scalars(
            select(WebhookEndpoint).where(WebhookEndpoint.campaign_id == cid)
        )
    }
    third = endpoints[(EndpointScope.PERSONAL, users[3].id)]
    channel = endpoints[(EndpointScope.CAMPAIGN, users[1].id)]
    told = messages.battle_awaits(cid, "Test campaign", 2, battle_id, confirmation=False)
    named = messages.campaign_ended(cid, f"War of {users[2].username}", 2)
    named = named.model_copy(update={"link": f"/v1/campaigns/{cid}/battles/{battle_id}"})
    enqueue(session, third, told)
    enqueue(session, channel, named)
    await session.flush()
    found = await webhook_leaks(session, game.id, users, names, tally)
    assert len(found) == 3, found


# ------------------------------------------------------------------------------ processes


@pytest.fixture
async def committing_loopback_client(
    loopback_settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> AsyncIterator[AsyncClient]:
    application = create_app(loopback_settings)
    application.state.sessionmaker = create_sessionmaker(committing_engine)
    transport = ASGITransport(app=application)
    async with AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


async def test_workers_of_several_processes_send_each_message_once(
    committing_loopback_client: AsyncClient,
    committing_engine: AsyncEngine,
    receiver: Receiver,
    loopback_settings: Settings,
) -> None:
    """Three delivery passes at once, each with its own connections (as three server
    processes would be): SKIP LOCKED claims give every message to exactly one of them."""
    client = committing_loopback_client
    game = await start_game(client, functools.partial(register_and_login, client))
    receiver.delay = 0.02  # answers take a moment, so that the passes overlap
    hooks = [await register(client, game, p.headers, receiver.url()) for p in game.players]
    for hook, player in zip(hooks, game.players, strict=True):
        for _ in range(6):
            url = game.url(f"/webhooks/{hook['id']}/ping")
            assert (await client.post(url, headers=player.headers)).status_code == 202
    now = utcnow() + timedelta(seconds=1)
    reports = await asyncio.gather(
        *(deliver(create_sessionmaker(committing_engine), loopback_settings, now) for _ in range(3))
    )
    ids = [m.headers["webhook-id"] for m in receiver.received]
    assert len(ids) == 12
    assert len(set(ids)) == 12
    assert sum(len(r.delivered) for r in reports) == 12


async def test_disabling_an_endpoint_never_deadlocks_with_a_request_holding_the_campaign(
    committing_loopback_client: AsyncClient,
    committing_engine: AsyncEngine,
    receiver: Receiver,
    loopback_settings: Settings,
) -> None:
    """The worker disables an endpoint (and publishes) while a request holds the campaign lock
    and then wants the endpoint's row (as PATCH/DELETE of a webhook do): lock order, not a
    deadlock, decides."""
    client = committing_loopback_client
    game = await start_game(client, functools.partial(register_and_login, client))
    hook = await register(client, game, game.owner.headers, receiver.url())
    ping = game.url(f"/webhooks/{hook['id']}/ping")
    assert (await client.post(ping, headers=game.owner.headers)).status_code == 202
    receiver.script = [(500, {})]
    policy = RetryPolicy(max_attempts=1, disable_after=1)
    cid, eid = uuid.UUID(game.id), uuid.UUID(hook["id"])
    async with committing_engine.connect() as request:
        await request.begin()
        await request.execute(select(Campaign.id).where(Campaign.id == cid).with_for_update())
        worker = asyncio.create_task(
            deliver(create_sessionmaker(committing_engine), loopback_settings, utcnow(), policy)
        )
        async with committing_engine.connect() as watch:  # until the worker waits for a lock
            waiting = 0
            while not waiting and not worker.done():
                await asyncio.sleep(0.01)
                waiting = await lock_waiters(watch)
        await request.execute(
            select(WebhookEndpoint.id)
            .where(WebhookEndpoint.campaign_id == cid, WebhookEndpoint.id == eid)
            .with_for_update(key_share=True)
        )
        await request.commit()
    report = await worker
    assert report.disabled == [eid]


async def test_personal_webhooks_collapse_a_kind_within_the_window(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    """Issue 28, no noise: a newer notification of a kind replaces one not sent yet (as a new
    message), and one delivered within the window holds the next back; the campaign's own
    channel and the inbox still hear of every turn."""
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    _p1, p2 = game.players
    mine = await register(client, game, p2.headers, receiver.url("/p2"), kinds=["turn_started"])
    await register(client, game, game.owner.headers, receiver.url("/channel"), scope="campaign")
    await change_turn(client, game)
    await change_turn(client, game)  # before any delivery: replaces turn 2's
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    (replaced,) = [m.json() for m in receiver.of("/p2")]
    assert replaced["data"]["turn"] == 3
    assert "Turn 3 of Test campaign has begun" in replaced["data"]["text"]
    log = await client.get(game.url(f"/webhooks/{mine['id']}/deliveries"), headers=p2.headers)
    assert [(d["status"], d["last_error"]) for d in log.json()["items"]] == [
        ("delivered", None),
        ("failed", "Replaced by a newer notification about the same subject."),
    ]

    await change_turn(client, game)  # within the window of the one delivered: held back
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    assert len(receiver.of("/p2")) == 1
    assert [m.json()["data"]["turn"] for m in receiver.of("/channel")] == [2, 3, 4]
    listed = await client.get("/v1/notifications", headers=p2.headers)
    turns = [i["turn"] for i in listed.json()["items"] if i["kind"] == "turn_started"]
    assert turns == [4, 3, 2]


async def test_a_personal_webhook_speaks_its_owners_saved_language(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    _p1, p2 = game.players
    saved = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p2.headers)
    assert saved.status_code == 200, saved.text
    await register(
        client, game, p2.headers, receiver.url("/p2"), kinds=["summary_ready"], format="discord"
    )
    await register(client, game, game.owner.headers, receiver.url("/channel"), scope="campaign")
    await change_turn(client, game)
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    (mine,) = [m.json() for m in receiver.of("/p2")]
    assert mine["content"] == "Votre résumé du tour 1 de Test campaign est prêt."
    assert mine["embeds"][0]["title"] == "Résumé prêt"
    # The campaign's channel speaks English: a campaign has no language of its own.
    (public,) = [m.json() for m in receiver.of("/channel")]
    assert public["data"]["text"].startswith("Turn 2 of Test campaign has begun.")
