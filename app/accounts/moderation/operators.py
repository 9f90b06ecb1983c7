"""The operator role and suspensions.

An operator is made on the command line only (`scripts/operator`, `app.admin`), never through
the API. The operator API answers anyone else exactly as a path that does not exist (404), so
it tells nobody whether it works or who runs it.
"""

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.exceptions import HTTPException

from app.accounts.auth.dependencies import BearerSecret
from app.accounts.auth.service import authenticate_token, usable_token
from app.platform.db.base import utcnow
from app.platform.db.session import SessionDep
from app.platform.errors import AppError
from app.platform.i18n.requests import speak_to
from app.store.events.revocations import Revocation, end_streams
from app.store.models import Token, User


async def get_operator(request: Request, session: SessionDep, secret: BearerSecret) -> User:
    """The caller if they are an operator; for anyone else (no token, a bad one, a user) the
    answer of an unknown path."""
    if secret:
        try:
            _token, user = await authenticate_token(session, secret)
        except AppError:
            user = None
        if user is not None and user.is_operator:
            speak_to(request, user.language)
            return user
    raise HTTPException(status_code=404)


OperatorDep = Annotated[User, Depends(get_operator)]


async def suspend(session: AsyncSession, user: User) -> None:
    """Suspend `user`: every token of theirs is revoked and their open streams end at once;
    sign-in refuses them until they are reinstated."""
    now = utcnow()
    user.suspended_at = now
    await session.execute(
        update(Token)
        .where(Token.user_id == user.id, usable_token(now))
        .values(revoked_at=now)
        .execution_options(synchronize_session=False)
    )
    await session.flush()
    await end_streams(session, Revocation(user_id=user.id))


async def reinstate(session: AsyncSession, user: User) -> None:
    """They may sign in again (their old tokens stay revoked)."""
    user.suspended_at = None
    await session.flush()


async def set_operator(session: AsyncSession, username: str, granted: bool) -> User | None:
    """Make the user of `username` an operator, or no longer one (the command line's
    `scripts/operator`); None: no such user."""
    user = await session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if user is not None:
        user.is_operator = granted
        await session.flush()
    return user
