"""CORS (issue 18): browsers on the allowed origins may call every operation, read the headers
they need, and see the error responses too; other origins get no CORS headers at all.
"""

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.channels.stream.hub import EventHub
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_sessionmaker
from tests.factories.flows import create_lobby, register_and_login
from tests.factories.served import WAIT, served

APP_ORIGIN = "https://app.example"
PREVIEW_ORIGIN = "https://pr-12.preview.example"
OTHER_ORIGIN = "https://evil.example"
CORS = {
    "cors_allow_origins": (APP_ORIGIN, "http://localhost:5173"),
    "cors_allow_origin_regex": r"https://pr-\d+\.preview\.example",
}

AppFactory = Callable[..., FastAPI]


@pytest.fixture
def make_app(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> AppFactory:
    """`make_app(**settings)`: the app with these settings, on the test transaction."""

    def make(**update: Any) -> FastAPI:
        application = create_app(settings.model_copy(update=update))
        application.state.sessionmaker = sessionmaker
        return application

    return make


@pytest.fixture
async def client(make_app: AppFactory) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=make_app(**CORS))
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


def preflight(method: str, origin: str, headers: str) -> dict[str, str]:
    return {
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": headers,
    }


def listed(value: str) -> set[str]:
    return {item.strip().lower() for item in value.split(",")}


SENT = "authorization, content-type, idempotency-key, if-none-match, last-event-id"


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("origin", [APP_ORIGIN, "http://localhost:5173", PREVIEW_ORIGIN])
async def test_a_preflight_from_an_allowed_origin_allows_every_method_and_header(
    client: AsyncClient, method: str, origin: str
) -> None:
    response = await client.options(
        "/v1/campaigns/00000000-0000-0000-0000-000000000000/orders",
        headers=preflight(method, origin, SENT),
    )
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == origin
    assert method.lower() in listed(response.headers["access-control-allow-methods"])
    assert listed(SENT) <= listed(response.headers["access-control-allow-headers"])
    assert response.headers["access-control-max-age"] == "600"
    # Bearer tokens, no cookies: never the credentials mode.
    assert "access-control-allow-credentials" not in response.headers


async def test_a_preflight_from_another_origin_is_refused_without_cors_headers(
    client: AsyncClient,
) -> None:
    for origin in (OTHER_ORIGIN, "https://pr-12.preview.example.evil.example", "null"):
        response = await client.options(
            "/v1/campaigns", headers=preflight("POST", origin, "authorization")
        )
        assert response.status_code == 400
        assert "access-control-allow-origin" not in response.headers


async def test_a_preflight_asking_for_another_header_is_refused(client: AsyncClient) -> None:
    response = await client.options(
        "/v1/campaigns", headers=preflight("POST", APP_ORIGIN, "authorization, x-secret")
    )
    assert response.status_code == 400


async def test_a_request_from_an_allowed_origin_may_read_the_headers_clients_need(
    client: AsyncClient,
) -> None:
    alice = await register_and_login(client)
    response = await client.get("/v1/users/me", headers={**alice.headers, "Origin": APP_ORIGIN})
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == APP_ORIGIN
    assert "origin" in listed(response.headers["vary"])
    exposed = listed(response.headers["access-control-expose-headers"])
    assert {
        "retry-after",
        "etag",
        "location",
        "idempotent-replayed",
        "ratelimit-limit",
        "ratelimit-remaining",
        "ratelimit-reset",
        "x-request-id",
    } <= exposed
    assert "access-control-allow-credentials" not in response.headers


async def test_a_request_from_another_origin_gets_no_cors_headers(client: AsyncClient) -> None:
    alice = await register_and_login(client)
    response = await client.get("/v1/users/me", headers={**alice.headers, "Origin": OTHER_ORIGIN})
    assert response.status_code == 200  # the browser, not the server, withholds it
    assert "access-control-allow-origin" not in response.headers


async def test_error_responses_carry_the_cors_headers(make_app: AppFactory) -> None:
    app = make_app(**CORS, max_body_bytes=2048, write_burst=2, write_rate_per_minute=1)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        origin = {"Origin": APP_ORIGIN}
        alice = await register_and_login(client)
        headers = {**alice.headers, **origin}
        lobby = await create_lobby(client, alice)  # the first of two writes
        responses = {
            "401": await client.get("/v1/users/me", headers=origin),
            "404": await client.get("/v1/nothing-here", headers=headers),
            "422": await client.post("/v1/campaigns", json={}, headers=headers),  # the second
            # The body-size limit answers from its middleware, before any route.
            "413": await client.post("/v1/campaigns", json={"name": "x" * 3000}, headers=headers),
            # The app fixture has no event listener: the stream answers 503.
            "503": await client.get(f"/v1/campaigns/{lobby['id']}/events", headers=headers),
        }
        responses["429"] = await client.post("/v1/campaigns", json={}, headers=headers)
    for status, response in responses.items():
        assert response.status_code == int(status), response.text
        assert response.headers["content-type"] == "application/problem+json"
        assert response.headers["access-control-allow-origin"] == APP_ORIGIN, status
        assert "retry-after" in listed(response.headers["access-control-expose-headers"])


async def test_without_allowed_origins_there_is_no_cors_at_all(make_app: AppFactory) -> None:
    app = make_app()  # the default: no origin allowed
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        response = await client.options(
            "/v1/campaigns", headers=preflight("POST", APP_ORIGIN, "authorization")
        )
        assert response.status_code == 405
        assert not [name for name in response.headers if name.startswith("access-control-")]
        simple = await client.get("/healthz", headers={"Origin": APP_ORIGIN})
        assert "access-control-allow-origin" not in simple.headers


def test_an_origin_setting_must_be_an_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    # As operators set it: one environment variable, a comma-separated list.
    monkeypatch.setenv("MARCHLORDS_CORS_ALLOW_ORIGINS", "https://a.example, https://b.example:8443")
    assert Settings().cors_allow_origins == ("https://a.example", "https://b.example:8443")
    monkeypatch.setenv("MARCHLORDS_CORS_ALLOW_ORIGINS", "https://app.example/path")
    with pytest.raises(ValueError, match="not an origin"):
        Settings()
    monkeypatch.delenv("MARCHLORDS_CORS_ALLOW_ORIGINS")
    with pytest.raises(ValueError, match="not a regular expression"):
        Settings(cors_allow_origin_regex="https://(")


async def test_the_event_stream_works_cross_origin(
    settings: Settings,
    committing_engine: AsyncEngine,
    database_url: str,
    fast_password_hashing: None,
) -> None:
    app = create_app(settings.model_copy(update=CORS))
    app.state.sessionmaker = create_sessionmaker(committing_engine)
    app.state.event_hub = hub = EventHub(asyncpg_dsn(database_url))
    await hub.start()
    try:
        await hub.wait_listening(WAIT)
        async with served(app) as client:
            owner = await register_and_login(client)
            lobby = await create_lobby(client, owner)
            url = f"/v1/campaigns/{lobby['id']}/events"
            headers = {**owner.headers, "Origin": APP_ORIGIN}
            allowed = await client.options(url, headers=preflight("GET", APP_ORIGIN, SENT))
            assert allowed.status_code == 200
            async with client.stream("GET", url, headers=headers) as response:
                assert response.status_code == 200
                assert response.headers["content-type"].startswith("text/event-stream")
                assert response.headers["access-control-allow-origin"] == APP_ORIGIN
                # Streamed, not buffered: the first message arrives while the stream is open.
                first = await anext(response.aiter_lines())
                assert first.startswith((":", "retry"))
    finally:
        await hub.stop()
