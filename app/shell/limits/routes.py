"""Wire the limits into the app: the body-size middleware, the client address behind trusted
proxies, and the per-route guards.

`guard_routes` runs on every v1 router before it is included (app.main), so routes added by
any domain package get the guards without opting in:

- every authenticated write (POST/PUT/PATCH/DELETE: a route that reads the bearer token,
  through any dependency) is rate limited per user;
- every write under `/campaigns` accepts `Idempotency-Key` (app.play.idempotency);
- `POST /auth/token` is limited in failed attempts per username and client address, per client
  address and per username; so is a wrong current password of `PUT /users/me/password`,
  `PUT /users/me/email` or `POST /tokens`;
- `POST /users` is limited in registrations per client address.

The buckets live in the database (app.shell.limits.store), so every server process counts against
the same limit. Each check runs in a short transaction of its own, before the request's session
takes its connection: a refused request writes nothing, and a request never holds one pooled
connection while waiting for a second.
"""

import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute, APIRouter
from sqlalchemy import String, bindparam, cast, literal, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.accounts.auth.client import client_address
from app.accounts.auth.dependencies import BearerSecret, oauth2_scheme
from app.accounts.auth.service import usable_token
from app.accounts.auth.tokens import hash_token
from app.accounts.users.service import WRONG_PASSWORD
from app.channels.discord import interactions as discord_interactions
from app.channels.notifications.mail import BadAddress, normalise_address
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.db.session import transaction
from app.platform.errors import AppError, Unauthorized
from app.platform.i18n import _
from app.platform.metrics import RATE_LIMITED
from app.play.idempotency.dependencies import make_idempotent
from app.shell.limits.body import BodySizeLimitMiddleware
from app.shell.limits.headers import RateLimitHeadersMiddleware, record_standing
from app.shell.limits.store import (
    Limit,
    Rate,
    give_back,
    purge_expired,
    take,
    take_for,
    taking_for,
)
from app.store.models import Token, User

logger = logging.getLogger(__name__)

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOGIN_PATH = "/auth/token"
REGISTER_PATH = "/users"
# An account created by signing in with a provider (app.accounts.oidc) is a registration too.
OIDC_REGISTER_PATH = "/auth/oidc/complete"
PASSWORD_PATH = "/users/me/password"  # noqa: S105  (a path, not a secret)
EMAIL_PATH = "/users/me/email"
# Paths (under /v1) whose bodies may exceed the default limit: map documents.
UPLOAD_PATHS = ("/v1/maps", "/v1/campaigns/import")
# Writes whose credential is a signature checked before anything else (no database touched for
# a bad one): Discord's interactions, all from Discord's few addresses, which an address limit
# would make every player share. Discord limits its users' commands itself.
SIGNED_PATHS = frozenset({discord_interactions.INTERACTIONS_PATH})
# The longest username kept in a bucket key: longer ones cannot exist (registration allows 32).
KEY_USERNAME_LENGTH = 64


class TooManyRequests(AppError):
    """429 with `Retry-After`: the caller has to slow down."""

    status = 429
    code = "too_many_requests"
    title = _("Too many requests")

    def __init__(self, detail: str, retry_after: int) -> None:
        super().__init__(detail, headers={"Retry-After": str(retry_after)})


