"""The delivery worker: posts the outbox's due deliveries, signed, with retries.

Safe with any number of server processes: due deliveries are claimed with
`SELECT … FOR UPDATE SKIP LOCKED` and leased (their next attempt moved `lease` ahead) in a
short transaction, posted outside any transaction, and their outcome recorded in another. A
process that dies while posting leaves the lease to run out: the delivery is tried again with
the same `webhook-id` (at least once; receivers drop repeats by that id).

An attempt fails on a network error, a timeout, a redirect (never followed) or a status other
than 2xx. Network errors, 408, 429 and 5xx are retried after an exponential backoff with
jitter (at least the `Retry-After` the receiver asked for, up to a day); other answers are
final. A delivery whose body cannot be built fails that attempt alone (retried likewise,
never counted against its endpoint). After `max_attempts` attempts a delivery is given up;
after `disable_after` failed attempts in a row an endpoint is disabled and its owner told (a
`webhook_disabled` live event to their seat). A personal delivery waits out its user's quiet
hours (no attempt counted) and is muted while they are on vacation.

Bounded work: each attempt has one deadline for all of it (`webhook_timeout_seconds`:
checking the target, connecting, sending, reading the answer), however slowly a receiver
trickles its bytes; attempts run concurrently, at most `webhook_max_concurrent_deliveries` at
once per process and `webhook_max_concurrent_per_endpoint` to one endpoint, so a slow receiver
holds its own slot and nobody else's; the backoff counts from the end of the attempt. The
reminders run in a loop of their own and never wait for an attempt.
"""

import asyncio
import email.utils
import json
import logging
import random
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import httpx
from sqlalchemy import ColumnElement, delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from standardwebhooks import Webhook

from app.channels.notifications import speech, ssrf
from app.channels.notifications.formats import render
from app.channels.notifications.quiet import MUTED, personal_hold
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.db.outage import is_database_outage
from app.platform.jobs import Job, run_job
from app.platform.metrics import delivery_failed
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.notification import (
    Delivery,
    DeliveryStatus,
    EndpointFormat,
    EndpointScope,
    NotificationPreference,
    WebhookDelivery,
    WebhookEndpoint,
)

logger = logging.getLogger(__name__)

USER_AGENT = "Marchlords-Webhooks/1"
# Bytes of a receiver's answer read (for the delivery log); the rest is never downloaded.
MAX_RESPONSE_BYTES = 1024
RETRYABLE_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504})
MAX_ERROR_LENGTH = 300
# How long the delivery log keeps finished deliveries (pruned hourly by the worker).
RETENTION = timedelta(days=30)
PRUNE_EVERY = timedelta(hours=1)


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 8  # 30 s, 1, 2, 4, 8, 16, 32 min apart (before jitter): ~1 h in all
    base_delay: timedelta = timedelta(seconds=30)
    max_delay: timedelta = timedelta(hours=6)
    max_retry_after: timedelta = timedelta(hours=24)
    disable_after: int = 20  # failed attempts in a row, across the endpoint's deliveries
    # Longer than an attempt's deadline (at most 60 s) and the recording of its outcome.
    lease: timedelta = timedelta(minutes=2)
    batch: int = 20  # deliveries claimed per campaign and pass


DEFAULT_POLICY = RetryPolicy()


def backoff(policy: RetryPolicy, attempts: int, rng: random.Random) -> timedelta:
    """Exponential backoff with "equal jitter": half fixed, half random."""
    delay: timedelta = min(policy.max_delay, policy.base_delay * 2 ** max(attempts - 1, 0))
    jitter: timedelta = delay / 2 * rng.random()
    return delay / 2 + jitter


