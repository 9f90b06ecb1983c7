"""Typed dependencies for authenticated endpoints: `CurrentUser`, and `CurrentAuth` when the
endpoint also needs the token the request was made with (logout, the token list)."""

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import OAuth2PasswordBearer

from app.auth.service import authenticate_token
from app.db.session import SessionDep
from app.errors import Unauthorized
from app.i18n import _
from app.i18n.requests import speak_to
from app.models import Token, User

# auto_error=False: a missing token must produce our problem+json 401, not FastAPI's default.
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="/v1/auth/token", auto_error=False)

BearerSecret = Annotated[str | None, Depends(oauth2_scheme)]


@dataclass(frozen=True, slots=True)
class Authenticated:
    """The caller and the token of this request."""

    user: User
    token: Token


async def get_authenticated(
    request: Request, session: SessionDep, secret: BearerSecret
) -> Authenticated:
    """The user and token of the bearer token of this request, or 401."""
    if not secret:
        raise Unauthorized(_("Not authenticated."))
    token, user = await authenticate_token(session, secret)
    speak_to(request, user.language)
    return Authenticated(user=user, token=token)


CurrentAuth = Annotated[Authenticated, Depends(get_authenticated)]


async def get_current_user(auth: CurrentAuth) -> User:
    """The user owning the bearer token of this request, or 401."""
    return auth.user


CurrentUser = Annotated[User, Depends(get_current_user)]
