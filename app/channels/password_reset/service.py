"""Password reset by email (issue 28): a single-use link, valid one hour, sent to a confirmed
address; setting the new password revokes every token of the account, and so its open event
streams (they recheck their token).

The request's answer is the same whether or not the address is known, confirmed or over its
limit (`RESET_PER_ACCOUNT` and `RESET_PER_ADDRESS` an hour): nothing tells a stranger
whether an address has an account. Lock first, then read: the addresses' rows are locked
before the last hour's resets are counted, so two requests at once cannot both pass a limit.
"""

from datetime import timedelta

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.passwords import hash_password
from app.accounts.auth.service import usable_token
from app.accounts.auth.tokens import generate_token, hash_token
from app.channels.notifications import email, speech
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.errors import AppError
from app.platform.i18n import _
from app.store.models import Token, User
from app.store.models.email import PasswordReset, UserEmail

RESET_FOR = timedelta(hours=1)
RESET_WINDOW = timedelta(hours=1)
RESET_PER_ACCOUNT = 3
RESET_PER_ADDRESS = 5
PASSWORD_RESET = "password_reset"  # noqa: S105  (an email kind, not a secret)


class InvalidResetToken(AppError):
    status = 400
    code = "invalid_reset_token"
    title = _("Invalid reset link")


async def _count(session: AsyncSession, *where: ColumnElement[bool]) -> int:
    found = await session.scalar(select(func.count()).select_from(PasswordReset).where(*where))
    return found or 0


async def request_reset(session: AsyncSession, address: str, settings: Settings) -> None:
    """Send a reset link to each account whose confirmed address this is, within limits."""
    if not email.enabled(settings):
        return
    wanted = address.strip().lower()
    now = utcnow()
    rows = list(
        await session.scalars(
            select(UserEmail)
            .where(func.lower(UserEmail.address) == wanted, UserEmail.confirmed_at.is_not(None))
            .order_by(UserEmail.user_id)
            .with_for_update()
        )
    )
    since = now - RESET_WINDOW
    sent_to_address = await _count(
        session, PasswordReset.address == wanted, PasswordReset.created_at > since
    )
    for row in rows:
        if sent_to_address >= RESET_PER_ADDRESS:
            break
        mine = await _count(
            session, PasswordReset.user_id == row.user_id, PasswordReset.created_at > since
        )
        if mine >= RESET_PER_ACCOUNT:
            continue
        token = generate_token()
        session.add(
            PasswordReset(
                token_hash=hash_token(token),
                user_id=row.user_id,
                address=wanted,
                created_at=now,
                expires_at=now + RESET_FOR,
            )
        )
        email.queue_message(
            session,
            row.user_id,
            row.address,
            PASSWORD_RESET,
            _("Reset your Marchlords password"),
            {"reset": token},
            now=now,
            language=(await speech.languages_of(session, [row.user_id]))[row.user_id],
        )
        sent_to_address += 1
    await session.flush()


async def confirm_reset(session: AsyncSession, token: str, new_password: str) -> None:
    """Set the new password with an unused, unexpired link; revoke every token of the
    account and every other reset link of it."""
    now = utcnow()
    reset = await session.scalar(
        select(PasswordReset).where(PasswordReset.token_hash == hash_token(token)).with_for_update()
    )
    if reset is None or reset.used_at is not None or reset.expires_at <= now:
        raise InvalidResetToken(_("This reset link is unknown, used or expired."))
    user = await session.get(User, reset.user_id, with_for_update=True)
    if user is None:
        raise InvalidResetToken(_("This reset link is unknown, used or expired."))
    user.password_hash = await hash_password(new_password)
    await session.execute(
        update(PasswordReset)
        .where(PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        update(Token)
        .where(Token.user_id == user.id, usable_token(now))
        .values(revoked_at=now)
        .execution_options(synchronize_session=False)
    )
    await session.flush()