class Limiter:
    """The app's rates (one per app, in `app.state.limiter`) and the store's housekeeping."""

    def __init__(self, settings: Settings, *, purge_every: float = 60.0) -> None:
        self.writes = Rate(settings.write_burst, settings.write_rate_per_minute)
        pair = settings.login_failures_per_minute
        per_address = settings.login_failures_per_address_per_minute
        per_username = settings.login_failures_per_username_per_minute
        self.login_pair = Rate(pair, pair)
        self.login_address = Rate(per_address, per_address)
        self.login_username = Rate(per_username, per_username)
        self.registrations = Rate(
            settings.registrations_per_hour, settings.registrations_per_hour / 60
        )
        per_day = settings.email_confirmations_per_day
        self.confirmations = Rate(per_day, per_day / (24 * 60))
        # Other writes without a bearer token (a password reset, an email's links): per client
        # address, at the rate of failed logins per address (a link's secret is not guessed).
        self.anonymous_writes = Rate(per_address, per_address)
        # Seconds between two purges of full buckets by this process.
        self.purge_every = purge_every
        self._last_purge: float | None = None
        # The engine's AUTOCOMMIT copy, made once: `execution_options` builds a new proxy
        # engine at each call (a measurable part of a write's fixed cost).
        self._autocommit: tuple[AsyncEngine, AsyncEngine] | None = None
        # Every write's take, built once: the caller found from their bearer token's hash.
        self.write_caller = select(Token.user_id).where(
            Token.token_hash == bindparam("token_hash"),
            usable_token(bindparam("now", type_=Token.expires_at.type)),
        )
        self.write_take = taking_for(
            literal("writes:") + cast(Token.user_id, String), self.write_caller, self.writes
        )

    def login_limits(self, address: str, username: str) -> list[Limit]:
        """The buckets a login attempt of `username` from `address` takes from."""
        name = username.lower()[:KEY_USERNAME_LENGTH]
        return [
            # The address's length keeps the pair unambiguous (a username may contain ":").
            Limit(f"login:{len(address)}:{address}:{name}", self.login_pair),
            Limit(f"login-address:{address}", self.login_address),
            Limit(f"login-user:{name}", self.login_username),
        ]

    @asynccontextmanager
    async def transaction(self, request: Request) -> AsyncIterator[AsyncSession]:
        """A short transaction of its own (committed unless the block raises)."""
        sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
        async with transaction(sessionmaker) as session:
            yield session
        if self._purge_due():
            await self._purge(sessionmaker)

    @asynccontextmanager
    async def autocommit(self, request: Request) -> AsyncIterator[AsyncSession]:
        """A session whose every statement commits at once (no BEGIN, no COMMIT round trip),
        for a check that is a single statement."""
        sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
        bind = sessionmaker.kw.get("bind")
        if isinstance(bind, AsyncEngine):
            if self._autocommit is None or self._autocommit[0] is not bind:
                self._autocommit = (bind, bind.execution_options(isolation_level="AUTOCOMMIT"))
            async with AsyncSession(self._autocommit[1]) as session:
                yield session
        else:  # bound to one connection (the tests' rolled-back transaction): join it
            async with transaction(sessionmaker) as session:
                yield session
        if self._purge_due():
            await self._purge(request.app.state.sessionmaker)

    async def _purge(self, sessionmaker: async_sessionmaker[AsyncSession]) -> None:
        # Housekeeping: a failure here must not fail the request whose check already passed.
        try:
            async with transaction(sessionmaker) as session:
                await purge_expired(session, utcnow())
        except (SQLAlchemyError, OSError):
            logger.warning("purging full rate-limit buckets failed", exc_info=True)

    def _purge_due(self) -> bool:
        now = time.monotonic()
        if self._last_purge is not None and now - self._last_purge < self.purge_every:
            return False
        self._last_purge = now
        return True


def _limiter(request: Request) -> Limiter:
    limiter: Limiter = request.app.state.limiter
    return limiter


async def _take_or_refuse(
    request: Request, session: AsyncSession, limits: Sequence[Limit], what: str, kind: str
) -> None:
    taken = await take(session, limits, utcnow())
    # The RateLimit-* headers (app.shell.limits.headers).
    record_standing(request, kind, taken.standing)
    if taken.wait:
        RATE_LIMITED.labels(kind).inc()
        raise TooManyRequests(
            _("Too many {what}; retry in {wait} s.", what=what, wait=taken.wait), taken.wait
        )


async def limit_writes(request: Request, secret: BearerSecret) -> None:
    """Spend one of the caller's write tokens, or refuse with 429.

    The caller is found from the bearer token here (not from `CurrentUser`, whose session would
    hold a connection meanwhile); a missing or unusable token is left to the 401 of the auth.
    """
    if not secret:
        return
    limiter = _limiter(request)
    caller = {"token_hash": hash_token(secret), "now": utcnow()}
    # One statement finds the caller and takes the token: every write pays one round trip.
    async with limiter.autocommit(request) as session:
        standing = await take_for(session, limiter.write_take, caller, limiter.writes)
        if standing is not None:
            record_standing(request, "writes", standing)
            return
        user_id = await session.scalar(limiter.write_caller, caller)
        if user_id is not None:  # the bucket is empty (a single take: nothing to roll back)
            await _take_or_refuse(
                request,
                session,
                [Limit(f"writes:{user_id}", limiter.writes)],
                _("writes"),
                "writes",
            )


