"""Counting the SQL statements a request sends (issue 31: reads, notifications, lists)."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection

# The test's transaction wraps each request's in a savepoint: not the request's own statements.
_SAVEPOINTS = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")


@contextmanager
def counted(connection: AsyncConnection) -> Iterator[list[str]]:
    """The SQL statements run on `connection` inside the block (savepoints left out)."""
    statements: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if not statement.lstrip().upper().startswith(_SAVEPOINTS):
            statements.append(statement)

    sync = connection.sync_connection
    assert sync is not None
    event.listen(sync, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        event.remove(sync, "before_cursor_execute", note)


@contextmanager
def executions(connection: AsyncConnection) -> Iterator[list[tuple[str, int]]]:
    """Each SQL statement run on `connection` inside the block with how many times the server
    runs it: once, or once per parameter set of an executemany (savepoints left out)."""
    statements: list[tuple[str, int]] = []

    def note(_conn: Any, _cursor: Any, statement: str, params: Any, _ctx: Any, many: bool) -> None:
        if not statement.lstrip().upper().startswith(_SAVEPOINTS):
            statements.append((statement, len(params) if many else 1))

    sync = connection.sync_connection
    assert sync is not None
    event.listen(sync, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        event.remove(sync, "before_cursor_execute", note)
