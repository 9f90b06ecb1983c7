"""Token buckets held in PostgreSQL, so that every server process shares one limit.

Each bucket is one row `(key, full_at)` kept by GCRA (the generic cell rate algorithm): a rate
of `per_minute` gives one token every `interval` = 60 s / per_minute, and a burst of `burst`
tokens a `window` of burst × interval. Taking a token moves `full_at` to
max(full_at, now) + interval, and is allowed while that stays within now + window. One
`INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING` checks and updates under the row's lock,
so concurrent requests of one key never both get the last token, and requests of different
keys never wait for each other.

A row whose `full_at` has passed is the same as no row: `purge_expired` deletes such rows, so
the table holds only the buckets in use. The callers (app.shell.limits.routes) run these
statements in a short transaction of their own, not in the request's.

The time is the server's clock, passed in as a parameter (`now`), never the database's
`now()`: Citus refuses non-immutable functions in a `RETURNING` clause (docs/scaling.md).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    DateTime,
    Executable,
    Interval,
    Select,
    bindparam,
    delete,
    func,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import Insert, insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import later, table_of
from app.store.models import RateLimit

# Longest key kept (the column's size); longer ones (an odd username) are cut.
MAX_KEY_LENGTH = 160
# How long a purge waits for a bucket's row before it gives way to the take holding it.
PURGE_LOCK_TIMEOUT_MS = 200


@dataclass(frozen=True, slots=True)
class Rate:
    """`burst` tokens at once, refilled at `per_minute` tokens a minute."""

    burst: int
    per_minute: float

    @property
    def interval(self) -> timedelta:
        """Time to earn one token back."""
        return timedelta(seconds=60 / self.per_minute)

    @property
    def window(self) -> timedelta:
        """Time to refill an empty bucket."""
        return self.interval * self.burst


@dataclass(frozen=True, slots=True)
class Limit:
    """One bucket to take from: its key (e.g. `writes:<user id>`) and its rate."""

    key: str
    rate: Rate

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", self.key[:MAX_KEY_LENGTH])


def _interval(value: timedelta) -> ColumnElement[timedelta]:
    return literal(value, Interval())


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a caller stands with one bucket after a take (the `RateLimit-*` headers).

    `limit` is the burst, `remaining` the whole tokens left, `reset` the seconds until the
    bucket is full again (every token back).
    """

    limit: int
    remaining: int
    reset: int


@dataclass(frozen=True, slots=True)
class Taken:
    """The answer of `take`: 0 or the seconds to `wait`, and the tightest bucket's standing."""

    wait: int
    standing: Standing | None


def _standing(rate: Rate, seconds_to_full: float) -> Standing:
    interval = rate.interval.total_seconds()
    left = rate.window.total_seconds() - max(seconds_to_full, 0.0)
    # A hair of slack: a bucket just refilled by the clock is not one token short by rounding.
    remaining = min(rate.burst, max(0, math.floor(left / interval + 1e-6)))
    return Standing(rate.burst, remaining, max(0, math.ceil(seconds_to_full - 1e-6)))


def _now(now: datetime | None = None) -> ColumnElement[datetime]:
    """The time of a statement: `now`, or the parameter `now` of a statement built once."""
    return bindparam("now", now, type_=DateTime(timezone=True))


def _after_take(rate: Rate, now: ColumnElement[datetime]) -> ColumnElement[Any]:
    """When a bucket is full again after one more take (one interval after now or after when
    it was to be full, whichever is later)."""
    return later(func.greatest(RateLimit.full_at, now), rate.interval)


def _taking(first: Insert, rate: Rate, now: ColumnElement[datetime]) -> Executable:
    """`first` (a bucket's row as its first take leaves it) as a take from the bucket: if it
    exists, its `full_at` moves on by one interval when that stays within the window. Returns
    the seconds until the bucket is full again after the take (no row: the bucket is empty)."""
    after_take = _after_take(rate, now)
    return first.on_conflict_do_update(
        index_elements=[RateLimit.key],
        set_={"full_at": after_take},
        where=after_take <= later(now, rate.window),
    ).returning(func.extract("epoch", RateLimit.full_at - now))