@asynccontextmanager
async def _password_attempt(
    request: Request, username: str, *, failed: Callable[[BaseException], bool]
) -> AsyncIterator[None]:
    # Taken before the password is checked, so parallel attempts cannot all pass the check;
    # given back unless the attempt `failed`.
    limiter = _limiter(request)
    limits = limiter.login_limits(client_address(request), username)
    async with limiter.transaction(request) as session:
        await _take_or_refuse(request, session, limits, _("failed logins"), "login")
    try:
        yield
    except BaseException as exc:
        if not failed(exc):
            async with limiter.transaction(request) as session:
                record_standing(request, "login", await give_back(session, limits, utcnow()))
        raise
    async with limiter.transaction(request) as session:
        record_standing(request, "login", await give_back(session, limits, utcnow()))


async def limit_failed_logins(request: Request) -> AsyncIterator[None]:
    """Refuse logins once the username, the client address or both had too many failures."""
    form = await request.form()  # already parsed (and cached) for the endpoint
    username = form.get("username")
    name = username if isinstance(username, str) else ""
    async with _password_attempt(request, name, failed=lambda exc: isinstance(exc, Unauthorized)):
        yield


async def limit_password_checks(request: Request, secret: BearerSecret) -> AsyncIterator[None]:
    """Count a wrong current password (of a password, address or token change) as a failed
    login of that user."""
    username = None
    if secret:
        async with _limiter(request).transaction(request) as session:
            username = await session.scalar(
                select(User.username)
                .join(Token, Token.user_id == User.id)
                .where(Token.token_hash == hash_token(secret))
            )
    if username is None:  # the auth answers 401
        yield
        return

    def failed(exc: BaseException) -> bool:
        return isinstance(exc, AppError) and exc.code == WRONG_PASSWORD

    async with _password_attempt(request, username, failed=failed):
        yield


async def limit_registrations(request: Request) -> AsyncIterator[None]:
    """Refuse registrations from a client address past its hourly rate (422s do not count)."""
    limiter = _limiter(request)
    limits = [Limit(f"register:{client_address(request)}", limiter.registrations)]
    async with limiter.transaction(request) as session:
        await _take_or_refuse(request, session, limits, _("registrations"), "registrations")
    try:
        yield
    except RequestValidationError:
        async with limiter.transaction(request) as session:
            record_standing(request, "registrations", await give_back(session, limits, utcnow()))
        raise


async def _asked_address(request: Request) -> str | None:
    """The address a `PUT /users/me/email` asks for, normalised; None if it is none (the
    endpoint answers 422)."""
    try:
        body = await request.json()  # already read (and cached) for the endpoint
    except ValueError:
        return None
    address = body.get("address") if isinstance(body, dict) else None
    if not isinstance(address, str):
        return None
    try:
        return normalise_address(address).lower()
    except BadAddress:
        return None


async def limit_confirmations(request: Request, secret: BearerSecret) -> AsyncIterator[None]:
    """Count each confirmation email against its account and its address (mail bombing: a
    stranger's mailbox gets a few a day whoever asks); given back if none was sent."""
    address = await _asked_address(request)
    user_id = None
    if secret and address is not None:
        async with _limiter(request).autocommit(request) as session:
            user_id = await session.scalar(
                _limiter(request).write_caller, {"token_hash": hash_token(secret), "now": utcnow()}
            )
    if user_id is None or address is None:  # the auth answers 401, the schema 422
        yield
        return
    limiter = _limiter(request)
    limits = [
        Limit(f"confirm-user:{user_id}", limiter.confirmations),
        Limit(f"confirm-address:{address}", limiter.confirmations),
    ]
    async with limiter.transaction(request) as session:
        await _take_or_refuse(request, session, limits, _("confirmation emails"), "confirmations")
    try:
        yield
    except BaseException:
        async with limiter.transaction(request) as session:
            record_standing(request, "confirmations", await give_back(session, limits, utcnow()))
        raise


_PROBLEM = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
_RETRY_AFTER = {"description": "Seconds to wait.", "schema": {"type": "integer"}}
_INTEGER = {"type": "integer"}
RATE_LIMIT_RESPONSE_HEADERS: dict[str, Any] = {
    "RateLimit-Limit": {"description": "Requests the bucket allows at once.", "schema": _INTEGER},
    "RateLimit-Remaining": {"description": "Requests left right now.", "schema": _INTEGER},
    "RateLimit-Reset": {"description": "Seconds until the bucket is full.", "schema": _INTEGER},
}
TOO_LARGE_RESPONSE: dict[str, Any] = {"description": "Request body too large", "content": _PROBLEM}
TOO_MANY_RESPONSE: dict[str, Any] = {
    "description": "Too many requests; retry after `Retry-After` seconds",
    "content": _PROBLEM,
    "headers": {"Retry-After": _RETRY_AFTER, **RATE_LIMIT_RESPONSE_HEADERS},
}


