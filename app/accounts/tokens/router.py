"""Tokens of the authenticated user: login sessions and personal access tokens."""

import uuid

from fastapi import APIRouter, Request, Response, status

from app.accounts.auth.client import client_address, user_agent
from app.accounts.auth.dependencies import AccountAuth, CurrentAuth, require_password
from app.accounts.tokens import service
from app.accounts.tokens.schemas import TokenCreate, TokenCreated, TokenPage, TokenRead
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.store.models import TokenScope

router = APIRouter(prefix="/tokens", tags=["tokens"], responses=PROBLEM_RESPONSES)


@router.post("", status_code=status.HTTP_201_CREATED)
async def create_token(
    request: Request, data: TokenCreate, auth: AccountAuth, session: SessionDep
) -> TokenCreated:
    """Create a personal access token; the secret is in this response only. Needs a session
    or an `account` token; the `account` scope also needs the current password."""
    if data.scope is TokenScope.ACCOUNT:
        await require_password(auth, data.current_password)
    token, secret = await service.create(
        session,
        auth.user,
        data,
        client_address=client_address(request),
        user_agent=user_agent(request),
    )
    return TokenCreated(**TokenRead.from_model(token).model_dump(), token=secret)


@router.get("")
async def list_tokens(auth: CurrentAuth, session: SessionDep, page: PageDep) -> TokenPage:
    """List my usable tokens, login sessions included (never their secrets), newest first."""
    tokens, total = await service.list_for_user(session, auth.user, page)
    return TokenPage.of(
        (TokenRead.from_model(t, current=auth.token.id) for t in tokens), total, page
    )


@router.delete("/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
async def revoke_token(token_id: uuid.UUID, auth: AccountAuth, session: SessionDep) -> Response:
    """Revoke one of my tokens, a login session or a personal access token (from a session or
    an `account` token; any token signs itself out with `POST /v1/auth/logout`)."""
    await service.revoke(session, auth.user, token_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
