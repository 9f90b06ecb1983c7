"""My blocks and my bans: users I stop hearing from, users barred from my public campaigns."""

from typing import Annotated

from fastapi import APIRouter, Path, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.accounts.moderation.schemas import ListedUserPage
from app.accounts.moderation.service import BANS, BLOCKS
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES

router = APIRouter(prefix="/users/me", tags=["moderation"], responses=PROBLEM_RESPONSES)

OtherUser = Annotated[
    str,
    Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$", description="A username."),
]


@router.get("/blocks")
async def list_blocks(session: SessionDep, user: CurrentUser, page: PageDep) -> ListedUserPage:
    """The users I blocked, newest first."""
    return await BLOCKS.page(session, user, page)


@router.put("/blocks/{username}", status_code=status.HTTP_204_NO_CONTENT)
async def block_user(username: OtherUser, session: SessionDep, user: CurrentUser) -> Response:
    """Block a user: their messages, join requests to my campaigns, seat offers and open seats
    stop reaching me from now on. They are not told: what they do is answered as before."""
    await BLOCKS.add(session, user, username)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.delete("/blocks/{username}", status_code=status.HTTP_204_NO_CONTENT)
async def unblock_user(username: OtherUser, session: SessionDep, user: CurrentUser) -> Response:
    """Undo a block: what they write from now on reaches me again."""
    await BLOCKS.remove(session, user, username)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/banned")
async def list_banned(session: SessionDep, user: CurrentUser, page: PageDep) -> ListedUserPage:
    """The users barred from asking to join my public campaigns (R-CAMP-11), newest first."""
    return await BANS.page(session, user, page)


@router.put("/banned/{username}", status_code=status.HTTP_204_NO_CONTENT)
async def ban_user(username: OtherUser, session: SessionDep, user: CurrentUser) -> Response:
    """Bar a user from my public campaigns: their join requests are refused (R-CAMP-11)."""
    await BANS.add(session, user, username)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.delete("/banned/{username}", status_code=status.HTTP_204_NO_CONTENT)
async def unban_user(username: OtherUser, session: SessionDep, user: CurrentUser) -> Response:
    """Let a barred user ask to join my public campaigns again (R-CAMP-11)."""
    await BANS.remove(session, user, username)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
