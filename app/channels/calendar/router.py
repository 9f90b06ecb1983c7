"""My calendar feed: create or rotate its secret URL, read when it was issued, revoke it; and
the feed itself, read with the secret alone (calendar applications send no bearer token)."""

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.channels.calendar import service
from app.channels.calendar.schemas import CalendarFeedCreated, CalendarFeedRead
from app.platform.db.session import SessionDep
from app.platform.dependencies import NowDep
from app.platform.errors import PROBLEM_RESPONSES

router = APIRouter(tags=["calendar"], responses=PROBLEM_RESPONSES)

MEDIA_TYPE = "text/calendar"
FEED_PATH = "/calendar/{token}.ics"
# What app.accounts.auth.tokens.generate_token makes: 32 random bytes, URL-safe base64 (43
# characters).
SECRET_PATTERN = r"^[A-Za-z0-9_-]{43}$"  # noqa: S105  (a pattern, not a secret)

FEED_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "An iCalendar (RFC 5545) document: one `VEVENT` per turn deadline "
        "(`UID` turn-<campaign>-<turn>@marchlords) and per agreed play-by date of your "
        "pending battles (`UID` battle-<campaign>-<battle>@marchlords).",
        "content": {MEDIA_TYPE: {"schema": {"type": "string"}}},
    }
}


@router.post("/users/me/calendar-feed", status_code=status.HTTP_201_CREATED)
async def create_calendar_feed(
    request: Request, user: CurrentUser, session: SessionDep, now: NowDep
) -> CalendarFeedCreated:
    """Create my calendar feed's secret URL, or rotate it: the previous URL stops working.

    The secret is in this response only. No `Idempotency-Key`: a replay would have to keep
    the secret; a retry simply issues another one.
    """
    feed, secret = await service.issue(session, user, now)
    path = request.app.url_path_for("read_calendar", token=secret)
    return CalendarFeedCreated(
        issued_at=feed.issued_at, url=str(request.base_url).rstrip("/") + path, token=secret
    )


@router.get("/users/me/calendar-feed")
async def read_calendar_feed(user: CurrentUser, session: SessionDep) -> CalendarFeedRead:
    """When my calendar feed's secret URL was issued (404 if I have none)."""
    return CalendarFeedRead(issued_at=(await service.read(session, user)).issued_at)


@router.delete("/users/me/calendar-feed", status_code=status.HTTP_204_NO_CONTENT)
async def revoke_calendar_feed(user: CurrentUser, session: SessionDep) -> Response:
    """Revoke my calendar feed: its URL answers 404 from now on."""
    await service.revoke(session, user)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get(FEED_PATH, response_class=Response, responses=FEED_RESPONSE)
async def read_calendar(
    token: Annotated[
        str, Path(pattern=SECRET_PATTERN, description="The secret of the feed's URL.")
    ],
    session: SessionDep,
    now: NowDep,
) -> Response:
    """My calendar (`text/calendar`): turn deadlines and battle play-by dates, by secret URL.

    No Authorization header: the secret in the path is the credential. An unknown, rotated or
    revoked secret is 404. It lists what its user may see, nothing more (R-BAT-8, R-CAMP-5).
    """
    body = await service.feed(session, token, now)
    return Response(
        content=body,
        media_type=f"{MEDIA_TYPE}; charset=utf-8",
        headers={"Cache-Control": "private, no-cache"},
    )
