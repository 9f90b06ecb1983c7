"""Recognising a lost database, whatever the driver or the operating system says about it.

A database outage reaches the code in many shapes: the OS error of the socket (a Unix socket
file that is gone, a refused or reset TCP connection, a timeout), asyncpg's connection errors and
server messages (`CannotConnectNowError` while starting up, `TooManyConnectionsError`,
`AdminShutdownError` when the server stops), SQLAlchemy's `DBAPIError` wrapping one of them (with
`connection_invalidated` when it noticed the disconnect) or its pool `TimeoutError` when every
connection is busy. `is_database_outage` is the one place that knows them all: the API answers
503 with `Retry-After` for them (app.platform.errors) and the deadline sweeper backs off
(app.play.deadlines.service).

SQLAlchemy passes errors raised while *opening* a connection through untouched when they are
not the driver's own (an OSError from asyncpg's connect), so `create_engine`
(app.platform.db.session) installs `translate_connect_errors`: such errors become the driver's
`OperationalError`, which SQLAlchemy wraps as usual, with the OS error kept as its cause. A bare
`FileNotFoundError` raised by anything else stays what it is (a bug: 500).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import asyncpg
from sqlalchemy import event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine

# SQLSTATEs meaning "the connection is gone or cannot be had now" (PostgreSQL appendix A):
# class 08 connection exception; 53300 too_many_connections; 57P01 admin_shutdown,
# 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P05 idle_session_timeout.
_OUTAGE_SQLSTATES = frozenset({"53300", "57P01", "57P02", "57P03", "57P05"})

# Network failures of any origin: only the database is a network peer the app talks to.
_NETWORK_ERRORS: tuple[type[BaseException], ...] = (ConnectionError, TimeoutError)


def _sqlstate(exc: BaseException) -> str:
    for attr in ("sqlstate", "pgcode"):
        value = getattr(exc, attr, None)
        if isinstance(value, str) and value:
            return value
    return ""


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """`exc`, the driver error a DBAPIError wraps, its causes and grouped errors (each once).

    Implicit contexts (`__context__`: an error raised while handling another) are not
    followed: a bug in an `except` block stays a bug, whatever it was handling.
    """
    seen: set[int] = set()
    todo: list[BaseException] = [exc]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        if isinstance(current, sa_exc.DBAPIError) and isinstance(current.orig, BaseException):
            todo.append(current.orig)
        if isinstance(current, BaseExceptionGroup):
            todo.extend(current.exceptions)
        if current.__cause__ is not None:
            todo.append(current.__cause__)


def _is_outage_kind(exc: BaseException, *, from_database: bool) -> bool:
    if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
        return True
    if isinstance(exc, (sa_exc.TimeoutError, sa_exc.DisconnectionError)):
        return True  # the pool: no connection free in time; a connection found dead
    if isinstance(exc, asyncpg.PostgresConnectionError):
        return True
    if isinstance(exc, asyncpg.InterfaceError) and "connection is closed" in str(exc):
        return True
    sqlstate = _sqlstate(exc)
    if sqlstate.startswith("08") or sqlstate in _OUTAGE_SQLSTATES:
        return True
    if isinstance(exc, _NETWORK_ERRORS):
        return True
    # Any other OS error (e.g. FileNotFoundError: the server's Unix socket is gone) counts when
    # a database error carries it; on its own it may be anything.
    return from_database and isinstance(exc, OSError)


def is_database_outage(exc: BaseException) -> bool:
    """Whether `exc` means the database is unreachable or the connection was lost.

    Such failures are passing: retrying later may succeed. A statement the database refused
    (a constraint, bad SQL, a value out of range) is not one of them.
    """
    chain = list(_chain(exc))
    from_database = any(
        isinstance(e, (sa_exc.DBAPIError, asyncpg.PostgresError, asyncpg.InterfaceError))
        for e in chain
    )
    return any(_is_outage_kind(e, from_database=from_database) for e in chain)


def describe(exc: BaseException) -> str:
    """One log line for an outage: the error's kind and its causes', and the innermost message
    (e.g. `OperationalError ← OperationalError ← FileNotFoundError: [Errno 2] No such file`).

    Never the text of a `DBAPIError` itself: it holds the statement and its parameters.
    """
    kinds: list[str] = []
    current: BaseException | None = exc
    innermost = exc
    while current is not None and len(kinds) < 6:
        kinds.append(type(current).__name__)
        innermost = current
        orig = current.orig if isinstance(current, sa_exc.DBAPIError) else None
        current = orig if isinstance(orig, BaseException) else current.__cause__
    message = "" if isinstance(innermost, sa_exc.StatementError) else str(innermost)
    return " ← ".join(kinds) + (f": {message}" if message else "")


def translate_connect_errors(engine: AsyncEngine) -> None:
    """Make failures to open a connection SQLAlchemy `OperationalError`s (see module doc).

    The driver's own errors are already translated by SQLAlchemy; OS errors (the socket) are
    not, and would otherwise reach the app as a bare `FileNotFoundError` or `OSError`.
    """

    @event.listens_for(engine.sync_engine, "do_connect")
    def connect(dialect: Dialect, conn_rec: Any, cargs: Any, cparams: Any) -> Any:
        try:
            return dialect.connect(*cargs, **cparams)
        except OSError as error:  # ConnectionRefusedError, FileNotFoundError, TimeoutError, …
            dbapi: Any = dialect.loaded_dbapi
            raise dbapi.OperationalError(
                f"cannot connect to the database: {type(error).__name__}: {error}", error
            ) from error
