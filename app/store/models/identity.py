"""Sign-in with another provider (OpenID Connect, OAuth 2): the identities linked to accounts,
the sign-ins under way, and the one-time tickets they end with (app.accounts.oidc)."""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, TimestampMixin, UUIDPrimaryKeyMixin, utcnow


class UserIdentity(UUIDPrimaryKeyMixin, TimestampMixin, Base):
    """An account at a provider (its issuer and subject) that signs in to a user: one user each,
    linked by that user only (never by a matching email address)."""

    __tablename__ = "user_identities"
    __table_args__ = (UniqueConstraint("issuer", "subject"),)

    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    # The operator's id of the provider (`MARCHLORDS_OIDC_PROVIDERS`), shown; the identity is
    # the issuer and subject, which stay when a provider is renamed.
    provider: Mapped[str] = mapped_column(String(32))
    issuer: Mapped[str] = mapped_column(String(255))
    subject: Mapped[str] = mapped_column(String(255))
    # What the provider called the account (an address or a name), shown to its user only.
    label: Mapped[str | None] = mapped_column(String(254))
    last_used_at: Mapped[datetime | None]


class OidcFlow(Base):
    """A sign-in or link under way, between the redirect to the provider and its return:
    single use, expiring, bound to the browser that started it (a cookie's digest)."""

    __tablename__ = "oidc_flows"
    __table_args__ = (Index("ix_oidc_flows_expires_at", "expires_at"),)

    state_hash: Mapped[str] = mapped_column(CHAR(64), primary_key=True)
    provider: Mapped[str] = mapped_column(String(32))
    browser_hash: Mapped[str] = mapped_column(CHAR(64))
    nonce: Mapped[str] = mapped_column(String(64))
    code_verifier: Mapped[str] = mapped_column(String(128))
    redirect_uri: Mapped[str] = mapped_column(String(512))
    return_to: Mapped[str] = mapped_column(String(512))
    # The user linking an identity; None: a sign-in.
    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]


class OidcTicket(Base):
    """What a completed sign-in hands the web client (in the fragment of its redirect): one
    use, for the session of a known identity's user, or for the account a new one creates."""

    __tablename__ = "oidc_tickets"
    __table_args__ = (Index("ix_oidc_tickets_expires_at", "expires_at"),)

    token_hash: Mapped[str] = mapped_column(CHAR(64), primary_key=True)
    provider: Mapped[str] = mapped_column(String(32))
    issuer: Mapped[str] = mapped_column(String(255))
    subject: Mapped[str] = mapped_column(String(255))
    label: Mapped[str | None] = mapped_column(String(254))
    # The identity's user; None: a new identity, whose account is still to be named.
    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
