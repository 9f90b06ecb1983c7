"""Sign-ins and links under way, their tickets, and the identities of accounts. Services
flush, never commit."""

import hmac
import uuid
from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.tokens import generate_token, hash_token
from app.accounts.oidc.client import Claimed
from app.accounts.users.service import register_without_password
from app.platform.db.base import utcnow
from app.platform.errors import AppError, Conflict, NotFound
from app.platform.i18n import _
from app.store.models import OidcFlow, OidcTicket, User, UserIdentity

# From the redirect to the provider to its return: time to sign in there, not to linger.
FLOW_LIFETIME = timedelta(minutes=10)
# A ticket of a known identity is exchanged at once by the page it lands on; a new one's waits
# for its user to choose a username.
SIGN_IN_TICKET_LIFETIME = timedelta(minutes=2)
SIGN_UP_TICKET_LIFETIME = timedelta(minutes=15)

IDENTITY_TAKEN = "identity_taken"


class InvalidState(AppError):
    status = 400
    code = "oidc_state"
    title = _("Unknown sign-in")


class InvalidTicket(AppError):
    status = 400
    code = "invalid_oidc_ticket"
    title = _("Invalid sign-in ticket")


async def purge_expired(session: AsyncSession) -> None:
    """Forget the flows and tickets past their time (each start does it: they stay few)."""
    now = utcnow()
    await session.execute(delete(OidcFlow).where(OidcFlow.expires_at < now))
    await session.execute(delete(OidcTicket).where(OidcTicket.expires_at < now))


async def start_flow(
    session: AsyncSession,
    provider: str,
    *,
    browser: str,
    redirect_uri: str,
    return_to: str,
    user_id: uuid.UUID | None,
) -> tuple[str, str, str]:
    """Record a flow and return its state, nonce and PKCE verifier (the secrets the
    authorization URL carries or commits to; only the state's digest is the row's key)."""
    await purge_expired(session)
    state, nonce, verifier = generate_token(), generate_token(), generate_token()
    now = utcnow()
    session.add(
        OidcFlow(
            state_hash=hash_token(state),
            provider=provider,
            browser_hash=hash_token(browser),
            nonce=nonce,
            code_verifier=verifier,
            redirect_uri=redirect_uri,
            return_to=return_to,
            user_id=user_id,
            created_at=now,
            expires_at=now + FLOW_LIFETIME,
        )
    )
    await session.flush()
    return state, nonce, verifier


async def take_flow(
    session: AsyncSession, provider: str, state: str, browser: str | None
) -> OidcFlow:
    """The flow of `state`, deleted (one use, whatever follows), if it is this provider's, in
    time, and started by this browser (its cookie); else 400 `oidc_state`."""
    flow: OidcFlow | None = await session.scalar(
        delete(OidcFlow).where(OidcFlow.state_hash == hash_token(state)).returning(OidcFlow)
    )
    if (
        flow is None
        or flow.provider != provider
        or flow.expires_at <= utcnow()
        or browser is None
        or not hmac.compare_digest(flow.browser_hash, hash_token(browser))
    ):
        raise InvalidState(
            _(
                "This sign-in is unknown, used, expired or was started in another browser: "
                "start again."
            )
        )
    return flow


async def finish_sign_in(
    session: AsyncSession, provider: str, claimed: Claimed
) -> tuple[str, bool]:
    """A ticket for who signed in, and whether its identity is new (an account to name)."""
    identity = await session.scalar(
        select(UserIdentity).where(
            UserIdentity.issuer == claimed.issuer, UserIdentity.subject == claimed.subject
        )
    )
    now = utcnow()
    if identity is not None:
        identity.last_used_at = now
        if claimed.label:
            identity.label = claimed.label
    secret = generate_token()
    session.add(
        OidcTicket(
            token_hash=hash_token(secret),
            provider=provider,
            issuer=claimed.issuer,
            subject=claimed.subject,
            label=claimed.label,
            user_id=identity.user_id if identity is not None else None,
            created_at=now,
            expires_at=now
            + (SIGN_IN_TICKET_LIFETIME if identity is not None else SIGN_UP_TICKET_LIFETIME),
        )
    )
    await session.flush()
    return secret, identity is None


