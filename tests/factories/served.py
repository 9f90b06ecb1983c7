"""Serve an app over real HTTP (uvicorn on 127.0.0.1:<random port>) for tests that need a
streamed response read as a browser reads it (the event stream); and `app.serve` run up to
uvicorn, for tests of how it starts the server."""

import asyncio
import contextlib
import signal
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from httpx import AsyncClient

from app import serve
from app.platform.config import get_settings

WAIT = 10.0  # bound of every wait; a passing run never comes close


@asynccontextmanager
async def served(app: FastAPI) -> AsyncIterator[AsyncClient]:
    """A client of `app` served by uvicorn (lifespan off: the caller wires the app's state)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, lifespan="off", log_config=None, access_log=False, timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        for _ in range(int(WAIT / 0.005)):
            if server.started:
                break
            await asyncio.sleep(0.005)
        async with AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
            yield client
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)
        sock.close()


def run_serve_without_database(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Run `app.serve.main()` up to uvicorn (no database, no migration, no signal handler);
    the keyword arguments uvicorn would have been started with, one dict per call."""
    calls: list[dict[str, Any]] = []
    url = "postgresql+asyncpg://nobody@localhost/none"
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr(serve, "upgrade_head", lambda url: None)
    monkeypatch.setattr(serve, "database_url", lambda settings: contextlib.nullcontext(url))
    monkeypatch.setattr(signal, "signal", lambda *a: None)
    monkeypatch.setenv("DATABASE_URL", url)
    get_settings.cache_clear()
    try:
        with pytest.raises(SystemExit):
            serve.main()
    finally:
        get_settings.cache_clear()
    return calls
