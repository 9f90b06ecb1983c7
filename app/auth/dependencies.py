"""Typed dependencies for authenticated endpoints: `CurrentUser`."""

from typing import Annotated

from fastapi import Depends
from fastapi.security import OAuth2PasswordBearer

from app.auth.service import user_for_token
from app.db.session import SessionDep
from app.errors import Unauthorized
from app.models import User

# auto_error=False: a missing token must produce our problem+json 401, not FastAPI's default.
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="/v1/auth/token", auto_error=False)


async def get_current_user(
    session: SessionDep, token: Annotated[str | None, Depends(oauth2_scheme)]
) -> User:
    """The user owning the bearer token of this request, or 401."""
    if not token:
        raise Unauthorized("Not authenticated.")
    return await user_for_token(session, token)


CurrentUser = Annotated[User, Depends(get_current_user)]
