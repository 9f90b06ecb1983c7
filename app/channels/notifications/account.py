"""The account is told of what could take it over (issue 42): every new session and token, as
an account notice and an email, and a change of address, by an email to the old confirmed
address with a link that undoes it within `UNDO_FOR`.

Undoing puts the old address back, confirmed, forgets the new one (its pending confirmation
with it) and every password-reset link, revokes every token of the account and retires its
password, so whoever changed it is out even if they had set the password (by a reset sent to
their address): the owner sets a new one from the reset link sent to the restored address.
Notices are global (no campaign): listed by `list_notices`, beside the inbox.
"""

import json
import uuid
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.passwords import hash_password
from app.accounts.auth.service import usable_token
from app.accounts.auth.tokens import generate_token, hash_token
from app.channels.notifications.email import ADDRESS_CHANGED, queue_message
from app.channels.notifications.speech import languages_of
from app.platform.db.base import utcnow
from app.platform.db.ids import random_public_id
from app.platform.errors import NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, Text, _, say
from app.platform.i18n.kept import keep, revive
from app.platform.pagination import PageParams
from app.store.events.revocations import Revocation, end_streams
from app.store.models import Token, TokenKind, User
from app.store.models.account import AccountNotice, AddressChangeUndo
from app.store.models.email import PasswordReset, UserEmail

UNDO_FOR = timedelta(days=7)
# The reset link an undo sends: app.channels.password_reset's kind and lifetime (which builds on
# this package, so it is not imported).
PASSWORD_RESET = "password_reset"  # noqa: S105  (an email kind, not a secret)
RESET_FOR = timedelta(hours=1)
NEW_SESSION = "new_session"
NEW_TOKEN = "new_token"  # noqa: S105  (a notice kind, not a secret)
ADDRESS_RESTORED = "address_restored"
# Where a notice's email points: the web client's home, which lists the sessions and tokens.
TOKENS_LINK = "/"


def _said_body(text: Text) -> str:
    return json.dumps({"text": str(text), "text_kept": keep(text)}, ensure_ascii=False)


def notice_text(body: str, language: Language) -> str:
    """A stored notice's text in `language` (its English if the kept form cannot be read)."""
    stored = json.loads(body)
    try:
        return say(revive(stored["text_kept"]), language)
    except (KeyError, IndexError, ValueError, TypeError):
        return str(stored.get("text", ""))


async def _confirmed(session: AsyncSession, user_id: uuid.UUID) -> UserEmail | None:
    row = await session.get(UserEmail, user_id)
    return row if row is not None and row.confirmed_at is not None else None


async def _language(session: AsyncSession, user_id: uuid.UUID) -> Language:
    return (await languages_of(session, [user_id])).get(user_id, DEFAULT_LANGUAGE)


def _email(
    session: AsyncSession,
    user_id: uuid.UUID,
    address: str,
    kind: str,
    subject: Text,
    text: Text,
    link: str,
    now: datetime,
    language: Language,
) -> None:
    # Said now, in the user's language, as the lead of a plain message (email.render: "lead").
    # personal=False: quiet hours and vacation do not hold back what may stop a takeover.
    queue_message(
        session,
        user_id,
        address,
        kind,
        subject,
        {"lead": say(text, language), "link": link},
        now=now,
        language=language,
    )


async def tell(
    session: AsyncSession,
    user_id: uuid.UUID,
    kind: str,
    text: Text,
    *,
    subject: Text,
    link: str = TOKENS_LINK,
    email: bool = True,
) -> AccountNotice:
    """An account notice, and the same by email to the account's confirmed, subscribed
    address (if any)."""
    now = utcnow()
    notice = AccountNotice(
        id=random_public_id(), user_id=user_id, kind=kind, body=_said_body(text), created_at=now
    )
    session.add(notice)
    row = await _confirmed(session, user_id)
    if email and row is not None and row.unsubscribed_at is None:
        language = await _language(session, user_id)
        _email(session, user_id, row.address, kind, subject, text, link, now, language)
    await session.flush()
    return notice


def _where(token: Token) -> Text:
    return _(
        "from {address} ({agent})",
        address=token.client_address or "?",
        agent=token.user_agent or "?",
    )


async def on_token_issued(session: AsyncSession, user: User, token: Token) -> None:
    """Registered with `app.accounts.auth.service.on_token_issued`: tell the account of it."""
    if token.kind is TokenKind.SESSION:
        text = _(
            "New sign-in to your account {where}. If it was not you, change your password "
            "and revoke that session.",
            where=_where(token),
        )
        await tell(session, user.id, NEW_SESSION, text, subject=_("New sign-in to Marchlords"))
        return
    text = _(
        "New personal access token “{name}” ({scope} scope) created {where}. If it was not "
        "you, revoke it and change your password.",
        name=token.name or "",
        scope=token.scope.value,
        where=_where(token),
    )
    await tell(session, user.id, NEW_TOKEN, text, subject=_("New Marchlords personal access token"))


