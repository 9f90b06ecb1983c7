"""Health probes and the real lifespan."""

from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from app.main import create_app
from app.platform.config import Settings
from tests.helpers import assert_problem


async def test_healthz(client: AsyncClient) -> None:
    response = await client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


async def test_readyz_when_database_answers(client: AsyncClient) -> None:
    response = await client.get("/readyz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


async def test_readyz_is_503_when_database_is_down(app: FastAPI, client: AsyncClient) -> None:
    # Nothing listens on port 1: connecting fails immediately.
    engine = create_async_engine("postgresql+asyncpg://nobody@127.0.0.1:1/none")
    app.state.sessionmaker = async_sessionmaker(engine)
    try:
        response = await client.get("/readyz")
    finally:
        await engine.dispose()

    assert_problem(response, 503, "service_unavailable")


async def test_lifespan_opens_the_configured_database(settings: Settings) -> None:
    app = create_app(settings)

    async with LifespanManager(app) as manager:
        transport = ASGITransport(app=manager.app)
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            response = await client.get("/readyz")

    assert response.status_code == 200
