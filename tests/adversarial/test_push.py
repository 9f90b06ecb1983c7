"""Web Push as an attacker tries it (issue 46): a push service on 127.0.0.1 that decrypts each
message with the subscribing browser's keys and verifies its VAPID token; subscriptions that
point the server at internal addresses; a player who should hear nothing, or less.

Loopback endpoints are allowed here as the webhook tests allow them
(`webhooks_allow_loopback`, tests/factories/push.py); everything else is the production rule.
"""

import ipaddress
import uuid
from datetime import timedelta

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import presence, ssrf
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.fields import is_name
from app.store.models import PushDelivery, PushSubscription
from app.store.models.notification import DeliveryStatus, StreamPresence
from tests.factories.battles import declare_field_battle
from tests.factories.flows import MakeUser, change_turn, start_game
from tests.factories.push import (
    Browser,
    PushService,
    assert_vapid,
    send,
    server_key,
    subscribe,
)
from tests.factories.push import app as app  # a fixture
from tests.factories.push import push_service as push_service  # a fixture
from tests.factories.push import push_settings as push_settings  # a fixture
from tests.helpers import assert_problem

SUBSCRIPTIONS = "/v1/users/me/push-subscriptions"


async def test_a_french_reader_gets_the_turn_in_french_encrypted_and_signed(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p2 = game.players[1]
    saved = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p2.headers)
    assert saved.status_code == 200, saved.text
    browser = Browser()
    endpoint = push_service.url("/p2")
    await subscribe(client, p2.user, browser, endpoint)
    await change_turn(client, game)
    report = await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    assert report.failed == []

    key = await server_key(client)
    told = [browser.read(m) for m in push_service.of("/p2")]
    for message in push_service.of("/p2"):
        assert_vapid(message, key, endpoint)
        assert message.headers["ttl"].isdigit()
    assert {t["title"] for t in told} == {"Test campaign"}
    (turn,) = [t for t in told if t["tag"].endswith(":turn_started:turn")]
    assert turn["body"].startswith("Le tour 2 de Test campaign a commencé\u00a0: vos ordres")
    assert turn["url"] == f"/campaigns/{game.id}"
    assert turn["tag"] == f"{game.id}:turn_started:turn"
    # What arrives is the inbox's own text, in the reader's language: nothing more.
    listed = await client.get("/v1/notifications", headers=p2.headers)
    inbox = {i["text"] for i in listed.json()["items"]}
    assert {t["body"] for t in told} <= inbox
    # Someone else's browser keys read nothing of it.
    with pytest.raises(Exception):  # noqa: B017, PT011 - any failure to decrypt
        Browser().read(push_service.of("/p2")[0])


async def test_nothing_is_pushed_to_a_player_who_is_looking(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    await subscribe(client, p1.user, Browser(), push_service.url("/p1"))
    await subscribe(client, p2.user, Browser(), push_service.url("/p2"))
    # p2 has the campaign open (a stream, fresh): they are looking.
    session.add(
        StreamPresence(
            campaign_id=uuid.UUID(game.id),
            user_id=p2.user.id,
            stream_id=uuid.uuid4(),
            seen_at=utcnow() - presence.STALE_AFTER / 2,
        )
    )
    await session.flush()
    await change_turn(client, game)
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    assert push_service.of("/p2") == []
    assert push_service.of("/p1") != []


async def test_under_anonymity_a_push_says_no_more_than_the_inbox(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    """Player 1 attacks player 2 in an anonymous campaign: player 3 hears of no battle, and
    nobody's push names a player or says more than their inbox item."""
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"anonymity": True, "auto_resolve": False},
    )
    browsers = {p.number: Browser() for p in game.players}
    for p in game.players:
        await subscribe(client, p.user, browsers[p.number], push_service.url(f"/p{p.number}"))
    battle_id = await declare_field_battle(client, session, game)
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    names = {p.user.username for p in game.players} | {
        p.user.username.title() for p in game.players
    }
    for p in game.players:
        told = [browsers[p.number].read(m) for m in push_service.of(f"/p{p.number}")]
        assert told
        listed = await client.get("/v1/notifications", headers=p.headers)
        inbox = {i["text"] for i in listed.json()["items"]}
        for payload in told:
            assert payload["body"] in inbox
            assert not any(n in str(payload) for n in names), payload
    third = [browsers[3].read(m) for m in push_service.of("/p3")]
    assert all("battle" not in t["tag"] for t in third)
    assert all(str(battle_id) not in str(t) for t in third)


