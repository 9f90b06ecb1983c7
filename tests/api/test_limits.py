"""Limits: body size (413 `content_too_large`), writes per user and failed logins per username
and client IP (429 `too_many_requests` with `Retry-After`), and the page-size cap."""

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.config import Settings
from app.limits.buckets import TokenBuckets
from app.main import create_app
from app.models import Campaign, GameMap
from tests.api.game import builtin_map_id
from tests.helpers import AuthUser, assert_problem, login, register_and_login

LIMITS = {
    "max_body_bytes": 2048,
    "max_upload_body_bytes": 64 * 1024,
    "write_burst": 3,
    "write_rate_per_minute": 1,
    "login_failures_per_minute": 3,
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
    """`clients("10.0.0.1")`: a client of the limited app calling from that IP."""
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
    client = clients("10.0.0.1")
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
    client = clients("10.0.0.1")
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
    client = clients("10.0.0.1")
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
    client = clients("10.0.0.1")
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
    client = clients("10.0.0.1")
    for _ in range(5):
        assert_problem(await client.post("/v1/campaigns", json={}), 401, "unauthorized")


# --- failed logins per username and client IP ---------------------------------------------------


async def test_failed_logins_past_the_limit_get_429_even_with_the_right_password(
    clients: ClientFactory,
) -> None:
    client = clients("10.0.0.1")
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
    assert (await login(clients("10.0.0.2"), alice.username)).status_code == 200
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


# --- the buckets -------------------------------------------------------------------------------


def test_token_buckets_refill_at_their_rate_and_keep_keys_apart() -> None:
    now = [0.0]
    buckets = TokenBuckets(2, 6, clock=lambda: now[0])  # burst 2, one token every 10 s
    assert [buckets.take("a") for _ in range(3)] == [0, 0, 10]
    assert buckets.take("b") == 0
    now[0] = 5.0
    assert buckets.retry_after("a") == 5
    now[0] = 10.0
    assert buckets.take("a") == 0
    assert buckets.take("a") == 10
    buckets.spend("c")
    buckets.spend("c")
    buckets.spend("c")  # failures are recorded even past empty
    assert buckets.retry_after("c") == 20
