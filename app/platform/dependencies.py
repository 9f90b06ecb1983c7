"""Cross-cutting typed dependencies: settings, pagination and the current time.

Every dependency of the app is `async def`, even one that awaits nothing: FastAPI runs a plain
`def` in its thread pool, a hop to a thread and back on each request.
tests/shell/test_routes_async.py keeps it so.
"""

from datetime import datetime
from typing import Annotated

from fastapi import Depends, Path, Query, Request

from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.pagination import PageParams


async def get_app_settings(request: Request) -> Settings:
    """The settings the running app was created with (tests create apps with their own)."""
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_app_settings)]


async def get_now() -> datetime:
    """The current time; tests override this dependency to move the clock."""
    return utcnow()


NowDep = Annotated[datetime, Depends(get_now)]


async def get_page_params(
    settings: SettingsDep,
    limit: Annotated[
        int | None, Query(ge=1, description="Page size; capped at the server's maximum.")
    ] = None,
    # Bounded so a huge offset is a 422, not a database overflow (PostgreSQL OFFSET is bigint).
    offset: Annotated[int, Query(ge=0, le=2**31 - 1, description="Number of items to skip.")] = 0,
) -> PageParams:
    """Limit/offset from the query string, with the hard page-size cap applied."""
    size = settings.default_page_size if limit is None else limit
    return PageParams(limit=min(size, settings.max_page_size), offset=offset)


PageDep = Annotated[PageParams, Depends(get_page_params)]


# Campaign-scoped ids and numbers are PostgreSQL integers: larger values can name nothing, so
# they are refused as invalid input instead of reaching the database.
EntityId = Annotated[int, Path(ge=1, le=2**31 - 1)]
