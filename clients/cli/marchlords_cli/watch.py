"""`marchlords watch`: the campaign's live events (Server-Sent Events) as they happen."""

import json
import queue
import sys
import threading
import time
from collections.abc import Iterator
from http import HTTPStatus
from typing import Annotated, Any

import httpx
import typer
from marchlords_client.types import Response

from marchlords_cli.common import (
    EXIT_UNREACHABLE,
    CampaignOption,
    JsonOption,
    campaign_id,
    fail,
    refused,
    session,
)

CONNECTED = "connected"  # the reader thread's word: the stream is open


def server_sent_events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The events of a `text/event-stream` (comments and retry-only messages skipped)."""
    event: dict[str, str] = {}
    for line in lines:
        if line == "":
            if "data" in event or "event" in event:
                yield event
            event = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data" and "data" in event:
            event["data"] += "\n" + value
        elif name in ("id", "event", "data"):
            event[name] = value


def watch(
    campaign: CampaignOption,
    count: Annotated[int | None, typer.Option(min=1, help="Stop after this many events.")] = None,
    timeout: Annotated[
        float | None, typer.Option(min=0, help="Stop after this many seconds.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Print the campaign's live events as they happen (those you may see)."""
    client = session()
    cid = campaign_id(client, campaign, as_json)
    events: queue.Queue[dict[str, str] | str | Response[Any] | Exception | None] = queue.Queue()

    def read() -> None:
        try:
            http = client.get_httpx_client()
            url = f"/v1/campaigns/{cid}/events"
            with http.stream("GET", url, timeout=httpx.Timeout(30.0, read=None)) as response:
                if response.status_code >= 400:
                    response.read()
                    events.put(
                        Response(
                            HTTPStatus(response.status_code),
                            response.content,
                            response.headers,
                            None,
                        )
                    )
                    return
                lines = response.iter_lines()
                if next(lines, None) is not None:  # the server's hello: subscribed
                    events.put(CONNECTED)
                for event in server_sent_events(lines):
                    events.put(event)
            events.put(None)
        except Exception as error:  # handed to the main thread, which reports it
            events.put(error)

    threading.Thread(target=read, daemon=True).start()
    deadline = None if timeout is None else time.monotonic() + timeout
    seen = 0
    while count is None or seen < count:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            break
        try:
            item = events.get(timeout=left)
        except queue.Empty:
            break
        if item is None:
            break
        if isinstance(item, Response):
            refused(item, as_json)
        if isinstance(item, Exception):
            fail(EXIT_UNREACHABLE, f"the event stream failed: {item}")
        if isinstance(item, str):
            typer.echo(f"watching campaign {cid} (Ctrl-C to stop)", err=True)
            continue
        seen += 1
        try:
            data: Any = json.loads(item.get("data", "null"))
        except ValueError:
            data = item.get("data")
        if as_json:
            typer.echo(json.dumps({"id": item.get("id"), "event": item.get("event"), "data": data}))
        else:
            typer.echo(f"{item.get('event', 'message')}: {json.dumps(data, sort_keys=True)}")
        sys.stdout.flush()


def install(app: typer.Typer) -> None:
    app.command()(watch)