async def address_changing(session: AsyncSession, user: User, new_address: str) -> None:
    """Before the address changes to `new_address`: the old one, if confirmed and another,
    gets a link that undoes the change within `UNDO_FOR`; the account gets a notice."""
    row = await _confirmed(session, user.id)
    if row is None or row.address.lower() == new_address.lower():
        return
    now = utcnow()
    secret = generate_token()
    session.add(
        AddressChangeUndo(
            token_hash=hash_token(secret),
            user_id=user.id,
            old_address=row.address,
            old_unsubscribed_at=row.unsubscribed_at,
            created_at=now,
            expires_at=now + UNDO_FOR,
        )
    )
    text = _(
        "The email address of your Marchlords account {username} was changed from this "
        "address to {address}. If it was not you, open the link below within {days} days: "
        "it puts this address back and signs everyone out of the account.",
        username=user.username,
        address=new_address,
        days=UNDO_FOR.days,
    )
    language = await _language(session, user.id)
    # To the old address whatever its subscription: this is not a notification.
    _email(
        session,
        user.id,
        row.address,
        ADDRESS_CHANGED,
        _("Your Marchlords email address was changed"),
        text,
        f"/v1/email/undo/{secret}",
        now,
        language,
    )
    await tell(
        session,
        user.id,
        ADDRESS_CHANGED,
        _(
            "Your email address was changed to {address}; the old one was sent a link that "
            "undoes it.",
            address=new_address,
        ),
        subject=_("Your Marchlords email address was changed"),
        email=False,
    )


async def undo_address_change(session: AsyncSession, secret: str) -> UserEmail:
    """Undo a change of address with its link: once, within `UNDO_FOR`. The old address comes
    back confirmed; every token, open stream and reset link of the account is revoked, and
    the password is retired (a new reset link goes to the old address)."""
    now = utcnow()
    undo = await session.scalar(
        select(AddressChangeUndo)
        .where(AddressChangeUndo.token_hash == hash_token(secret))
        .with_for_update()
    )
    if undo is None or undo.used_at is not None or undo.expires_at <= now:
        raise NotFound(_("This link is unknown, used or expired."))
    user_id = undo.user_id
    # Every undo link of the account is spent: the first one used decides.
    await session.execute(
        update(AddressChangeUndo)
        .where(AddressChangeUndo.user_id == user_id, AddressChangeUndo.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    )
    row = await session.get(UserEmail, user_id, with_for_update=True)
    if row is None:
        row = UserEmail(user_id=user_id, address=undo.old_address, created_at=now)
        session.add(row)
    row.address = undo.old_address
    row.confirmed_at = now
    row.unsubscribed_at = undo.old_unsubscribed_at
    row.confirm_token_hash = None  # the new address's pending confirmation dies
    row.confirm_expires_at = None
    await session.execute(
        update(PasswordReset)
        .where(PasswordReset.user_id == user_id, PasswordReset.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        update(Token)
        .where(Token.user_id == user_id, usable_token(now))
        .values(revoked_at=now)
        .execution_options(synchronize_session=False)
    )
    await end_streams(session, Revocation(user_id=user_id))
    await _retire_password(session, user_id, undo.old_address, now)
    await tell(
        session,
        user_id,
        ADDRESS_RESTORED,
        _(
            "The change of your email address was undone: {address} is back, every session "
            "and token of the account was revoked, and a link to choose a new password was "
            "sent to it.",
            address=undo.old_address,
        ),
        subject=_("Your Marchlords email address was restored"),
        email=False,
    )
    return row


async def _retire_password(
    session: AsyncSession, user_id: uuid.UUID, address: str, now: datetime
) -> None:
    """Nobody knows the account's password any more (an attacker may have set it): a random
    one replaces it, and a reset link goes to the restored address."""
    user = await session.get(User, user_id, with_for_update=True)
    if user is None:
        return
    user.password_hash = await hash_password(generate_token())
    secret = generate_token()
    session.add(
        PasswordReset(
            token_hash=hash_token(secret),
            user_id=user_id,
            address=address.lower(),
            created_at=now,
            expires_at=now + RESET_FOR,
        )
    )
    queue_message(
        session,
        user_id,
        address,
        PASSWORD_RESET,
        _("Reset your Marchlords password"),
        {"reset": secret},
        now=now,
        language=await _language(session, user_id),
    )


async def list_notices(
    session: AsyncSession, user: User, page: PageParams
) -> tuple[list[AccountNotice], int]:
    """The account's notices, newest first."""
    total = await session.scalar(
        select(func.count()).select_from(AccountNotice).where(AccountNotice.user_id == user.id)
    )
    rows = await session.scalars(
        select(AccountNotice)
        .where(AccountNotice.user_id == user.id)
        .order_by(AccountNotice.created_at.desc(), AccountNotice.id)
        .limit(page.limit)
        .offset(page.offset)
    )
    return list(rows), total or 0
