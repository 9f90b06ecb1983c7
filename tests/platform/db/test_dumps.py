"""What `scripts/backup` and `scripts/restore` hand the PostgreSQL programs
(app/platform/db/dumps.py); the drill itself is tests/platform/db/test_backup_restore.py."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.platform.db.dumps import DumpError, backup, default_backup_path, libpq_target


def test_the_password_never_goes_on_the_command_line() -> None:
    conninfo, env = libpq_target(
        "postgresql+asyncpg://app:s3cr%27et@db.example:6432/marchlords?sslmode=verify-full"
    )
    assert "s3cr" not in conninfo
    assert env == {"PGPASSWORD": "s3cr'et"}
    assert conninfo == (
        "host='db.example' port='6432' user='app' dbname='marchlords' sslmode='verify-full'"
    )


def test_a_unix_socket_and_the_drivers_ssl_keyword_keep_their_libpq_meaning() -> None:
    conninfo, env = libpq_target(
        "postgresql+asyncpg://postgres@/x?host=/tmp/pg%20dir&ssl=require&connect_timeout=7"
    )
    assert env == {}
    assert conninfo == (
        "host='/tmp/pg dir' user='postgres' dbname='x' sslmode='require' connect_timeout='7'"
    )


def test_a_quote_in_a_value_cannot_add_a_parameter() -> None:
    conninfo, _ = libpq_target("postgresql+asyncpg://u@h/a' host='evil")
    assert conninfo == "host='h' user='u' dbname='a\\' host=\\'evil'"


def test_a_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    existing = tmp_path / "kept.dump"
    existing.write_bytes(b"an older backup")
    with pytest.raises(DumpError, match="exists"):
        backup("postgresql+asyncpg://u@h/db", existing)
    assert existing.read_bytes() == b"an older backup"


def test_backups_sort_by_name_as_by_time() -> None:
    moment = datetime(2026, 12, 7, 9, 5, 3, tzinfo=UTC)
    assert default_backup_path(moment) == Path("backups/marchlords-20261207T090503Z.dump")
