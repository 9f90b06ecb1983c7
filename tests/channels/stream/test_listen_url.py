"""`MARCHLORDS_LISTEN_DATABASE_URL`: the event hub's LISTEN connection may go elsewhere than
the requests' connections (behind PgBouncer in transaction mode LISTEN needs PostgreSQL itself).

The app runs with its real lifespan (its own engine, its own hub), served by uvicorn over real
HTTP; its requests commit, so the `committing_engine` fixture empties the tables afterwards.
"""

import asyncio
import contextlib
import logging
import socket
from collections.abc import AsyncIterator

import pytest
import uvicorn
from asgi_lifespan import LifespanManager
from httpx import ASGITransport, AsyncClient
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from app.channels.stream.hub import EventHub
from app.main import create_app
from app.platform.config import Settings
from tests.factories.streams import WAIT, Server, eventually, new_game, open_stream, sse

LISTENER_NAME = "marchlords-listener"


class Recorder(logging.Handler):
    """Keeps the messages of the warnings logged."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def with_listen_url(settings: Settings, listen_url: str) -> Settings:
    """The test settings with a LISTEN URL, validated as the environment's would be."""
    return Settings(**{**settings.model_dump(), "listen_database_url": listen_url})


@contextlib.asynccontextmanager
async def served(settings: Settings) -> AsyncIterator[Server]:
    """The app with its lifespan (engine and hub from `settings`) on 127.0.0.1:<random>."""
    app = create_app(settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, lifespan="on", log_config=None, access_log=False, timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await eventually(lambda: server.started)
        hub: EventHub = app.state.event_hub
        async with AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
            yield Server(app, hub, client)
    finally:
        await app.state.event_hub.stop()  # ends the open streams, so the server stops at once
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)
        sock.close()


def test_the_listen_url_is_read_from_the_environment_and_normalised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MARCHLORDS_LISTEN_DATABASE_URL", "postgres://u:p@db.example:5432/game")
    assert Settings().listen_database_url == "postgresql+asyncpg://u:p@db.example:5432/game"
    monkeypatch.delenv("MARCHLORDS_LISTEN_DATABASE_URL")
    assert Settings().listen_database_url is None


async def test_the_hub_listens_on_its_own_url_and_streams_get_live_events(
    settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> None:
    # The same database, told apart by the connection's application_name.
    listen_url = (
        make_url(settings.database_url or "")
        .update_query_dict({"application_name": LISTENER_NAME})
        .render_as_string(hide_password=False)
    )
    async with served(with_listen_url(settings, listen_url)) as server:
        await server.hub.wait_listening(WAIT)
        async with committing_engine.connect() as connection:
            name = await connection.scalar(
                text("SELECT application_name FROM pg_stat_activity WHERE pid = :pid"),
                {"pid": server.hub.server_pid},
            )
        assert name == LISTENER_NAME

        game = await new_game(server.client)
        first, second = game.players
        async with open_stream(server, game, second.headers) as stream:
            ready = await server.client.put(game.url("/turn/ready"), headers=first.headers)
            assert ready.status_code == 200, ready.text
            async with committing_engine.connect() as connection:
                cursor = await connection.scalar(
                    text("SELECT cursor FROM campaign_events ORDER BY id DESC LIMIT 1")
                )
            assert isinstance(cursor, str)
            expected = sse(cursor, "player_ready", {"player": first.number, "ready": True})
            assert await stream.event() == expected


async def test_a_wrong_listen_url_leaves_the_process_without_a_listener(
    settings: Settings,
) -> None:
    """The main URL is right, the LISTEN URL names a database that does not exist: requests are
    served, and the hub (which never falls back to the main URL) keeps retrying its own."""
    listen_url = (
        make_url(settings.database_url or "")
        .set(database="marchlords_no_such_database")
        .render_as_string(hide_password=False)
    )
    app = create_app(with_listen_url(settings, listen_url))
    handler = Recorder()
    failures = handler.messages
    hub_logger = logging.getLogger("app.channels.stream.hub")
    hub_logger.addHandler(handler)
    try:
        async with (
            LifespanManager(app),
            AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client,
        ):
            hub: EventHub = app.state.event_hub
            await eventually(lambda: bool(failures))
            assert failures[0].startswith("event listener connection failed: InvalidCatalogName")
            assert not hub.listening.is_set()
            assert hub.server_pid is None
            # Readiness checks the requests' database only: it does not cover the listener.
            assert (await client.get("/readyz")).status_code == 200
    finally:
        hub_logger.removeHandler(handler)
