"""The event stream's response (app/channels/stream/response.py): the body streams in the request's
own task, the client's disconnection ends it, and under `HandsOffEventStreams` it streams once
the app it came from has returned."""

import asyncio
from collections.abc import AsyncIterator
from contextvars import ContextVar
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.channels.stream.response import EventStreamResponse, HandsOffEventStreams

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


REQUEST_VAR: ContextVar[str] = ContextVar("request", default="-")


def handing_off(app: ASGIApp) -> ASGIApp:
    """`app` under `HandsOffEventStreams`, as the app's class has FastAPI under it."""

    class Plain:
        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            await app(scope, receive, send)

    class HandingOff(HandsOffEventStreams, Plain):
        pass

    return HandingOff()


async def test_handed_off_the_body_streams_once_the_app_has_returned_with_its_headers() -> None:
    """What the app's middleware add to the headers and its context variables stay; what it
    keeps for the request (its frames, what it wrote in the scope) is gone while the body
    streams: an open stream holds none of it."""
    returned = asyncio.Event()
    seen: list[tuple[bool, str]] = []
    given: list[Scope] = []

    async def body() -> AsyncIterator[bytes]:
        seen.append((returned.is_set(), REQUEST_VAR.get()))
        yield b": connected\n\n"

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        """A middleware (a header, a context variable reset on the way out) around a route."""
        given.append(scope)
        scope["route"] = "matched"
        token = REQUEST_VAR.set("request-1")

        async def with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message["headers"], (b"x-added", b"1")]}
            await send(message)

        try:
            await EventStreamResponse(body())(scope, receive, with_header)
        finally:
            REQUEST_VAR.reset(token)
            returned.set()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()  # the client stays
        return {"type": "http.disconnect"}

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    scope = dict(SCOPE)
    await asyncio.wait_for(handing_off(app)(scope, receive, send), 5)
    assert seen == [(True, "request-1")]
    assert (b"x-added", b"1") in sent[0]["headers"]
    assert sent[1:] == [
        {"type": "http.response.body", "body": b": connected\n\n", "more_body": True},
        {"type": "http.response.body", "body": b"", "more_body": False},
    ]
    assert given[0] is not scope  # the app's scope went with it
    assert "route" not in scope


async def test_a_plain_response_is_not_handed_off() -> None:
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    await handing_off(app)(dict(SCOPE), receive, send)
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
