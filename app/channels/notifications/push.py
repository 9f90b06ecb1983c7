"""Web Push (issue 46): one more channel of the notification pipeline, to the browsers a user
subscribed (RFC 8030), payloads encrypted to each browser's keys (RFC 8291, `aes128gcm`) and
signed for the push service by this server's VAPID key (RFC 8292).

Writing: `enqueue_notifications` is called by `app.channels.notifications.outbox.deliver`, in
the transaction of the change, with exactly what the user's inbox gets (the same audience
rule, fog and anonymity), for the users who are not looking (no stream open), on the kinds
they left on for push (`Channel.PUSH`); at most one delivery about a subject per subscription
within the collapse window (`messages.collapse_key`, as webhooks and email have it).

Sending: the email and webhook loops' shape: each due delivery claimed alone (`FOR UPDATE
SKIP LOCKED`, leased), quiet hours waited out and vacation muting at its claim, built (the
payload said in the reader's language from the stored notification, encrypted, a fresh VAPID
token), sent outside any transaction to the address just checked by the webhooks' outbound
policy (`ssrf`: https on a public address, checked at subscription and again at every
attempt; one deadline for all of it, at most `webhook_max_concurrent_deliveries` at once), and
recorded alone: retried with backoff on network errors, 408, 429 and 5xx, given up after the
policy's attempts; a 404 or 410 (the browser dropped the subscription) deletes the
subscription, its deliveries with it.
"""

import asyncio
import base64
import json
import logging
import random
import time as clock_time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import httpx
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPusher
from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import ssrf
from app.channels.notifications.delivery import (
    PRUNE_EVERY,
    RETRYABLE_STATUSES,
    Outcome,
    RetryPolicy,
    backoff,
    due_ids,
    prune_finished,
)
from app.channels.notifications.email import COLLAPSE_WINDOW
from app.channels.notifications.messages import NotificationData, collapse_key
from app.channels.notifications.preferences import DEFAULT, Channel, Choice, Wishes
from app.channels.notifications.quiet import MUTED, personal_hold
from app.channels.notifications.speech import said_json, stored_json
from app.platform.config import Settings
from app.platform.db.outage import is_database_outage
from app.platform.errors import AppError, NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _
from app.platform.jobs import Job, run_job
from app.platform.metrics import delivery_failed
from app.store.models import User
from app.store.models.notification import DeliveryStatus, NotificationPreference
from app.store.models.push import PushDelivery, PushSubscription

logger = logging.getLogger(__name__)

MAX_SUBSCRIPTIONS = 10  # a user's browsers
PUSH_POLICY = RetryPolicy(max_attempts=8, lease=timedelta(minutes=2), batch=20)
# How long a push service keeps a message for a browser that is offline (the `TTL` header).
TIME_TO_LIVE = 24 * 3600
# A VAPID token's life: RFC 8292 allows at most 24 hours.
TOKEN_LIFE = timedelta(hours=12)
MAX_ERROR_LENGTH = 300
USER_AGENT = "Marchlords-Push/1"
GONE = frozenset({404, 410})  # the subscription no longer exists (RFC 8030 §7.3)


class PushOff(AppError):
    status = 409
    code = "push_disabled"
    title = _("Web Push is off")


class EndpointRefused(AppError):
    status = 422
    code = "push_endpoint_refused"
    title = _("Push endpoint refused")


class SubscriptionsFull(AppError):
    status = 409
    code = "push_subscriptions_full"
    title = _("Too many push subscriptions")


def enabled(settings: Settings) -> bool:
    """Whether push goes out: a VAPID key this server can read, and a subject."""
    return _key(settings) is not None


def log_configuration(settings: Settings) -> None:
    """Said once at start-up: whether Web Push goes out."""
    if enabled(settings):
        logger.info("web push on: VAPID subject %s", settings.vapid_subject)
    elif settings.vapid_private_key is not None and settings.vapid_subject is not None:
        logger.error("web push off: MARCHLORDS_VAPID_PRIVATE_KEY cannot be read as a P-256 key")
    else:
        logger.info(
            "web push off: MARCHLORDS_VAPID_PRIVATE_KEY or MARCHLORDS_VAPID_SUBJECT is not set"
        )


