"""The live event stream of a campaign (Server-Sent Events)."""

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from app.campaigns.access import MemberDep
from app.errors import PROBLEM_MEDIA_TYPE, PROBLEM_RESPONSES, ServiceUnavailable
from app.stream import service
from app.stream.hub import EventHub
from app.stream.service import Viewer

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["events"], responses=PROBLEM_RESPONSES)

STREAM_DESCRIPTION = (
    "A `text/event-stream` that stays open. Each event has `id:` (pass it back as "
    "`Last-Event-ID` to resume), `event:` its kind (`player_ready`, `turn_changed`, "
    "`battle_declared`, ...) and `data:` a JSON object. You receive only the events addressed "
    "to you; the campaign's owner receives all of them. Comment lines (`: keep-alive`) are "
    "sent while idle."
)


@dataclass(frozen=True)
class Feed:
    """Everything a stream needs, resolved before its first byte (errors are still problems)."""

    viewer: Viewer
    hub: EventHub
    resume_after: int | None


def get_viewer(member: MemberDep) -> Viewer:
    """Who is watching, resolved once: the stream keeps no session open afterwards."""
    return Viewer.of(member)


def get_resume_after(
    last_event_id_header: Annotated[
        int | None,
        Header(
            alias="Last-Event-ID",
            ge=0,
            description="Resume after this event id (sent by browsers when they reconnect).",
        ),
    ] = None,
    last_event_id: Annotated[
        int | None,
        Query(ge=0, description="Resume after this event id; the header wins if both are set."),
    ] = None,
) -> int | None:
    """Where to resume: a reconnecting browser's header beats the URL's (stale) query value."""
    return last_event_id_header if last_event_id_header is not None else last_event_id


def get_feed(
    request: Request,
    viewer: Annotated[Viewer, Depends(get_viewer)],
    resume_after: Annotated[int | None, Depends(get_resume_after)],
) -> Feed:
    """Membership (404) and input (422) first, then the process's listener (503 if absent)."""
    hub: EventHub | None = getattr(request.app.state, "event_hub", None)
    if hub is None:
        raise ServiceUnavailable("Live events are unavailable.")
    return Feed(viewer, hub, resume_after)


@router.get(
    "/events",
    response_class=EventSourceResponse,
    response_description=STREAM_DESCRIPTION,
    responses={
        503: {
            "description": "Live events are unavailable on this server",
            "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
    },
)
async def stream_events(
    request: Request, feed: Annotated[Feed, Depends(get_feed)]
) -> AsyncIterator[ServerSentEvent]:
    """Stream the campaign's live events you may see (resume with `Last-Event-ID`)."""
    sessionmaker = request.app.state.sessionmaker
    hub, viewer = feed.hub, feed.viewer
    async with hub.subscribe(viewer.campaign_id) as subscription:
        events = service.stream_events(hub, subscription, sessionmaker, viewer, feed.resume_after)
        async with contextlib.aclosing(events):
            async for event in events:
                yield event
