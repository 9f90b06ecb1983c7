"""Webhooks for API tests: a loopback `receiver` that records what the delivery worker posts,
`register` an endpoint, `deliver` what is due."""

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.delivery import RetryPolicy, deliver_due
from app.main import create_app
from app.platform.config import Settings
from tests.factories.flows import Game


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: str
    at: float = field(default_factory=time.monotonic)

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """An HTTP server on 127.0.0.1 that records each POST and answers as scripted."""

    port: int = 0
    received: list[Received] = field(default_factory=list)
    # Answers to give, in order (status, extra headers); then 204.
    script: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    delay: float = 0.0  # seconds before answering

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            _method, path, _version = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            self.received.append(Received(path, headers, body.decode()))
            if self.delay:
                await asyncio.sleep(self.delay)
            status, extra = self.script.pop(0) if self.script else (204, {})
            reply = f"HTTP/1.1 {status} X\r\nContent-Length: 2\r\nConnection: close\r\n"
            reply += "".join(f"{k}: {v}\r\n" for k, v in extra.items())
            writer.write((reply + "\r\nok").encode())
            await writer.drain()
        finally:
            writer.close()

    def of(self, path: str) -> list[Received]:
        return [r for r in self.received if r.path == path]


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    found = Receiver()
    server = await asyncio.start_server(found.handle, "127.0.0.1", 0)
    found.port = server.sockets[0].getsockname()[1]
    async with server:
        yield found
        server.close()


@pytest.fixture
def loopback_settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"webhooks_allow_loopback": True})


@pytest.fixture
def app(
    loopback_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    """The test app with loopback webhooks allowed."""
    application = create_app(loopback_settings)
    application.state.sessionmaker = sessionmaker
    return application


FAST = RetryPolicy(base_delay=timedelta(seconds=10), disable_after=100)


async def deliver(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    at: datetime,
    policy: RetryPolicy = FAST,
) -> Any:
    return await deliver_due(sessionmaker, settings, at, policy=policy, rng=random.Random(7))  # noqa: S311


async def register(
    client: AsyncClient,
    game: Game,
    headers: dict[str, str],
    url: str,
    **body: Any,
) -> dict[str, Any]:
    response = await client.post(game.url("/webhooks"), json={"url": url, **body}, headers=headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    assert created["secret"].startswith("whsec_")
    return created
