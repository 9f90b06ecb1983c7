"""The event stream for API tests: a server of the app over real HTTP, a stream opened on it
and its messages parsed as a browser parses them (`sse`)."""

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
from fastapi import FastAPI
from httpx import AsyncClient

from app.channels.stream.hub import EventHub
from tests.factories.flows import AuthUser, Game, register_and_login, start_game

WAIT = 10.0  # upper bound of any single wait; a passing run never comes close


@dataclass
class Server:
    """One "process": an app with its own listener, served over real HTTP."""

    app: FastAPI
    hub: EventHub
    client: AsyncClient


async def new_game(
    client: AsyncClient, factions: Sequence[str] = ("empire", "orcs_goblins"), **kw: Any
) -> Game:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(client, username)

    return await start_game(client, make_user, factions, **kw)


async def eventually(condition: Callable[[], bool]) -> None:
    """Poll until `condition()` holds, for at most WAIT seconds."""
    for _ in range(int(WAIT / 0.005)):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("condition not reached in time")


@dataclass
class Message:
    """One SSE message as a browser parses it."""

    id: str | None = None
    event: str | None = None
    data: Any = None
    retry: int | None = None
    comments: list[str] = field(default_factory=list)


class Stream:
    """The lines of an open `text/event-stream` response, grouped into messages."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self._lines = response.aiter_lines()

    async def message(self) -> Message:
        """The next message, comments included."""
        message = Message()
        data: list[str] = []
        async with asyncio.timeout(WAIT):
            async for line in self._lines:
                if line == "":
                    if data:
                        message.data = json.loads("\n".join(data))
                    return message
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if name == "":
                    message.comments.append(value)
                elif name == "data":
                    data.append(value)
                elif name == "id":
                    message.id = value
                elif name == "event":
                    message.event = value
                elif name == "retry":
                    message.retry = int(value)
        raise AssertionError("the stream ended")

    async def event(self) -> Message:
        """The next message that is an event (keep-alive comments are skipped)."""
        while True:
            message = await self.message()
            if message.event is not None:
                return message


@contextlib.asynccontextmanager
async def open_stream(
    server: Server, game: Game, headers: dict[str, str], *, query: str = ""
) -> AsyncIterator[Stream]:
    """GET the stream and wait for its first message (the listener is subscribed by then)."""
    async with server.client.stream("GET", game.url("/events") + query, headers=headers) as r:
        assert r.status_code == 200, await r.aread()
        stream = Stream(r)
        hello = await stream.message()
        assert hello == Message(retry=3000, comments=["connected"])
        yield stream


def sse(cursor: str, kind: str, data: dict[str, Any]) -> Message:
    return Message(id=cursor, event=kind, data=data)