def retry_after(value: str | None, now: datetime) -> timedelta | None:
    """`Retry-After` as seconds or an HTTP date; None if absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return timedelta(seconds=int(value))
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(when - now, timedelta(0))


@dataclass(frozen=True)
class Outcome:
    ok: bool
    retryable: bool
    status_code: int | None = None
    error: str | None = None
    retry_after: timedelta | None = None


@dataclass(frozen=True)
class _Claim:
    campaign_id: uuid.UUID
    delivery_id: int
    endpoint_id: uuid.UUID
    url: str
    secret: str
    format: EndpointFormat
    message_id: str
    body: str  # the notification's data (JSON)
    created_at: datetime


@dataclass
class DeliveryReport:
    """What one pass did, by delivery id."""

    delivered: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)  # attempts that failed
    given_up: list[int] = field(default_factory=list)
    postponed: list[int] = field(default_factory=list)  # quiet hours
    muted: list[int] = field(default_factory=list)
    disabled: list[uuid.UUID] = field(default_factory=list)  # endpoints


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ERROR_LENGTH else text[: MAX_ERROR_LENGTH - 1] + "…"


def signed_headers(secret: str, message_id: str, body: str, sent_at: datetime) -> dict[str, str]:
    """The Standard Webhooks headers; the timestamp is the real time of sending."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": Webhook(secret).sign(message_id, sent_at, body),
    }


async def post(client: httpx.AsyncClient, claim: _Claim, body: str, settings: Settings) -> Outcome:
    """One attempt, within its deadline: `webhook_timeout_seconds` for all of it, not for
    each read (a receiver sending a byte a second would otherwise keep it open for ever)."""
    deadline = settings.webhook_timeout_seconds
    try:
        async with asyncio.timeout(deadline):
            return await _attempt(client, claim, body, settings)
    except TimeoutError:
        return Outcome(ok=False, retryable=True, error=f"Timed out after {deadline:g} s.")


async def _attempt(
    client: httpx.AsyncClient, claim: _Claim, body: str, settings: Settings
) -> Outcome:
    """Check the target again, connect to the checked address, read a little."""
    try:
        target = await ssrf.check(claim.url, allow_loopback=settings.webhooks_allow_loopback)
    except ssrf.UnsafeURL as refused:
        return Outcome(ok=False, retryable=False, error=str(refused))
    headers = {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "host": urlsplit(claim.url).netloc,
        **signed_headers(claim.secret, claim.message_id, body, datetime.now(UTC)),
    }
    extensions = {"sni_hostname": target.host} if target.pinned_url.startswith("https") else {}
    try:
        request = client.build_request(
            "POST",
            target.pinned_url,
            content=body.encode(),
            headers=headers,
            extensions=extensions,
        )
        response = await client.send(request, stream=True, follow_redirects=False)
        try:
            read = 0
            async for chunk in response.aiter_raw():
                read += len(chunk)
                if read >= MAX_RESPONSE_BYTES:
                    break
        finally:
            await response.aclose()
    except httpx.TimeoutException:
        return Outcome(ok=False, retryable=True, error="Timed out.")
    except httpx.HTTPError as error:
        return Outcome(ok=False, retryable=True, error=_cut(f"{type(error).__name__}: {error}"))
    code = response.status_code
    if 200 <= code < 300:
        return Outcome(ok=True, retryable=False, status_code=code)
    if 300 <= code < 400:
        return Outcome(
            ok=False, retryable=False, status_code=code, error="Redirects are not followed."
        )
    return Outcome(
        ok=False,
        retryable=code in RETRYABLE_STATUSES,
        status_code=code,
        error=f"HTTP {code}",
        # An HTTP date is the receiver's real time: compared with the real time here.
        retry_after=retry_after(response.headers.get("retry-after"), datetime.now(UTC)),
    )


# ------------------------------------------------------------------------------ claiming


def _due(now: datetime, saturated: Collection[uuid.UUID]) -> list[ColumnElement[bool]]:
    """Pending, due, and not to an endpoint that has all the attempts it may have at once."""
    due = [
        WebhookDelivery.status == DeliveryStatus.PENDING,
        WebhookDelivery.next_attempt_at <= now,
    ]
    if saturated:
        due.append(WebhookDelivery.endpoint_id.not_in(saturated))
    return due


async def _due_campaigns(
    session: AsyncSession, now: datetime, saturated: Collection[uuid.UUID], limit: int = 100
) -> list[uuid.UUID]:
    # From the deliveries alone: they are a global table (on Citus the coordinator's), which
    # Citus does not join with the distributed `campaigns` ("direct joins between distributed
    # and local tables are not supported"). A delivery whose campaign is gone has no endpoint
    # either, and `_claim` marks it failed.
    rows = await session.scalars(
        select(WebhookDelivery.campaign_id).where(*_due(now, saturated)).distinct().limit(limit)
    )
    return list(rows)


