"""Pure ASGI middleware giving every request an id, an access log line and a 500 safety net."""

import logging
import re
import time
import uuid

from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from app.platform.asgi import HTTPMiddleware
from app.platform.errors import internal_error_response
from app.platform.log import request_id_var

logger = logging.getLogger("app.access")

REQUEST_ID_HEADER = "X-Request-ID"
# Accept a caller's id only if it is short and log-safe; otherwise mint our own.
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
# Paths whose last segment is a credential (the calendar feed's secret URL): never logged.
_SECRET_PATH = re.compile(r"^(/v1/calendar/)[^/]*(\.ics)$")


def loggable_path(path: str) -> str:
    """The path as the access log shows it, a calendar feed's secret masked."""
    return _SECRET_PATH.sub(r"\1***\2", path)


class RequestContextMiddleware(HTTPMiddleware):
    """Accept or generate `X-Request-ID`, echo it, and log one line per request."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:

        incoming = ""
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                incoming = value.decode("latin-1")
                break
        request_id = incoming if _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 500
        response_started = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            # Handled here rather than by Starlette's outermost ServerErrorMiddleware so that
            # the 500 still carries the request id, in its header and in the log line.
            logger.exception("unhandled exception")
            if response_started:
                raise
            await internal_error_response(Request(scope))(scope, receive, send_with_id)
        finally:
            path = loggable_path(scope["path"])
            logger.info(
                "%s %s %s",
                scope["method"],
                path,
                status,
                extra={
                    "method": scope["method"],
                    "path": path,
                    "status": status,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                },
            )
            request_id_var.reset(token)
