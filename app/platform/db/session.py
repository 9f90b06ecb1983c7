"""Engine and per-request session: one request = one transaction."""

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

import orjson
from fastapi import Depends, Request
from sqlalchemy import event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.util import await_
from starlette.datastructures import State

from app.platform.database_urls import engine_arguments
from app.platform.db.outage import translate_connect_errors


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """Async engine that pings a pooled connection before handing it out (`ping_on_checkout`),
    so connections dropped by the server are replaced silently.

    `url` may carry the libpq parameters hosted databases put in their URLs (`sslmode`, …):
    they are handed to asyncpg with their libpq meaning (app.platform.database_urls); a
    `connect_timeout` in the URL wins over a `timeout` in `connect_args`.

    A connection that cannot be opened fails as a SQLAlchemy `OperationalError` whatever the
    cause (app.platform.db.outage), so an outage is always recognised as one (503, not 500).
    """
    engine_url, url_connect_args = engine_arguments(url)
    connect_args = {**kwargs.pop("connect_args", {}), **url_connect_args}
    engine = create_async_engine(
        engine_url,
        connect_args=connect_args,
        json_serializer=json_text,
        json_deserializer=orjson.loads,
        **kwargs,
    )
    translate_connect_errors(engine)
    ping_on_checkout(engine)
    return engine


def ping_on_checkout(engine: AsyncEngine) -> None:
    """`pool_pre_ping` in one round trip: a connection from the pool answers `SELECT 1` before
    it is handed out, and the pool replaces one that does not (PoolEvents.checkout: a
    `DisconnectionError` makes it drop the connection and check out another).

    SQLAlchemy's own ping for asyncpg wraps its query in a transaction (for PgBouncer in
    transaction mode, where an unnamed prepared statement may not outlive it): BEGIN, `;`,
    ROLLBACK, three round trips at every checkout, once or twice in every request. asyncpg's
    `execute` without arguments sends the simple query protocol, one message and no prepared
    statement, which PgBouncer runs in a transaction of its own. (Not the empty query `;`,
    whose answer has no command tag, which asyncpg's `execute` fails on.)"""
    pool = engine.sync_engine.pool

    @event.listens_for(pool, "checkin")
    def _note_checkin(dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info[_USED] = True

    @event.listens_for(pool, "checkout")
    def _ping(dbapi_connection: Any, record: ConnectionPoolEntry, proxy: Any) -> None:
        if not record.info.get(_USED):
            return  # opened for this checkout
        driver = dbapi_connection.driver_connection
        try:
            if driver.is_closed():
                raise ConnectionError("closed while in the pool")
            await_(driver.execute(_PING))
        except Exception as error:
            raise DisconnectionError(f"a pooled connection is lost: {error!r}") from error


_PING = "SELECT 1"
_USED = "marchlords_used"  # in a pool entry's `info`: its connection was checked in once


def json_text(value: Any) -> str:
    """JSON for JSON and JSONB columns, by orjson: a turn change writes every player's new
    memory and summary and reads every order's path, several times faster than the standard
    library. Integer keys become strings, as with `json.dumps`."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Session factory; objects stay usable after commit because read models are built late."""
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def transaction(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> AsyncIterator[AsyncSession]:
    """A session whose transaction commits if the block succeeds and rolls back if it raises."""
    async with sessionmaker() as session:
        try:
            yield session
        except BaseException:
            await session.rollback()
            raise
        await session.commit()


AfterCommit = Callable[[State], Awaitable[None]]
_AFTER_COMMIT = "after_commit"


def after_commit(session: AsyncSession, callback: AfterCommit) -> None:
    """Run `callback(app.state)` once the request's transaction has committed, before the
    answer is sent (never if it rolls back). A session not made for a request (the sweeper's)
    drops it: what it does must also reach the process another way (a NOTIFY)."""
    session.info.setdefault(_AFTER_COMMIT, []).append(callback)


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """Yield a session that commits if the endpoint succeeds and rolls back if it raises."""
    async with transaction(request.app.state.sessionmaker) as session:
        yield session
    for callback in session.info.pop(_AFTER_COMMIT, ()):
        await callback(request.app.state)


# scope="function": commit before the response is sent, so a failed commit is a 500, not a
# 2xx for data that was never stored.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