async def test_a_410_from_the_push_service_deletes_the_subscription(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    created = await subscribe(client, p2.user, Browser(), push_service.url("/p2"))
    push_service.script = [410]
    await change_turn(client, game)
    report = await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    assert report.gone == [created["id"]]
    assert await session.get(PushSubscription, created["id"]) is None
    listed = await client.get(SUBSCRIPTIONS, headers=p2.headers)
    assert listed.json() == {"items": []}
    left = await session.scalar(
        select(func.count()).select_from(PushDelivery).where(PushDelivery.user_id == p2.user.id)
    )
    assert left == 0  # its other messages went with it: nothing more is tried


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://8.8.8.8/push",  # not https
        "https://10.0.0.7/push",  # private
        "https://169.254.169.254/latest/meta-data",  # link-local: the cloud's metadata
        "https://[::ffff:192.168.1.1]/push",  # a private IPv4 inside IPv6
        "https://100.64.0.1/push",  # shared address space
        "ftp://8.8.8.8/push",
    ],
)
async def test_an_endpoint_the_server_may_not_post_to_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, endpoint: str
) -> None:
    user = await make_user()
    answer = await client.post(
        SUBSCRIPTIONS, json=Browser().subscription(endpoint), headers=user.headers
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] in ("push_endpoint_refused", "validation_error")
    count = await session.scalar(select(func.count()).select_from(PushSubscription))
    assert count == 0


