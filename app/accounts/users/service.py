"""User registration and password change. Services flush, never commit."""

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.dependencies import (
    WRONG_PASSWORD as WRONG_PASSWORD,  # app.shell.limits reads it here
)
from app.accounts.auth.dependencies import Authenticated, require_password
from app.accounts.auth.passwords import hash_password, verify_password
from app.accounts.auth.service import revoke_other_tokens
from app.accounts.users.schemas import PasswordChange, UserCreate, UserUpdate
from app.platform.errors import Conflict, Forbidden
from app.platform.i18n import _
from app.store.models import User


async def register(session: AsyncSession, data: UserCreate) -> User:
    """Create a user; 409 if the username is taken (case-insensitively)."""
    return await _create(
        session, data.username, data.display_name, await hash_password(data.password)
    )


async def register_without_password(
    session: AsyncSession, username: str, display_name: str
) -> User:
    """Create a user who signs in with a provider only (app.accounts.oidc); 409 if the
    username is taken."""
    return await _create(session, username, display_name, None)


async def _create(
    session: AsyncSession, username: str, display_name: str, password_hash: str | None
) -> User:
    taken = await session.scalar(
        select(User.id).where(func.lower(User.username) == username.lower())
    )
    if taken is not None:
        raise Conflict(_("Username is already taken."), code="username_taken")
    user = User(username=username, display_name=display_name, password_hash=password_hash)
    session.add(user)
    try:
        await session.flush()
    except IntegrityError as exc:
        # Lost a race with a concurrent registration of the same name.
        raise Conflict(_("Username is already taken."), code="username_taken") from exc
    return user


async def change_password(session: AsyncSession, auth: Authenticated, data: PasswordChange) -> None:
    """Set a new password if the current one is right (else 403 `wrong_password`), and revoke
    every other token of the user: whoever knew the old password is logged out everywhere but
    in the session that changed it.

    An account with no password yet (made by signing in with a provider, app.accounts.oidc)
    sets its first one without `current_password`, within minutes of a sign-in (else 403
    `password_required`): the identity it just signed in with is the proof, as for linking
    one. A stolen older token sets nothing."""
    user = auth.user
    if user.password_hash is None and data.current_password is None:
        await require_password(auth, None)
    elif data.current_password is None or not await verify_password(
        data.current_password, user.password_hash
    ):
        raise Forbidden(_("The current password is incorrect."), code=WRONG_PASSWORD)
    user.password_hash = await hash_password(data.new_password)
    await session.flush()
    await revoke_other_tokens(session, user, keep=auth.token)


async def update_profile(session: AsyncSession, user: User, data: UserUpdate) -> User:
    """Save my language (null: let each request's `Accept-Language` decide)."""
    user.language = data.language
    await session.flush()
    return user
