"""Migrations under a database lock: replicas starting together don't race on the upgrade.

Several processes run `alembic upgrade head` (app.platform.db.migrate.upgrade_head, as
`scripts/serve` and the Docker entry point do) at the same moment on one fresh database. Without a
lock they all see an empty database and create the same tables: all but one fail. With the advisory
lock of migrations/env.py they take turns; every one succeeds and the schema is exactly what a
single upgrade builds.
"""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url

from app.platform.db.embedded import asyncpg_dsn, create_database, drop_database
from app.platform.db.migrate import alembic_config
from tests.conftest import _run

ROOT = Path(__file__).resolve().parents[3]
UPGRADERS = 4

# Everything a migration defines, as text: columns, constraints, indexes, sequences.
SCHEMA_QUERIES = (
    """SELECT table_name, column_name, data_type, udt_name, is_nullable,
              coalesce(column_default, ''), coalesce(character_maximum_length, 0)
         FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY 1, 2""",
    """SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2""",
    """SELECT tablename, indexname, indexdef
         FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2""",
    "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
    "SELECT typname FROM pg_type WHERE typnamespace = 'public'::regnamespace ORDER BY 1",
)


async def schema_of(url: str) -> tuple[list[str], list[list[tuple[object, ...]]]]:
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        versions = [r[0] for r in await conn.fetch("SELECT version_num FROM alembic_version")]
        catalog = [[tuple(r) for r in await conn.fetch(q)] for q in SCHEMA_QUERIES]
    finally:
        await conn.close()
    return versions, catalog


def test_concurrent_upgrades_of_a_fresh_database_all_succeed_with_one_schema(
    database_url: str,
) -> None:
    url = (
        make_url(database_url)
        .set(database=f"marchlords_migrate_{os.getpid()}")
        .render_as_string(hide_password=False)
    )
    _run(lambda: create_database(url, drop_existing=True))
    try:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        code = (
            "import sys; from app.platform.db.migrate import upgrade_head; "
            "upgrade_head(sys.argv[1])"
        )
        # Started back to back, before any of them has got far: they all find an empty database.
        upgraders = [
            subprocess.Popen(  # noqa: S603  (this interpreter, fixed code, the test's URL)
                [sys.executable, "-c", code, url],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
            for _ in range(UPGRADERS)
        ]
        outputs = []
        for process in upgraders:
            try:
                out, _ = process.communicate(timeout=120)
            finally:
                if process.poll() is None:
                    process.kill()
            outputs.append((process.returncode, out.decode(errors="replace")[-2000:]))
        assert [code for code, _ in outputs] == [0] * UPGRADERS, outputs

        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        versions, catalog = asyncio.run(schema_of(url))
        assert versions == [head]
        # The same schema as one upgrade alone builds (the session's test database).
        _, reference = asyncio.run(schema_of(database_url))
        assert catalog == reference
        assert catalog[0], "no table was created"
    finally:
        _run(lambda: drop_database(url))
