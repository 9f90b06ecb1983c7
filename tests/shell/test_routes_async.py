"""No request pays a trip to the thread pool for its routing: FastAPI runs every plain `def`
endpoint or dependency there, a thread hop and back on each call (app/platform/dependencies.py)."""

import inspect
from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant

from app.shell.routing import _routes


def _runs_on_the_event_loop(call: Callable[..., Any]) -> bool:
    # A callable instance (a class-based dependency) runs its class's `__call__`.
    run = call if inspect.isroutine(call) else type(call).__call__
    return inspect.iscoroutinefunction(run) or inspect.isasyncgenfunction(run)


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for dependency in dependant.dependencies:
        if dependency.call is not None:
            yield dependency.call
        yield from _calls(dependency)


def test_every_endpoint_and_dependency_of_the_app_is_async(app: FastAPI) -> None:
    threaded = {
        f"{route.path} {call.__module__}.{call.__qualname__}"
        for route in _routes(app.router)
        for call in (route.endpoint, *_calls(route.dependant))
        if not _runs_on_the_event_loop(call)
    }
    routes = list(_routes(app.router))
    assert len(routes) > 100  # the walk reaches the API's routes
    assert threaded == set()