@lru_cache(maxsize=4)
def _vapid(private_key: str) -> Vapid02 | None:
    try:
        return Vapid02.from_string(private_key)
    except Exception:  # any spelling it cannot read: push is off (said at start-up)
        return None


def _key(settings: Settings) -> Vapid02 | None:
    if settings.vapid_private_key is None or settings.vapid_subject is None:
        return None
    return _vapid(settings.vapid_private_key.get_secret_value())


def public_key(settings: Settings) -> str | None:
    """The application server key browsers subscribe with: base64url (no padding) of the
    uncompressed P-256 point of the VAPID public key; None when push is off."""
    vapid = _key(settings)
    if vapid is None:
        return None
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64url(point)


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ERROR_LENGTH else text[: MAX_ERROR_LENGTH - 1] + "…"


# ------------------------------------------------------------------------------ subscriptions


async def subscribe(
    session: AsyncSession,
    user: User,
    endpoint: str,
    p256dh: str,
    auth: str,
    user_agent: str | None,
    settings: Settings,
) -> tuple[PushSubscription, bool]:
    """The user's subscription to `endpoint`, and whether it is new. The endpoint must be one
    the server may post to (checked here, before any lock, and again at every attempt)."""
    if not enabled(settings):
        raise PushOff(_("This server sends no Web Push (no VAPID key is set)."))
    try:
        await ssrf.check(endpoint, allow_loopback=settings.webhooks_allow_loopback)
    except ssrf.UnsafeURL as refused:
        raise EndpointRefused(refused.args[0]) from None
    # The user's row, locked: two subscriptions at once never pass the limit together.
    await session.execute(select(User.id).where(User.id == user.id).with_for_update())
    found = await session.scalar(
        select(PushSubscription).where(
            PushSubscription.user_id == user.id, PushSubscription.endpoint == endpoint
        )
    )
    if found is not None:
        return found, False
    count = await session.scalar(
        select(func.count())
        .select_from(PushSubscription)
        .where(PushSubscription.user_id == user.id)
    )
    if (count or 0) >= MAX_SUBSCRIPTIONS:
        raise SubscriptionsFull(
            _("At most {count} push subscriptions per user.", count=MAX_SUBSCRIPTIONS)
        )
    row = PushSubscription(
        user_id=user.id, endpoint=endpoint, p256dh=p256dh, auth=auth, user_agent=user_agent
    )
    session.add(row)
    await session.flush()
    return row, True


async def list_mine(session: AsyncSession, user: User) -> list[PushSubscription]:
    rows = await session.scalars(
        select(PushSubscription)
        .where(PushSubscription.user_id == user.id)
        .order_by(PushSubscription.id)
    )
    return list(rows)


async def unsubscribe(session: AsyncSession, user: User, subscription_id: int) -> None:
    """Delete one of the user's subscriptions (its deliveries with it); anyone else's is "not
    found", exactly like an id that does not exist."""
    row = await session.scalar(
        select(PushSubscription).where(
            PushSubscription.id == subscription_id, PushSubscription.user_id == user.id
        )
    )
    if row is None:
        raise NotFound(_("Push subscription not found."))
    await session.delete(row)
    await session.flush()


# ------------------------------------------------------------------------------ writing


