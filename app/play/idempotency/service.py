"""Claim, complete and replay idempotency keys. Services flush, never commit.

The key row is inserted first, in the request's own transaction, under a unique constraint on
(user, key): a concurrent duplicate blocks on that index until the first request's transaction
ends, then finds the committed row and replays it (or, if the first rolled back, claims the key
itself). The stored response is written by the same transaction as the work, so a request that
fails stores no key and its retry does the work again.
"""

import hashlib
import uuid
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response, StreamingResponse

from app.platform.db.base import utcnow
from app.platform.errors import Conflict, RuleViolation
from app.platform.i18n import _
from app.platform.metrics import IDEMPOTENT_REPLAYS
from app.store.models.idempotency import IdempotencyKey

REPLAYED_HEADER = "Idempotent-Replayed"
# Not replayed: recomputed by Starlette, or minted per request by the middleware.
_VOLATILE_HEADERS = frozenset({"content-length", "x-request-id"})
# Expired keys of a user removed per claim; SKIP LOCKED keeps this from ever waiting.
_PURGE_BATCH = 50


def fingerprint(method: str, path: str, query: str, body: bytes) -> str:
    """SHA-256 of what makes two requests "the same": method, path, query string and body."""
    digest = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), query.encode()):
        digest.update(part)
        digest.update(b"\n")
    digest.update(body)
    return digest.hexdigest()


@dataclass(frozen=True)
class Claim:
    """A key this request now owns; `complete` stores its response."""

    id: uuid.UUID


async def claim(
    session: AsyncSession, user_id: uuid.UUID, key: str, digest: str, ttl: timedelta
) -> Claim | Response:
    """Take the key for this request, or return the stored response to replay.

    Raises 422 `idempotency_key_reused` when the key was used for another request, and 409
    `idempotency_key_in_use` in the rare case the key's first request left no response.
    """
    now = utcnow()
    new_id = uuid.uuid4()
    values = {
        "id": new_id,
        "user_id": user_id,
        "key": key,
        "fingerprint": digest,
        "created_at": now,
        "expires_at": now + ttl,
    }
    statement = insert(IdempotencyKey).values(values)
    # An expired key is forgotten: the new request takes the row over as if it were new.
    upsert = statement.on_conflict_do_update(
        index_elements=[IdempotencyKey.user_id, IdempotencyKey.key],
        set_={
            **{name: statement.excluded[name] for name in values if name not in ("user_id", "key")},
            "status": None,
            "headers": None,
            "body": None,
        },
        where=IdempotencyKey.expires_at <= now,
    ).returning(IdempotencyKey.id)
    claimed = await session.scalar(upsert)
    if claimed is not None:
        await _purge_expired(session, user_id)
        return Claim(claimed)

    existing = await session.scalar(
        select(IdempotencyKey)
        .where(IdempotencyKey.user_id == user_id, IdempotencyKey.key == key)
        .execution_options(populate_existing=True)
    )
    if existing is None or existing.status is None or existing.body is None:
        raise Conflict(
            _("A request with this Idempotency-Key is still being processed; retry later."),
            code="idempotency_key_in_use",
        )
    if existing.fingerprint != digest:
        raise RuleViolation(
            "idempotency_key_reused",
            _(
                "This Idempotency-Key was already used for a different request "
                "(method, path or body); use a new key for a new request."
            ),
        )
    return stored_response(existing.status, existing.headers or [], existing.body)


async def complete(session: AsyncSession, claimed: Claim, response: Response | None) -> None:
    """Store the response of the claimed request, to replay it to retries."""
    if response is None or isinstance(response, StreamingResponse):
        # Nothing replayable was produced: forget the key so a retry does the work again.
        await session.execute(delete(IdempotencyKey).where(IdempotencyKey.id == claimed.id))
        return
    headers = [
        [name.decode("latin-1"), value.decode("latin-1")]
        for name, value in response.raw_headers
        if name.decode("latin-1").lower() not in _VOLATILE_HEADERS
    ]
    await session.execute(
        update(IdempotencyKey)
        .where(IdempotencyKey.id == claimed.id)
        .values(status=response.status_code, headers=headers, body=bytes(response.body))
    )


def stored_response(status: int, headers: list[list[str]], body: bytes) -> Response:
    """Rebuild a stored response, marked with `Idempotent-Replayed: true`."""
    response = Response(content=body, status_code=status)
    response.raw_headers.extend(
        (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers
    )
    response.headers[REPLAYED_HEADER] = "true"
    IDEMPOTENT_REPLAYS.inc()
    return response


async def _purge_expired(session: AsyncSession, user_id: uuid.UUID) -> None:
    # Two statements, not `DELETE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, which
    # Citus refuses whatever the table (docs/scaling.md).
    expired = list(
        await session.scalars(
            select(IdempotencyKey.id)
            .where(IdempotencyKey.user_id == user_id, IdempotencyKey.expires_at <= utcnow())
            .order_by(IdempotencyKey.id)
            .limit(_PURGE_BATCH)
            .with_for_update(skip_locked=True)
        )
    )
    if expired:
        await session.execute(delete(IdempotencyKey).where(IdempotencyKey.id.in_(expired)))
