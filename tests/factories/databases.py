"""Test databases as copies of one migrated template: migrating one takes ~7 s of wall time
(about 1.5 s of CPU), copying a migrated template ~0.4 s, and every pytest process (each xdist
worker) wants its own database.

The template is built by the migrations (they are tested too), once for each content of
`migrations/`: its name carries a digest of those files, so a changed migration builds a new
one and the older templates are dropped.
"""

import asyncio
import contextlib
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import asyncpg
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, create_async_engine
from sqlalchemy.pool import NullPool

from app.platform.database_urls import asyncpg_dsn
from app.platform.db.embedded import create_database
from app.play.maps.service import ensure_builtin_maps

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
TEMPLATE_PREFIX = "marchlords_template_"
DIGEST_LENGTH = 16  # hex digits of the migrations' digest in a template's name


def template_name() -> str:
    """The name of the template migrated by the migrations as they are now."""
    digest = hashlib.sha256()
    for path in sorted(MIGRATIONS.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(MIGRATIONS)).encode())
            digest.update(path.read_bytes())
    return f"{TEMPLATE_PREFIX}{digest.hexdigest()[:DIGEST_LENGTH]}"


def with_database(url: str, name: str) -> str:
    """`url` on the database `name`."""
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def _exists(conn: asyncpg.Connection, name: str) -> bool:
    return bool(await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name))


async def has_database(url: str, name: str) -> bool:
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        return await _exists(conn, name)
    finally:
        await conn.close()


# The advisory lock the processes building a template take on the `postgres` database, so that
# one migrates and the others wait for its template: two publishing at once raced in the
# catalogue (a UniqueViolationError, not the DuplicateDatabaseError expected), and every test of
# the loser's worker failed at set-up.
TEMPLATE_LOCK = 0x6D61_7263  # "marc"


async def ensure_template(url: str, name: str, migrate: Callable[[str], None]) -> None:
    """Build the template `name` with `migrate` (run in a thread) unless it exists, one process
    at a time."""
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", TEMPLATE_LOCK)
        if await _exists(conn, name):
            return
        built = f"{name}_{os.getpid()}"
        built_url = with_database(url, built)
        await create_database(built_url, drop_existing=True)
        await asyncio.to_thread(migrate, built_url)
        await publish_template(url, built, name)
    finally:
        await conn.close()  # the lock ends with its session


async def publish_template(url: str, built: str, name: str) -> None:
    """Rename the migrated database `built` to the template `name`, unless another process did
    first (then `built` is dropped), and drop the templates of older migrations."""
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        # Alembic's pool may still hold a connection to it.
        await conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", built
        )
        try:
            await conn.execute(f'ALTER DATABASE "{built}" RENAME TO "{name}"')
        except (asyncpg.DuplicateDatabaseError, asyncpg.UniqueViolationError):
            await conn.execute(f'DROP DATABASE "{built}" WITH (FORCE)')
        # Templates only: another process's `built` database (the prefix, a digest and its
        # pid) may be migrating right now, and dropping it broke that worker's every test.
        older = await conn.fetch(
            "SELECT datname FROM pg_database WHERE datname ~ $1 AND datname <> $2",
            f"^{TEMPLATE_PREFIX}[0-9a-f]{{{DIGEST_LENGTH}}}$",
            name,
        )
        for row in older:
            # One a process of the older migrations is copying is left for later.
            with contextlib.suppress(asyncpg.ObjectInUseError):
                await conn.execute(f'DROP DATABASE IF EXISTS "{row["datname"]}"')
    finally:
        await conn.close()


async def copy_template(url: str, template: str) -> None:
    """Create `url`'s database (dropped first if it exists) as a copy of `template`, its commits
    not waiting for their WAL to reach the disk."""
    name = make_url(url).database
    conn = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        # What a transaction sees and when is unchanged; only a crash of the server could lose
        # the last commits, of a database the tests drop anyway. The tests that really commit
        # (races, the contract fuzzing, the real servers) waited for a disk flush at each.
        await conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    finally:
        await conn.close()


async def store_builtin_maps(conn: AsyncConnection) -> None:
    """Store the built-in maps, as the server does when it first lists maps or creates a
    campaign: in a test database that holds them, a test's first request does not store them
    again (with their documents) in its rolled-back transaction."""
    async with AsyncSession(bind=conn) as session:
        await ensure_builtin_maps(session)
        await session.flush()


async def seed(url: str) -> None:
    """What every test database holds before its first test: the built-in maps."""
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            await store_builtin_maps(conn)
    finally:
        await engine.dispose()
