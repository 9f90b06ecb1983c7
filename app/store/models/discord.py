"""Discord interactions: who a Discord user is here, the codes that link them, bound channels."""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow

# A Discord snowflake: a 64-bit unsigned integer, sent as a decimal string (≤ 20 digits).
SNOWFLAKE_LENGTH = 20


class DiscordLink(Base):
    """A Marchlords account tied to one Discord user (one each way), by a one-time code."""

    __tablename__ = "discord_links"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    discord_user_id: Mapped[str] = mapped_column(String(SNOWFLAKE_LENGTH), unique=True)
    linked_at: Mapped[datetime] = mapped_column(default=utcnow)


class DiscordLinkCode(Base):
    """A code the web client showed its user: single use, short-lived, kept as a SHA-256 digest.
    The rows of the last hour are also what limits how many a user asks for."""

    __tablename__ = "discord_link_codes"
    __table_args__ = (Index("ix_discord_link_codes_user", "user_id", "created_at"),)

    code_hash: Mapped[str] = mapped_column(CHAR(64), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    # Set when the code linked an account, or when a newer code replaced it.
    used_at: Mapped[datetime | None]


class DiscordChannelBinding(Base):
    """A Discord channel's campaign, bound by its owner: server-local, never exported.

    A channel follows one campaign: binding it again replaces the row (app/channels/discord,
    under a lock on the channel); the key leads with the campaign, as every campaign's row's
    does (docs/scaling.md), and the channel's index finds it from Discord's side."""

    __tablename__ = "discord_channel_bindings"
    __table_args__ = (Index("ix_discord_channel_bindings_channel", "channel_id"),)

    campaign_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    channel_id: Mapped[str] = mapped_column(String(SNOWFLAKE_LENGTH), primary_key=True)
    guild_id: Mapped[str | None] = mapped_column(String(SNOWFLAKE_LENGTH))
    bound_at: Mapped[datetime] = mapped_column(default=utcnow)
