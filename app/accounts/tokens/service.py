"""Tokens of a user: personal access tokens, and every token listed and revoked.

Services flush, never commit.
"""

import uuid
from datetime import timedelta

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.service import issue_token, revoke_token, usable_token
from app.accounts.tokens.schemas import TokenCreate
from app.platform.db.base import utcnow
from app.platform.errors import NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate
from app.store.models import Token, TokenKind, User


async def create(
    session: AsyncSession,
    user: User,
    data: TokenCreate,
    *,
    client_address: str | None = None,
    user_agent: str | None = None,
) -> tuple[Token, str]:
    """Issue a personal access token for `user`; returns the row and the one-time secret."""
    lifetime = timedelta(days=data.expires_in_days) if data.expires_in_days else None
    return await issue_token(
        session,
        user,
        kind=TokenKind.PERSONAL,
        lifetime=lifetime,
        scope=data.scope,
        name=data.name,
        client_address=client_address,
        user_agent=user_agent,
    )


def _active_tokens(user: User) -> Select[Token]:
    return select(Token).where(Token.user_id == user.id, usable_token(utcnow()))


async def list_for_user(
    session: AsyncSession, user: User, page: PageParams
) -> tuple[list[Token], int]:
    """The user's usable tokens (sessions and personal ones), newest first."""
    query = _active_tokens(user).order_by(Token.created_at.desc(), Token.id)
    return await paginate(session, query, page)


async def revoke(session: AsyncSession, user: User, token_id: uuid.UUID) -> None:
    """Revoke one of the user's usable tokens; someone else's, an unknown, a revoked or an
    expired one is the same 404."""
    token = await session.scalar(_active_tokens(user).where(Token.id == token_id))
    if token is None:
        raise NotFound(_("Token not found."))
    await revoke_token(session, token)
