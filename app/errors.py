"""Error model: `AppError` subclasses rendered as RFC 9457 `application/problem+json`.

Every error response of the API, expected or not, goes through `problem_response`, so clients
can always rely on `type`, `title`, `status`, `detail` and a stable machine-readable `code`.
"""

import json
import logging
import re
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

import asyncpg
from fastapi import FastAPI, Request, params
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from app.db.outage import describe as describe_outage
from app.db.outage import is_database_outage

logger = logging.getLogger(__name__)

PROBLEM_MEDIA_TYPE = "application/problem+json"

# Exception kinds that may mean a lost database (decided by `is_database_outage`).
OUTAGE_CANDIDATES: tuple[type[Exception], ...] = (
    OSError,
    PoolTimeoutError,
    DisconnectionError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)


# Every snake_case `code` the API answers, with its meaning (the README's list is rendered from
# this by `scripts/rulebook`; tests/test_rulebook.py checks that the codes raised in app/ and
# this registry are the same set). The other codes are rule ids (`R-BUILD-5`).
ERROR_CODES: dict[str, str] = {
    "already_joined": "409: you already play in this campaign",
    "bad_request": "400: the request cannot be read (e.g. an undecodable body)",
    "conflict": "409: the resource's state forbids this (e.g. already decided)",
    "content_too_large": "413: the body exceeds `MARCHLORDS_MAX_BODY_BYTES`",
    "email_disabled": "409: this server sends no email (`MARCHLORDS_SMTP_HOST` is not set)",
    "forbidden": "403: you are known but may not do this",
    "http_error": "another 4xx status from the HTTP layer",
    "idempotency_key_in_use": "409: a request with this `Idempotency-Key` is still running",
    "idempotency_key_reused": "422: this `Idempotency-Key` was used for another request",
    "imports_busy": "503: the server runs as many imports as it takes at once; retry after "
    "`Retry-After`",
    "internal_error": "500: an unexpected error, logged with the request id",
    "invalid_reset_token": "400: a password-reset link that is unknown, used or expired",
    "invalid_value": "422: a value cannot be stored (a NUL character, a number out of range)",
    "join_request_pending": "409: you already asked to join this campaign (withdraw it first)",
    "method_not_allowed": "405: the path does not take this method (see `Allow`)",
    "not_acceptable": "406: no acceptable representation",
    "not_found": "404: no such resource, or one you may not know of",
    "player_required": "422: the owner must say which player's summary (`?player=N`)",
    "roster_unreadable": "422: an army list that cannot be read (`where`: the line or field)",
    "seat_not_open": "409: the seat asked for is not open to newcomers (R-CAMP-12)",
    "service_unavailable": "503: the database is unreachable; retry after `Retry-After`",
    "too_many_requests": "429: a rate limit; retry after `Retry-After`",
    "unauthorized": "401: missing, unknown, expired or revoked credentials",
    "unknown_last_event_id": "422: `Last-Event-ID` names no event you may see",
    "unsupported_media_type": "415: the body's media type is not accepted",
    "username_taken": "409: another account has this username",
    "validation_error": "422: invalid request fields (listed in `errors`), or malformed JSON",
    "webhook_url_refused": "422: a webhook URL that is not https on a public address",
    "wrong_password": "403: the current password is wrong",
}

# The players' rulebook, one anchor per rule id: problems whose `code` is a rule id link there.
RULEBOOK = "docs/rules.md"
RULE_ID = re.compile(r"R-[A-Z]+(?:-[0-9]+)?")  # a rule (R-MOVE-1) or a family (R-FAC)


def rule_help(code: str) -> str | None:
    """Where the rule behind `code` is explained (`docs/rules.md#R-MOVE-1`), if it is a rule id."""
    return f"{RULEBOOK}#{code}" if RULE_ID.fullmatch(code) else None


def problem_type(code: str) -> str:
    """Stable URI identifying a problem type (a URN: nothing to resolve, nothing to host)."""
    return f"urn:marchlords:problem:{code}"


class AppError(Exception):
    """Base of every error the API raises on purpose."""

    status: int = 400
    code: str = "bad_request"
    title: str = "Bad request"

    def __init__(
        self,
        detail: str | None = None,
        *,
        status: int | None = None,
        code: str | None = None,
        title: str | None = None,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code
        if title is not None:
            self.title = title
        self.detail = detail or self.title
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})
        super().__init__(self.detail)


class NotFound(AppError):
    """The resource does not exist, or the caller may not know that it does."""

    status = 404
    code = "not_found"
    title = "Not found"


class Forbidden(AppError):
    """The caller is known but may not do this."""

    status = 403
    code = "forbidden"
    title = "Forbidden"


class Conflict(AppError):
    """The request clashes with the current state (duplicate, stale version, ...)."""

    status = 409
    code = "conflict"
    title = "Conflict"


