"""Programmatic Alembic entry points (launcher and tests)."""

from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str | None = None) -> Config:
    """Alembic config for this repository, optionally pinned to a database URL."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    if url is not None:
        # Passed as an attribute, not an ini option, so '%' in passwords needs no escaping.
        config.attributes["database_url"] = url
    return config


def upgrade_head(url: str) -> None:
    """Apply every migration to the database at `url` (blocking; runs its own event loop)."""
    command.upgrade(alembic_config(url), "head")
