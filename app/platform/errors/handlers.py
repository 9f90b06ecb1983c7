"""The problem+json handlers: every error response of the API, expected or not, goes through
`problem_response`, so clients can always rely on `type`, `title`, `status`, `detail` and a
stable machine-readable `code`.
"""

import json
import logging
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

import asyncpg
from fastapi import FastAPI, Request, params
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from app.platform.db.outage import describe as describe_outage
from app.platform.db.outage import is_database_outage
from app.platform.errors.classes import RETRY_AFTER_SECONDS, AppError, problem_type, rule_help
from app.platform.errors.openapi import PROBLEM_MEDIA_TYPE
from app.platform.errors.validation import validation_message
from app.platform.i18n import DEFAULT_LANGUAGE, Text, _, say, say_all
from app.platform.i18n.requests import request_language

# The logger keeps the name it had before errors became a package: log filters rely on it.
logger = logging.getLogger("app.platform.errors")

# Exception kinds that may mean a lost database (decided by `is_database_outage`).
OUTAGE_CANDIDATES: tuple[type[Exception], ...] = (
    OSError,
    PoolTimeoutError,
    DisconnectionError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)


def problem_response(
    request: Request | None,
    *,
    status: int,
    code: str,
    title: str | None = None,
    detail: str | None = None,
    extra: Mapping[str, Any] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """Render a problem+json response; `extra` members are added at the top level.

    Texts are said in the request's language (`app.platform.i18n`): the user's choice, else
    `Accept-Language`; `Content-Language` says which.
    """
    language = request_language(request) if request is not None else DEFAULT_LANGUAGE
    title = title or HTTP_TITLES.get(status) or _sentence(HTTPStatus(status).phrase)
    body: dict[str, Any] = {
        "type": problem_type(code),
        "title": say(title, language),
        "status": status,
        "detail": say(detail or title, language),
        "code": code,
    }
    if request is not None:
        body["instance"] = request.url.path
    if (where := rule_help(code, language)) is not None:
        body["help"] = where
    for key, value in (extra or {}).items():
        body.setdefault(key, say_all(value, language))
    headers = {"Content-Language": language, "Vary": "Accept-Language", **(headers or {})}
    return JSONResponse(body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=headers)


async def app_error_handler(request: Request, exc: Exception) -> JSONResponse:
    """Render an `AppError` raised by an endpoint, a dependency or a service."""
    assert isinstance(exc, AppError)  # noqa: S101  (registered for AppError only)
    return problem_response(
        request,
        status=exc.status,
        code=exc.code,
        title=exc.title,
        detail=exc.detail,
        extra=exc.extra,
        headers=exc.headers,
    )


def _sentence(phrase: str) -> str:
    """ "Method Not Allowed" → "Method not allowed": one casing for every title."""
    return phrase[:1] + phrase[1:].lower()


def _field_name(loc: Sequence[str | int]) -> str:
    # "body.username" reads better than "['body', 'username']" in a human-facing detail.
    return ".".join(str(part) for part in loc)


async def validation_error_handler(request: Request, exc: Exception) -> JSONResponse:
    """422 with the offending fields; input values are dropped so secrets never echo back.

    Malformed JSON says where (line and column) and what; a body sent without a JSON
    `Content-Type` (so not read as JSON) says so.
    """
    assert isinstance(exc, RequestValidationError)  # noqa: S101
    errors = [
        {"loc": list(err.get("loc", ())), "msg": validation_message(err), "type": err["type"]}
        for err in exc.errors()
    ]
    fields = ", ".join(dict.fromkeys(_field_name(e["loc"]) for e in errors))
    detail = _("Invalid request: {fields}.", fields=fields) if fields else _("Invalid request.")
    malformed = next((e for e in exc.errors() if e["type"] == "json_invalid"), None)
    if malformed is not None:
        detail = _malformed_json(malformed, exc.body)
        errors = [
            {"loc": ["body"], "msg": detail, "type": "json_invalid"}
            if e["type"] == "json_invalid"
            else e
            for e in errors
        ]
    elif _takes_form(request) and _json_media_type(request):
        detail = _(
            "{invalid} This operation takes form data (`application/x-www-form-urlencoded`).",
            invalid=detail,
        )
    elif _body_not_json(request, errors):
        detail = _(
            "{invalid} The body was not read as JSON: send it with "
            "`Content-Type: application/json`.",
            invalid=detail,
        )
    return problem_response(
        request,
        status=422,
        code="validation_error",
        title=_("Validation error"),
        detail=detail,
        extra={"errors": errors},
    )


def _malformed_json(error: Mapping[str, Any], document: Any) -> Text:
    """ "Malformed JSON at line 1, column 12: Expecting ',' delimiter." (no input echoed)."""
    reason = str((error.get("ctx") or {}).get("error", "not JSON"))
    loc = error.get("loc", ())
    pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    if pos is None or not isinstance(document, str):
        return _("Malformed JSON body: {reason}.", reason=reason)
    located = json.JSONDecodeError(reason, document, pos)  # computes line and column
    return _(
        "Malformed JSON body at line {line}, column {column}: {reason}.",
        line=located.lineno,
        column=located.colno,
        reason=reason,
    )


def _media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def _json_media_type(request: Request) -> bool:
    media_type = _media_type(request)
    return media_type == "application/json" or media_type.endswith("+json")


def _takes_form(request: Request) -> bool:
    """True for an operation whose body is a form (`POST /v1/auth/token`)."""
    body_field = getattr(request.scope.get("route"), "body_field", None)
    return body_field is not None and isinstance(body_field.field_info, params.Form)


def _body_not_json(request: Request, errors: list[dict[str, Any]]) -> bool:
    """True when a body came without a JSON media type and the whole body was refused."""
    if _json_media_type(request) or _takes_form(request):
        return False
    if _media_type(request).startswith("multipart/"):
        return False
    return any(e["loc"] == ["body"] for e in errors)


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "content_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


_HTTP_DETAILS = {
    404: _("Nothing here: check the path (every route is listed in the OpenAPI contract)."),
}

# The titles of problems that name only their status (`_sentence` of its HTTP phrase), so
# that they can be said in French; a status not listed keeps its English phrase.
HTTP_TITLES: dict[int, Text] = {
    400: _("Bad request"),
    401: _("Unauthorized"),
    403: _("Forbidden"),
    404: _("Not found"),
    405: _("Method not allowed"),
    406: _("Not acceptable"),
    409: _("Conflict"),
    413: _("Request entity too large"),
    415: _("Unsupported media type"),
    422: _("Unprocessable entity"),
    429: _("Too many requests"),
    500: _("Internal server error"),
    503: _("Service unavailable"),
}

# Methods probed to build the `Allow` header of a 405, in the order `Allow` lists them.
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
# `app.state` attribute (set by the app factory, from `app.shell.routing.literal_path_methods`):
# each path with no `{parameter}`, with the methods its routes take. Named here, below
# app.shell.routing, so that the handlers read it without importing the middleware that uses them.
LITERAL_PATHS = "literal_path_methods"


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at this request's path (for `Allow`); for a
    path that routes spell out in full, theirs alone (app/shell/routing.py)."""
    literal = getattr(request.app.state, LITERAL_PATHS, {}).get(request.url.path)
    if literal is not None:
        return [method for method in METHODS if method in literal]
    scope = {key: value for key, value in request.scope.items() if key != "fastapi"}
    allowed = []
    for method in METHODS:
        probe = {**scope, "method": method}
        if any(route.matches(probe)[0] is Match.FULL for route in request.app.router.routes):
            allowed.append(method)
    return allowed


async def http_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    """Starlette/FastAPI `HTTPException`s: unknown routes, wrong methods, framework errors."""
    assert isinstance(exc, StarletteHTTPException)  # noqa: S101
    status = exc.status_code
    code = _HTTP_CODES.get(status, "internal_error" if status >= 500 else "http_error")
    headers = dict(exc.headers or {})
    # Framework details are generic text ("Not Found"); anything else may be internal.
    detail = exc.detail if isinstance(exc.detail, str) and status < 500 else None
    if detail == HTTPStatus(status).phrase:
        detail = _HTTP_DETAILS.get(status)
    if status == 405:
        # Starlette names only the first route of the path; a path has several.
        allow = allowed_methods(request) or [
            m.strip() for m in headers.get("Allow", "").split(",") if m.strip()
        ]
        headers["Allow"] = ", ".join(allow)
        detail = _(
            "{method} is not allowed at this path; it takes {allow}.",
            method=request.method,
            allow=headers["Allow"],
        )
    return problem_response(request, status=status, code=code, detail=detail, headers=headers)


async def unhandled_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    """Last resort: log the exception, answer 500 without any internals.

    Also reached by errors raised outside the routes (middleware, exception groups): a lost
    database is a 503 there too.
    """
    if is_database_outage(exc):
        return await unreachable_handler(request, exc)
    logger.error("unhandled exception", exc_info=exc)
    return internal_error_response(request)


def internal_error_response(request: Request | None) -> JSONResponse:
    """The one 500 body the API ever sends."""
    return problem_response(
        request,
        status=500,
        code="internal_error",
        title=_("Internal server error"),
        detail=_("An unexpected error occurred. It has been logged."),
    )


async def database_error_handler(request: Request, exc: Exception) -> JSONResponse:
    """Database errors as problems; the request's transaction is rolled back in every case.

    A value PostgreSQL refuses as data (SQLSTATE class 22: a NUL character in a text, a number
    out of range) is bad input: 422. A lost connection is a passing outage: 503 with
    `Retry-After`, so clients retry (an `Idempotency-Key` makes that safe). Anything else: 500.
    """
    assert isinstance(exc, DBAPIError)  # noqa: S101  (registered for DBAPIError only)
    sqlstate = str(getattr(exc.orig, "sqlstate", "") or "")
    if sqlstate.startswith("22"):
        return problem_response(
            request,
            status=422,
            code="invalid_value",
            title=_("Invalid value"),
            detail=_(
                "A value of the request cannot be stored (a NUL character, or a number out "
                "of range)."
            ),
        )
    if is_database_outage(exc):
        return await unreachable_handler(request, exc)
    return await unhandled_exception_handler(request, exc)


async def outage_or_internal_handler(request: Request, exc: Exception) -> JSONResponse:
    """OS, driver and pool errors: 503 if they mean the database is gone, else a 500."""
    if is_database_outage(exc):
        return await unreachable_handler(request, exc)
    return await unhandled_exception_handler(request, exc)


async def unreachable_handler(request: Request, exc: Exception) -> JSONResponse:
    """The database could not be reached (or the connection dropped): 503, retry later.

    Logged as one line without a traceback: during an outage every request fails this way.
    """
    logger.warning("database unreachable: %s", describe_outage(exc))
    return problem_response(
        request,
        status=503,
        code="service_unavailable",
        title=_("Service unavailable"),
        detail=_("The database is unreachable; nothing was changed. Try again shortly."),
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def install_error_handlers(app: FastAPI) -> None:
    """Register every problem+json handler on `app`."""
    app.add_exception_handler(AppError, app_error_handler)
    app.add_exception_handler(DBAPIError, database_error_handler)
    # A lost database may also surface as an OS error (the socket), a pool timeout or a bare
    # driver error: 503 when `is_database_outage` says so, 500 otherwise.
    for kind in OUTAGE_CANDIDATES:
        app.add_exception_handler(kind, outage_or_internal_handler)
    app.add_exception_handler(RequestValidationError, validation_error_handler)
    app.add_exception_handler(StarletteHTTPException, http_exception_handler)
    app.add_exception_handler(Exception, unhandled_exception_handler)
