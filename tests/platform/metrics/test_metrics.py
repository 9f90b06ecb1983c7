"""`GET /metrics` (issue 18): Prometheus text for the bearer of the metrics token, 404 without
the setting; low-cardinality labels (route templates, never ids or raw paths); the domain
counters; and one aggregate across two real server processes (multiprocess mode).
"""

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from starlette.types import Message, Receive, Scope, Send

from app import serve
from app.channels.stream.hub import EventHub
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_sessionmaker
from app.platform.metrics import HTTP_REQUESTS, MULTIPROC_ENV, players_bucket, watch_pool
from app.platform.metrics.middleware import UNMATCHED, MetricsMiddleware
from app.play.deadlines.service import sweep
from tests.factories.flows import builtin_map_id, create_lobby, register_and_login, start_game
from tests.factories.served import WAIT, run_serve_without_database, served
from tests.factories.servers import LAUNCHER, ROOT, ServerProcess, stop_server, wait_ready
from tests.helpers import assert_problem

TOKEN = "metrics-token-0123456789abcdef"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    """Every sample of a scrape, by name and labels."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def metrics_app(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    application = create_app(settings.model_copy(update={"metrics_token": TOKEN}))
    application.state.sessionmaker = sessionmaker
    return application


@pytest.fixture
async def client(metrics_app: FastAPI) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=metrics_app)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def scrape(client: AsyncClient) -> tuple[str, Samples]:
    response = await client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain; version=")
    return response.text, parse(response.text)


async def test_without_the_token_setting_metrics_is_not_found(
    settings: Settings, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    app = create_app(settings)  # metrics_token unset
    app.state.sessionmaker = sessionmaker
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        response = await client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        # (`/no-such-thing` would be a page of the web client: an unknown API path.)
        unknown = await client.get("/v1/no-such-thing")
    body = assert_problem(response, 404, "not_found")
    assert body["detail"] == unknown.json()["detail"]  # the same as any unknown path


async def test_metrics_needs_the_bearer_token(client: AsyncClient) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"}):
        response = await client.get("/metrics", headers=headers)
        assert_problem(response, 401, "unauthorized")
        assert "marchlords_" not in response.text


async def test_requests_are_counted_by_route_template_never_by_id(
    client: AsyncClient,
) -> None:
    alice = await register_and_login(client)
    lobby = await create_lobby(client, alice)
    _, before = await scrape(client)
    for _ in range(2):
        assert (await client.get(f"/v1/campaigns/{lobby['id']}", headers=alice.headers)).is_success
    missing = f"/v1/campaigns/{uuid.uuid4()}"
    assert (await client.get(missing, headers=alice.headers)).status_code == 404
    assert (await client.get(f"/v1/raw/{uuid.uuid4()}/path")).status_code == 404

    text, after = await scrape(client)
    route = {"method": "GET", "route": "/v1/campaigns/{campaign_id}"}
    counted = "marchlords_http_requests_total"
    assert (
        value(after, counted, **route, status="200") - value(before, counted, **route, status="200")
        == 2
    )
    assert (
        value(after, counted, **route, status="404") - value(before, counted, **route, status="404")
        == 1
    )
    unmatched = {"method": "GET", "route": "<unmatched>", "status": "404"}
    assert value(after, counted, **unmatched) - value(before, counted, **unmatched) == 1
    histogram = "marchlords_http_request_duration_seconds_count"
    assert value(after, histogram, **route, status="200") >= 2
    # No id and no raw path ever becomes a label.
    assert not UUID.search(text)
    assert "/v1/raw" not in text
    label_names = {
        name for (metric, labels) in after if metric.startswith("marchlords_") for name, _ in labels
    }
    # Fixed vocabularies only: a background job's name, a delivery's channel and stage.
    fixed = {"method", "route", "status", "kind", "players", "outcome", "le"}
    assert label_names <= fixed | {"job", "channel", "stage"}


async def test_a_request_is_counted_before_its_last_byte_leaves() -> None:
    """A client that holds its whole answer finds it in its next scrape: the count is written
    before the final body message is sent, not after (a fast client scraping another worker
    process at once missed the last request)."""
    labels = ("GET", UNMATCHED, "200")

    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"part", "more_body": True})
        await send({"type": "http.response.body", "body": b"last"})

    before = HTTP_REQUESTS.labels(*labels)._value.get()
    counted_when_sent: list[float] = []

    async def send(message: Message) -> None:
        counted_when_sent.append(HTTP_REQUESTS.labels(*labels)._value.get() - before)

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": "GET", "path": "/anything", "headers": []}
    await MetricsMiddleware(answer)(scope, receive, send)
    # Nothing counted with the head and the first part; counted once as the last part leaves.
    assert counted_when_sent == [0, 0, 1]
    assert HTTP_REQUESTS.labels(*labels)._value.get() - before == 1


async def test_a_request_that_fails_before_answering_is_counted_once() -> None:
    """An application that raises before any answer is still counted, as a 500, once."""
    labels = ("POST", UNMATCHED, "500")

    async def failing(scope: Scope, receive: Receive, send: Send) -> None:
        raise RuntimeError("boom")

    async def send(message: Message) -> None:
        raise AssertionError("nothing is sent")

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    before = HTTP_REQUESTS.labels(*labels)._value.get()
    scope = {"type": "http", "method": "POST", "path": "/anything", "headers": []}
    with pytest.raises(RuntimeError):
        await MetricsMiddleware(failing)(scope, receive, send)
    assert HTTP_REQUESTS.labels(*labels)._value.get() - before == 1


async def test_rate_limit_refusals_are_counted_by_kind(
    settings: Settings, sessionmaker: async_sessionmaker[AsyncSession], fast_password_hashing: None
) -> None:
    update = {"metrics_token": TOKEN, "write_burst": 1, "write_rate_per_minute": 1}
    app = create_app(settings.model_copy(update=update))
    app.state.sessionmaker = sessionmaker
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        alice = await register_and_login(client)
        _, before = await scrape(client)
        await create_lobby(client, alice)  # the one write of the burst
        refused = await client.post("/v1/campaigns", json={}, headers=alice.headers)
        assert_problem(refused, 429, "too_many_requests")
        _, after = await scrape(client)
    limited = "marchlords_rate_limited_total"
    assert value(after, limited, kind="writes") - value(before, limited, kind="writes") == 1
    assert value(after, limited, kind="login") == value(before, limited, kind="login")


async def test_an_idempotent_replay_is_counted(
    client: AsyncClient,
) -> None:
    alice = await register_and_login(client)
    _, before = await scrape(client)
    key = {**alice.headers, "Idempotency-Key": f"key-{uuid.uuid4()}"}
    map_id = await builtin_map_id(client, alice.headers, "skirmish")
    body = {"name": "Replayed", "map_id": map_id, "settings": {}}
    assert (await client.post("/v1/campaigns", json=body, headers=key)).status_code == 201
    replay = await client.post("/v1/campaigns", json=body, headers=key)
    assert replay.headers["Idempotent-Replayed"] == "true"
    _, after = await scrape(client)
    replays = "marchlords_idempotent_replays_total"
    assert value(after, replays) - value(before, replays) == 1


async def test_turn_changes_are_counted_and_timed_by_campaign_size(client: AsyncClient) -> None:
    async def make_user(username: str | None = None, **_: object) -> Any:
        return await register_and_login(client, username)

    _, before = await scrape(client)
    game = await start_game(
        client, make_user, ("empire", "orcs_goblins"), settings={"auto_resolve": True}
    )
    for player in game.players:
        response = await client.put(game.url("/turn/ready"), headers=player.headers)
        assert response.status_code == 200, response.text
    _, after = await scrape(client)
    changes = "marchlords_turn_changes_total"
    assert value(after, changes, players="1-2") - value(before, changes, players="1-2") == 1
    timed = "marchlords_turn_change_duration_seconds_count"
    assert value(after, timed, players="1-2") - value(before, timed, players="1-2") == 1


def test_campaign_sizes_fall_into_a_handful_of_buckets() -> None:
    sizes = {players_bucket(n) for n in range(1, 200)}
    assert sizes == {"1-2", "3-4", "5-8", "9-16", "17+"}
    assert [players_bucket(n) for n in (2, 3, 8, 9, 17)] == ["1-2", "3-4", "5-8", "9-16", "17+"]


# -- several processes --------------------------------------------------------------------------


@contextlib.contextmanager
def metrics_process(name: str, database_url: str, multiproc_dir: Path) -> Iterator[ServerProcess]:
    """One uvicorn process (tests/channels/stream/test_two_processes.py's launcher) writing its
    metrics under `multiproc_dir`, as app.serve sets it up for several workers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MARCHLORDS_")}
    env.update(
        DATABASE_URL=database_url,
        MARCHLORDS_LOG_LEVEL="WARNING",
        MARCHLORDS_METRICS_TOKEN=TOKEN,
        PROMETHEUS_MULTIPROC_DIR=str(multiproc_dir),
    )
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)
        sock.set_inheritable(True)
        port = sock.getsockname()[1]
        # This interpreter, a fixed program, the test's own settings: no outside input.
        process = subprocess.Popen(  # noqa: S603
            [sys.executable, "-c", LAUNCHER, str(sock.fileno())],
            cwd=ROOT,
            env=env,
            pass_fds=(sock.fileno(),),
            start_new_session=True,
        )
    try:
        yield ServerProcess(name, f"http://127.0.0.1:{port}", process)
    finally:
        stop_server(process)