async def enqueue_notifications(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    per_user: dict[uuid.UUID, list[NotificationData]],
    wishes: dict[uuid.UUID, Wishes],
    now: datetime,
    languages: dict[uuid.UUID, Language],
) -> None:
    """A delivery per notification and subscription of each user in `per_user` (those not
    looking: the caller's rule), on the kinds they left on for push, collapsed per subject
    within `COLLAPSE_WINDOW`: a newer one replaces one not tried yet, one delivered within
    the window holds the next back (the inbox lists them all)."""
    users = [
        user
        for user, found in per_user.items()
        if any(
            wishes.get(user, DEFAULT).choice(d.kind, Channel.PUSH) is not Choice.OFF for d in found
        )
    ]
    if not users:
        return  # nothing to read: a user who hears of nothing by push costs no statement
    subscriptions = list(
        await session.scalars(
            select(PushSubscription)
            .where(PushSubscription.user_id.in_(users))
            .order_by(PushSubscription.id)
        )
    )
    if not subscriptions:
        return
    keys = {collapse_key(campaign_id, data) for user in users for data in per_user[user]}
    recent: dict[tuple[int, str], PushDelivery] = {}
    for row in await session.scalars(
        select(PushDelivery)
        .where(
            PushDelivery.subscription_id.in_([s.id for s in subscriptions]),
            PushDelivery.collapse_key.in_(sorted(keys)),
            or_(
                and_(PushDelivery.status == DeliveryStatus.PENDING, PushDelivery.attempts == 0),
                and_(
                    PushDelivery.status == DeliveryStatus.DELIVERED,
                    PushDelivery.delivered_at > now - COLLAPSE_WINDOW,
                ),
            ),
        )
        .order_by(PushDelivery.id)
        .with_for_update()
    ):
        recent[(row.subscription_id, row.collapse_key or "")] = row
    for subscription in subscriptions:
        user = subscription.user_id
        wants = wishes.get(user, DEFAULT)
        language = languages.get(user, DEFAULT_LANGUAGE)
        for data in per_user[user]:
            if wants.choice(data.kind, Channel.PUSH) is Choice.OFF:
                continue
            key = collapse_key(campaign_id, data)
            earlier = recent.get((subscription.id, key))
            if earlier is not None and earlier.status is DeliveryStatus.DELIVERED:
                continue  # one went out within the window
            if earlier is not None:
                earlier.status = DeliveryStatus.FAILED
                earlier.last_error = "Replaced by a newer notification about the same subject."
            row = PushDelivery(
                user_id=user,
                subscription_id=subscription.id,
                kind=data.kind.value,
                body=stored_json(data, language),
                collapse_key=key,
                status=DeliveryStatus.PENDING,
                attempts=0,
                next_attempt_at=now,
                created_at=now,
            )
            session.add(row)
            recent[(subscription.id, key)] = row


# ------------------------------------------------------------------------------ building


def client_path(link: str) -> str:
    """The web client's page for a notification's API `link` (as `web/src/lib/router.tsx`'s
    `clientPathOf`): the campaign's screen, else the inbox."""
    parts = link.split("/")
    if len(parts) >= 4 and parts[1] == "v1" and parts[2] == "campaigns":
        try:
            return f"/campaigns/{uuid.UUID(parts[3])}"
        except ValueError:
            pass
    return "/inbox"


def payload(body: str, tag: str | None) -> dict[str, str]:
    """What the service worker receives: the inbox item's own text, in the language the
    delivery was written for, and nothing more (fog and anonymity are the inbox's)."""
    data = said_json(body)
    return {
        "title": data.campaign.name,
        "body": data.text,
        "url": client_path(data.link),
        "tag": tag or collapse_key(data.campaign.id, data),
    }


@dataclass(frozen=True)
class _Claim:
    delivery_id: int
    subscription_id: int
    endpoint: str
    p256dh: str
    auth: str
    body: str
    tag: str | None


def build(claim: _Claim, settings: Settings, now: float) -> tuple[bytes, dict[str, str]]:
    """The encrypted body (RFC 8291 `aes128gcm`) and the headers of one attempt, with a
    fresh VAPID token (`aud`: the endpoint's origin; `exp`: within `TOKEN_LIFE`)."""
    vapid = _key(settings)
    if vapid is None:
        raise RuntimeError("push is off")
    message = json.dumps(payload(claim.body, claim.tag), ensure_ascii=False).encode()
    subscription = {
        "endpoint": claim.endpoint,
        "keys": {"p256dh": claim.p256dh, "auth": claim.auth},
    }
    encrypted = WebPusher(subscription).encode(message, content_encoding="aes128gcm")
    parts = urlsplit(claim.endpoint)
    claims: dict[str, Any] = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(now + TOKEN_LIFE.total_seconds()),
        "sub": settings.vapid_subject,
    }
    headers = {
        **vapid.sign(claims),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        "ttl": str(TIME_TO_LIVE),
        "urgency": "normal",
        "user-agent": USER_AGENT,
        "host": parts.netloc,
    }
    return bytes(encrypted["body"]), headers


