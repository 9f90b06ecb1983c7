"""The account's own security (issue 42): notices of new sessions and tokens and of address
changes, and the links that undo a change of address.

Global tables, a user's across campaigns, like their address: a notice is about no campaign,
so it is not an inbox row (those belong to a campaign) but listed beside them.
"""

import uuid
from datetime import datetime

from sqlalchemy import CHAR, BigInteger, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow


class AccountNotice(Base):
    """Something that happened to the account: a new session, a new token, a change of
    address or its undoing. `id` is random (below 2**53), like the inbox's."""

    __tablename__ = "account_notices"
    __table_args__ = (Index("ix_account_notices_user", "user_id", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    # What it says, kept to be said in the reader's language (`app.platform.i18n.kept`), with the
    # English beside it: `{"text": "...", "text_kept": {...}}`.
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AddressChangeUndo(Base):
    """The link sent to the old confirmed address when the address changes: within its window
    it restores the old address, confirmed, and signs the account out everywhere."""

    __tablename__ = "address_change_undos"
    __table_args__ = (Index("ix_address_change_undos_user", "user_id"),)

    token_hash: Mapped[str] = mapped_column(CHAR(64), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # The address as it was (confirmed), and whether it had unsubscribed, to put both back.
    old_address: Mapped[str] = mapped_column(String(254))
    old_unsubscribed_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
