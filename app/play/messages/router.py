"""Messages between players (R-DIP-1)."""

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response, status

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import MemberDep
from app.play.messages import service
from app.play.messages.schemas import (
    MAX_ID,
    MAX_SEAT,
    MessageCreate,
    MessagePage,
    MessageRead,
    MessageThreads,
    ReadMark,
    ThreadUnread,
    UnreadCount,
)

router = APIRouter(
    prefix="/campaigns/{campaign_id}/messages", tags=["messages"], responses=PROBLEM_RESPONSES
)


@router.post("", status_code=status.HTTP_201_CREATED)
async def send_message(data: MessageCreate, session: SessionDep, member: MemberDep) -> MessageRead:
    """Write to one player, several or all, within the campaign's word limit (R-DIP-1)."""
    return await service.send(session, member, data)


@router.get("", response_model=MessagePage, responses=CONDITIONAL_RESPONSES)
async def list_messages(
    session: SessionDep,
    member: MemberDep,
    settings: SettingsDep,
    before: Annotated[
        int | None,
        Query(ge=1, le=MAX_ID, description="Only messages older than this one (its id)."),
    ] = None,
    after: Annotated[
        int | None,
        Query(ge=0, le=MAX_ID, description="Only messages newer than this one (its id; 0: all)."),
    ] = None,
    limit: Annotated[
        int | None, Query(ge=1, description="Page size; capped at the server's maximum.")
    ] = None,
    thread: Annotated[
        int | None,
        Query(
            ge=0,
            le=MAX_SEAT,
            description="Only one conversation: 0, the messages to everyone; N, those between "
            "you and player N (group messages that include them too). Omitted: all.",
        ),
    ] = None,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """Your messages, sent and received, newest first (cursor pages by your messages' ids)."""
    size = min(settings.default_page_size if limit is None else limit, settings.max_page_size)
    window = service.Window(limit=size, before=before, after=after, thread=thread)
    return model_response(await service.mailbox(session, member, window), if_none_match)


@router.get("/threads", response_model=MessageThreads, responses=CONDITIONAL_RESPONSES)
async def list_message_threads(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """Your conversations, one per other player and one for the table, newest first.

    Each with its newest message and how many of it you have not read."""
    return model_response(await service.threads(session, member), if_none_match)


@router.get("/unread", response_model=UnreadCount, responses=CONDITIONAL_RESPONSES)
async def count_unread_messages(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """How many messages addressed to you you have not read yet."""
    return model_response(await service.unread(session, member), if_none_match)


@router.post("/read")
async def mark_messages_read(data: ReadMark, session: SessionDep, member: MemberDep) -> UnreadCount:
    """Mark a message of yours and every older one as read."""
    return await service.mark_read(session, member, data.up_to)


@router.post("/threads/{thread}/read")
async def mark_message_thread_read(
    thread: Annotated[
        int,
        Path(
            ge=0,
            le=MAX_SEAT,
            description="The conversation: 0, the messages to everyone; N, the one with player "
            "N (a seat's number, as `thread` in `GET …/messages`).",
        ),
    ],
    data: ReadMark,
    session: SessionDep,
    member: MemberDep,
) -> ThreadUnread:
    """Mark a message of one conversation and every older one of it as read.

    The other conversations keep their unread messages (a group message read here is read in
    all of them). Marking again, or an older message, changes nothing; `up_to` must be a
    message of this conversation in your mailbox, any other id is 404."""
    return await service.mark_thread_read(session, member, thread, data.up_to)
