"""Limits: body size (413 `content_too_large`); writes per user, failed logins per username and
client address, per address and per username, registrations per address (429
`too_many_requests` with `Retry-After`), counted in the database so that several app instances
share them; the client address behind trusted proxies only; and the page-size cap.

Client addresses are documentation ones (RFC 5737): they only name the ASGI peer, nothing is
sent anywhere.
"""

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from datetime import timedelta
from typing import Annotated, Any

import pytest
from fastapi import APIRouter, Depends, FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from httpx import ASGITransport, AsyncClient
from sqlalchemy import delete, func, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.accounts.auth.dependencies import BearerSecret
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.session import create_sessionmaker
from app.shell.limits import guard_routes
from app.shell.limits.routes import (
    WRITE_METHODS,
    is_authenticated,
    is_write_limited,
    limit_anonymous_writes,
    limit_failed_logins,
    limit_registrations,
    uses_dependency,
)
from app.store.models import Campaign, GameMap, Message, RateLimit, Token
from tests.factories.flows import (
    DEFAULT_PASSWORD,
    AuthUser,
    MakeUser,
    builtin_map_id,
    login,
    register_and_login,
    start_game,
)
from tests.factories.served import run_serve_without_database
from tests.helpers import assert_problem

PROXY = "192.0.2.200"
LIMITS = {
    "max_body_bytes": 2048,
    "max_upload_body_bytes": 64 * 1024,
    "write_burst": 3,
    "write_rate_per_minute": 1,
    "login_failures_per_minute": 3,
    "login_failures_per_address_per_minute": 5,
    "login_failures_per_username_per_minute": 4,
    "registrations_per_hour": 3,
    "trusted_proxies": (PROXY,),
}

ClientFactory = Callable[[str], AsyncClient]