async def limit_anonymous_writes(request: Request) -> None:
    """Refuse a client address's writes without a bearer token past its rate (every one counts)."""
    limiter = _limiter(request)
    limits = [Limit(f"anonymous:{client_address(request)}", limiter.anonymous_writes)]
    async with limiter.transaction(request) as session:
        await _take_or_refuse(request, session, limits, _("requests"), "anonymous")


def uses_dependency(dependant: Dependant, call: Callable[..., Any]) -> bool:
    return dependant.call is call or any(uses_dependency(d, call) for d in dependant.dependencies)


def is_authenticated(dependant: Dependant) -> bool:
    """The route reads the caller's bearer token (directly or through any dependency)."""
    return uses_dependency(dependant, oauth2_scheme)


def is_write_limited(dependant: Dependant) -> bool:
    """The route spends one of the caller's write tokens (`limit_writes`)."""
    return uses_dependency(dependant, limit_writes)


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


# The other writes that check the current password (issue 42: the address, `account` tokens):
# a wrong one counts as a failed login of the token's user, as for the password's change.
SUDO_PATHS = frozenset({"/users/me/email", "/tokens", "/users/me/identities/{provider}/start"})


# Reads that write: a sign-in with a provider stores a flow at its start and a ticket at its
# return (app.accounts.oidc), so both count as anonymous writes of the client address.
WRITING_READS = frozenset({"/auth/oidc/{provider}/start", "/auth/oidc/{provider}/callback"})


def _guard(route: APIRoute) -> None:
    if not (route.methods or set()) & WRITE_METHODS and route.path not in WRITING_READS:
        return
    extra: dict[int | str, dict[str, Any]] = {413: TOO_LARGE_RESPONSE}
    if route.path == "/campaigns" or route.path.startswith("/campaigns/"):
        make_idempotent(route)
    # Prepended: the limits run before the endpoint's own dependencies take a connection.
    guards: list[Any] = []
    # Authenticated: the route reads the bearer token, whichever way (`CurrentUser`, or
    # `MemberDep`, which reads it with the campaign in one round trip).
    if is_authenticated(route.dependant):
        guards.append(Depends(limit_writes))
    if route.path == EMAIL_PATH and "PUT" in (route.methods or set()):
        guards.append(Depends(limit_confirmations, scope="function"))
    if route.path == PASSWORD_PATH:
        guards.append(Depends(limit_password_checks, scope="function"))
    elif route.path == LOGIN_PATH:
        guards.append(Depends(limit_failed_logins, scope="function"))
    elif route.path in (REGISTER_PATH, OIDC_REGISTER_PATH):
        guards.append(Depends(limit_registrations, scope="function"))
    elif not guards and route.path not in SIGNED_PATHS:
        # No token to count by: the client address (password reset, email links).
        guards.append(Depends(limit_anonymous_writes))
    if route.path in SUDO_PATHS:
        guards.append(Depends(limit_password_checks, scope="function"))
    if guards:
        route.dependencies = [*guards, *route.dependencies]
        extra[429] = TOO_MANY_RESPONSE
    route.responses = {**route.responses, **extra}


def install_limits(app: FastAPI, settings: Settings) -> None:
    """Body-size middleware, the rate-limit headers, the app's limiter."""
    app.state.limiter = Limiter(settings)
    app.add_middleware(
        BodySizeLimitMiddleware,
        default=settings.max_body_bytes,
        overrides={
            **{("POST", path): settings.max_upload_body_bytes for path in UPLOAD_PATHS},
            ("POST", "/v1" + discord_interactions.INTERACTIONS_PATH): min(
                settings.max_body_bytes, discord_interactions.MAX_BODY_BYTES
            ),
        },
    )
    app.add_middleware(RateLimitHeadersMiddleware)


def install_proxy_headers(app: FastAPI, settings: Settings) -> None:
    """The client address and scheme behind trusted proxies (outermost: app.shell.web)."""
    if settings.trusted_proxies:
        # Only the configured proxies' X-Forwarded-For/-Proto are believed (the rightmost
        # address that is not one of them is the client); servers run with their own proxy
        # header handling off (app.serve, Dockerfile), so this is the one place it happens.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
