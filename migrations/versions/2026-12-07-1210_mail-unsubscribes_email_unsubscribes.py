"""mail: the addresses that unsubscribed from this server, kept across address changes

Issue 42: an unsubscribe outlives `PUT`/`DELETE /users/me/email` and the account that had the
address, until the address's owner confirms it from the mailbox. Existing unsubscribes are
carried over (by address, in lower case).

Revision ID: 4e7b2a9c1d58
Revises: 9e3b7d1a4c26
Create Date: 2026-12-07 12:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4e7b2a9c1d58"
down_revision: str | None = "9e3b7d1a4c26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "email_unsubscribes",
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("unsubscribed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("address", name=op.f("pk_email_unsubscribes")),
    )
    op.execute(
        "INSERT INTO email_unsubscribes (address, unsubscribed_at) "
        "SELECT lower(address), min(unsubscribed_at) FROM user_emails "
        "WHERE unsubscribed_at IS NOT NULL GROUP BY lower(address)"
    )


def downgrade() -> None:
    op.drop_table("email_unsubscribes")
