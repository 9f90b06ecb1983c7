"""User accounts."""

from datetime import datetime

from sqlalchemy import Index, String, false, func
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, UUIDPrimaryKeyMixin


class User(UUIDPrimaryKeyMixin, TimestampMixin, Base):
    """A person who can log in, own campaigns and play in them."""

    __tablename__ = "users"

    username: Mapped[str] = mapped_column(String(32))
    display_name: Mapped[str] = mapped_column(String(64))
    # None: no password, the account signs in with its linked identities only (app.accounts.oidc).
    password_hash: Mapped[str | None] = mapped_column(String(255))
    # "en" or "fr" (app.platform.i18n.LANGUAGES); None: each request's `Accept-Language` decides.
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    # Moderation: an operator is made by the command line only (`scripts/operator`), never
    # through the API; a suspended user cannot sign in and their tokens were revoked.
    is_operator: Mapped[bool] = mapped_column(default=False, server_default=false())
    suspended_at: Mapped[datetime | None] = mapped_column(default=None)


# Usernames keep the casing typed at registration but are unique case-insensitively,
# so "Alice" and "alice" cannot impersonate each other.
Index("uq_users_username_lower", func.lower(User.username), unique=True)