def _failed_to_build(
    row: WebhookDelivery,
    exc: Exception,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: DeliveryReport,
) -> None:
    """An attempt of `row` that could not even be made: counted, retried after a backoff,
    given up after `max_attempts` (never retried forever); logged, with a metric. The endpoint
    is not blamed (its failures in a row are the receiver's)."""
    logger.error(
        "webhook delivery could not be built",
        exc_info=exc,
        extra={"campaign_id": str(row.campaign_id), "delivery_id": row.id},
    )
    row.attempts += 1
    row.last_attempt_at = now
    row.last_error = _cut(f"Could not be built: {type(exc).__name__}: {exc}")
    report.failed.append(row.id)
    given_up = row.attempts >= policy.max_attempts
    delivery_failed("webhook", "build", given_up=given_up)
    if given_up:
        row.status = DeliveryStatus.FAILED
        report.given_up.append(row.id)
    else:
        row.next_attempt_at = now + backoff(policy, row.attempts, rng)


async def _claim(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    now: datetime,
    policy: RetryPolicy,
    report: DeliveryReport,
    *,
    in_flight: Counter[uuid.UUID],
    per_endpoint: int,
    limit: int,
    rng: random.Random,
) -> list[_Claim]:
    """Lease the campaign's due deliveries that can start at once: at most `limit`, and no
    more to one endpoint than `per_endpoint` with those `in_flight`. The others stay due.
    What goes wrong with one delivery here fails that one alone (`_failed_to_build`)."""
    saturated = [e for e, n in in_flight.items() if n >= per_endpoint]
    rows = await session.scalars(
        select(WebhookDelivery)
        .where(WebhookDelivery.campaign_id == campaign_id, *_due(now, saturated))
        .order_by(WebhookDelivery.id)
        .limit(policy.batch)
        .with_for_update(skip_locked=True, key_share=True)
    )
    claims: list[_Claim] = []
    taken: Counter[uuid.UUID] = Counter()
    for row in rows.all():
        endpoint = await session.get(WebhookEndpoint, (campaign_id, row.endpoint_id))
        if endpoint is None or endpoint.disabled_at is not None:
            row.status = DeliveryStatus.FAILED
            row.last_error = "The endpoint is disabled."
            report.given_up.append(row.id)
            continue
        if endpoint.scope is EndpointScope.PERSONAL:
            preference = await session.get(NotificationPreference, endpoint.user_id)
            try:
                hold = personal_hold(preference, now)
            except Exception as exc:  # a stored preference it cannot read: this one fails
                _failed_to_build(row, exc, now, policy, rng, report)
                continue
            if hold == MUTED:
                row.status = DeliveryStatus.MUTED
                report.muted.append(row.id)
                continue
            if isinstance(hold, datetime):
                row.next_attempt_at = hold
                report.postponed.append(row.id)
                continue
        if len(claims) >= limit or in_flight[endpoint.id] + taken[endpoint.id] >= per_endpoint:
            continue  # no room now: left due, for a later pass (a lease would sit idle)
        taken[endpoint.id] += 1
        row.attempts += 1
        row.last_attempt_at = now
        row.next_attempt_at = now + policy.lease
        claims.append(
            _Claim(
                campaign_id=campaign_id,
                delivery_id=row.id,
                endpoint_id=endpoint.id,
                url=endpoint.url,
                secret=endpoint.secret,
                format=endpoint.format,
                message_id=row.message_id,
                body=row.body,
                created_at=row.created_at,
            )
        )
    await session.flush()
    return claims


