"""Login, token lookup, sessions and revocation. Services flush, never commit."""

import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Select, and_, bindparam, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.accounts.auth.passwords import verify_password
from app.accounts.auth.tokens import generate_token, hash_token
from app.platform.db.base import utcnow
from app.platform.errors import Forbidden, Unauthorized
from app.platform.i18n import _
from app.store.events.revocations import Revocation, end_streams
from app.store.models import Token, TokenKind, TokenScope, User

ACCOUNT_SUSPENDED = "account_suspended"

# Touch last_used_at at most this often, so authenticated reads do not all become writes.
LAST_USED_RESOLUTION = timedelta(minutes=1)

# Told of every token issued (a sign-in, a personal token), in the issuing transaction: the
# account's notices (app.channels.notifications.account), registered by the app factory so that auth
# depends on none of its listeners.
IssuedListener = Callable[[AsyncSession, User, Token], Awaitable[None]]
_issued_listeners: list[IssuedListener] = []


def on_token_issued(listener: IssuedListener) -> None:
    """Have `listener` hear of every token issued from now on (once, however often added)."""
    if listener not in _issued_listeners:
        _issued_listeners.append(listener)


async def authenticate(session: AsyncSession, username: str, password: str) -> User:
    """Return the user whose credentials these are, or raise the same 401 for any failure."""
    user = await session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    ok = await verify_password(password, user.password_hash if user else None)
    if user is None or not ok:
        raise Unauthorized(_("Incorrect username or password."))
    refuse_suspended(user)
    return user


def refuse_suspended(user: User) -> None:
    """403 `account_suspended` for a user an operator suspended (app.accounts.moderation)."""
    if user.suspended_at is not None:
        raise Forbidden(
            _("This account is suspended by the server's operators."), code=ACCOUNT_SUSPENDED
        )


async def issue_token(
    session: AsyncSession,
    user: User,
    *,
    kind: TokenKind,
    lifetime: timedelta | None,
    scope: TokenScope,
    name: str | None = None,
    client_address: str | None = None,
    user_agent: str | None = None,
) -> tuple[Token, str]:
    """Create a token row and return it with the secret, which is never stored or shown again;
    the account is told of it (`on_token_issued`). None for a suspended user."""
    refuse_suspended(user)
    secret = generate_token()
    token = Token(
        user_id=user.id,
        kind=kind,
        scope=scope,
        name=name,
        token_hash=hash_token(secret),
        expires_at=utcnow() + lifetime if lifetime is not None else None,
        client_address=client_address,
        user_agent=user_agent,
    )
    session.add(token)
    await session.flush()
    for listener in _issued_listeners:
        await listener(session, user, token)
    return token, secret


# The token of a bearer secret and its user: one row, or none for an unknown secret. Built
# once (every request runs it), executed with `bearer_params`.
BEARER: Select[Token, User] = (
    select(Token, User)
    .join(User, User.id == Token.user_id)
    .where(Token.token_hash == bindparam("token_hash"))
)


def bearer_params(secret: str) -> dict[str, str]:
    return {"token_hash": hash_token(secret)}


async def authenticate_token(session: AsyncSession, secret: str) -> tuple[Token, User]:
    """Resolve a bearer secret to its token and user; unknown, expired and revoked all 401."""
    row = (await session.execute(BEARER, bearer_params(secret))).one_or_none()
    if row is None:
        raise Unauthorized(_("Invalid token."))
    token, user = row
    if user.suspended_at is not None:  # its tokens were revoked with it: a race's leftover
        raise Unauthorized(_("Token has been revoked."))
    await accept_token(session, token)
    return token, user


async def accept_token(session: AsyncSession, token: Token) -> None:
    """401 unless the token found for a bearer secret is usable; notes its use."""
    now = utcnow()
    if token.revoked_at is not None:
        raise Unauthorized(_("Token has been revoked."))
    if token.expires_at is not None and token.expires_at <= now:
        raise Unauthorized(_("Token has expired."))
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
        await _touch(session, token, now)


async def _touch(session: AsyncSession, token: Token, now: datetime) -> None:
    # SKIP LOCKED: when another request of this token is already updating the row, its time is
    # as good as ours, and waiting for its transaction would serialise the token's requests.
    locked = (
        select(Token.id)
        .where(Token.id == token.id)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    await session.execute(
        update(Token)
        .where(Token.id == locked)
        .values(last_used_at=now)
        .execution_options(synchronize_session=False)
    )
    set_committed_value(token, "last_used_at", now)


def usable_token(now: datetime | ColumnElement[datetime]) -> ColumnElement[bool]:
    """SQL condition: the token is neither revoked nor expired at `now` (a time or a parameter)."""
    return and_(Token.revoked_at.is_(None), or_(Token.expires_at.is_(None), Token.expires_at > now))


async def is_token_active(session: AsyncSession, token_id: uuid.UUID) -> bool:
    """Whether the token may still be used (not revoked, not expired): one indexed lookup,
    cheap enough for an open event stream to ask every few seconds."""
    found = await session.scalar(
        select(Token.id).where(Token.id == token_id, usable_token(utcnow()))
    )
    return found is not None


async def revoke_token(session: AsyncSession, token: Token) -> None:
    """Revoke `token` (logout); it answers 401 from now on, and its open streams end."""
    token.revoked_at = utcnow()
    await session.flush()
    await end_streams(session, Revocation(token_id=token.id))


async def revoke_other_tokens(session: AsyncSession, user: User, keep: Token) -> None:
    """Revoke every active token of `user` but `keep` (after a password change), and end the
    streams opened with them."""
    now = utcnow()
    await session.execute(
        update(Token)
        .where(Token.user_id == user.id, Token.id != keep.id, usable_token(now))
        .values(revoked_at=now)
        .execution_options(synchronize_session=False)
    )
    await end_streams(session, Revocation(user_id=user.id, keep_token_id=keep.id))
