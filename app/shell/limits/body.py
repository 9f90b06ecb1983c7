"""Request body size limit as a pure ASGI middleware (413 `content_too_large`)."""

from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.platform.errors import problem_response
from app.platform.i18n import _


class BodyTooLarge(HTTPException):
    """Raised from `receive` once a body grows past its limit; rendered as a 413 problem."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"The request body is larger than {limit} bytes.")


class BodySizeLimitMiddleware:
    """Refuse bodies over `default` bytes, or over `overrides[(method, path)]` for those routes.

    A declared `Content-Length` over the limit is refused before anything is read; a body
    without one (chunked) is counted as it arrives and cut off at the limit.
    """

    def __init__(
        self, app: ASGIApp, *, default: int, overrides: Mapping[tuple[str, str], int]
    ) -> None:
        self.app = app
        self.default = default
        self.overrides = dict(overrides)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"].rstrip("/") or "/"
        limit = self.overrides.get((scope["method"], path), self.default)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _too_large(scope, limit)(scope, receive, send)
            return

        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            # Normally the app's exception handler renders it; this covers readers that don't.
            if started:
                raise
            await _too_large(scope, limit)(scope, receive, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _too_large(scope: Scope, limit: int) -> ASGIApp:
    return problem_response(
        Request(scope),
        status=413,
        code="content_too_large",
        title=_("Content too large"),
        detail=_("The request body is larger than {limit} bytes.", limit=limit),
    )
