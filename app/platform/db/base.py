"""Declarative base shared by every ORM model.

Id policy: public resources (users, tokens, campaigns, maps, ...) use random UUID4 primary keys
(`UUIDPrimaryKeyMixin`) so ids are unguessable and safe to expose and shard. High-volume rows
that never leave their parent's URL (ledger lines, events) may use `BigInteger` identity keys.
"""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, DateTime, Interval, MetaData, Table, func, literal
from sqlalchemy.orm import DeclarativeBase, Mapped, QueryableAttribute, mapped_column

# Deterministic constraint names so Alembic autogenerate produces stable, droppable names.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Timezone-aware current time; the only clock the app should use."""
    return datetime.now(UTC)


def later(
    at: ColumnElement[datetime] | QueryableAttribute[Any], by: timedelta
) -> ColumnElement[datetime]:
    """`at + by` in SQL, in immutable functions: `timestamptz + interval` is only stable (a
    day's length depends on the time zone), and Citus refuses stable functions on a row's
    columns in `UPDATE … SET` and `ON CONFLICT DO UPDATE SET` (docs/scaling.md). In UTC, where
    every day is 24 hours long, the same instant."""
    return func.timezone("UTC", func.timezone("UTC", at) + literal(by, Interval()))


class Base(DeclarativeBase):
    """Base class of all models; relationships should be declared with `lazy="raise"`."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: DateTime(timezone=True)}


def table_of(model: Any) -> Table:
    """The Core table of a mapped class (its `__table__`, typed)."""
    table: Table = model.__table__
    return table


class UUIDPrimaryKeyMixin:
    """Random UUID4 primary key generated client-side, so it is known before the flush."""

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)


class TimestampMixin:
    """`created_at` / `updated_at`, set in Python so they are loaded without a refresh.

    (An async session cannot lazily refresh expired server defaults; the server defaults only
    cover rows written by raw SQL and migrations.)
    """

    created_at: Mapped[datetime] = mapped_column(default=utcnow, server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        default=utcnow, onupdate=utcnow, server_default=func.now()
    )
