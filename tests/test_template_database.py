"""The test databases' template is named after the migrations' content: a changed migration
builds a new one (tests/factories/databases.py)."""

from pathlib import Path

import pytest

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
