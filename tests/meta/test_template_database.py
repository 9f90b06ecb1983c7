"""The test databases' template is named after the migrations' content: a changed migration
builds a new one (tests/factories/databases.py)."""

import asyncio
import time
from pathlib import Path

import pytest

from app.platform.db.embedded import create_database, drop_database
from tests.factories import databases


def test_the_template_name_follows_every_file_of_the_migrations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(databases, "MIGRATIONS", tmp_path)
    (tmp_path / "versions").mkdir()
    migration = tmp_path / "versions" / "2026-12-01-2000_x.py"
    migration.write_text("revision = 'a'\n")
    first = databases.template_name()
    assert first.startswith(databases.TEMPLATE_PREFIX)
    assert databases.template_name() == first
    migration.write_text("revision = 'b'\n")
    changed = databases.template_name()
    assert changed != first
    (tmp_path / "versions" / "2026-12-01-2001_y.py").write_text("revision = 'c'\n")
    assert databases.template_name() not in {first, changed}


def test_the_template_of_this_checkout_is_named_after_its_migrations() -> None:
    assert databases.MIGRATIONS.joinpath("env.py").is_file()
    assert len(databases.template_name()) == len(databases.TEMPLATE_PREFIX) + 16


async def test_publishing_drops_older_templates_not_another_workers_build(
    database_url: str,
) -> None:
    """A worker publishing the template dropped the database another worker was migrating
    (the prefix matched it too): that worker's every test then failed at set-up."""
    template = databases.template_name()
    older = databases.TEMPLATE_PREFIX + "0" * databases.DIGEST_LENGTH
    migrating = f"{template}_424242"  # another worker's build, not yet renamed
    mine = f"{template}_434343"  # this worker's, built after the template was published
    for name in (older, migrating, mine):
        await create_database(databases.with_database(database_url, name), drop_existing=True)
    try:
        await databases.publish_template(database_url, mine, template)
        assert not await databases.has_database(database_url, older)
        assert not await databases.has_database(database_url, mine)  # the template stands
        assert await databases.has_database(database_url, template)
        assert await databases.has_database(database_url, migrating)
    finally:
        for name in (older, migrating, mine):
            await drop_database(databases.with_database(database_url, name))


async def test_two_workers_building_the_template_at_once_migrate_once(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers starting on a fresh machine both found no template, both migrated one and
    both published it: the second's rename lost a race in the catalogue and every test of its
    worker failed at set-up. One builds it now, the other waits and copies it."""
    monkeypatch.setattr(databases, "TEMPLATE_PREFIX", "marchlords_racetest_")
    name = databases.TEMPLATE_PREFIX + "1" * databases.DIGEST_LENGTH
    migrated: list[str] = []

    def migrate(url: str) -> None:
        migrated.append(url)
        time.sleep(0.3)  # long enough for the other to look for the template meanwhile

    try:
        await asyncio.gather(
            databases.ensure_template(database_url, name, migrate),
            databases.ensure_template(database_url, name, migrate),
        )
        assert len(migrated) == 1
        assert await databases.has_database(database_url, name)
        await databases.ensure_template(database_url, name, migrate)  # it exists: nothing to do
        assert len(migrated) == 1
    finally:
        await drop_database(databases.with_database(database_url, name))