async def test_two_worker_processes_report_one_aggregate(database_url: str, tmp_path: Path) -> None:
    """Requests served by two processes add up in a scrape of either (PROMETHEUS_MULTIPROC_DIR)."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with (
        metrics_process("A", database_url, tmp_path) as a_process,
        metrics_process("B", database_url, tmp_path) as b_process,
    ):
        async with asyncio.timeout(60):
            await asyncio.gather(wait_ready(a_process), wait_ready(b_process))
        async with (
            httpx.AsyncClient(base_url=a_process.base_url, timeout=30) as a,
            httpx.AsyncClient(base_url=b_process.base_url, timeout=30) as b,
        ):
            for _ in range(3):
                assert (await a.get("/healthz")).status_code == 200
            for _ in range(2):
                assert (await b.get("/healthz")).status_code == 200
            scraped = [await client.get("/metrics", headers=auth) for client in (a, b)]
    healthz = {"method": "GET", "route": "/healthz", "status": "200"}
    for response in scraped:
        assert response.status_code == 200, response.text
        assert value(parse(response.text), "marchlords_http_requests_total", **healthz) == 5
    written = await asyncio.to_thread(lambda: list(tmp_path.glob("*.db")))
    assert written, "the processes wrote their values to the shared directory"


def test_serve_gives_several_workers_one_clean_metrics_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MARCHLORDS_WORKERS", "2")
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    stale = tmp_path / "counter_4242.db"
    stale.write_bytes(b"from an earlier run")

    calls = run_serve_without_database(monkeypatch)

    assert calls[0]["workers"] == 2
    assert os.environ[MULTIPROC_ENV] == str(tmp_path)
    assert not stale.exists()


def test_several_workers_without_a_directory_get_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    assert serve.prepare_metrics_dir(1) is None
    assert MULTIPROC_ENV not in os.environ
    path = serve.prepare_metrics_dir(3)
    try:
        assert path is not None
        assert path.is_dir()
        assert not list(path.iterdir())
        assert os.environ[MULTIPROC_ENV] == str(path)
    finally:
        os.environ.pop(MULTIPROC_ENV, None)  # it was unset before (monkeypatch above)
        if path is not None:
            path.rmdir()


async def test_sweeper_passes_and_deadline_lag_are_recorded(
    client: AsyncClient, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    async def make_user(username: str | None = None, **_: object) -> Any:
        return await register_and_login(client, username)

    settings = {"turn_deadline_hours": 24, "deadline_auto_change": True}
    game = await start_game(client, make_user, ("empire", "orcs_goblins"), settings=settings)
    body = (await client.get(game.url(), headers=game.owner.headers)).json()
    deadline = datetime.fromisoformat(body["started_at"]) + timedelta(hours=24)
    _, before = await scrape(client)
    assert (await sweep(sessionmaker, deadline - timedelta(hours=1))).changed == []
    changed = await sweep(sessionmaker, deadline + timedelta(seconds=90))
    assert changed.changed == [uuid.UUID(game.id)]
    _, after = await scrape(client)

    runs = "marchlords_sweeper_runs_total"
    assert value(after, runs, outcome="ok") - value(before, runs, outcome="ok") == 2
    lag_count, lag_sum = (
        "marchlords_deadline_lag_seconds_count",
        "marchlords_deadline_lag_seconds_sum",
    )
    assert value(after, lag_count) - value(before, lag_count) == 1
    assert value(after, lag_sum) - value(before, lag_sum) == pytest.approx(90)
    assert value(after, "marchlords_sweeper_last_run_timestamp_seconds") > 0
    # The turn change the sweeper made is counted like any other.
    changes = "marchlords_turn_changes_total"
    assert value(after, changes, players="1-2") - value(before, changes, players="1-2") == 1


async def test_the_pool_gauges_follow_checkouts(database_url: str) -> None:
    engine = create_async_engine(database_url, pool_size=1, max_overflow=2)
    try:
        watch_pool(engine, 1)

        def gauge(name: str) -> float | None:
            return REGISTRY.get_sample_value(name)

        assert gauge("marchlords_db_pool_size") == 1
        async with engine.connect() as first, engine.connect() as second:
            await first.exec_driver_sql("SELECT 1")
            await second.exec_driver_sql("SELECT 1")
            assert gauge("marchlords_db_pool_checked_out") == 2
            assert gauge("marchlords_db_pool_overflow") == 1
        assert gauge("marchlords_db_pool_checked_out") == 0
        assert gauge("marchlords_db_pool_overflow") == 0
    finally:
        await engine.dispose()


async def test_the_pool_wait_histogram_counts_a_checkout_that_waited(database_url: str) -> None:
    engine = create_async_engine(database_url, pool_size=1, max_overflow=0)
    try:
        watch_pool(engine, 1)

        def waits() -> tuple[float, float]:
            count = REGISTRY.get_sample_value("marchlords_db_pool_wait_seconds_count") or 0.0
            total = REGISTRY.get_sample_value("marchlords_db_pool_wait_seconds_sum") or 0.0
            return count, total

        before = waits()
        async with engine.connect() as first:
            await first.exec_driver_sql("SELECT 1")

            async def second() -> None:
                async with engine.connect() as conn:  # waits: the only connection is taken
                    await conn.exec_driver_sql("SELECT 1")

            waiting = asyncio.create_task(second())
            await asyncio.sleep(0.3)
        await waiting
        count, total = waits()
        assert count - before[0] == 2
        # The second checkout waited for the first connection to come back.
        assert total - before[1] >= 0.2
    finally:
        await engine.dispose()


async def test_open_event_streams_are_counted(
    settings: Settings,
    committing_engine: AsyncEngine,
    database_url: str,
    fast_password_hashing: None,
) -> None:
    app = create_app(settings.model_copy(update={"metrics_token": TOKEN}))
    app.state.sessionmaker = create_sessionmaker(committing_engine)
    app.state.event_hub = hub = EventHub(asyncpg_dsn(database_url))
    await hub.start()
    try:
        await hub.wait_listening(WAIT)
        async with served(app) as client:
            owner = await register_and_login(client)
            lobby = await create_lobby(client, owner)
            url = f"/v1/campaigns/{lobby['id']}/events"
            _, before = await scrape(client)
            async with client.stream("GET", url, headers=owner.headers) as response:
                await anext(response.aiter_lines())  # subscribed by now
                _, during = await scrape(client)
            streams = "marchlords_event_streams_open"
            assert value(during, streams) - value(before, streams) == 1
    finally:
        await hub.stop()
