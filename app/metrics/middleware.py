"""Pure ASGI middleware counting and timing every HTTP request by its route template."""

import time

from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.metrics import HTTP_DURATION, HTTP_REQUESTS

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# Requests no route matched (404s, preflights answered by the CORS middleware): one label
# value, never the raw path.
UNMATCHED = "<unmatched>"


def route_template(scope: Scope) -> str:
    """The path template of the route that handled the request (set by the router)."""
    route = scope.get("route")
    path = getattr(route, "path", None) if isinstance(route, BaseRoute) else None
    return path if isinstance(path, str) else UNMATCHED


class MetricsMiddleware:
    """`marchlords_http_requests_total` and `…_duration_seconds` by method, route and status."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def recording_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            method = scope["method"] if scope["method"] in _METHODS else "other"
            labels = (method, route_template(scope), str(status))
            HTTP_REQUESTS.labels(*labels).inc()
            HTTP_DURATION.labels(*labels).observe(time.perf_counter() - started)