async def take(session: AsyncSession, limits: Sequence[Limit], at: datetime) -> Taken:
    """Take a token from every bucket of `limits`; `wait` is 0, or the seconds to wait if any
    bucket is empty; `standing` is that of the first bucket that refused, or else of the one
    with the fewest tokens left.

    On a non-zero wait the caller must roll back: the tokens taken from the other buckets
    are then given back, so a refused request costs nothing.
    """
    now = _now(at)
    wait = 0
    tightest: Standing | None = None
    refusing: Standing | None = None
    # Always in key order: two requests locking the same rows never wait for each other
    # in a cycle.
    for limit in sorted(limits, key=lambda limit: limit.key):
        first = insert(RateLimit).values(key=limit.key, full_at=later(now, limit.rate.interval))
        seconds_to_full = (await session.execute(_taking(first, limit.rate, now))).scalar()
        refused = seconds_to_full is None
        if refused:
            # Empty: the next token is back when after_take fits the window again.
            after_take = _after_take(limit.rate, now)
            row = (
                await session.execute(
                    select(
                        func.extract("epoch", after_take - now) - limit.rate.window.total_seconds(),
                        func.extract("epoch", RateLimit.full_at - now),
                    ).where(RateLimit.key == limit.key)
                )
            ).first()
            seconds, seconds_to_full = row if row is not None else (0, 0)
            wait = max(wait, math.ceil(seconds or 0), 1)
        standing = _standing(limit.rate, float(seconds_to_full or 0))
        # A bucket that refused is the one to report; otherwise the one with the fewest left.
        if refusing is None and (tightest is None or standing.remaining < tightest.remaining):
            tightest = standing
        if refusing is None and refused:
            refusing = tightest = standing
    return Taken(wait, tightest)


def taking_for(key: ColumnElement[str], owner: Select[Any], rate: Rate) -> Executable:
    """The statement that takes a token from the bucket `key` of the one row `owner` selects
    (built once: its parameters are `owner`'s, and `now`)."""
    now = _now()
    first_row = owner.with_only_columns(key, later(now, rate.interval))
    # On the table, not the entity: executed with parameters, an ORM insert is a bulk insert.
    first = insert(table_of(RateLimit)).from_select(["key", "full_at"], first_row)
    return _taking(first, rate, now)


async def take_for(
    session: AsyncSession, taking: Executable, params: dict[str, Any], rate: Rate
) -> Standing | None:
    """Take a token with `taking` (from `taking_for`), in one statement; its standing, or None
    if the bucket is empty or its owner's row is not found (the caller tells which apart with
    `take`, on that rare path only)."""
    seconds_to_full = (await session.execute(taking, params)).scalar()
    return None if seconds_to_full is None else _standing(rate, float(seconds_to_full))


async def give_back(
    session: AsyncSession, limits: Sequence[Limit], at: datetime
) -> Standing | None:
    """Return one token to each bucket of `limits` (an attempt that turned out not to count);
    return the standing of the one with the fewest tokens left afterwards."""
    now = _now(at)
    tightest: Standing | None = None
    for limit in sorted(limits, key=lambda limit: limit.key):
        seconds_to_full = (
            await session.execute(
                update(RateLimit)
                .where(RateLimit.key == limit.key)
                .values(full_at=later(RateLimit.full_at, -limit.rate.interval))
                .returning(func.extract("epoch", RateLimit.full_at - now))
            )
        ).scalar()
        standing = _standing(limit.rate, float(seconds_to_full or 0))
        if tightest is None or standing.remaining < tightest.remaining:
            tightest = standing
    return tightest


async def purge_expired(session: AsyncSession, now: datetime, batch: int = 10_000) -> int:
    """Delete up to `batch` full buckets; gives way (the caller logs it) to a take holding one.

    Two plain statements, the keys read then deleted in key order (the order takes lock them
    in), not `DELETE … WHERE key IN (SELECT … FOR UPDATE SKIP LOCKED)`, which Citus refuses;
    a bucket taken from meanwhile is full no longer and stays. `lock_timeout`: a purge waiting
    for a take's row gives up at once instead of making requests wait behind it.
    """
    expired = list(
        await session.scalars(
            select(RateLimit.key)
            .where(RateLimit.full_at <= _now(now))
            .order_by(RateLimit.key)
            .limit(batch)
        )
    )
    if not expired:
        return 0
    await session.execute(text(f"SET LOCAL lock_timeout = '{PURGE_LOCK_TIMEOUT_MS}ms'"))
    result = await session.execute(
        delete(RateLimit).where(RateLimit.key.in_(expired), RateLimit.full_at <= _now(now))
    )
    return int(getattr(result, "rowcount", 0) or 0)
