"""The live event stream of a campaign (Server-Sent Events)."""

import functools
import json
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import Response
from fastapi.sse import ServerSentEvent, format_sse_event

from app.accounts.auth.dependencies import CurrentAuth
from app.channels.notifications import presence
from app.channels.stream import service
from app.channels.stream.access import StreamRechecks, Watcher
from app.channels.stream.hub import EventHub
from app.channels.stream.response import EventStreamResponse
from app.channels.stream.service import Listener
from app.platform.db.session import SessionDep
from app.platform.errors import (
    PROBLEM_MEDIA_TYPE,
    PROBLEM_RESPONSES,
    AppError,
    ServiceUnavailable,
)
from app.platform.i18n import _
from app.play.campaigns.access import MemberDep, ViewerDep

router = APIRouter(prefix="/campaigns/{campaign_id}", tags=["events"], responses=PROBLEM_RESPONSES)

STREAM_DESCRIPTION = (
    "A `text/event-stream` that stays open. Each event has `id:` (an opaque cursor: pass it "
    "back as `Last-Event-ID` to resume right after it), `event:` its kind (`EventKind`, one "
    "vocabulary with the turn summaries: `player_ready`, `turn_changed`, `battle_declared`, "
    "...) and `data:` its payload as JSON, typed by kind (`ServerSentEvent`, `LiveEvent`). "
    "You receive only the "
    "events addressed to you (an owner who plays: their seat's; the owner who does not play: "
    "all of them). Comment lines (`: keep-alive`) are sent while idle. The stream ends as soon "
    "as its token is revoked, its caller leaves the campaign or hands their seat on (before "
    "that request is answered; within a second on another server process), and within "
    "seconds once its token expires."
)

# An event cursor as sent in `id:` (app/store/events/publish.py: 12 random bytes, URL-safe base64).
CURSOR_PATTERN = r"^[A-Za-z0-9_-]{16}$"


@dataclass(frozen=True)
class Feed:
    """Everything a stream needs, resolved before its first byte (errors are still problems)."""

    listener: Listener
    hub: EventHub
    resume_after: int | None
    token_id: uuid.UUID
    # The hub's revocation count before the caller was checked: if it moved by the time the
    # stream subscribes, a revocation may have slipped between the two, so it rechecks at once.
    revocations_seen: int


async def get_listener(member: MemberDep, viewer: ViewerDep) -> Listener:
    """Who is watching, resolved once: the stream keeps no session open afterwards."""
    return Listener(member.campaign.id, viewer)


async def get_cursor(
    last_event_id_header: Annotated[
        str | None,
        Header(
            alias="Last-Event-ID",
            pattern=CURSOR_PATTERN,
            description="Resume right after this event (its `id:`; browsers send it when they "
            "reconnect).",
        ),
    ] = None,
    last_event_id: Annotated[
        str | None,
        Query(
            pattern=CURSOR_PATTERN,
            description="Resume right after this event; the header wins if both are set.",
        ),
    ] = None,
) -> str | None:
    """Where to resume: a reconnecting browser's header beats the URL's (stale) query value."""
    return last_event_id_header if last_event_id_header is not None else last_event_id


async def revocations_so_far(request: Request) -> int:
    """The process's revocation count, taken before anything else (the token's check)."""
    hub: EventHub | None = getattr(request.app.state, "event_hub", None)
    return hub.revocations if hub is not None else 0


async def get_feed(
    request: Request,
    # First: FastAPI solves a dependency's parameters in order, so this precedes the token's
    # check (in `listener` and `auth`).
    revocations_seen: Annotated[int, Depends(revocations_so_far)],
    session: SessionDep,
    listener: Annotated[Listener, Depends(get_listener)],
    cursor: Annotated[str | None, Depends(get_cursor)],
    auth: CurrentAuth,
) -> Feed:
    """Membership (404) and input (422) first, then the process's listener (503 if absent).

    A well-formed `Last-Event-ID` naming no event of the caller's (another campaign's, one
    they may not see, or one that never was) is refused with 422 `unknown_last_event_id`
    before the stream starts: resuming "from now" would silently skip what they missed.
    """
    resume_after = None
    if cursor is not None:
        resume_after = await service.resume_point(session, listener, cursor)
        if resume_after is None:
            raise AppError(
                _(
                    "Last-Event-ID names no event of this campaign you may see; reconnect "
                    "without it to stream from now on."
                ),
                status=422,
                code="unknown_last_event_id",
                title=_("Unknown Last-Event-ID"),
            )
    hub: EventHub | None = getattr(request.app.state, "event_hub", None)
    if hub is None:
        raise ServiceUnavailable(_("Live events are unavailable."))
    return Feed(listener, hub, resume_after, auth.token.id, revocations_seen)


