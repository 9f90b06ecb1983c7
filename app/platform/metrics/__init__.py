"""Prometheus metrics (`GET /metrics`, app.platform.metrics.router): the metric objects, and the
small helpers the domain packages call (one line each where they count something).

Labels are low-cardinality on purpose: route templates (`/v1/campaigns/{campaign_id}/map`),
methods, status codes, limit kinds, size buckets; never an id or a raw path.

Several worker processes: when `PROMETHEUS_MULTIPROC_DIR` is set (app.serve sets it for
`MARCHLORDS_WORKERS` > 1) before prometheus-client is imported, every process writes its values
to files there and a scrape of any worker adds them up (app.platform.metrics.router).
"""

import functools
import os
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, ParamSpec, Protocol, TypeVar

from prometheus_client import Counter, Gauge, Histogram
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

P = ParamSpec("P")
R = TypeVar("R")

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# prometheus-client chooses how it keeps values when it is imported (just above): in files under
# this directory if it is set by then. The scrape follows the same choice.
MULTIPROCESS = bool(os.environ.get(MULTIPROC_ENV))

HTTP_REQUESTS = Counter(
    "marchlords_http_requests_total",
    "HTTP requests answered, by method, route template and status code.",
    ["method", "route", "status"],
)
HTTP_DURATION = Histogram(
    "marchlords_http_request_duration_seconds",
    "Time from request to the end of the response (event streams: their whole life).",
    ["method", "route", "status"],
)
DB_POOL_CHECKED_OUT = Gauge(
    "marchlords_db_pool_checked_out",
    "Database connections in use (summed over live worker processes).",
    multiprocess_mode="livesum",
)
DB_POOL_OVERFLOW = Gauge(
    "marchlords_db_pool_overflow",
    "Connections in use beyond the pool size (requests past it may wait for one).",
    multiprocess_mode="livesum",
)
DB_POOL_SIZE = Gauge(
    "marchlords_db_pool_size",
    "Configured pool size (summed over live worker processes).",
    multiprocess_mode="livesum",
)
DB_POOL_WAIT = Histogram(
    "marchlords_db_pool_wait_seconds",
    "Time taken to get a database connection from the pool (waiting for a free one, or opening "
    "a new one).",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
TURN_CHANGES = Counter(
    "marchlords_turn_changes_total",
    "Turn changes (R-TURN-4), by campaign size (players).",
    ["players"],
)
TURN_CHANGE_DURATION = Histogram(
    "marchlords_turn_change_duration_seconds",
    "Time to resolve and store one turn change, by campaign size (players).",
    ["players"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
OPEN_STREAMS = Gauge(
    "marchlords_event_streams_open",
    "Event streams (SSE) currently open.",
    multiprocess_mode="livesum",
)
IDEMPOTENT_REPLAYS = Counter(
    "marchlords_idempotent_replays_total",
    "Writes answered from a stored response (same Idempotency-Key).",
)
RATE_LIMITED = Counter(
    "marchlords_rate_limited_total",
    "Requests refused with 429, by limit kind (writes, login, registrations).",
    ["kind"],
)
DELIVERY_FAILURES = Counter(
    "marchlords_delivery_failures_total",
    "Failed attempts of deliveries, by channel (email, webhook, push), stage "
    "(build: the message could not be made; send) and outcome (retried, given_up).",
    ["channel", "stage", "outcome"],
)
BOT_ORDERS = Counter(
    "marchlords_bot_orders_total",
    "Orders bots gave at turn changes (R-BOT-4), by outcome (given; refused: a service "
    "refused what the bot's view allowed, a broken promise, logged as `bot order refused`).",
    ["outcome"],
)
JOB_PASSES = Counter(
    "marchlords_job_passes_total",
    "Passes of each background job (app/platform/jobs.py: deadline sweeper, reminders, "
    "webhooks, email), by job and outcome (ok; outage: the database was unreachable; error).",
    ["job", "outcome"],
)
SWEEPER_RUNS = Counter(
    "marchlords_sweeper_runs_total",
    "Deadline sweeper passes, by outcome (ok, error).",
    ["outcome"],
)
SWEEPER_LAST_RUN = Gauge(
    "marchlords_sweeper_last_run_timestamp_seconds",
    "Unix time of the last completed sweeper pass (alert on time() minus this).",
    multiprocess_mode="max",
)
DEADLINE_LAG = Histogram(
    "marchlords_deadline_lag_seconds",
    "How late after its deadline a campaign was handled by the sweeper.",
    buckets=(0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900),
)

CACHE_HITS = Counter(
    "marchlords_cache_hits_total",
    "Lookups answered by a per-process cache (app.platform.cache), by kind of cache (its name).",
    ["kind"],
)
CACHE_MISSES = Counter(
    "marchlords_cache_misses_total",
    "Lookups a per-process cache could not answer, by kind of cache (its name).",
    ["kind"],
)
CACHE_EVICTIONS = Counter(
    "marchlords_cache_evictions_total",
    "Entries a per-process cache dropped to stay within its bytes, by kind of cache (its name).",
    ["kind"],
)
CACHE_BYTES = Gauge(
    "marchlords_cache_bytes",
    "Bytes a per-process cache holds now, as it counts them (summed over live processes).",
    ["kind"],
    multiprocess_mode="livesum",
)

_PLAYER_BUCKETS = ((2, "1-2"), (4, "3-4"), (8, "5-8"), (16, "9-16"))


def players_bucket(players: int) -> str:
    """`3` → `"3-4"`: campaign sizes as a handful of label values."""
    for top, label in _PLAYER_BUCKETS:
        if players <= top:
            return label
    return "17+"


class _HasPlayers(Protocol):
    @property
    def state(self) -> Any: ...


RT = TypeVar("RT", bound=_HasPlayers)


def timed_turn_change(fn: Callable[P, Awaitable[RT]]) -> Callable[P, Awaitable[RT]]:
    """Decorate `change_turn`: count it and time it, by the size of the campaign."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> RT:
        started = time.perf_counter()
        result = await fn(*args, **kwargs)
        size = players_bucket(len(result.state.players))
        TURN_CHANGES.labels(size).inc()
        TURN_CHANGE_DURATION.labels(size).observe(time.perf_counter() - started)
        return result

    return wrapper


def counted_sweep(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Decorate one sweeper pass: count it by outcome, stamp the time of the last good one."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            result = await fn(*args, **kwargs)
        except Exception:
            SWEEPER_RUNS.labels("error").inc()
            raise
        SWEEPER_RUNS.labels("ok").inc()
        SWEEPER_LAST_RUN.set(time.time())
        return result

    return wrapper


def job_pass(job: str, outcome: str) -> None:
    """A pass of a background job ended with `outcome` (ok, outage, error)."""
    JOB_PASSES.labels(job, outcome).inc()


def delivery_failed(channel: str, stage: str, *, given_up: bool) -> None:
    """An attempt of one delivery (email, webhook, push) failed (and was its last, if
    `given_up`)."""
    DELIVERY_FAILURES.labels(channel, stage, "given_up" if given_up else "retried").inc()


def deadline_lag(lag: timedelta) -> None:
    """A campaign past its deadline by `lag` was just handled by the sweeper."""
    DEADLINE_LAG.observe(max(lag.total_seconds(), 0.0))


def watch_pool(engine: AsyncEngine, size: int) -> None:
    """Keep this process's pool gauges up to date on every checkout and checkin."""
    pool: Any = engine.sync_engine.pool
    DB_POOL_SIZE.set(size)
    checked_out = 0

    def moved(change: int) -> Callable[..., None]:
        def listener(*_: Any) -> None:
            nonlocal checked_out
            checked_out = max(checked_out + change, 0)
            DB_POOL_CHECKED_OUT.set(checked_out)
            DB_POOL_OVERFLOW.set(max(checked_out - size, 0))

        return listener

    event.listen(pool, "checkout", moved(+1))
    event.listen(pool, "checkin", moved(-1))

    # The pool has no event before a checkout: its public `connect()`, which every engine
    # connection goes through, is timed instead.
    connect = pool.connect

    def timed_connect() -> Any:
        started = time.perf_counter()
        try:
            return connect()
        finally:
            DB_POOL_WAIT.observe(time.perf_counter() - started)

    pool.connect = timed_connect


def process_exiting() -> None:
    """Drop this process's live gauges from the aggregate (multiprocess mode only)."""
    if MULTIPROCESS:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]
