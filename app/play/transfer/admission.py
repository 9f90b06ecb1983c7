"""How many campaign imports a server process runs at once (R-CAMP-9).

An import of an 8 MiB document holds well over a hundred megabytes while it is parsed,
validated and written, so what imports may hold is bounded before their bodies are read (an
ASGI middleware: FastAPI reads a body before any dependency runs):

- one import per user at a time: a second one while the first runs is 429
  `too_many_requests` with `Retry-After`;
- `MARCHLORDS_IMPORTS_AT_ONCE` imports in all (default 2): one more is 503 `imports_busy` with
  `Retry-After`;
- an import without a usable bearer token is 401 at once, its body never read.

Refused imports are answered at once (never queued), so a refused client holds nothing but
its connection. The bounds are per process: memory is. An admitted import runs with the garbage
collector paused once its whole body is in (app/platform/heap.py).
"""

import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.accounts.auth.service import usable_token
from app.accounts.auth.tokens import hash_token
from app.platform.db.base import utcnow
from app.platform.db.session import transaction
from app.platform.errors import problem_response
from app.platform.heap import collector_paused
from app.platform.i18n import _
from app.store.models import Token

IMPORT_PATH = "/v1/campaigns/import"
# Seconds a refused importer is asked to wait: an 8 MiB import takes a few seconds.
RETRY_AFTER_SECONDS = 5


@dataclass(frozen=True)
class Refusal:
    status: int
    code: str
    detail: str


@dataclass
class ImportAdmission:
    """The imports running in this process: how many, and whose."""

    at_once: int
    running: set[uuid.UUID] = field(default_factory=set)

    def refusal(self, user_id: uuid.UUID) -> Refusal | None:
        """Why `user_id` may not start an import now, if they may not."""
        if user_id in self.running:
            return Refusal(
                status=429,
                code="too_many_requests",
                detail=_(
                    "One import of yours is still running: one at a time per user; "
                    "retry in {seconds} s.",
                    seconds=RETRY_AFTER_SECONDS,
                ),
            )
        if len(self.running) >= self.at_once:
            return Refusal(
                status=503,
                code="imports_busy",
                detail=_(
                    "This server runs {at_once} imports at once "
                    "(MARCHLORDS_IMPORTS_AT_ONCE); retry in {seconds} s.",
                    at_once=self.at_once,
                    seconds=RETRY_AFTER_SECONDS,
                ),
            )
        return None


def _bearer(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            text: str = value.decode("latin-1")
            scheme, _, secret = text.partition(" ")
            if scheme.lower() == "bearer" and secret.strip():
                return secret.strip()
    return None


async def _caller(request: Request, secret: str) -> uuid.UUID | None:
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
    async with transaction(sessionmaker) as session:
        found: uuid.UUID | None = await session.scalar(
            select(Token.user_id).where(
                Token.token_hash == hash_token(secret), usable_token(utcnow())
            )
        )
        return found


class ImportAdmissionMiddleware:
    """Admit `POST /v1/campaigns/import` within `admission`'s bounds, before its body is read."""

    def __init__(self, app: ASGIApp, *, admission: ImportAdmission) -> None:
        self.app = app
        self.admission = admission

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or (scope["path"].rstrip("/") or "/") != IMPORT_PATH
        ):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        secret = _bearer(scope)
        user_id = None if secret is None else await _caller(request, secret)
        if user_id is None:
            detail = _("Not authenticated.") if secret is None else _("Invalid token.")
            response = problem_response(
                request,
                status=401,
                code="unauthorized",
                detail=detail,
                headers={"WWW-Authenticate": "Bearer"},
            )
            await response(scope, receive, send)
            return
        refused = self.admission.refusal(user_id)
        if refused is not None:
            response = problem_response(
                request,
                status=refused.status,
                code=refused.code,
                detail=refused.detail,
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
            await response(scope, receive, send)
            return
        # No await between the check and this: the check and the admission are one step.
        self.admission.running.add(user_id)
        # From its body's last part on, the import parses, validates and writes: millions of
        # objects alive until it ends, which collections would only walk again
        # (app/platform/heap.py). Not before: a client may take its time sending the body.
        paused, ended = ExitStack(), False

        async def received() -> Message:
            message = await receive()
            last = message["type"] == "http.request" and not message.get("more_body", False)
            if last and not ended:  # never after the import ended: nothing would resume it
                paused.enter_context(collector_paused())
            return message

        try:
            with paused:
                await self.app(scope, received, send)
        finally:
            ended = True
            self.admission.running.discard(user_id)
