"""The app of the in-process tests: built once per process, as new as `create_app` makes it at
each use (`fresh_app`)."""

import copy
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel
from starlette.routing import BaseRoute

from app.main import create_app
from app.platform.config import Settings
from app.platform.log import configure_logging
from app.play.pictures import cache as picture_cache

# Set to 1, every use builds its app as before (scripts/bench_suite's old way).
APP_PER_TEST = "MARCHLORDS_TEST_APP_PER_TEST"


@dataclass
class _BuiltApp:
    """An app as `create_app` left it: what a test may change in it, kept to be put back."""

    settings: Settings  # held, so that the id keying `_built_apps` is never reused
    app: FastAPI
    state: dict[str, Any]
    state_objects: dict[str, dict[str, Any]]  # the attributes of the objects in its state
    routes: list[BaseRoute]
    user_middleware: list[Any]
    exception_handlers: dict[Any, Any]
    lent: bool = False

    def renewed(self) -> FastAPI:
        """The app put back as it was built, as if `create_app` had just made it."""
        app = self.app
        app.openapi_schema = None  # a test may have changed the routes, or the document
        app.router.routes[:] = self.routes
        app.user_middleware[:] = self.user_middleware
        app.middleware_stack = None  # new middleware instances, built at the first request
        app.exception_handlers.clear()
        app.exception_handlers.update(self.exception_handlers)
        app.dependency_overrides.clear()
        app.state._state.clear()
        app.state._state.update(self.state)
        for name, attributes in self.state_objects.items():
            vars(self.state[name]).update(_copied(attributes))
        # What `create_app` sets for the whole process, set again as a new app would.
        configure_logging(self.settings.log_level, json_lines=self.settings.log_json)
        picture_cache.pictures.resize(self.settings.picture_cache_bytes)
        return app


def _copied(attributes: dict[str, Any]) -> dict[str, Any]:
    """The attributes, their lists, dicts and sets copied (a test may fill them in place)."""
    return {
        name: copy.copy(value) if isinstance(value, list | dict | set) else value
        for name, value in attributes.items()
    }


_built_apps: dict[int, _BuiltApp] = {}


@contextmanager
def fresh_app(settings: Settings) -> Iterator[FastAPI]:
    """`create_app(settings)` for the block, as new as that would make it, though built once per
    process for each `settings` object and put back as it was built at each use (building one
    costs ~0.35 s of CPU, FastAPI's routes: a third of an average API test). While in use it is
    not lent again: a second app wanted at once is built anew."""
    built = _built_apps.get(id(settings))
    if (built is not None and built.lent) or os.environ.get(APP_PER_TEST) == "1":
        yield create_app(settings)
        return
    if built is None:
        app = create_app(settings)
        state = dict(app.state._state)
        built = _built_apps[id(settings)] = _BuiltApp(
            settings=settings,
            app=app,
            state=state,
            state_objects={
                name: _copied(vars(value))
                for name, value in state.items()
                if hasattr(value, "__dict__") and not isinstance(value, type | BaseModel)
            },
            routes=list(app.router.routes),
            user_middleware=list(app.user_middleware),
            exception_handlers=dict(app.exception_handlers),
        )
    built.lent = True
    try:
        yield built.renewed()
    finally:
        built.lent = False
