"""Alembic environment (async). The URL comes from, in order: the `database_url` attribute set
by `app.platform.db.migrate`, `DATABASE_URL`, or an embedded PostgreSQL started for this run."""

import asyncio
import contextlib
from logging.config import fileConfig

from alembic import context
from sqlalchemy import pool, text
from sqlalchemy.engine import Connection

import app.store.models  # noqa: F401  (registers every table on the metadata)
from app.platform.config import get_settings
from app.platform.db.base import Base
from app.platform.db.embedded import database_url
from app.platform.db.migrate import MIGRATION_LOCK_KEY
from app.platform.db.session import create_engine

config = context.config
target_metadata = Base.metadata

# Only the CLI configures logging from alembic.ini; programmatic callers keep theirs.
if config.config_file_name is not None and "database_url" not in config.attributes:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def do_run_migrations(connection: Connection) -> None:
    # Replicas starting together each run `alembic upgrade head`: they take turns. The lock is
    # the session's (not the transaction's), on the very connection that migrates; the next
    # one in line waits here, then finds the schema at head and has nothing to do.
    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
    connection.commit()  # end the implicit transaction: Alembic begins and commits its own
    try:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            compare_type=True,
            compare_server_default=True,
        )
        with context.begin_transaction():
            context.run_migrations()
    finally:
        # Closing the connection releases the lock too; unlocking says so explicitly, and
        # must not hide the migration's own error if the connection is gone.
        with contextlib.suppress(Exception):
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK_KEY})
            connection.commit()


async def run_async_migrations(url: str) -> None:
    # The app's engine factory: it understands the libpq parameters of pasted URLs.
    engine = create_engine(url, poolclass=pool.NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
    finally:
        await engine.dispose()


def run_migrations_offline(url: str) -> None:
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


with contextlib.ExitStack() as stack:
    url: str | None = config.attributes.get("database_url")
    if url is None:
        url = stack.enter_context(database_url(get_settings()))
    if context.is_offline_mode():
        run_migrations_offline(url)
    else:
        asyncio.run(run_async_migrations(url))
