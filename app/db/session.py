"""Engine and per-request session: one request = one transaction."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

import orjson
from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.db.outage import translate_connect_errors
from app.db.urls import engine_arguments


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """Async engine with pre-ping so connections dropped by the server are replaced silently.

    `url` may carry the libpq parameters hosted databases put in their URLs (`sslmode`, …):
    they are handed to asyncpg with their libpq meaning (app.db.urls); a `connect_timeout` in
    the URL wins over a `timeout` in `connect_args`.

    A connection that cannot be opened fails as a SQLAlchemy `OperationalError` whatever the
    cause (app.db.outage), so an outage is always recognised as one (503, not 500).
    """
    engine_url, url_connect_args = engine_arguments(url)
    connect_args = {**kwargs.pop("connect_args", {}), **url_connect_args}
    engine = create_async_engine(
        engine_url,
        pool_pre_ping=True,
        connect_args=connect_args,
        json_serializer=_json_text,
        json_deserializer=orjson.loads,
        **kwargs,
    )
    translate_connect_errors(engine)
    return engine


def _json_text(value: Any) -> str:
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


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """Yield a session that commits if the endpoint succeeds and rolls back if it raises."""
    async with transaction(request.app.state.sessionmaker) as session:
        yield session


# scope="function": commit before the response is sent, so a failed commit is a 500, not a
# 2xx for data that was never stored.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
