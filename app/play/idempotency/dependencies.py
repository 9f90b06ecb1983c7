"""The `Idempotency-Key` dependency and the route wrapper that hands it the response.

A dependency (not a middleware) because the key must be stored in the request's own
transaction: its exit code runs after the endpoint and before `SessionDep` commits. FastAPI
gives dependencies no access to the response, so `IdempotentRouteMixin` wraps the route's
handler: it puts the finished response where the dependency's exit finds it, and turns a
replay (raised by the dependency before the endpoint runs) into the stored response.
"""

from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.routing import APIRoute
from starlette.responses import Response

from app.accounts.auth.dependencies import CurrentUser
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.play.idempotency import service

IDEMPOTENCY_HEADER = "Idempotency-Key"
_SLOT = "marchlords.idempotency"


class _Replay(Exception):
    """Raised by the dependency to answer with a stored response instead of the endpoint's."""

    def __init__(self, response: Response) -> None:
        super().__init__("idempotent replay")
        self.response = response


@dataclass
class _Slot:
    response: Response | None = None


async def idempotency_key(
    request: Request,
    session: SessionDep,
    user: CurrentUser,
    settings: SettingsDep,
    key: Annotated[
        str | None,
        Header(
            alias=IDEMPOTENCY_HEADER,
            min_length=1,
            max_length=255,
            description=(
                "Any unique string (a UUID is best). A retry with the same key and the same "
                "request returns the first response, with `Idempotent-Replayed: true`, without "
                "doing the work again; the same key with another request is refused (422 "
                "`idempotency_key_reused`). Keys are per user and remembered for 24 hours "
                "(by default)."
            ),
        ),
    ] = None,
) -> AsyncIterator[None]:
    """Claim the key before the endpoint runs; store the endpoint's response before commit."""
    if key is None:
        yield
        return
    digest = service.fingerprint(
        request.method, request.url.path, request.url.query, await request.body()
    )
    ttl = timedelta(hours=settings.idempotency_ttl_hours)
    outcome = await service.claim(session, user.id, key, digest, ttl)
    if isinstance(outcome, Response):
        raise _Replay(outcome)
    slot = _Slot()
    request.scope[_SLOT] = slot
    try:
        yield
    finally:
        request.scope.pop(_SLOT, None)
    # Reached only when the endpoint succeeded; on an exception the transaction (and the
    # claimed key with it) is rolled back, so a retry does the work again.
    await service.complete(session, outcome, slot.response)


IdempotencyDep = Depends(idempotency_key, scope="function")

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class IdempotentRouteMixin:
    """Mixed into an `APIRoute` class: wraps its handler for `idempotency_key`."""

    def get_route_handler(self) -> Handler:
        handler: Handler = super().get_route_handler()  # type: ignore[misc]

        async def idempotent_handler(request: Request) -> Response:
            try:
                response = await handler(request)
            except _Replay as replay:
                return replay.response
            slot = request.scope.get(_SLOT)
            if isinstance(slot, _Slot):
                slot.response = response
            return response

        return idempotent_handler


_route_classes: dict[type[APIRoute], type[APIRoute]] = {}


def make_idempotent(route: APIRoute) -> None:
    """Give `route` the `Idempotency-Key` header (once; routers outlive apps in tests)."""
    if isinstance(route, IdempotentRouteMixin):
        return
    cls = type(route)
    if cls not in _route_classes:
        _route_classes[cls] = type(f"Idempotent{cls.__name__}", (IdempotentRouteMixin, cls), {})
    # FastAPI builds the effective (included) routes and their handlers from the original
    # route lazily, at the first request or OpenAPI call, so this must run before either.
    route.__class__ = _route_classes[cls]
    route.dependencies = [IdempotencyDep, *route.dependencies]
