"""The event stream's response: Starlette's streaming response with a lighter disconnect watch,
its body streamed outside the middleware stack once its headers are sent
(`HandsOffEventStreams`)."""

import asyncio
import contextvars
import logging
from collections.abc import AsyncIterable, Callable
from typing import Any

from fastapi.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

logger = logging.getLogger(__name__)

# The scope key under which `HandsOffEventStreams` offers to stream a response's body.
HANDOFF_KEY = "marchlords.stream_handoff"

Encode = Callable[[Any], bytes | memoryview]


def as_bytes(chunk: str | bytes | memoryview) -> bytes | memoryview:
    """A body's chunk as bytes (text in UTF-8)."""
    return chunk if isinstance(chunk, bytes | memoryview) else chunk.encode()


class StreamHandoff:
    """Where an event stream leaves its body for the top of the app to stream."""

    __slots__ = ("body", "context", "encode")

    def __init__(self) -> None:
        self.body: AsyncIterable[Any] | None = None
        self.encode: Encode = as_bytes
        self.context: contextvars.Context | None = None


class EventStreamResponse(StreamingResponse):
    """Streams its body until it ends or the client goes away, like `StreamingResponse`.

    Under an ASGI server of spec 2.3 (uvicorn), `StreamingResponse` runs each response in an
    anyio task group of two tasks, one of them only to hear the disconnection; an open event
    stream lives for hours, so that is two tasks and a task group per open stream. Here the
    body is streamed by the request's own task, and one bare task waits for the disconnection
    and cancels the stream when it comes (what the task group's cancellation does).

    Under `HandsOffEventStreams`, the headers go out through every middleware (each adds its
    own) and the body is then streamed from the top of the app, once the route, its
    dependencies and the middleware stack have returned: an open stream does not keep their
    frames, its request's rows and a wrapper of `send` per middleware alive for hours, nor
    pass each event through those wrappers (half of a stream's memory, bench_events).
    """

    def __init__(
        self, items: AsyncIterable[Any], *, encode: Encode = as_bytes, **options: Any
    ) -> None:
        """`items`, each sent as `encode` makes it bytes (the router's SSE events: each
        encoded once for every stream it reaches); `options` as `StreamingResponse`'s."""
        super().__init__(items, **options)
        self.encode = encode

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        handoff = scope.get(HANDOFF_KEY)
        if isinstance(handoff, StreamHandoff) and handoff.body is None and not self.background:
            handoff.body, handoff.encode = self.body_iterator, self.encode
            handoff.context = contextvars.copy_context()  # the request id of its log lines
            return
        await stream_body(self.body_iterator, self.encode, receive, send)
        if self.background is not None:
            await self.background()


async def stream_body(
    body: AsyncIterable[Any], encode: Encode, receive: Receive, send: Send
) -> None:
    """Send the body (the headers are sent) until it ends or the client goes away."""
    streaming = asyncio.current_task()
    assert streaming is not None  # noqa: S101 (a coroutine run by asyncio is in a task)
    watch = _DisconnectWatch(receive, streaming)
    try:
        async for item in body:
            await send({"type": "http.response.body", "body": encode(item), "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    except asyncio.CancelledError:
        if not watch.heard:
            raise  # cancelled from outside (the server stopping): not ours to swallow
        streaming.uncancel()  # the client left: the response simply ends
    finally:
        watch.stop()


async def _until_disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


class _DisconnectWatch:
    """One bare task waiting for the client's disconnection, which cancels the streaming
    task (an object with slots, not closures: there is one per open stream)."""

    __slots__ = ("_finished", "_streaming", "_task")

    def __init__(self, receive: Receive, streaming: "asyncio.Task[Any]") -> None:
        self._streaming = streaming
        self._finished = False
        self._task = asyncio.create_task(
            _until_disconnected(receive), name="event-stream-disconnect"
        )
        self._task.add_done_callback(self._on_done)

    @property
    def heard(self) -> bool:
        """Did the disconnection (or a failing `receive`) end the watch?"""
        return self._task.done() and not self._task.cancelled()

    def _on_done(self, task: "asyncio.Task[None]") -> None:
        if task.cancelled():
            return
        task.exception()  # a failing `receive` ends the stream as a disconnection does
        if not self._finished:
            self._streaming.cancel()

    def stop(self) -> None:
        self._finished = True
        self._task.cancel()


class HandsOffEventStreams:
    """Mixed into the app's class (before FastAPI): runs the request, then streams the body an
    `EventStreamResponse` of the request left it (see there), outside everything the app's
    own `__call__` is made of; in this one frame, as there is one per open stream."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = super().__call__  # type: ignore[misc]
        if scope["type"] != "http" or scope["method"] != "GET":
            await app(scope, receive, send)
            return
        handoff = StreamHandoff()
        # The app is given a copy of the scope: what it stores there for the request
        # (routing's match, FastAPI's exit stacks and what they closed) goes with it.
        await app({**scope, HANDOFF_KEY: handoff}, receive, send)
        body, encode, context = handoff.body, handoff.encode, handoff.context
        if body is None or context is None:
            return
        del handoff  # what it held is in the locals above
        # The body runs as it would have inside the stack: with the request's context
        # variables (its request id), which the middleware reset on their way out.
        for variable, value in context.items():
            variable.set(value)
        del context
        try:
            await stream_body(body, encode, receive, send)
        except Exception:
            logger.exception("event stream failed")  # its response has started: it ends here
            raise
