"""Linked accounts and their one-time codes, and channels bound to campaigns. Services flush,
never commit.

A code is made for a signed-in user by the web client (`POST /v1/users/me/discord/link-code`)
and typed into Discord by that user (`/marchlords link code:…`): the Discord user who sends it
becomes the account's. Nothing but a code links an account (never a name): the code is
`CODE_LENGTH` characters of Crockford's base 32 (50 bits), valid `CODE_FOR`, single use, kept
only as its SHA-256 digest; a new one retires the user's earlier ones, and a user may ask for
`CODES_PER_HOUR` an hour. One Discord user is linked to one account and back: linking again
moves the link.
"""

import math
import secrets
import uuid
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.tokens import hash_token
from app.platform.errors import AppError, NotFound
from app.platform.i18n import _
from app.play.campaigns.access import Membership
from app.store.models import DiscordChannelBinding, DiscordLink, DiscordLinkCode, User

CODE_FOR = timedelta(minutes=10)
CODES_PER_HOUR = 5
CODE_WINDOW = timedelta(hours=1)
CODE_LENGTH = 10
# Crockford's base 32: no I, L, O or U, so that a code read aloud or typed is not misread.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class TooManyCodes(AppError):
    """429 with `Retry-After`: the user asked for too many codes this hour."""

    status = 429
    code = "too_many_requests"
    title = _("Too many requests")


def new_code() -> str:
    """A fresh code as shown: `ABCDE-FGHJK`."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normalize_code(typed: str) -> str | None:
    """The code a user typed, as it was made (case, dashes and spaces aside), or None if it
    cannot be one."""
    raw = typed.upper().replace("-", "").replace(" ", "").translate(_READ_AS)
    if len(raw) != CODE_LENGTH or any(c not in ALPHABET for c in raw):
        return None
    return raw


async def issue_code(session: AsyncSession, user: User, now: datetime) -> tuple[str, datetime]:
    """A new code for `user` and when it expires; their earlier codes stop working."""
    # The user's row first, so that two requests at once count the hour's codes one after
    # the other (FOR NO KEY UPDATE: the foreign keys' checks pass).
    await session.execute(select(User.id).where(User.id == user.id).with_for_update(key_share=True))
    since = now - CODE_WINDOW
    count, oldest = (
        await session.execute(
            select(func.count(), func.min(DiscordLinkCode.created_at)).where(
                DiscordLinkCode.user_id == user.id, DiscordLinkCode.created_at > since
            )
        )
    ).one()
    if count >= CODES_PER_HOUR:
        wait = max(1, math.ceil((oldest + CODE_WINDOW - now).total_seconds()))
        raise TooManyCodes(
            _("Too many Discord link codes this hour: try again later."),
            headers={"Retry-After": str(wait)},
        )
    await session.execute(
        update(DiscordLinkCode)
        .where(DiscordLinkCode.user_id == user.id, DiscordLinkCode.used_at.is_(None))
        .values(used_at=now)
    )
    # Codes older than the hour count for nothing any more: a user keeps at most the hour's.
    await session.execute(
        delete(DiscordLinkCode).where(
            DiscordLinkCode.user_id == user.id, DiscordLinkCode.created_at <= since
        )
    )
    code = new_code()
    expires_at = now + CODE_FOR
    session.add(
        DiscordLinkCode(
            code_hash=hash_token(normalize_code(code) or ""),
            user_id=user.id,
            created_at=now,
            expires_at=expires_at,
        )
    )
    await session.flush()
    return code, expires_at


async def read_link(session: AsyncSession, user: User) -> DiscordLink | None:
    return await session.get(DiscordLink, user.id, populate_existing=True)


async def unlink(session: AsyncSession, user: User) -> None:
    """Untie the user's Discord account (404 if none is tied)."""
    deleted = await session.execute(
        delete(DiscordLink).where(DiscordLink.user_id == user.id).returning(DiscordLink.user_id)
    )
    if deleted.first() is None:
        raise NotFound(_("No Discord account is linked."))


async def redeem(
    session: AsyncSession, typed: str, discord_user_id: str, now: datetime
) -> User | None:
    """The account whose unused, unexpired code this is, now linked to `discord_user_id`; None
    (and nothing changed) for any other code."""
    code = normalize_code(typed)
    if code is None:
        return None
    used = await session.execute(
        update(DiscordLinkCode)
        .where(
            DiscordLinkCode.code_hash == hash_token(code),
            DiscordLinkCode.used_at.is_(None),
            DiscordLinkCode.expires_at > now,
        )
        .values(used_at=now)
        .returning(DiscordLinkCode.user_id)
    )
    user_id = used.scalar_one_or_none()
    if user_id is None:
        return None
    # One Discord user at a time: two links of the same Discord user at once would otherwise
    # both pass the unique key's check and one of them fail on it.
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
        {"key": f"discord-user:{discord_user_id}"},
    )
    await session.execute(
        delete(DiscordLink).where(
            DiscordLink.discord_user_id == discord_user_id, DiscordLink.user_id != user_id
        )
    )
    await session.execute(
        insert(DiscordLink)
        .values(user_id=user_id, discord_user_id=discord_user_id, linked_at=now)
        .on_conflict_do_update(
            index_elements=[DiscordLink.user_id],
            set_={"discord_user_id": discord_user_id, "linked_at": now},
        )
    )
    return await session.get(User, user_id)


async def linked_user(session: AsyncSession, discord_user_id: str) -> User | None:
    """The account linked to this Discord user, if any (a suspended one: none)."""
    user = await session.scalar(
        select(User)
        .join(DiscordLink, DiscordLink.user_id == User.id)
        .where(DiscordLink.discord_user_id == discord_user_id)
    )
    if user is None or user.suspended_at is not None:
        return None
    return user


async def bound_campaign(session: AsyncSession, channel_id: str) -> uuid.UUID | None:
    return await session.scalar(
        select(DiscordChannelBinding.campaign_id)
        .where(DiscordChannelBinding.channel_id == channel_id)
        .order_by(DiscordChannelBinding.bound_at.desc())
        .limit(1)
    )


async def lock_channel(session: AsyncSession, channel_id: str) -> None:
    """Bindings of one channel one after the other: a channel follows one campaign."""
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
        {"key": f"discord-channel:{channel_id}"},
    )


async def bind(
    session: AsyncSession, m: Membership, channel_id: str, guild_id: str | None, now: datetime
) -> None:
    """Bind the channel to the member's campaign (its owner only), instead of any other
    (the caller holds `lock_channel`)."""
    m.require_owner()
    await unbind(session, channel_id)
    session.add(
        DiscordChannelBinding(
            campaign_id=m.campaign.id, channel_id=channel_id, guild_id=guild_id, bound_at=now
        )
    )
    await session.flush()


async def unbind(session: AsyncSession, channel_id: str) -> None:
    await session.execute(
        delete(DiscordChannelBinding).where(DiscordChannelBinding.channel_id == channel_id)
    )
