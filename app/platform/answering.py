"""Requests this process is answering, so that its background passes give way to them.

A request counts from its arrival until its answer starts (`http.response.start`): an event
stream, which answers at once and then stays open, counts for no longer than any other read.
"""

import asyncio
import time

from starlette.types import Message, Receive, Scope, Send

from app.platform.asgi import HTTPMiddleware

# How often a pass that gives way looks again (a sleep, not a busy loop).
_LOOK_AGAIN_SECONDS = 0.002


class _Answering:
    """The process's count (one event loop serves a process's requests)."""

    count = 0


def answering() -> int:
    """Requests of this process whose answer has not started yet."""
    return _Answering.count


class AnsweringMiddleware(HTTPMiddleware):
    """Counts the requests this process is working on (`answering`)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        _Answering.count += 1
        counted = True

        async def answered(message: Message) -> None:
            nonlocal counted
            if counted and message["type"] == "http.response.start":
                counted = False
                _Answering.count -= 1
            await send(message)

        try:
            await self.app(scope, receive, answered)
        finally:
            if counted:
                _Answering.count -= 1


async def give_way(longest: float) -> None:
    """Wait, at most `longest` seconds, until this process answers no request: a background
    pass calls it before each unit of work, so that requests waiting on the same event loop
    (and CPU) go first, and the pass still moves on under a steady load."""
    until = time.monotonic() + longest
    # Polled, not an asyncio.Event: an event belongs to one loop, and the apps a test process
    # builds run on several.
    while _Answering.count and time.monotonic() < until:  # noqa: ASYNC110
        await asyncio.sleep(_LOOK_AGAIN_SECONDS)
