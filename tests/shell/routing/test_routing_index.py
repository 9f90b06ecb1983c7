"""The routers' index (app/shell/routing.py, `include_indexed`): an included router passes a path
over at once only when none of its routes could take it, so every request reaches the route it
reached before, and a campaign read is no longer matched against every router before its own."""

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match

from app.main import V1_ROUTERS, create_app
from app.platform.config import Settings
from app.shell.ops.router import router as ops_router
from app.shell.routing import PrecheckedMatches

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
# Values a path parameter is given: a campaign id, a number, a word, and literal segments of
# other routes (a `{campaign_id}` that reads `import` must still reach the route it reached).
VALUES = ("00000000-0000-4000-8000-000000000001", "7", "x", "import", "me", "generate")
_PARAMETER = re.compile(r"\{[^}]*\}")


@pytest.fixture(scope="module")
def app() -> FastAPI:
    return create_app(Settings(log_json=False))


def _paths() -> Iterator[str]:
    """Every route's path with its parameters given each of `VALUES`, with and without a
    trailing slash, and paths no route has."""
    routes = [("/v1", r) for router in V1_ROUTERS for r in router.routes]
    routes += [("", r) for r in ops_router.routes]
    assert all(isinstance(route, APIRoute) for _, route in routes)
    templates = {prefix + route.path for prefix, route in routes if isinstance(route, APIRoute)}
    for template in sorted(templates):
        holes = len(_PARAMETER.findall(template))
        for values in itertools.product(VALUES[:3] if holes > 1 else VALUES, repeat=holes):
            path = _PARAMETER.sub("{}", template.replace("{}", "")).format(*values)
            yield path
            yield path + "/"
    yield from ("/", "/v1", "/v1/", "/v1/nowhere", "/healthz/x", "//v1/campaigns")


def _scope(path: str, method: str, root_path: str = "") -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": root_path + path,
        "root_path": root_path,
        "headers": [],
        "query_string": b"",
    }


def _indexed(app: FastAPI) -> list[BaseRoute]:
    return [route for route in app.router.routes if "matches" in vars(route)]


def test_every_v1_router_and_the_ops_router_are_indexed(app: FastAPI) -> None:
    originals = {id(getattr(route, "original_router", None)) for route in _indexed(app)}
    assert originals == {id(router) for router in (*V1_ROUTERS, ops_router)}


@pytest.mark.parametrize("root_path", ["", "/behind/a/proxy"])
def test_each_router_answers_every_path_and_method_as_without_the_index(
    app: FastAPI, root_path: str
) -> None:
    indexed = _indexed(app)
    answers: Counter[Match] = Counter()
    for path, method in itertools.product(_paths(), METHODS):
        for route in indexed:
            # The router's own answer (its class's `matches`), then the indexed one.
            unindexed = type(route).matches(route, _scope(path, method, root_path))
            assert route.matches(_scope(path, method, root_path)) == unindexed, (path, method)
            answers[unindexed[0]] += 1
    # Routes taken, paths of a route but not of that method, and the many passed over.
    assert answers[Match.FULL] > 500
    assert answers[Match.PARTIAL] > 500
    assert answers[Match.NONE] > 20 * answers[Match.FULL]


def test_a_campaign_read_is_matched_by_its_own_routers_alone(app: FastAPI) -> None:
    """What the index is for: the other routers are passed over on one pattern each."""
    path = f"/v1/campaigns/{VALUES[0]}/turn"
    indexed = [vars(route)["matches"] for route in _indexed(app)]
    assert all(isinstance(matches, PrecheckedMatches) for matches in indexed)
    candidates = [m for m in indexed if m.pattern.search(path) is not None]
    assert 1 <= len(candidates) <= 4 < len(indexed)
