"""Login and token lookup. Services flush, never commit."""

from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.passwords import verify_password
from app.auth.tokens import generate_token, hash_token
from app.db.base import utcnow
from app.errors import Unauthorized
from app.models import Token, TokenKind, User

# Touch last_used_at at most this often, so authenticated reads do not all become writes.
LAST_USED_RESOLUTION = timedelta(minutes=5)


async def authenticate(session: AsyncSession, username: str, password: str) -> User:
    """Return the user whose credentials these are, or raise the same 401 for any failure."""
    user = await session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    ok = await verify_password(password, user.password_hash if user else None)
    if user is None or not ok:
        raise Unauthorized("Incorrect username or password.")
    return user


async def issue_token(
    session: AsyncSession,
    user: User,
    *,
    kind: TokenKind,
    lifetime: timedelta | None,
    name: str | None = None,
) -> tuple[Token, str]:
    """Create a token row and return it with the secret, which is never stored or shown again."""
    secret = generate_token()
    token = Token(
        user_id=user.id,
        kind=kind,
        name=name,
        token_hash=hash_token(secret),
        expires_at=utcnow() + lifetime if lifetime is not None else None,
    )
    session.add(token)
    await session.flush()
    return token, secret


async def user_for_token(session: AsyncSession, secret: str) -> User:
    """Resolve a bearer secret to its user; unknown, expired and revoked all raise 401."""
    row = (
        await session.execute(
            select(Token, User)
            .join(User, User.id == Token.user_id)
            .where(Token.token_hash == hash_token(secret))
        )
    ).one_or_none()
    now = utcnow()
    if row is None:
        raise Unauthorized("Invalid token.")
    token, user = row
    if token.revoked_at is not None:
        raise Unauthorized("Token has been revoked.")
    if token.expires_at is not None and token.expires_at <= now:
        raise Unauthorized("Token has expired.")
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
        token.last_used_at = now
        await session.flush()
    return user
