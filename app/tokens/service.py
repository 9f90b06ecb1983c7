"""Personal access tokens. Services flush, never commit."""

import uuid
from datetime import timedelta

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.service import issue_token
from app.db.base import utcnow
from app.errors import NotFound
from app.models import Token, TokenKind, User
from app.pagination import PageParams, paginate
from app.tokens.schemas import TokenCreate


async def create(session: AsyncSession, user: User, data: TokenCreate) -> tuple[Token, str]:
    """Issue a personal access token for `user`; returns the row and the one-time secret."""
    lifetime = timedelta(days=data.expires_in_days) if data.expires_in_days else None
    return await issue_token(
        session, user, kind=TokenKind.PERSONAL, lifetime=lifetime, name=data.name
    )


def _active_personal_tokens(user: User) -> Select[Token]:
    return select(Token).where(
        Token.user_id == user.id,
        Token.kind == TokenKind.PERSONAL,
        Token.revoked_at.is_(None),
    )


async def list_for_user(
    session: AsyncSession, user: User, page: PageParams
) -> tuple[list[Token], int]:
    """The user's unrevoked personal access tokens, newest first."""
    query = _active_personal_tokens(user).order_by(Token.created_at.desc(), Token.id)
    return await paginate(session, query, page)


async def revoke(session: AsyncSession, user: User, token_id: uuid.UUID) -> None:
    """Revoke one of the user's tokens; someone else's (or an unknown one) is a 404."""
    token = await session.scalar(_active_personal_tokens(user).where(Token.id == token_id))
    if token is None:
        raise NotFound("Token not found.")
    token.revoked_at = utcnow()
    await session.flush()
