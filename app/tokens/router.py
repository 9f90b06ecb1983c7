"""Personal access tokens of the authenticated user."""

import uuid

from fastapi import APIRouter, Response, status

from app.auth.dependencies import CurrentUser
from app.db.session import SessionDep
from app.dependencies import PageDep
from app.errors import PROBLEM_RESPONSES
from app.tokens import service
from app.tokens.schemas import TokenCreate, TokenCreated, TokenPage, TokenRead

router = APIRouter(prefix="/tokens", tags=["tokens"], responses=PROBLEM_RESPONSES)


@router.post("", status_code=status.HTTP_201_CREATED)
async def create_token(data: TokenCreate, user: CurrentUser, session: SessionDep) -> TokenCreated:
    """Create a personal access token; the secret is in this response only."""
    token, secret = await service.create(session, user, data)
    return TokenCreated(**TokenRead.from_model(token).model_dump(), token=secret)


@router.get("")
async def list_tokens(user: CurrentUser, session: SessionDep, page: PageDep) -> TokenPage:
    """List my active personal access tokens (never their secrets)."""
    tokens, total = await service.list_for_user(session, user, page)
    return TokenPage(
        items=[TokenRead.from_model(t) for t in tokens],
        total=total,
        limit=page.limit,
        offset=page.offset,
    )


@router.delete("/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
async def revoke_token(token_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> Response:
    """Revoke one of my personal access tokens."""
    await service.revoke(session, user, token_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