async def test_a_name_that_resolves_to_a_private_address_at_send_time_is_refused_then(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: public when subscribed, private when a message goes. The attempt is
    refused before any connection, and given up (never retried)."""
    answers = {"push.example.org": [ipaddress.ip_address("93.184.216.34")]}

    async def resolve(host: str, port: int) -> list[ssrf.IPAddress]:
        return answers[host]

    monkeypatch.setattr(ssrf, "_addresses", resolve)
    game = await start_game(client, make_user)
    p2 = game.players[1]
    await subscribe(client, p2.user, Browser(), "https://push.example.org/p2")
    answers["push.example.org"] = [ipaddress.ip_address("10.1.2.3")]
    await change_turn(client, game)
    report = await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    assert report.delivered == []
    assert report.given_up != []
    rows = await session.scalars(
        select(PushDelivery)
        .where(PushDelivery.user_id == p2.user.id)
        .execution_options(populate_existing=True)
    )
    for row in rows:
        assert row.status is DeliveryStatus.FAILED
        assert row.last_error is not None
        assert row.attempts == 1


async def test_a_user_has_a_bounded_number_of_subscriptions_and_only_their_own(
    client: AsyncClient, make_user: MakeUser, push_service: PushService
) -> None:
    alice, bruno = await make_user(), await make_user()
    browser = Browser()
    first = await subscribe(client, alice, browser, push_service.url("/a0"))
    again = await client.post(
        SUBSCRIPTIONS, json=browser.subscription(push_service.url("/a0")), headers=alice.headers
    )
    assert again.status_code == 200, again.text
    assert again.json()["id"] == first["id"]
    for n in range(1, 10):
        await subscribe(client, alice, Browser(), push_service.url(f"/a{n}"))
    full = await client.post(
        SUBSCRIPTIONS, json=Browser().subscription(push_service.url("/a10")), headers=alice.headers
    )
    assert_problem(full, 409, "push_subscriptions_full")
    # Bruno can neither see nor delete Alice's.
    assert (await client.get(SUBSCRIPTIONS, headers=bruno.headers)).json() == {"items": []}
    theirs = await client.delete(f"{SUBSCRIPTIONS}/{first['id']}", headers=bruno.headers)
    assert_problem(theirs, 404, "not_found")
    mine = await client.delete(f"{SUBSCRIPTIONS}/{first['id']}", headers=alice.headers)
    assert mine.status_code == 204


async def test_a_user_agent_with_line_breaks_and_overrides_is_stored_as_one_line(
    client: AsyncClient, make_user: MakeUser, push_service: PushService
) -> None:
    user = await make_user()
    answer = await client.post(
        SUBSCRIPTIONS,
        json=Browser().subscription(push_service.url("/ua")),
        # Raw bytes, as a client may send them: UTF-8 with a bidi override and a tab.
        headers=[
            (k.encode(), v.encode())
            for k, v in {**user.headers, "User-Agent": "Evil\u202e/1\t" + "x" * 2000}.items()
        ],
    )
    assert answer.status_code == 201, answer.text
    agent = answer.json()["user_agent"]
    assert is_name(agent)  # one line: no control character, separator or bidi control
    assert len(agent) <= 200


@pytest.mark.parametrize(
    "keys",
    [
        {"p256dh": "A" * 87, "auth": "B" * 22},  # not a P-256 point
        {"p256dh": "B" + "A" * 86, "auth": "B" * 22},  # 0x04 and 64 zero bytes: off the curve
        {"p256dh": Browser().keys()["p256dh"], "auth": "short"},
        {"p256dh": Browser().keys()["p256dh"], "auth": "!!!!!!!!!!!!!!!!!!!!!!"},
    ],
)
async def test_keys_that_are_not_a_browsers_are_refused(
    client: AsyncClient, make_user: MakeUser, push_service: PushService, keys: dict[str, str]
) -> None:
    user = await make_user()
    answer = await client.post(
        SUBSCRIPTIONS, json={"endpoint": push_service.url("/k"), "keys": keys}, headers=user.headers
    )
    assert_problem(answer, 422, "validation_error")


async def test_a_subscription_whose_messages_cannot_be_built_fails_alone(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    """Poison: a subscription stored with keys no message can be encrypted to (an older
    server's row, or a database edit). Its messages fail at the build stage, are retried with
    backoff and never stop the others."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    browser = Browser()
    await subscribe(client, p1.user, browser, push_service.url("/p1"))
    session.add(
        PushSubscription(
            user_id=p2.user.id,
            endpoint=push_service.url("/p2"),
            p256dh="B" + "A" * 86,
            auth="A" * 22,
        )
    )
    await session.flush()
    await change_turn(client, game)
    now = utcnow() + timedelta(seconds=1)
    report = await send(sessionmaker, push_settings, now)
    assert push_service.of("/p2") == []
    assert [browser.read(m)["title"] for m in push_service.of("/p1")] != []
    assert report.failed != []
    assert report.given_up == []
    rows = await session.scalars(
        select(PushDelivery)
        .where(PushDelivery.user_id == p2.user.id)
        .execution_options(populate_existing=True)
    )
    for row in rows:
        assert row.status is DeliveryStatus.PENDING
        assert row.last_error is not None
        assert row.last_error.startswith("Could not be built")
        assert row.next_attempt_at > now  # a backoff, not at once


async def test_subscribing_another_users_endpoint_takes_over_and_deletes_nothing(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    """A push endpoint is kept per user: one browser signed in to two accounts in turn has
    one endpoint for both, so a second user subscribing it is not refused. It gets a row of
    its own: the first user's keys, row and messages stay theirs. (An endpoint is the push
    service's secret URL; an attacker who learnt one can do no more than this.)"""
    game = await start_game(client, make_user)
    victim = game.players[1]
    mallory = await make_user()
    endpoint = push_service.url("/shared")
    victims_browser, mallorys_browser = Browser(), Browser()
    theirs = await subscribe(client, victim.user, victims_browser, endpoint)
    mine = await subscribe(client, mallory, mallorys_browser, endpoint)  # 201: a new row
    assert mine["id"] != theirs["id"]

    listed = (await client.get(SUBSCRIPTIONS, headers=mallory.headers)).json()["items"]
    assert [s["id"] for s in listed] == [mine["id"]]
    stolen = await client.delete(f"{SUBSCRIPTIONS}/{theirs['id']}", headers=mallory.headers)
    assert_problem(stolen, 404, "not_found")

    # The victim's messages are still encrypted to the victim's browser, not Mallory's.
    await change_turn(client, game)
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    arrived = push_service.of("/shared")
    assert arrived
    for message in arrived:
        assert victims_browser.read(message)["title"] == "Test campaign"
        with pytest.raises(Exception):  # noqa: B017, PT011 - any failure to decrypt
            mallorys_browser.read(message)

    # Mallory's unsubscribing removes Mallory's row alone.
    gone = await client.delete(f"{SUBSCRIPTIONS}/{mine['id']}", headers=mallory.headers)
    assert gone.status_code == 204
    kept = (await client.get(SUBSCRIPTIONS, headers=victim.headers)).json()["items"]
    assert [(s["id"], s["endpoint"]) for s in kept] == [(theirs["id"], endpoint)]
