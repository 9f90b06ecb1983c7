"""Serve an app over real HTTP (uvicorn on 127.0.0.1:<random port>) for tests that need a
streamed response read as a browser reads it (the event stream)."""

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI
from httpx import AsyncClient

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