async def link_identity(
    session: AsyncSession, user_id: uuid.UUID, provider: str, claimed: Claimed
) -> UserIdentity:
    """Link who signed in to `user_id` (already theirs: nothing changes); 409
    `identity_taken` if it signs in to another account."""
    identity = await session.scalar(
        select(UserIdentity)
        .where(UserIdentity.issuer == claimed.issuer, UserIdentity.subject == claimed.subject)
        .with_for_update()
    )
    if identity is not None:
        if identity.user_id != user_id:
            raise _taken()
        return identity
    identity = UserIdentity(
        user_id=user_id,
        provider=provider,
        issuer=claimed.issuer,
        subject=claimed.subject,
        label=claimed.label,
    )
    session.add(identity)
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:  # linked elsewhere at the same moment
        raise _taken() from exc
    return identity


def _taken() -> Conflict:
    return Conflict(
        _("This identity already signs in to another account: unlink it there first."),
        code=IDENTITY_TAKEN,
    )


async def _ticket(session: AsyncSession, secret: str) -> OidcTicket:
    ticket = await session.scalar(
        select(OidcTicket)
        .where(OidcTicket.token_hash == hash_token(secret), OidcTicket.expires_at > utcnow())
        .with_for_update()
    )
    if ticket is None:
        raise InvalidTicket(_("This sign-in ticket is unknown, used or expired: sign in again."))
    return ticket


async def redeem_ticket(session: AsyncSession, secret: str) -> User:
    """The user a sign-in ticket is for (the ticket is used up); 409
    `oidc_signup_required` for a new identity's (kept for `complete_sign_up`)."""
    ticket = await _ticket(session, secret)
    if ticket.user_id is None:
        raise Conflict(
            _("This identity has no account yet: choose a username to create one."),
            code="oidc_signup_required",
        )
    user = await session.get(User, ticket.user_id)
    await session.delete(ticket)
    await session.flush()
    if user is None:  # pragma: no cover  (the ticket would have gone with the user)
        raise InvalidTicket(_("This sign-in ticket is unknown, used or expired: sign in again."))
    return user


async def complete_sign_up(
    session: AsyncSession, secret: str, username: str, display_name: str | None
) -> User:
    """Create the account of a new identity's ticket, named `username` (409 `username_taken`
    keeps the ticket for another try), with that identity as its only way in."""
    ticket = await _ticket(session, secret)
    if ticket.user_id is not None:
        raise Conflict(
            _("This identity already has an account: sign in with it."), code=IDENTITY_TAKEN
        )
    user = await register_without_password(session, username, display_name or username)
    await link_identity(
        session,
        user.id,
        ticket.provider,
        Claimed(issuer=ticket.issuer, subject=ticket.subject, label=ticket.label),
    )
    await session.delete(ticket)
    await session.flush()
    return user


async def list_identities(session: AsyncSession, user: User) -> list[UserIdentity]:
    """The user's identities, oldest first."""
    rows = await session.scalars(
        select(UserIdentity)
        .where(UserIdentity.user_id == user.id)
        .order_by(UserIdentity.created_at, UserIdentity.id)
    )
    return list(rows)


async def unlink_identity(session: AsyncSession, user: User, identity_id: uuid.UUID) -> None:
    """Unlink one of the user's identities (404 for anyone else's, as for none); 409
    `last_sign_in` if it is the account's only way in (no password, no other identity)."""
    # The user's row first: two unlinks at once each see the other identity otherwise.
    await session.execute(select(User.id).where(User.id == user.id).with_for_update())
    identity = await session.scalar(
        select(UserIdentity).where(UserIdentity.id == identity_id, UserIdentity.user_id == user.id)
    )
    if identity is None:
        raise NotFound(_("No such identity."))
    count = await session.scalar(
        select(func.count()).select_from(UserIdentity).where(UserIdentity.user_id == user.id)
    )
    password = await session.scalar(select(User.password_hash).where(User.id == user.id))
    if password is None and (count or 0) <= 1:
        raise Conflict(
            _(
                "This is the only way into your account: set a password or link another "
                "identity before unlinking it."
            ),
            code="last_sign_in",
        )
    await session.delete(identity)
    await session.flush()