# ------------------------------------------------------------------------------ sending


async def post(
    client: httpx.AsyncClient, url: str, content: bytes, headers: dict[str, str], settings: Settings
) -> Outcome:
    """One attempt within one deadline for all of it: the endpoint checked again (a name
    that now resolves to a private address is refused), the connection to that address."""
    deadline = settings.webhook_timeout_seconds
    try:
        async with asyncio.timeout(deadline):
            return await _attempt(client, url, content, headers, settings)
    except TimeoutError:
        return Outcome(ok=False, retryable=True, error=f"Timed out after {deadline:g} s.")


async def _attempt(
    client: httpx.AsyncClient, url: str, content: bytes, headers: dict[str, str], settings: Settings
) -> Outcome:
    try:
        target = await ssrf.check(url, allow_loopback=settings.webhooks_allow_loopback)
    except ssrf.UnsafeURL as refused:
        return Outcome(ok=False, retryable=False, error=str(refused))
    extensions = {"sni_hostname": target.host} if target.pinned_url.startswith("https") else {}
    try:
        request = client.build_request(
            "POST", target.pinned_url, content=content, headers=headers, extensions=extensions
        )
        response = await client.send(request, stream=True, follow_redirects=False)
        await response.aclose()  # the answer's body is never read
    except httpx.TimeoutException:
        return Outcome(ok=False, retryable=True, error="Timed out.")
    except httpx.HTTPError as error:
        return Outcome(ok=False, retryable=True, error=_cut(f"{type(error).__name__}: {error}"))
    code = response.status_code
    if 200 <= code < 300:
        return Outcome(ok=True, retryable=False, status_code=code)
    return Outcome(
        ok=False,
        retryable=code in RETRYABLE_STATUSES,
        status_code=code,
        error="Redirects are not followed." if 300 <= code < 400 else f"HTTP {code}",
    )


@dataclass
class PushReport:
    """What one pass did, by delivery id."""

    delivered: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    given_up: list[int] = field(default_factory=list)
    postponed: list[int] = field(default_factory=list)  # quiet hours
    muted: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)  # subscriptions deleted (404/410)


async def _claim_one(
    session: AsyncSession, delivery_id: int, now: datetime, policy: RetryPolicy, report: PushReport
) -> _Claim | None:
    """Lease one due delivery, if it may go now: quiet hours postpone it (no attempt
    counted), vacation mutes it."""
    row = await session.scalar(
        select(PushDelivery)
        .where(
            PushDelivery.id == delivery_id,
            PushDelivery.status == DeliveryStatus.PENDING,
            PushDelivery.next_attempt_at <= now,
        )
        .with_for_update(skip_locked=True)
    )
    if row is None:
        return None  # claimed by another process
    subscription = await session.get(PushSubscription, row.subscription_id)
    if subscription is None:
        return None  # deleted meanwhile (its deliveries go with it)
    hold = personal_hold(await session.get(NotificationPreference, row.user_id), now)
    if hold == MUTED:
        row.status = DeliveryStatus.MUTED
        report.muted.append(row.id)
        return None
    if isinstance(hold, datetime):
        row.next_attempt_at = hold
        report.postponed.append(row.id)
        return None
    row.attempts += 1
    row.last_attempt_at = now
    row.next_attempt_at = now + policy.lease
    return _Claim(
        row.id,
        subscription.id,
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        row.body,
        row.collapse_key,
    )