def _access_check(request: Request, feed: Feed, user_id: uuid.UUID) -> service.AccessCheck:
    """Does the stream's token still stand, and is its user still a member of the campaign,
    seen as when the stream started? An owner who takes a seat stops being the game master: the
    stream ends and the reconnection gets the seat's view (R-FOG-5). Asked with the other
    streams of the process, in one batch (app/channels/stream/access.py)."""
    state = request.app.state
    rechecks: StreamRechecks | None = getattr(state, "stream_rechecks", None)
    if rechecks is None:
        rechecks = state.stream_rechecks = StreamRechecks(state.sessionmaker)
    return functools.partial(rechecks.still_allowed, Watcher(feed.token_id, user_id, feed.listener))


class _EventStreamDocs(Response):
    """For the contract only: the endpoint returns its own `StreamingResponse` (not FastAPI's
    SSE pipeline, which any `EventSourceResponse` class would switch on), and the stream's
    item schema is given in full below; no media type here, so no second, string schema."""

    media_type = None


@router.get(
    "/events",
    response_class=_EventStreamDocs,
    response_description=STREAM_DESCRIPTION,
    responses={
        200: {
            "content": {
                "text/event-stream": {
                    # OpenAPI 3.1 has no schema for the items of a stream: the body is text,
                    # each of its events a `ServerSentEvent` (also given as `x-itemSchema`, the
                    # `itemSchema` of OpenAPI 3.2), whose `data` is its kind's payload as JSON.
                    "schema": {
                        "type": "string",
                        "description": "Events as `text/event-stream`: each is a "
                        "`ServerSentEvent` whose `data:` is its kind's payload as JSON.",
                    },
                    "x-itemSchema": {"$ref": "#/components/schemas/ServerSentEvent"},
                }
            }
        },
        503: {
            "description": "Live events are unavailable on this server",
            "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        },
    },
)
async def stream_events(
    request: Request, feed: Annotated[Feed, Depends(get_feed)], member: MemberDep
) -> EventStreamResponse:
    """Stream the campaign's live events you may see (resume with `Last-Event-ID`)."""
    sessionmaker = request.app.state.sessionmaker
    # The body keeps ids only: the membership's rows (the ruleset, the seat's explored tiles)
    # would otherwise stay in memory once per open stream.
    user_id = member.user.id
    still_allowed = _access_check(request, feed, user_id)

    hub, listener = feed.hub, feed.listener
    events = service.stream_events(
        hub,
        hub.subscribe(listener.campaign_id, token_id=feed.token_id, user_id=user_id),
        sessionmaker,
        listener,
        feed.resume_after,
        still_allowed,
        revocations_seen=feed.revocations_seen,
        # While it is open its user is looking: nothing is pushed to them about the campaign.
        looking=presence.present(sessionmaker, listener.campaign_id, user_id),
    )
    # The bytes are written straight to the response (not through FastAPI's generic SSE
    # pipeline, two tasks and a re-encoding per event and stream): one event reaches a
    # thousand streams of a process in one pass, its bytes encoded once.
    return EventStreamResponse(
        events,
        encode=_wire,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


# The wire form of the last events sent: the hub hands one event (one `ServerSentEvent`,
# `service.to_sse`) to every stream of its campaign, encoded here once for all of them.
_WIRE: OrderedDict[int, tuple[ServerSentEvent, bytes]] = OrderedDict()
_WIRE_SIZE = 256


def _wire(event: ServerSentEvent) -> bytes:
    """An event as SSE bytes (`id:`, `event:`, `data:` JSON, `retry:`, comments)."""
    cached = _WIRE.get(id(event))
    if cached is not None and cached[0] is event:
        return cached[1]
    data = event.raw_data
    if data is None and event.data is not None:
        data = json.dumps(event.data)
    wire = format_sse_event(
        data_str=data, event=event.event, id=event.id, retry=event.retry, comment=event.comment
    )
    _WIRE[id(event)] = (event, wire)
    if len(_WIRE) > _WIRE_SIZE:
        _WIRE.popitem(last=False)
    return wire
