"""A path that some route spells out in full is that route's, never another's parameter.

`/v1/campaigns/import` takes POST; `/v1/campaigns/{campaign_id}` takes GET and PATCH. Starlette
lets `{campaign_id}` match `import`, so `PATCH /v1/campaigns/import` reached the campaign
update and failed its UUID (422 instead of 405), and `OPTIONS /v1/maps/generate` was told that
GET is allowed (the map read, `{map_id}` = `generate`). `LiteralPathMiddleware` answers a
method that no route of such a path takes with 405 and that path's own `Allow`, and
`app.errors.handlers.allowed_methods` lists, for such a path, its own routes' methods alone.
"""

from collections.abc import Iterable, Iterator, Mapping

from fastapi import APIRouter
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from app.asgi import HTTPMiddleware
from app.errors.handlers import METHODS, problem_response
from app.i18n import _


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