@pytest.fixture
def limited_app(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    """The app with tiny limits, on the test transaction like the `app` fixture."""
    application = create_app(settings.model_copy(update=LIMITS))
    application.state.sessionmaker = sessionmaker
    return application


@pytest.fixture
async def clients(limited_app: FastAPI) -> AsyncIterator[ClientFactory]:
    """`clients("192.0.2.1")`: a client of the limited app calling from that address."""
    opened: list[AsyncClient] = []

    def make(ip: str) -> AsyncClient:
        transport = ASGITransport(app=limited_app, client=(ip, 40000))
        opened.append(AsyncClient(transport=transport, base_url="http://test"))
        return opened[-1]

    yield make
    for client in opened:
        await client.aclose()


async def campaigns(session: AsyncSession) -> int:
    return await session.scalar(select(func.count()).select_from(Campaign)) or 0


async def create_campaign(client: AsyncClient, user: AuthUser, **extra: Any) -> Any:
    body = {
        "name": "Limits",
        "map_id": await builtin_map_id(client, user.headers, "skirmish"),
        "settings": {},
        **extra,
    }
    return await client.post("/v1/campaigns", json=body, headers=user.headers)


# --- body size -------------------------------------------------------------------------------


async def test_a_body_over_the_limit_is_refused_with_413_and_changes_nothing(
    clients: ClientFactory, session: AsyncSession
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    before = await campaigns(session)
    response = await create_campaign(client, alice, name="x" * 3000)
    body = assert_problem(response, 413, "content_too_large")
    assert body["detail"] == "The request body is larger than 2048 bytes."
    assert body["instance"] == "/v1/campaigns"
    assert await campaigns(session) == before


async def test_a_chunked_body_without_content_length_is_cut_off_at_the_limit(
    clients: ClientFactory, session: AsyncSession
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"name": "'
        for _ in range(10):
            yield b"y" * 500
        yield b'"}'

    response = await client.post(
        "/v1/campaigns",
        content=chunks(),
        headers={**alice.headers, "Content-Type": "application/json"},
    )
    assert "content-length" not in response.request.headers
    assert_problem(response, 413, "content_too_large")
    assert await campaigns(session) == 0


async def test_map_uploads_have_their_own_larger_limit(
    clients: ClientFactory, session: AsyncSession
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    skirmish = await builtin_map_id(client, alice.headers, "skirmish")
    doc = (await client.get(f"/v1/maps/{skirmish}", headers=alice.headers)).json()["document"]
    doc = {**doc, "name": "My skirmish"}
    maps_before = await session.scalar(select(func.count()).select_from(GameMap))
    response = await client.post("/v1/maps", json=doc, headers=alice.headers)
    assert int(response.request.headers["content-length"]) > 2048
    # Past the size check: the document itself is judged (accepted or refused by R-MAP).
    assert response.status_code == 201, response.text
    too_big = await client.post(
        "/v1/maps", json={**doc, "name": "z" * (70 * 1024)}, headers=alice.headers
    )
    assert_problem(too_big, 413, "content_too_large")
    maps_after = await session.scalar(select(func.count()).select_from(GameMap))
    assert maps_after == (maps_before or 0) + 1


# --- writes per user ---------------------------------------------------------------------------


async def test_writes_past_the_burst_get_429_with_retry_after_and_change_nothing(
    clients: ClientFactory, session: AsyncSession
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    bob = await register_and_login(client)
    for _ in range(3):
        assert (await create_campaign(client, alice)).status_code == 201
    refused = await create_campaign(client, alice)
    assert_problem(refused, 429, "too_many_requests")
    assert refused.headers["Retry-After"] == "60"  # one write a minute
    assert await campaigns(session) == 3
    # Reads are not limited; other users have their own bucket.
    listed = await client.get("/v1/campaigns", headers=alice.headers)
    assert listed.status_code == 200
    assert listed.json()["total"] == 3
    assert (await create_campaign(client, bob)).status_code == 201


async def test_unauthenticated_writes_are_refused_before_the_rate_limit(
    clients: ClientFactory,
) -> None:
    client = clients("192.0.2.1")
    for _ in range(5):
        assert_problem(await client.post("/v1/campaigns", json={}), 401, "unauthorized")


# --- failed logins ---------------------------------------------------------------------------


async def test_failed_logins_past_the_limit_get_429_even_with_the_right_password(
    clients: ClientFactory,
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    # Successful logins are not failures.
    for _ in range(4):
        assert (await login(client, alice.username)).status_code == 200
    for _ in range(3):
        assert_problem(await login(client, alice.username, "wrong"), 401, "unauthorized")
    refused = await login(client, alice.username.upper())  # usernames are case-insensitive
    body = assert_problem(refused, 429, "too_many_requests")
    assert body["detail"] == "Too many failed logins; retry in 20 s."
    assert refused.headers["Retry-After"] == "20"  # 3 a minute: one back every 20 s
    # Another client IP, or another username from this IP, is not affected.
    assert (await login(clients("192.0.2.2"), alice.username)).status_code == 200
    bob = await register_and_login(client)
    assert (await login(client, bob.username)).status_code == 200


# --- page size -----------------------------------------------------------------------------------


async def test_page_size_is_capped_at_the_server_maximum(
    client: AsyncClient, settings: Settings, make_user: Any
) -> None:
    alice = await make_user()
    page = await client.get(
        "/v1/campaigns", params={"limit": settings.max_page_size + 1000}, headers=alice.headers
    )
    assert page.status_code == 200
    assert page.json() == {"items": [], "total": 0, "limit": settings.max_page_size, "offset": 0}


# --- failed logins per address and per username ------------------------------------------------


async def fail_login(client: AsyncClient, username: str, **headers: str) -> int:
    response = await client.post(
        "/v1/auth/token",
        data={"username": username, "password": "not the password"},
        headers=headers,
    )
    return response.status_code


async def test_spraying_usernames_from_one_address_is_limited(
    clients: ClientFactory, session: AsyncSession
) -> None:
    sprayer = clients("192.0.2.66")
    alice = await register_and_login(clients("192.0.2.1"))
    tokens_before = await session.scalar(select(func.count()).select_from(Token))

    statuses = [await fail_login(sprayer, f"victim{n}") for n in range(5)]
    refused = await login(sprayer, alice.username)  # even a right password from there

    assert statuses == [401] * 5
    body = assert_problem(refused, 429, "too_many_requests")
    assert refused.headers["Retry-After"] == "12"  # 5 a minute: one back every 12 s
    assert body["detail"] == "Too many failed logins; retry in 12 s."
    assert await session.scalar(select(func.count()).select_from(Token)) == tokens_before
    # Another address logs in as alice (and fails for the sprayed names) as usual.
    assert (await login(clients("192.0.2.2"), alice.username)).status_code == 200
    assert await fail_login(clients("192.0.2.2"), "victim0") == 401


async def test_one_username_failing_from_many_addresses_is_limited(
    clients: ClientFactory,
) -> None:
    alice = await register_and_login(clients("192.0.2.1"))

    statuses = [await fail_login(clients(f"198.51.100.{n}"), alice.username) for n in range(4)]
    refused = await login(clients("198.51.100.99"), alice.username)

    assert statuses == [401] * 4
    assert_problem(refused, 429, "too_many_requests")
    assert refused.headers["Retry-After"] == "15"  # 4 a minute
    # Other usernames from those addresses are not affected.
    bob = await register_and_login(clients("192.0.2.2"))
    assert (await login(clients("198.51.100.0"), bob.username)).status_code == 200


async def test_malformed_login_forms_do_not_count_as_failures(clients: ClientFactory) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)

    for _ in range(8):
        response = await client.post("/v1/auth/token", data={"username": alice.username})
        assert_problem(response, 422, "validation_error")

    assert (await login(client, alice.username)).status_code == 200


async def test_a_wrong_current_password_counts_as_a_failed_login(clients: ClientFactory) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)

    async def change(current: str) -> Any:
        return await client.put(
            "/v1/users/me/password",
            json={"current_password": current, "new_password": "a brand new secret"},
            headers=alice.headers,
        )

    assert [(await change("wrong")).status_code for _ in range(3)] == [403] * 3
    assert_problem(await change(DEFAULT_PASSWORD), 429, "too_many_requests")
    assert_problem(await login(client, alice.username), 429, "too_many_requests")


# --- the client address behind proxies -----------------------------------------------------------


async def test_forwarded_addresses_from_an_untrusted_peer_are_ignored(
    clients: ClientFactory,
) -> None:
    client = clients("198.51.100.7")
    alice = await register_and_login(clients("192.0.2.1"))

    statuses = [
        await fail_login(client, f"victim{n}", **{"X-Forwarded-For": f"203.0.113.{n}"})
        for n in range(5)
    ]
    refused = await client.post(
        "/v1/auth/token",
        data={"username": alice.username, "password": alice.password},
        headers={"X-Forwarded-For": "203.0.113.77"},
    )

    assert statuses == [401] * 5
    assert_problem(refused, 429, "too_many_requests")
    # A token issued through an untrusted peer records the peer, not what it claimed.
    other = clients("198.51.100.8")
    logged_in = await other.post(
        "/v1/auth/token",
        data={"username": alice.username, "password": alice.password},
        headers={"X-Forwarded-For": "203.0.113.77"},
    )
    assert logged_in.status_code == 200, logged_in.text
    secret = logged_in.json()["access_token"]
    listed = await other.get("/v1/tokens", headers={"Authorization": f"Bearer {secret}"})
    (current,) = [item for item in listed.json()["items"] if item["current"]]
    assert current["client_address"] == "198.51.100.8"


async def test_forwarded_addresses_from_a_trusted_proxy_are_the_clients(
    clients: ClientFactory,
) -> None:
    proxy = clients(PROXY)
    alice = await register_and_login(clients("192.0.2.1"))

    # Many clients behind the proxy: each has its own limit, the proxy none of its own.
    spread = [
        await fail_login(proxy, f"victim{n}", **{"X-Forwarded-For": f"203.0.113.{n}"})
        for n in range(8)
    ]
    one = [
        await fail_login(proxy, f"victim{n}", **{"X-Forwarded-For": "203.0.113.50"})
        for n in range(6)
    ]
    # The proxy appends the address it saw: the rightmost untrusted one is the client.
    logged_in = await proxy.post(
        "/v1/auth/token",
        data={"username": alice.username, "password": alice.password},
        headers={"X-Forwarded-For": "203.0.113.50, 203.0.113.51", "User-Agent": "proxied"},
    )

    assert spread == [401] * 8
    assert one == [401] * 5 + [429]
    assert logged_in.status_code == 200, logged_in.text
    secret = logged_in.json()["access_token"]
    listed = await proxy.get("/v1/tokens", headers={"Authorization": f"Bearer {secret}"})
    (current,) = [item for item in listed.json()["items"] if item["current"]]
    assert (current["client_address"], current["user_agent"]) == ("203.0.113.51", "proxied")


def test_serve_leaves_forwarded_headers_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    # uvicorn's own handling would believe X-Forwarded-For from any local peer.
    calls = run_serve_without_database(monkeypatch)

    assert calls
    assert calls[0]["proxy_headers"] is False


# --- registrations per address -----------------------------------------------------------------


async def register(client: AsyncClient, username: str) -> Any:
    return await client.post(
        "/v1/users",
        json={"username": username, "password": DEFAULT_PASSWORD, "display_name": username},
    )


async def test_registrations_past_the_limit_get_429_with_retry_after(
    clients: ClientFactory, session: AsyncSession
) -> None:
    client = clients("192.0.2.30")
    # Invalid forms cost nothing and do not count.
    assert [(await register(client, "x y")).status_code for _ in range(3)] == [422] * 3

    created = [(await register(client, f"newcomer{n}")).status_code for n in range(3)]
    refused = await register(client, "newcomer3")

    assert created == [201] * 3
    body = assert_problem(refused, 429, "too_many_requests")
    assert refused.headers["Retry-After"] == "1200"  # 3 an hour
    assert body["detail"] == "Too many registrations; retry in 1200 s."
    # Other addresses register as usual.
    assert (await register(clients("192.0.2.31"), "newcomer3")).status_code == 201


# --- shared between instances --------------------------------------------------------------------


@pytest.fixture
async def second_engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    engine = create_async_engine(database_url)
    try:
        yield engine
    finally:
        await engine.dispose()


async def test_two_app_instances_share_one_limit(
    settings: Settings,
    committing_engine: AsyncEngine,
    second_engine: AsyncEngine,
    fast_password_hashing: None,
) -> None:
    # Two apps as two server processes would be: their own engines on one database, requests
    # really committed (the committing engine's fixture empties the tables afterwards).
    instances: list[AsyncClient] = []
    for engine in (committing_engine, second_engine):
        application = create_app(settings.model_copy(update=LIMITS))
        application.state.sessionmaker = create_sessionmaker(engine)
        transport = ASGITransport(app=application, client=("192.0.2.1", 40000))
        instances.append(AsyncClient(transport=transport, base_url="http://test"))
    one, two = instances
    try:
        alice = await register_and_login(one)

        async def write(client: AsyncClient) -> int:
            response = await client.post("/v1/tokens", json={"name": "w"}, headers=alice.headers)
            return response.status_code

        writes = [await write(one), await write(two), await write(one), await write(two)]
        failures = [
            await fail_login(one, alice.username),
            await fail_login(two, alice.username),
            await fail_login(one, alice.username),
        ]
        refused_login = await login(two, alice.username)
        registrations = [
            (await register(client, f"late{n}")).status_code
            for n, client in enumerate((two, one, two))
        ]
    finally:
        for client in instances:
            await client.aclose()

    assert writes == [201, 201, 201, 429]
    assert failures == [401] * 3
    assert_problem(refused_login, 429, "too_many_requests")
    # alice's registration was the first of three this address may make in an hour.
    assert registrations == [201, 201, 429]


# --- the bucket table stays small ----------------------------------------------------------------


async def test_full_buckets_are_purged(
    clients: ClientFactory, limited_app: FastAPI, session: AsyncSession
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    now = await session.scalar(select(func.now()))
    assert now is not None
    session.add_all(
        [
            RateLimit(key="writes:long-gone", full_at=now - timedelta(hours=1)),
            RateLimit(key="writes:just-full", full_at=now),
            RateLimit(key="writes:still-counting", full_at=now + timedelta(minutes=1)),
        ]
    )
    await session.flush()
    limited_app.state.limiter.purge_every = 0

    assert (await create_campaign(client, alice)).status_code == 201

    keys = set(await session.scalars(select(RateLimit.key)))
    assert "writes:long-gone" not in keys
    assert "writes:just-full" not in keys
    assert {"writes:still-counting", f"writes:{alice.id}"} <= keys


async def test_a_failed_purge_does_not_fail_the_request(
    clients: ClientFactory, limited_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)

    async def broken(session: AsyncSession, batch: int = 0) -> int:
        raise DBAPIError("DELETE", None, OSError("connection lost"))

    monkeypatch.setattr("app.shell.limits.routes.purge_expired", broken)
    limited_app.state.limiter.purge_every = 0

    assert (await create_campaign(client, alice)).status_code == 201


async def test_a_users_bucket_held_locked_does_not_hold_up_another_user(
    settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> None:
    application = create_app(settings.model_copy(update=LIMITS))
    application.state.sessionmaker = create_sessionmaker(committing_engine)
    transport = ASGITransport(app=application, client=("192.0.2.1", 40000))
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        alice = await register_and_login(client)
        bob = await register_and_login(client)
        assert (
            await client.post("/v1/tokens", json={"name": "a"}, headers=alice.headers)
        ).is_success
        async with committing_engine.connect() as other:
            # Another transaction sits on alice's bucket row (as a slow request of hers would).
            await other.execute(
                select(RateLimit).where(RateLimit.key == f"writes:{alice.id}").with_for_update()
            )
            # A bound only so that a regression fails instead of hanging; not a timing check.
            response = await asyncio.wait_for(
                client.post("/v1/tokens", json={"name": "b"}, headers=bob.headers), timeout=60
            )
            await other.rollback()
    assert response.status_code == 201


async def test_parallel_failed_logins_get_no_more_than_the_limit(
    settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> None:
    # The attempts race on their own connections: a token is taken before the password is
    # checked, so they cannot all pass a check made before any failure is recorded.
    application = create_app(settings.model_copy(update=LIMITS))
    application.state.sessionmaker = create_sessionmaker(committing_engine)
    transport = ASGITransport(app=application, client=("192.0.2.1", 40000))
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        alice = await register_and_login(client)
        statuses = await asyncio.gather(*(fail_login(client, alice.username) for _ in range(12)))

    assert sorted(statuses) == [401] * 3 + [429] * 9


# --- RateLimit-* headers (app.shell.limits.headers)
# ------------------------------------------------ The test transaction keeps `now()` still, so
# every figure below is exact.


def standing(response: Any) -> tuple[int, int, int]:
    headers = response.headers
    return (
        int(headers["RateLimit-Limit"]),
        int(headers["RateLimit-Remaining"]),
        int(headers["RateLimit-Reset"]),
    )


async def test_writes_tell_where_the_caller_stands_on_successes_and_on_the_429(
    clients: ClientFactory,
) -> None:
    client = clients("192.0.2.1")
    alice = await register_and_login(client)
    # Burst 3, one back a minute: the bucket is full again 60 s after each spent write.
    standings = [standing(await create_campaign(client, alice)) for _ in range(3)]
    assert standings == [(3, 2, 60), (3, 1, 120), (3, 0, 180)]
    refused = await create_campaign(client, alice)
    assert_problem(refused, 429, "too_many_requests")
    assert standing(refused) == (3, 0, 180)
    assert refused.headers["Retry-After"] == "60"
    # Reads are not limited, so they say nothing about it.
    listed = await client.get("/v1/campaigns", headers=alice.headers)
    assert "RateLimit-Limit" not in listed.headers


async def test_logins_and_registrations_carry_the_rate_limit_headers(
    clients: ClientFactory,
) -> None:
    client = clients("192.0.2.40")
    registered = await register(client, "headcount")
    assert registered.status_code == 201
    assert standing(registered) == (3, 2, 1200)  # 3 an hour
    # An invalid form costs nothing, and says so.
    invalid = await register(client, "x y")
    assert invalid.status_code == 422
    assert standing(invalid) == (3, 2, 1200)

    # A login attempt takes from three buckets; the tightest (3 a minute per username and
    # address) is the one reported. A successful one gives its tokens back.
    assert standing(await login(client, "headcount")) == (3, 3, 0)
    failed = await login(client, "headcount", "wrong")
    assert_problem(failed, 401, "unauthorized")
    assert standing(failed) == (3, 2, 20)
    for _ in range(2):
        await login(client, "headcount", "wrong")
    refused = await login(client, "headcount")
    assert_problem(refused, 429, "too_many_requests")
    assert standing(refused) == (3, 0, 60)
    assert refused.headers["Retry-After"] == "20"


# --- every authenticated write is limited ------------------------------------------------------


async def test_messages_past_the_burst_get_429_with_retry_after(
    client: AsyncClient, make_user: MakeUser, clients: ClientFactory, session: AsyncSession
) -> None:
    # Set up on the unlimited app, then start from full buckets on the limited one (burst 3).
    game = await start_game(client, make_user)
    await session.execute(delete(RateLimit))
    limited = clients("192.0.2.1")
    sender = game.players[0]
    body = {"to": [game.players[1].number], "body": "Hold the ford."}
    for _ in range(3):
        sent = await limited.post(game.url("/messages"), json=body, headers=sender.headers)
        assert sent.status_code == 201, sent.text
    refused = await limited.post(game.url("/messages"), json=body, headers=sender.headers)
    assert_problem(refused, 429, "too_many_requests")
    assert refused.headers["Retry-After"] == "60"
    assert standing(refused) == (3, 0, 180)
    count = select(func.count()).select_from(Message).where(Message.campaign_id == game.id)
    assert await session.scalar(count) == 3
    # Marking messages read is a write too.
    read = await limited.post(game.url("/messages/read"), json={"up_to": 1}, headers=sender.headers)
    assert_problem(read, 429, "too_many_requests")


async def test_writes_without_a_token_are_limited_per_client_address(
    clients: ClientFactory, session: AsyncSession
) -> None:
    # A password reset answers the same whether or not the address is known: only the rate
    # of the client address bounds how many one client may ask for (or how many link secrets
    # it may try).
    await session.execute(delete(RateLimit))
    one, other = clients("192.0.2.7"), clients("192.0.2.8")
    body = {"address": "nobody@example.org"}
    per_address = LIMITS["login_failures_per_address_per_minute"]
    assert isinstance(per_address, int)
    for _ in range(per_address):
        asked = await one.post("/v1/auth/password-reset", json=body)
        assert asked.status_code == 202, asked.text
    refused = await one.post("/v1/auth/password-reset", json=body)
    assert_problem(refused, 429, "too_many_requests")
    assert int(refused.headers["Retry-After"]) > 0
    # The same bucket for the email's links; another address has its own.
    link = await one.post("/v1/email/unsubscribe/" + "x" * 32)
    assert_problem(link, 429, "too_many_requests")
    assert (await other.post("/v1/auth/password-reset", json=body)).status_code == 202


# Writes without a bearer token, each limited in its own way (app.shell.limits.routes).
UNAUTHENTICATED_WRITES = {
    ("POST", "/v1/users"): limit_registrations,
    ("POST", "/v1/auth/token"): limit_failed_logins,
    ("POST", "/v1/auth/password-reset"): limit_anonymous_writes,
    ("POST", "/v1/auth/password-reset/confirm"): limit_anonymous_writes,
    ("POST", "/v1/email/confirm/{token}"): limit_anonymous_writes,
    ("POST", "/v1/email/unsubscribe/{token}"): limit_anonymous_writes,
    ("POST", "/v1/email/undo/{token}"): limit_anonymous_writes,
    # Signing in with a provider (app.accounts.oidc): the ticket's exchange, and the sign-up.
    ("POST", "/v1/auth/oidc/ticket"): limit_anonymous_writes,
    ("POST", "/v1/auth/oidc/complete"): limit_registrations,
}
# Writes whose credential is a signature, checked before the database is touched (SIGNED_PATHS).
SIGNED_WRITES = {("POST", "/v1/integrations/discord/interactions")}


def write_routes(routes: Iterable[Any]) -> Iterator[tuple[str, str, Dependant]]:
    """(method, path, dependant) of every write route of the app, as it serves them: routers
    included in routers (FastAPI keeps an included router's routes as contexts of it)."""
    for route in routes:
        if isinstance(route, APIRoute):
            for method in sorted((route.methods or set()) & WRITE_METHODS):
                yield method, route.path, route.dependant
        contexts = getattr(route, "effective_route_contexts", None)
        if contexts is not None:
            for context in contexts():
                original = context.original_route
                if isinstance(original, APIRoute) and context.dependant is not None:
                    for method in sorted((context.methods or set()) & WRITE_METHODS):
                        yield method, context.path, context.dependant
        nested = getattr(route, "routes", None)
        if contexts is None and isinstance(nested, list):
            yield from write_routes(nested)


def test_every_authenticated_write_route_carries_the_write_limit(limited_app: FastAPI) -> None:
    found = list(write_routes(limited_app.router.routes))
    # The walk saw every write operation the app publishes (and maybe hidden ones too).
    published = {
        (method.upper(), path)
        for path, operations in limited_app.openapi()["paths"].items()
        for method in operations
        if method.upper() in WRITE_METHODS
    }
    assert published <= {(method, path) for method, path, _ in found}
    assert len(found) > 50
    unlimited = []
    for method, path, dependant in found:
        own = UNAUTHENTICATED_WRITES.get((method, path))
        if (method, path) in SIGNED_WRITES:
            assert not is_authenticated(dependant), (method, path)
        elif own is not None:
            assert uses_dependency(dependant, own), (method, path)
            assert not is_authenticated(dependant), (method, path)
        elif not is_write_limited(dependant):
            unlimited.append(f"{method} {path}")
    assert unlimited == []


def test_a_route_that_reads_the_bearer_token_only_through_a_dependency_is_limited() -> None:
    # A new router written like the messages' (the token read by a helper, not CurrentUser).
    async def caller(secret: BearerSecret) -> str | None:
        return secret

    router = APIRouter()

    @router.post("/things")
    async def make_thing(who: Annotated[str | None, Depends(caller)]) -> None:
        """Make a thing."""

    guard_routes(router)
    app = FastAPI()
    app.include_router(router)
    ((method, path, dependant),) = list(write_routes(app.router.routes))
    assert (method, path) == ("POST", "/things")
    assert is_write_limited(dependant)
