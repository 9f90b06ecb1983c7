"""Pure ASGI middleware counting and timing every HTTP request by its route template."""

import re
import time

from starlette.types import Message, Receive, Scope, Send

from app.platform.asgi import HTTPMiddleware
from app.platform.metrics import HTTP_DURATION, HTTP_REQUESTS

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# Requests no route matched (404s, preflights answered by the CORS middleware): one label
# value, never the raw path.
UNMATCHED = "<unmatched>"


# The static prefix a route was included under (`/v1`): words, never ids.
_PREFIX = re.compile(r"(?:/[A-Za-z][A-Za-z0-9_-]{0,31}){0,3}")


def route_template(scope: Scope) -> str:
    """The full path template of the route that handled the request, e.g.
    `/v1/campaigns/{campaign_id}/map`.

    The router leaves the matched route in `scope["route"]`; FastAPI gives the route as
    declared in its router (`/campaigns/{campaign_id}/map`), so the prefix it was included
    under is the part of the request path before what the route's own pattern matches.
    """
    route = scope.get("route")
    template = getattr(route, "path", None)
    pattern = getattr(route, "path_regex", None)
    if not isinstance(template, str) or not isinstance(pattern, re.Pattern):
        return UNMATCHED
    path: str = scope["path"]
    for start, char in enumerate(path):
        if char == "/" and pattern.match(path[start:]):
            prefix = path[:start]
            return prefix + template if _PREFIX.fullmatch(prefix) else UNMATCHED
    return UNMATCHED


class MetricsMiddleware(HTTPMiddleware):
    """`marchlords_http_requests_total` and `…_duration_seconds` by method, route and status."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        status = 500
        recorded = False

        def record() -> None:
            nonlocal recorded
            recorded = True
            method = scope["method"] if scope["method"] in _METHODS else "other"
            labels = (method, route_template(scope), str(status))
            HTTP_REQUESTS.labels(*labels).inc()
            HTTP_DURATION.labels(*labels).observe(time.perf_counter() - started)

        async def recording_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                # Counted before the last byte leaves: a client holding its answer finds it in
                # the next scrape (after, a fast client's scrape could come first).
                record()
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            if not recorded:
                record()
