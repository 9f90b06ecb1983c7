"""Bearer tokens: login sessions and personal access tokens."""

import enum
import uuid
from datetime import datetime

from sqlalchemy import CHAR, Enum, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, UUIDPrimaryKeyMixin
from app.store.models.notification import str_enum


class TokenKind(enum.StrEnum):
    """Where a token came from: the login form or an explicit personal access token."""

    SESSION = "session"
    PERSONAL = "personal"


class TokenScope(enum.StrEnum):
    """What a token may do: play, or also change the account's credentials (issue 42)."""

    # Everything a player does, but never the account's credentials or recovery: its email
    # address, its password, its tokens (`app.accounts.auth.dependencies.AccountAuth`).
    PLAY = "play"
    # Everything: login sessions, and the personal tokens created as such with the password.
    ACCOUNT = "account"


class Token(UUIDPrimaryKeyMixin, TimestampMixin, Base):
    """An opaque bearer token; only the SHA-256 digest of the secret is stored."""

    __tablename__ = "tokens"

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[TokenKind] = mapped_column(
        Enum(TokenKind, name="token_kind", values_callable=lambda e: [m.value for m in e])
    )
    name: Mapped[str | None] = mapped_column(String(64))
    scope: Mapped[TokenScope] = mapped_column(str_enum(TokenScope), default=TokenScope.PLAY)
    token_hash: Mapped[str] = mapped_column(CHAR(64), unique=True)
    expires_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    # Touched at most once a minute (app.accounts.auth.service), so reads do not all become writes.
    last_used_at: Mapped[datetime | None]
    # Where it was issued: the client address (the forwarded one behind a trusted proxy) and
    # the start of the User-Agent header, so a user can recognise their sessions.
    client_address: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(200))