async def _record(
    session: AsyncSession,
    claim: _Claim,
    outcome: Outcome,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: PushReport,
    *,
    stage: str = "send",
) -> None:
    """Record one attempt: delivered, the subscription gone (404/410: deleted), retried
    after a backoff, or given up (a final answer, or `max_attempts` attempts)."""
    if outcome.status_code in GONE:
        await session.execute(
            delete(PushSubscription).where(PushSubscription.id == claim.subscription_id)
        )
        report.gone.append(claim.subscription_id)
        return
    row = await session.get(PushDelivery, claim.delivery_id, with_for_update=True)
    if row is None:
        return  # its subscription was deleted meanwhile
    row.last_status_code = outcome.status_code
    if outcome.ok:
        row.status = DeliveryStatus.DELIVERED
        row.delivered_at = now
        row.last_error = None
        report.delivered.append(row.id)
        return
    row.last_error = _cut(outcome.error or "Failed.")
    report.failed.append(row.id)
    given_up = not outcome.retryable or row.attempts >= policy.max_attempts
    delivery_failed("push", stage, given_up=given_up)
    if given_up:
        row.status = DeliveryStatus.FAILED
        report.given_up.append(row.id)
    else:
        row.next_attempt_at = now + backoff(policy, row.attempts, rng)


async def _record_alone(
    sessionmaker: async_sessionmaker[AsyncSession],
    claim: _Claim,
    outcome: Outcome,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: PushReport,
    stage: str,
) -> None:
    try:
        async with sessionmaker() as session, session.begin():
            await _record(session, claim, outcome, now, policy, rng, report, stage=stage)
    except Exception as exc:
        if is_database_outage(exc):
            raise
        # Its lease runs out and it is tried again (the attempt was counted at its claim).
        logger.exception("push outcome not recorded", extra={"delivery_id": claim.delivery_id})


async def _attempt_one(
    client: httpx.AsyncClient, claim: _Claim, settings: Settings, limit: asyncio.Semaphore
) -> tuple[Outcome, str]:
    """Build and send one delivery; a delivery that cannot be built fails alone."""
    try:
        content, headers = build(claim, settings, clock_time.time())
    except Exception as exc:  # this delivery alone: retried with backoff, bounded
        logger.error(
            "push delivery could not be built",
            exc_info=exc,
            extra={"delivery_id": claim.delivery_id},
        )
        error = _cut(f"Could not be built: {type(exc).__name__}: {exc}")
        return Outcome(ok=False, retryable=True, error=error), "build"
    async with limit:
        return await post(client, claim.endpoint, content, headers, settings), "send"


def http_client(settings: Settings) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        timeout=settings.webhook_timeout_seconds,
        limits=httpx.Limits(max_connections=settings.webhook_max_concurrent_deliveries),
        follow_redirects=False,
        trust_env=False,
    )


async def send_due(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    now: datetime,
    *,
    policy: RetryPolicy = PUSH_POLICY,
    rng: random.Random | None = None,
    client: httpx.AsyncClient | None = None,
) -> PushReport:
    """One pass: claim what is due at `now` (each delivery in a short transaction of its
    own), build and send it side by side outside any transaction, record each outcome alone."""
    report = PushReport()
    if not enabled(settings):
        return report
    chance = rng or random.Random()  # noqa: S311 - jitter, not secrecy
    claims: list[_Claim] = []
    for delivery_id in await due_ids(sessionmaker, PushDelivery, now, policy):
        async with sessionmaker() as session, session.begin():
            claim = await _claim_one(session, delivery_id, now, policy, report)
        if claim is not None:
            claims.append(claim)
    if not claims:
        return report
    http = client or http_client(settings)
    limit = asyncio.Semaphore(settings.webhook_max_concurrent_deliveries)
    try:
        outcomes = await asyncio.gather(
            *(_attempt_one(http, claim, settings, limit) for claim in claims)
        )
    finally:
        if client is None:
            await http.aclose()
    for claim, (outcome, stage) in zip(claims, outcomes, strict=True):
        await _record_alone(sessionmaker, claim, outcome, now, policy, chance, report, stage)
    return report


async def send_forever(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    interval: float,
    clock: Callable[[], datetime],
) -> None:
    """The push job of `run_notifier`, beside the webhooks' and email's."""
    pruned_at: datetime | None = None

    async def one_pass() -> bool:
        nonlocal pruned_at
        now = clock()
        report = await send_due(sessionmaker, settings, now)
        if pruned_at is None or now - pruned_at >= PRUNE_EVERY:
            await prune_finished(sessionmaker, PushDelivery, now)
            pruned_at = now
        return bool(report.delivered or report.failed)

    await run_job(Job("push", one_pass, interval))
