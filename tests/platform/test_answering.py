"""Background passes give way to the requests a process is answering (issue 48: readers keep
their answer times while the deadline sweeper changes many turns), but not to an event
stream, whose answer started long ago."""

import asyncio
import time

from starlette.types import Message, Receive, Scope, Send

from app.platform.answering import AnsweringMiddleware, answering, give_way


async def test_a_request_counts_until_its_answer_starts_and_a_pass_waits_for_it() -> None:
    release, streaming = asyncio.Event(), asyncio.Event()
    seen: list[int] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        seen.append(answering())  # a stream, open after its answer started, counts no more
        await streaming.wait()
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        pass

    scope = {"type": "http", "method": "GET", "path": "/", "headers": []}
    request = asyncio.create_task(AnsweringMiddleware(app)(scope, receive, send))
    await asyncio.sleep(0.01)
    assert answering() == 1
    started = time.monotonic()
    await give_way(0.05)  # waits for the answer, at most that long
    assert time.monotonic() - started >= 0.05
    release.set()
    await asyncio.sleep(0.01)
    assert seen == [0]
    # The stream is open and holds nothing back: the pass moves on at its first step (no
    # clock read, so a loaded machine cannot make it look otherwise).
    passing = asyncio.create_task(give_way(5.0))
    await asyncio.sleep(0)
    assert passing.done()
    streaming.set()
    await request
    assert answering() == 0