async def _disable(
    session: AsyncSession, endpoint: WebhookEndpoint, now: datetime, reason: str
) -> None:
    """Disable the endpoint and tell its owner, on their own seat's stream."""
    endpoint.disabled_at = now
    endpoint.disabled_reason = _cut(reason)
    await session.flush()
    campaign = await session.get(Campaign, endpoint.campaign_id)
    seat = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == endpoint.campaign_id,
            CampaignPlayer.user_id == endpoint.user_id,
            CampaignPlayer.faction.is_not(None),
        )
    )
    if seat is None and (campaign is None or campaign.owner_id != endpoint.user_id):
        return  # no longer a member: nobody to tell
    # An empty audience reaches the game master only (the owner who does not play).
    await publish(
        session,
        endpoint.campaign_id,
        AppEventKind.WEBHOOK_DISABLED,
        {"endpoint_id": str(endpoint.id), "reason": endpoint.disabled_reason},
        audience=[] if seat is None else [seat],
    )


async def _record(
    session: AsyncSession,
    claim: _Claim,
    outcome: Outcome,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: DeliveryReport,
    *,
    stage: str = "send",
) -> bool:
    """Record the outcome of an attempt that ended at `now`; True if it disabled the endpoint.
    An attempt that failed at its `build` stage (the body could not be made) is not the
    receiver's failure: it never counts towards disabling the endpoint."""
    # Lock order: the campaign row first, as every campaign write does (the campaign lock,
    # or publish()'s key-share lock). Disabling the endpoint publishes an event, and a request
    # holding the campaign lock may be waiting for this endpoint's row: without this, a cycle.
    await session.execute(
        select(Campaign.id)
        .where(Campaign.id == claim.campaign_id)
        .with_for_update(read=True, key_share=True)
    )
    row = await session.scalar(
        select(WebhookDelivery)
        .where(
            WebhookDelivery.campaign_id == claim.campaign_id,
            WebhookDelivery.id == claim.delivery_id,
        )
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    # FOR NO KEY UPDATE (key_share): a turn change inserting deliveries (a key-share lock on
    # the endpoint, through the foreign key) never waits for this, nor this for it.
    endpoint = await session.scalar(
        select(WebhookEndpoint)
        .where(
            WebhookEndpoint.campaign_id == claim.campaign_id,
            WebhookEndpoint.id == claim.endpoint_id,
        )
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    if row is None or endpoint is None:
        return False  # deleted meanwhile
    row.last_status_code = outcome.status_code
    if outcome.ok:
        row.status = DeliveryStatus.DELIVERED
        row.delivered_at = now
        row.last_error = None
        endpoint.consecutive_failures = 0
        report.delivered.append(row.id)
        await session.flush()
        return False
    row.last_error = _cut(outcome.error or "Failed.")
    if stage == "send":
        endpoint.consecutive_failures += 1
    report.failed.append(row.id)
    given_up = not outcome.retryable or row.attempts >= policy.max_attempts
    delivery_failed("webhook", stage, given_up=given_up)
    if given_up:
        row.status = DeliveryStatus.FAILED
        report.given_up.append(row.id)
    else:
        delay = backoff(policy, row.attempts, rng)
        if outcome.retry_after is not None:
            delay = max(delay, min(outcome.retry_after, policy.max_retry_after))
        row.next_attempt_at = now + delay
    disabling = (
        endpoint.disabled_at is None and endpoint.consecutive_failures >= policy.disable_after
    )
    if disabling:
        await _disable(
            session,
            endpoint,
            now,
            f"{endpoint.consecutive_failures} failed attempts in a row; last: {row.last_error}",
        )
        report.disabled.append(endpoint.id)
    await session.flush()
    return disabling


async def _give_up(session: AsyncSession, claim: _Claim, report: DeliveryReport) -> None:
    row = await session.get(WebhookDelivery, claim.delivery_id, with_for_update={"key_share": True})
    if row is not None:
        row.status = DeliveryStatus.FAILED
        row.last_error = "The endpoint is disabled."
        report.given_up.append(row.id)
        await session.flush()


def body_of(claim: _Claim, settings: Settings) -> str:
    """The posted body, in the language the delivery was written for."""
    raw = json.loads(claim.body)
    data = speech.said(raw)
    language = speech.language_of(raw)
    return render(claim.format, data, claim.created_at, settings.public_url, language)


def _http_client(settings: Settings) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        # Per operation; the attempt's own deadline (post) bounds all of them together.
        timeout=settings.webhook_timeout_seconds,
        limits=httpx.Limits(max_connections=settings.webhook_max_concurrent_deliveries),
        follow_redirects=False,
        trust_env=False,
    )


class DeliveryWorker:
    """Runs delivery attempts side by side, within the settings' bounds.

    It claims only what it can start at once (a claimed delivery is leased: one left waiting
    here could not be sent by another process either), starts each attempt as a task, and
    records its outcome when it ends, at `clock()`: the backoff counts from there. Its
    database work (claims, outcomes) goes one short transaction at a time, so the worker holds
    at most one connection whatever the number of attempts in flight.
    """

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        settings: Settings,
        client: httpx.AsyncClient,
        *,
        policy: RetryPolicy = DEFAULT_POLICY,
        rng: random.Random | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.sessionmaker = sessionmaker
        self.settings = settings
        self.client = client
        self.policy = policy
        self.rng = rng or random.Random()  # noqa: S311 - jitter, not secrecy
        self.clock = clock
        self.report = DeliveryReport()
        self.errors: list[Exception] = []  # of attempts' bookkeeping (logged as they happen)
        self._tasks: set[asyncio.Task[None]] = set()
        self._in_flight: Counter[uuid.UUID] = Counter()  # attempts per endpoint
        self._disabled: set[uuid.UUID] = set()  # endpoints this worker disabled
        self._database = asyncio.Lock()

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    def room(self) -> int:
        return self.settings.webhook_max_concurrent_deliveries - len(self._tasks)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[AsyncSession]:
        async with self._database, self.sessionmaker() as session, session.begin():
            yield session

    async def dispatch(self, now: datetime) -> int:
        """Claim what is due at `now` and can start, and start it; returns how many started."""
        if self.room() <= 0:
            return 0
        per_endpoint = self.settings.webhook_max_concurrent_per_endpoint
        saturated = [e for e, n in self._in_flight.items() if n >= per_endpoint]
        async with self._transaction() as session:
            campaigns = await _due_campaigns(session, now, saturated)
        started = 0
        for campaign_id in campaigns:
            if self.room() <= 0:
                break
            async with self._transaction() as session:
                claims = await _claim(
                    session,
                    campaign_id,
                    now,
                    self.policy,
                    self.report,
                    in_flight=self._in_flight,
                    per_endpoint=per_endpoint,
                    limit=self.room(),
                    rng=self.rng,
                )
            for claim in claims:
                self._disabled.discard(claim.endpoint_id)  # enabled at its claim
                self._start(claim)
                started += 1
        return started

    def _start(self, claim: _Claim) -> None:
        endpoint = claim.endpoint_id
        self._in_flight[endpoint] += 1
        task = asyncio.create_task(self._run(claim))
        self._tasks.add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self._tasks.discard(finished)
            self._in_flight[endpoint] -= 1
            if self._in_flight[endpoint] <= 0:
                del self._in_flight[endpoint]

        task.add_done_callback(done)

    async def _run(self, claim: _Claim) -> None:
        try:
            if claim.endpoint_id in self._disabled:  # by an attempt that ended meanwhile
                async with self._transaction() as session:
                    await _give_up(session, claim, self.report)
                return
            stage = "send"
            try:
                body = body_of(claim, self.settings)
            except Exception as exc:  # this delivery alone: retried with backoff, bounded
                logger.error(
                    "webhook delivery could not be built",
                    exc_info=exc,
                    extra={"campaign_id": str(claim.campaign_id), "delivery_id": claim.delivery_id},
                )
                stage = "build"
                error = _cut(f"Could not be built: {type(exc).__name__}: {exc}")
                outcome = Outcome(ok=False, retryable=True, error=error)
            else:
                outcome = await post(self.client, claim, body, self.settings)
            ended = self.clock()
            async with self._transaction() as session:
                disabled = await _record(
                    session, claim, outcome, ended, self.policy, self.rng, self.report, stage=stage
                )
            if disabled:
                self._disabled.add(claim.endpoint_id)
        except Exception as exc:  # the lease runs out and the delivery is tried again
            self.errors.append(exc)
            if is_database_outage(exc):
                logger.warning("webhook delivery: database unreachable; tried again later")
            else:
                logger.exception(
                    "webhook delivery failed", extra={"campaign_id": str(claim.campaign_id)}
                )

    async def wait(self, at_most: float | None = None) -> None:
        """Until an attempt ends (or `at_most` seconds have passed)."""
        if not self._tasks:
            if at_most is not None:
                await asyncio.sleep(at_most)
            return
        await asyncio.wait(set(self._tasks), timeout=at_most, return_when=asyncio.FIRST_COMPLETED)

    async def close(self) -> None:
        """Stop the attempts in flight (their leases run out: they are tried again)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


async def deliver_due(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    now: datetime,
    *,
    policy: RetryPolicy = DEFAULT_POLICY,
    client: httpx.AsyncClient | None = None,
    rng: random.Random | None = None,
) -> DeliveryReport:
    """Every delivery due at `now`, within the worker's bounds, until none is left; outcomes
    are recorded at `now` plus the real time elapsed since (tests move `now` at will)."""
    began = time.monotonic()

    def clock() -> datetime:
        return now + timedelta(seconds=time.monotonic() - began)

    http = client or _http_client(settings)
    worker = DeliveryWorker(sessionmaker, settings, http, policy=policy, rng=rng, clock=clock)
    try:
        while True:
            was_busy = worker.busy
            started = await worker.dispatch(now)
            if started and worker.room() > 0:
                continue  # more may be due (past a batch, or a full endpoint's)
            if not worker.busy:
                if was_busy or started:
                    continue  # attempts ended during that pass: their endpoints are free
                break  # a pass with nothing in flight found nothing to start
            await worker.wait()
    finally:
        await worker.close()
        if client is None:
            await http.aclose()
    if worker.errors:
        raise worker.errors[0]
    return worker.report


async def due_ids(
    sessionmaker: async_sessionmaker[AsyncSession],
    kind: type[Delivery],
    now: datetime,
    policy: RetryPolicy,
) -> list[int]:
    """The ids of up to a batch of `kind`'s due deliveries, oldest first (unlocked: each is
    claimed on its own). Email and push read their queues so; webhooks claim by campaign."""
    async with sessionmaker() as session, session.begin():
        rows = await session.scalars(
            select(kind.id)
            .where(kind.status == DeliveryStatus.PENDING, kind.next_attempt_at <= now)
            .order_by(kind.id)
            .limit(policy.batch)
        )
        return list(rows)


async def prune_finished(
    sessionmaker: async_sessionmaker[AsyncSession],
    kind: type[Delivery],
    now: datetime,
    *,
    batch: int = 5000,
) -> int:
    """Forget `kind`'s finished deliveries older than `RETENTION` (the log keeps that long);
    returns how many went. Pending ones stay whatever their age."""
    old = (
        select(kind.id)
        .where(kind.status != DeliveryStatus.PENDING, kind.created_at < now - RETENTION)
        .limit(batch)
    )
    async with sessionmaker() as session, session.begin():
        result = await session.execute(delete(kind).where(kind.id.in_(old)))
    return int(getattr(result, "rowcount", 0) or 0)


async def prune(
    sessionmaker: async_sessionmaker[AsyncSession], now: datetime, *, batch: int = 5000
) -> int:
    """Forget the webhooks' finished deliveries older than `RETENTION`."""
    return await prune_finished(sessionmaker, WebhookDelivery, now, batch=batch)


async def deliver_forever(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    interval: float,
    clock: Callable[[], datetime],
) -> None:
    """The webhooks' job: start what is due every `interval` seconds, or as soon as an attempt
    ends (a slot, or its endpoint, is free again); attempts in flight go on meanwhile."""
    pruned_at: datetime | None = None
    async with _http_client(settings) as http:
        worker = DeliveryWorker(sessionmaker, settings, http, clock=clock)

        async def one_pass() -> bool:
            nonlocal pruned_at
            try:
                now = clock()
                started = await worker.dispatch(now)
                if pruned_at is None or now - pruned_at >= PRUNE_EVERY:
                    await prune(sessionmaker, now)
                    pruned_at = now
            finally:
                worker.report = DeliveryReport()  # for tests only: not kept
                worker.errors.clear()  # logged already
            return started > 0 and worker.room() > 0

        try:
            await run_job(Job("webhooks", one_pass, interval, wait=worker.wait))
        finally:
            await worker.close()
