"""Password login and logout."""

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Form, Request, Response, status

from app.accounts.auth import service
from app.accounts.auth.client import client_address, user_agent
from app.accounts.auth.dependencies import CurrentAuth
from app.accounts.auth.schemas import AccessToken, LoginForm
from app.platform.config import Settings
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.store.models import TokenKind, TokenScope

router = APIRouter(prefix="/auth", tags=["auth"], responses=PROBLEM_RESPONSES)


@router.post("/token")
async def login(
    request: Request,
    session: SessionDep,
    form: Annotated[LoginForm, Form()],
) -> AccessToken:
    """Exchange username and password for a bearer access token (OAuth2 password flow).

    The body is a **form**, not JSON, as OAuth2 requires: `Content-Type:
    application/x-www-form-urlencoded` with `username` and `password` (`curl -d
    'username=alice&password=…'`). A JSON body is refused with 422 saying so.
    """
    settings: Settings = request.app.state.settings
    user = await service.authenticate(session, form.username, form.password)
    token, secret = await service.issue_token(
        session,
        user,
        kind=TokenKind.SESSION,
        scope=TokenScope.ACCOUNT,  # a password sign-in: every right (sudo while it is fresh)
        lifetime=timedelta(minutes=settings.access_token_ttl_minutes),
        client_address=client_address(request),
        user_agent=user_agent(request),
    )
    assert token.expires_at is not None  # noqa: S101  (session tokens always expire)
    return AccessToken(access_token=secret, expires_at=token.expires_at)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
async def logout(auth: CurrentAuth, session: SessionDep) -> Response:
    """Revoke the token this request is made with (log out)."""
    await service.revoke_token(session, auth.token)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
