"""The event stream's response (app/stream/response.py): the body streams in the request's
own task, and the client's disconnection ends it."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from starlette.types import Message

from app.stream.response import EventStreamResponse

SCOPE = {"type": "http", "asgi": {"spec_version": "2.3"}, "method": "GET"}


async def test_a_disconnection_ends_the_stream_and_closes_its_body() -> None:
    sent: list[Message] = []
    closed = asyncio.Event()
    gone = asyncio.Event()

    async def body() -> AsyncIterator[bytes]:
        try:
            yield b": connected\n\n"
            await asyncio.Event().wait()  # an idle stream: only the disconnection ends it
        finally:
            closed.set()

    async def receive() -> dict[str, Any]:
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)
        if message.get("body") == b": connected\n\n":
            gone.set()

    tasks_before = len(asyncio.all_tasks())
    await asyncio.wait_for(EventStreamResponse(body())(SCOPE, receive, send), 5)
    assert closed.is_set()
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == tasks_before  # the disconnect watch is gone too


async def test_a_body_that_ends_ends_the_response_and_its_watch() -> None:
    sent: list[Message] = []

    async def body() -> AsyncIterator[bytes]:
        yield b"data: 1\n\n"

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()  # the client stays
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    tasks_before = len(asyncio.all_tasks())
    await asyncio.wait_for(EventStreamResponse(body())(SCOPE, receive, send), 5)
    assert sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == tasks_before


async def test_a_cancellation_from_outside_is_not_swallowed() -> None:
    async def body() -> AsyncIterator[bytes]:
        yield b": connected\n\n"
        await asyncio.Event().wait()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        pass

    task = asyncio.create_task(EventStreamResponse(body())(SCOPE, receive, send))
    await asyncio.sleep(0.05)
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=5)
    assert done
    assert task.cancelled()
