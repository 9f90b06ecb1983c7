"""token scopes, account notices and the undo links of address changes (issue 42)

Personal tokens that exist become `play` tokens: a bearer token alone no longer changes the
account's address, password or tokens (create a new one with the `account` scope for that).
Login sessions keep every right (`account`).

Revision ID: 3e7b9c1d5a42
Revises: 4e7b2a9c1d58
Create Date: 2026-12-07 12:00:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3e7b9c1d5a42"
down_revision: str | None = "4e7b2a9c1d58"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "tokens",
        sa.Column(
            "scope",
            sa.Enum("play", "account", name="tokenscope", native_enum=False, length=16),
            nullable=True,
        ),
    )
    op.execute(
        "UPDATE tokens SET scope = CASE WHEN kind = 'session' THEN 'account' ELSE 'play' END"
    )
    op.alter_column("tokens", "scope", nullable=False)
    op.create_table(
        "account_notices",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_account_notices_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_notices")),
    )
    op.create_index(
        "ix_account_notices_user", "account_notices", ["user_id", "created_at"], unique=False
    )
    op.create_table(
        "address_change_undos",
        sa.Column("token_hash", sa.CHAR(length=64), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("old_address", sa.String(length=254), nullable=False),
        sa.Column("old_unsubscribed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_address_change_undos_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_address_change_undos")),
    )
    op.create_index(
        "ix_address_change_undos_user", "address_change_undos", ["user_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_address_change_undos_user", table_name="address_change_undos")
    op.drop_table("address_change_undos")
    op.drop_index("ix_account_notices_user", table_name="account_notices")
    op.drop_table("account_notices")
    op.drop_column("tokens", "scope")
