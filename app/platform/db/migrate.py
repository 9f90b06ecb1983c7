"""Programmatic Alembic entry points (launcher and tests)."""

from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[3]

# Key of the PostgreSQL advisory lock held while migrating (migrations/env.py), so that
# server processes or replicas starting together upgrade one after the other. A fixed
# 64-bit number that nothing else in the database uses ("marchlds" in ASCII).
MIGRATION_LOCK_KEY = 0x6D61726368_6C6473


def alembic_config(url: str | None = None) -> Config:
    """Alembic config for this repository, optionally pinned to a database URL."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    if url is not None:
        # Passed as an attribute, not an ini option, so '%' in passwords needs no escaping.
        config.attributes["database_url"] = url
    return config


def upgrade_head(url: str) -> None:
    """Apply every migration to the database at `url` (blocking; runs its own event loop).

    Safe to run from several processes at once: they migrate one after the other, under an
    advisory lock (`MIGRATION_LOCK_KEY`).
    """
    command.upgrade(alembic_config(url), "head")
