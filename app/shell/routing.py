"""Routing: a literal path is its own route's (`LiteralPathMiddleware`), and an included
router whose routes cannot match a path is passed over at once (`include_indexed`).

A path that some route spells out in full is that route's, never another's parameter.

`/v1/campaigns/import` takes POST; `/v1/campaigns/{campaign_id}` takes GET and PATCH. Starlette
lets `{campaign_id}` match `import`, so `PATCH /v1/campaigns/import` reached the campaign
update and failed its UUID (422 instead of 405), and `OPTIONS /v1/maps/generate` was told that
GET is allowed (the map read, `{map_id}` = `generate`). `LiteralPathMiddleware` answers a
method that no route of such a path takes with 405 and that path's own `Allow`, and
`app.platform.errors.handlers.allowed_methods` lists, for such a path, its own routes' methods
alone.
"""

import re
from collections.abc import Callable, Iterable, Iterator, Mapping

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Receive, Scope, Send

from app.platform.asgi import HTTPMiddleware
from app.platform.errors.handlers import METHODS, problem_response
from app.platform.i18n import _


def _routes(router: APIRouter) -> Iterator[APIRoute]:
    for route in router.routes:
        if isinstance(route, APIRoute):
            yield route
        nested = getattr(route, "original_router", None)  # routers included into this one
        if isinstance(nested, APIRouter):
            yield from _routes(nested)


def literal_path_methods(
    routers: Iterable[tuple[str, APIRouter]],
) -> dict[str, frozenset[str]]:
    """Every path without parameters among the routers' (each under its prefix), with the
    methods its routes take (FastAPI's routes take HEAD only where they say so)."""
    methods: dict[str, set[str]] = {}
    for prefix, router in routers:
        for route in _routes(router):
            path = prefix + route.path
            if "{" not in path:
                methods.setdefault(path, set()).update(route.methods or ())
    return {path: frozenset(taken) for path, taken in methods.items()}


def _allow(methods: Iterable[str]) -> str:
    return ", ".join(method for method in METHODS if method in methods)


class LiteralPathMiddleware(HTTPMiddleware):
    """405 for a method that the routes of a literal path do not take (before routing, so no
    parameter route of the same shape can take the request)."""

    def __init__(self, app: ASGIApp, paths: Mapping[str, frozenset[str]]) -> None:
        super().__init__(app)
        self.paths = paths

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        taken = self.paths.get(scope["path"])
        if taken is None or scope["method"] in taken:
            await self.app(scope, receive, send)
            return
        allow = _allow(taken)
        response = problem_response(
            Request(scope),
            status=405,
            code="method_not_allowed",
            detail=_(
                "{method} is not allowed at this path; it takes {allow}.",
                method=scope["method"],
                allow=allow,
            ),
            headers={"Allow": allow},
        )
        await response(scope, receive, send)


# A path parameter as a pattern that every value its convertor takes also matches.
_PARAMETER = re.compile(r"\{([^}:]*)(?::([^}]*))?\}")


def _superset_pattern(path: str) -> str:
    """A pattern matching every path `path` (a route's, with its `{parameters}`) matches."""
    out, at = [], 0
    for found in _PARAMETER.finditer(path):
        out.append(re.escape(path[at : found.start()]))
        out.append(".*" if found.group(2) == "path" else "[^/]+")
        at = found.end()
    out.append(re.escape(path[at:]))
    return "".join(out)


def router_pattern(prefix: str, router: APIRouter) -> re.Pattern[str] | None:
    """A pattern that the end of every path one of `router`'s routes matches also matches,
    included under `prefix` (None: a route other than an HTTP one, not described here)."""
    patterns = []
    for route in router.routes:
        if not isinstance(route, APIRoute):
            return None
        patterns.append(_superset_pattern(prefix + route.path))
    if not patterns:
        return None
    # Searched, not matched from the start: a path under a `root_path` matches too.
    return re.compile(f"(?:{'|'.join(patterns)})$")


class PrecheckedMatches:
    """An included router's `matches`, answering "no" at once for a path its pattern rejects."""

    def __init__(
        self, pattern: re.Pattern[str], matches: Callable[[Scope], tuple[Match, Scope]]
    ) -> None:
        self.pattern = pattern
        self.matches = matches

    def __call__(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and self.pattern.search(scope["path"]) is None:
            return Match.NONE, {}
        return self.matches(scope)


def include_indexed(app: FastAPI, router: APIRouter, prefix: str = "") -> None:
    """`app.include_router(router, prefix=prefix)`, the included router first checking the
    path against one pattern of all its routes' paths.

    FastAPI (0.165) matches a request against the routes of every included router before
    the one that takes it, each through its own context (some 70 route matches, ~0.5 ms of
    CPU, for a campaign read): a router none of whose routes can match now answers "no" with
    one regular expression. Its answer is otherwise the router's own (the pattern matches a
    superset of its routes' paths: tests/shell/routing/test_routing_index.py)."""
    app.include_router(router, prefix=prefix)
    included: BaseRoute = app.router.routes[-1]
    pattern = router_pattern(prefix, router)
    if getattr(included, "original_router", None) is not router or pattern is None:
        return
    # An attribute of this route object only: Starlette's router calls `route.matches(scope)`.
    included.matches = PrecheckedMatches(pattern, included.matches)  # type: ignore[method-assign]
