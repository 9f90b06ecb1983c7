"""The event stream's response: Starlette's streaming response with a lighter disconnect watch."""

import asyncio

from fastapi.responses import StreamingResponse
from starlette.types import Receive, Scope, Send


class EventStreamResponse(StreamingResponse):
    """Streams its body until it ends or the client goes away, like `StreamingResponse`.

    Under an ASGI server of spec 2.3 (uvicorn), `StreamingResponse` runs each response in an
    anyio task group of two tasks, one of them only to hear the disconnection; an open event
    stream lives for hours, so that is two tasks and a task group per open stream. Here the
    body is streamed by the request's own task, and one bare task waits for the disconnection
    and cancels the stream when it comes (what the task group's cancellation does).
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        current = asyncio.current_task()
        if scope["type"] != "http" or current is None:
            await super().__call__(scope, receive, send)
            return
        streaming = current
        finished = False

        async def until_disconnected() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        def on_disconnect(watch: "asyncio.Task[None]") -> None:
            if watch.cancelled():
                return
            watch.exception()  # a failing `receive` ends the stream as a disconnection does
            if not finished:
                streaming.cancel()

        watch = asyncio.create_task(until_disconnected(), name="event-stream-disconnect")
        watch.add_done_callback(on_disconnect)
        try:
            await self.stream_response(send)
        except asyncio.CancelledError:
            if not (watch.done() and not watch.cancelled()):
                raise  # cancelled from outside (the server stopping): not ours to swallow
            streaming.uncancel()  # the client left: the response simply ends
        finally:
            finished = True
            watch.cancel()
        if self.background is not None:
            await self.background()