class Unauthorized(AppError):
    """Missing, unknown, expired or revoked credentials."""

    status = 401
    code = "unauthorized"
    title = "Unauthorized"

    def __init__(self, detail: str | None = None, **kwargs: Any) -> None:
        headers = {"WWW-Authenticate": "Bearer", **kwargs.pop("headers", {})}
        super().__init__(detail, headers=headers, **kwargs)


# Seconds a client should wait before retrying a 503 (the database is usually back quickly:
# a restart, a failover, a burst that took every connection).
RETRY_AFTER_SECONDS = 1


class ServiceUnavailable(AppError):
    """A dependency (the database) is down; retrying later may succeed (`Retry-After`)."""

    status = 503
    code = "service_unavailable"
    title = "Service unavailable"

    def __init__(self, detail: str | None = None, **kwargs: Any) -> None:
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS), **kwargs.pop("headers", {})}
        super().__init__(detail, headers=headers, **kwargs)


class RuleViolation(AppError):
    """A game rule refuses the order; `code` is its rule id (`docs/rules.md`), e.g. `R-BUILD-5`.

    422 when the order is refused by a rule given the current state (the default); 409 when
    the resource itself is in a state that excludes the request (already decided, no longer
    pending, the campaign not in the right phase): see the README, "Error format".
    """

    status = 422
    title = "Rule violation"

    def __init__(
        self,
        rule_id: str,
        detail: str,
        *,
        status: int = 422,
        violations: Sequence[Mapping[str, Any]] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        merged = dict(extra or {})
        if violations is not None:
            merged["violations"] = [dict(v) for v in violations]
        super().__init__(detail, status=status, code=rule_id, extra=merged)


class RuleViolationItem(BaseModel):
    """One thing the rule refused: a rule the order broke (`rule`), or a place in a submitted
    document (a map, a ruleset variant, a campaign import) that breaks it (`path`)."""

    rule: str | None = Field(
        default=None,
        description="The rule the order broke (`docs/rules.md#…`); refused orders.",
        examples=["R-BUILD-5"],
        pattern=f"^{RULE_ID.pattern}$",
    )
    path: str | None = Field(
        default=None,
        description="Where in the submitted document (`movement.sight`, `tiles[3].terrain`); "
        "refused documents.",
        examples=["movement.sight"],
    )
    message: str = Field(description="What is wrong, for players.")


class Problem(BaseModel):
    """RFC 9457 problem details, as returned by every error response."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(examples=["urn:marchlords:problem:not_found"])
    title: str = Field(examples=["Not found"])
    status: int = Field(examples=[404])
    detail: str = Field(examples=["Token not found."])
    code: str = Field(
        description="Stable machine-readable code: a registered snake_case error code or a "
        "rule id (`ProblemCode`).",
        examples=["not_found", "R-BUILD-5"],
    )
    instance: str | None = Field(default=None, description="Path of the failed request.")
    help: str | None = Field(
        default=None,
        description="For a rule id `code`: where the players' rulebook explains the rule "
        "(`docs/rules.md#R-…`, relative to the project's repository).",
        examples=["docs/rules.md#R-BUILD-5"],
    )
    violations: list[RuleViolationItem] | None = Field(
        default=None,
        description="For a rule id `code`: everything the rule refused, each with the `rule` "
        "broken (an order) or the `path` of the fault (a document); may be absent.",
    )


class ValidationErrorItem(BaseModel):
    """One invalid input; the offending value itself is never echoed back."""

    loc: list[str | int]
    msg: str
    type: str


class ValidationProblem(Problem):
    """422 problem for malformed requests, listing every invalid field."""

    errors: list[ValidationErrorItem]


# The code of every `ValidationProblem`, and of no other problem: what tells the two apart.
VALIDATION_ERROR = "validation_error"


def problem_codes() -> list[str]:
    """Every `code` a `Problem` may carry (`ProblemCode`): the registered codes but
    `validation_error` (a `ValidationProblem`'s), then the rulebook's rule ids."""
    from app.rule_ids import RULE_IDS  # a long constant, loaded for the contract only

    return [code for code in sorted(ERROR_CODES) if code != VALIDATION_ERROR] + list(RULE_IDS)


def _problem_content(schema: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


# The `Retry-After` header of every 503, as documented in the OpenAPI responses.
RETRY_AFTER_HEADER: dict[str, Any] = {
    "description": "Seconds to wait before retrying.",
    "schema": {"type": "integer"},
}

# Default error responses for routers: `APIRouter(responses=PROBLEM_RESPONSES)`.
# The schemas are registered in the OpenAPI components by `app.main.create_app`.
PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _problem_content("Problem", "Malformed request body (not decodable)"),
    401: _problem_content("Problem", "Missing, invalid, expired or revoked credentials"),
    403: _problem_content("Problem", "Not allowed"),
    404: _problem_content("Problem", "Not found"),
    409: _problem_content("Problem", "Conflict with the current state"),
    # Both kinds of 422: invalid input (ValidationProblem, with `errors`) and rule violations
    # (Problem with the rule id as `code`, often with `violations`), told apart by `code`.
    422: {
        "description": "Invalid request (`ValidationProblem`, `code` `validation_error`) or a "
        "refusal (`Problem`: a rule id or another registered code)",
        "content": {
            PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/UnprocessableProblem"}}
        },
    },
    503: {
        **_problem_content("Problem", "The database is unreachable; retry after `Retry-After`"),
        "headers": {"Retry-After": RETRY_AFTER_HEADER},
    },
}


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
    """Render a problem+json response; `extra` members are added at the top level."""
    title = title or _sentence(HTTPStatus(status).phrase)
    body: dict[str, Any] = {
        "type": problem_type(code),
        "title": title,
        "status": status,
        "detail": detail or title,
        "code": code,
    }
    if request is not None:
        body["instance"] = request.url.path
    if (where := rule_help(code)) is not None:
        body["help"] = where
    for key, value in (extra or {}).items():
        body.setdefault(key, value)
    return JSONResponse(
        body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=dict(headers or {})
    )


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
        {"loc": list(err.get("loc", ())), "msg": str(err.get("msg", "")), "type": err["type"]}
        for err in exc.errors()
    ]
    fields = ", ".join(dict.fromkeys(_field_name(e["loc"]) for e in errors))
    detail = f"Invalid request: {fields}." if fields else "Invalid request."
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
        detail += " This operation takes form data (`application/x-www-form-urlencoded`)."
    elif _body_not_json(request, errors):
        detail += " The body was not read as JSON: send it with `Content-Type: application/json`."
    return problem_response(
        request,
        status=422,
        code="validation_error",
        title="Validation error",
        detail=detail,
        extra={"errors": errors},
    )


def _malformed_json(error: Mapping[str, Any], document: Any) -> str:
    """ "Malformed JSON at line 1, column 12: Expecting ',' delimiter." (no input echoed)."""
    reason = str((error.get("ctx") or {}).get("error", "not JSON"))
    loc = error.get("loc", ())
    pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    if pos is None or not isinstance(document, str):
        return f"Malformed JSON body: {reason}."
    located = json.JSONDecodeError(reason, document, pos)  # computes line and column
    return f"Malformed JSON body at line {located.lineno}, column {located.colno}: {reason}."


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
    404: "Nothing here: check the path (every route is listed in the OpenAPI contract).",
}

# Methods probed to build the `Allow` header of a 405.
_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at this request's path (for `Allow`); for a
    path that routes spell out in full, theirs alone (app/routing.py)."""
    from app.routing import LITERAL_PATHS, allowed_at  # app.routing imports this module

    literal = allowed_at(getattr(request.app.state, LITERAL_PATHS, {}), request.url.path)
    if literal is not None:
        return literal
    scope = {key: value for key, value in request.scope.items() if key != "fastapi"}
    allowed = []
    for method in _METHODS:
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
        detail = f"{request.method} is not allowed at this path; it takes {headers['Allow']}."
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
        title="Internal server error",
        detail="An unexpected error occurred. It has been logged.",
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
            title="Invalid value",
            detail="A value of the request cannot be stored (a NUL character, or a number out "
            "of range).",
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
        title="Service unavailable",
        detail="The database is unreachable; nothing was changed. Try again shortly.",
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


def problem_schemas() -> dict[str, Any]:
    """JSON schemas of the problem models, for the OpenAPI components section.

    `code` is an enum (`ProblemCode`): the registered codes and rule ids, `validation_error`
    for a `ValidationProblem` alone, so the 422 answer (`UnprocessableProblem`) is a union of
    the two discriminated on `code`.
    """
    schemas: dict[str, Any] = {}
    for model in (Problem, ValidationErrorItem, ValidationProblem):
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
    codes = problem_codes()
    schemas["ProblemCode"] = {
        "type": "string",
        "title": "ProblemCode",
        "description": "The `code` of a `Problem`: a registered snake_case code (README, Error "
        "format) or a rule id of the players' rulebook (`docs/rules.md#<id>`).",
        "enum": codes,
    }
    described = schemas["Problem"]["properties"]["code"]
    schemas["Problem"]["properties"]["code"] = {
        "$ref": "#/components/schemas/ProblemCode",
        "description": described["description"],
        "examples": described["examples"],
    }
    schemas["ValidationProblem"]["properties"]["code"] = {
        "type": "string",
        "const": VALIDATION_ERROR,
        "description": "Always `validation_error`.",
    }
    schemas["UnprocessableProblem"] = {
        "title": "UnprocessableProblem",
        "description": "A 422: invalid input (`ValidationProblem`, `code` `validation_error`) "
        "or a refusal by a rule or a check (`Problem`).",
        "oneOf": [
            {"$ref": "#/components/schemas/ValidationProblem"},
            {"$ref": "#/components/schemas/Problem"},
        ],
        "discriminator": {
            "propertyName": "code",
            "mapping": {
                VALIDATION_ERROR: "#/components/schemas/ValidationProblem",
                **dict.fromkeys(codes, "#/components/schemas/Problem"),
            },
        },
    }
    return schemas
