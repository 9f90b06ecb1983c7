"""Wire the limits into the app: the body-size middleware and the per-route guards.

`guard_routes` runs on every v1 router before it is included (app.main), so routes added by
any domain package get the guards without opting in:

- every authenticated write (POST/PUT/PATCH/DELETE) is rate limited per user;
- every write under `/campaigns` accepts `Idempotency-Key` (app.idempotency);
- `POST /auth/token` is limited in failed attempts per username and client IP.
"""

from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, APIRouter

from app.auth.dependencies import CurrentUser, get_current_user
from app.config import Settings
from app.errors import AppError, Unauthorized
from app.idempotency.dependencies import make_idempotent
from app.limits.body import BodySizeLimitMiddleware
from app.limits.buckets import TokenBuckets

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOGIN_PATH = "/auth/token"
# Paths (under /v1) whose bodies may exceed the default limit: map documents.
UPLOAD_PATHS = ("/v1/maps",)


class TooManyRequests(AppError):
    """429 with `Retry-After`: the caller has to slow down."""

    status = 429
    code = "too_many_requests"
    title = "Too many requests"

    def __init__(self, detail: str, retry_after: int) -> None:
        super().__init__(detail, headers={"Retry-After": str(retry_after)})


class Limiters:
    """The app's token buckets (one set per app, in `app.state.limiters`)."""

    def __init__(self, settings: Settings) -> None:
        self.writes = TokenBuckets(settings.write_burst, settings.write_rate_per_minute)
        self.logins = TokenBuckets(
            settings.login_failures_per_minute, settings.login_failures_per_minute
        )


def _limiters(request: Request) -> Limiters:
    limiters: Limiters = request.app.state.limiters
    return limiters


async def limit_writes(request: Request, user: CurrentUser) -> None:
    """Spend one of the caller's write tokens, or refuse with 429."""
    wait = _limiters(request).writes.take(user.id)
    if wait:
        raise TooManyRequests(f"Too many writes; retry in {wait} s.", wait)


async def limit_failed_logins(request: Request) -> AsyncIterator[None]:
    """Refuse logins for a username and client IP with too many recent failures."""
    form = await request.form()  # already parsed (and cached) for the endpoint
    username = form.get("username")
    client = request.client.host if request.client else ""
    key = (username.lower() if isinstance(username, str) else "", client)
    buckets = _limiters(request).logins
    wait = buckets.retry_after(key)
    if wait:
        raise TooManyRequests(f"Too many failed logins; retry in {wait} s.", wait)
    try:
        yield
    except Unauthorized:
        buckets.spend(key)
        raise


_PROBLEM = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
_RETRY_AFTER = {"description": "Seconds to wait.", "schema": {"type": "integer"}}
TOO_LARGE_RESPONSE: dict[str, Any] = {"description": "Request body too large", "content": _PROBLEM}
TOO_MANY_RESPONSE: dict[str, Any] = {
    "description": "Too many requests; retry after `Retry-After` seconds",
    "content": _PROBLEM,
    "headers": {"Retry-After": _RETRY_AFTER},
}


def _uses(dependant: Dependant, call: Callable[..., Any]) -> bool:
    return dependant.call is call or any(_uses(d, call) for d in dependant.dependencies)


_GUARDED = "_marchlords_guarded"


def guard_routes(router: APIRouter) -> None:
    """Add the rate limits and `Idempotency-Key` to the routes of `router` (idempotent)."""
    for route in router.routes:
        if isinstance(route, APIRoute) and not getattr(route, _GUARDED, False):
            _guard(route)
            setattr(route, _GUARDED, True)
        nested = getattr(route, "original_router", None)
        if isinstance(nested, APIRouter):
            guard_routes(nested)


def _guard(route: APIRoute) -> None:
    if not (route.methods or set()) & WRITE_METHODS:
        return
    extra: dict[int | str, dict[str, Any]] = {413: TOO_LARGE_RESPONSE}
    if route.path == "/campaigns" or route.path.startswith("/campaigns/"):
        make_idempotent(route)
    if _uses(route.dependant, get_current_user):
        route.dependencies = [Depends(limit_writes), *route.dependencies]
        extra[429] = TOO_MANY_RESPONSE
    elif route.path == LOGIN_PATH:
        route.dependencies = [
            Depends(limit_failed_logins, scope="function"),
            *route.dependencies,
        ]
        extra[429] = TOO_MANY_RESPONSE
    route.responses = {**route.responses, **extra}


def install_limits(app: FastAPI, settings: Settings) -> None:
    """Body-size middleware and the app's rate-limit buckets."""
    app.state.limiters = Limiters(settings)
    app.add_middleware(
        BodySizeLimitMiddleware,
        default=settings.max_body_bytes,
        overrides={("POST", path): settings.max_upload_body_bytes for path in UPLOAD_PATHS},
    )
