"""Faults: the database connection dies mid-request, the database goes away and comes back.

- R-TURN-4: a turn change whose connection is killed at any step leaves the campaign exactly
  as it was before the change (one transaction), and retrying the confirmation changes the
  turn exactly once.
- `/readyz` answers 503 `service_unavailable` while the database is unreachable and 200 again
  as soon as it is back, without restarting the app (the pool pre-pings its connections).

These tests need real, committed transactions and real connections that can be killed, so
they build their own app and engine (as in test_turn_concurrency.py) instead of using the
rolled-back `client` fixture, and empty the tables after.
"""

import asyncio
import contextlib
import functools
import logging
import os
import socket
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy import func, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app import main as main_module
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.outage import is_database_outage
from app.platform.db.session import create_engine, create_sessionmaker
from app.play.deadlines.service import run_sweeper
from app.play.turns import service as turns_service
from app.shell.ops import router as ops_router
from app.store import persistence as mapping
from app.store.events import publish as events
from app.store.events.kinds import AppEventKind
from app.store.models import Campaign, CampaignPlayer, LedgerRow, TurnRecord
from tests.conftest import truncate_all
from tests.factories.flows import AuthUser, Game, MakeUser, register_and_login, start_game
from tests.helpers import assert_problem

FAULT_KEY = "confirm-turn-1"


# -- committed transactions on killable connections ------------------------------------------


class _Faults:
    """Where to kill the request's database connection (None: nowhere)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.at_commit = False
        self.kills = 0

    async def kill(self, session: AsyncSession) -> None:
        """Terminate the server process of `session`'s connection, and wait until it is gone."""
        pid = await session.scalar(text("SELECT pg_backend_pid()"))
        async with self.engine.connect() as other:
            killed = await other.scalar(
                text("SELECT pg_terminate_backend(:pid, 5000)"), {"pid": pid}
            )
            await other.commit()
        assert killed is True
        self.kills += 1


class _KillableSession(AsyncSession):
    """The app's session class in these tests: its COMMIT can be made to hit a dead connection."""

    faults: _Faults | None = None

    async def commit(self) -> None:
        faults = type(self).faults
        if faults is not None and faults.at_commit:
            faults.at_commit = False
            await faults.kill(self)
        await super().commit()


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    # The production engine (pool_pre_ping): a killed connection must be replaced silently.
    engine = create_engine(database_url, pool_size=5, max_overflow=5)
    try:
        yield engine
    finally:
        await engine.dispose()
        await truncate_all(database_url)


@pytest.fixture
def faults(engine: AsyncEngine) -> Iterator[_Faults]:
    armed = _Faults(engine)
    _KillableSession.faults = armed
    yield armed
    _KillableSession.faults = None


@pytest.fixture
async def committing_client(
    settings: Settings, engine: AsyncEngine, faults: _Faults, fast_password_hashing: None
) -> AsyncIterator[AsyncClient]:
    app: FastAPI = create_app(settings)
    app.state.engine = engine
    app.state.sessionmaker = async_sessionmaker(
        engine, class_=_KillableSession, expire_on_commit=False
    )
    # An exception escaping the app becomes the 500 a real server sends, not a test crash.
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def snapshot(engine: AsyncEngine) -> dict[str, list[str]]:
    """Every row of every table (the database holds only this test's data), sorted.

    Rate-limit counters are left out: they count attempts, failed ones included (they are
    not game state, and a request refused by an outage may well count).
    """
    out: dict[str, list[str]] = {}
    async with engine.connect() as conn:
        tables = await conn.scalars(
            text(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                " AND tablename NOT IN ('alembic_version', 'rate_limits') ORDER BY tablename"
            )
        )
        for table in list(tables):
            # Table names from pg_tables, not from input.
            query = text(f"SELECT to_jsonb(t)::text FROM {table} AS t")  # noqa: S608
            rows = await conn.scalars(query)
            out[table] = sorted(rows)
    return out


async def gold_and_ledger(engine: AsyncEngine) -> tuple[dict[int, int], dict[int, int]]:
    async with engine.connect() as conn:
        gold = dict((await conn.execute(select(CampaignPlayer.number, CampaignPlayer.gold))).all())
        sums = (
            await conn.execute(
                select(LedgerRow.player, func.sum(LedgerRow.amount)).group_by(LedgerRow.player)
            )
        ).all()
    return {int(k): int(v) for k, v in gold.items()}, {int(k): int(v) for k, v in sums}


async def turn_records(engine: AsyncEngine) -> list[int]:
    async with engine.connect() as conn:
        return list((await conn.execute(select(TurnRecord.number))).scalars())


# -- a turn worth changing -------------------------------------------------------------------


async def prepare_turn(client: AsyncClient) -> tuple[Game, dict[int, tuple[int, int, int]]]:
    """Two players; each marches one tile and orders an outpost there (3 gold); all ready.

    Returns the game and, per player number, (army id, q, r) of the march's destination.
    """

    async def make_user(username: str | None = None, **kwargs: object) -> AuthUser:
        return await register_and_login(client, username)

    game = await start_game(client, make_user, ("empire", "dwarfs"))
    destinations = {}
    for player in game.players:
        armies = (await client.get(game.url("/armies"), headers=player.headers)).json()
        army_id = armies["mine"][0]["id"]
        reachable = await client.get(
            game.url(f"/armies/{army_id}/reachable"), headers=player.headers
        )
        for tile in (t for t in reachable.json() if t["cost"] == 1):
            moved = await client.put(
                game.url(f"/armies/{army_id}/move"),
                json={"path": [[tile["q"], tile["r"]]]},
                headers=player.headers,
            )
            assert moved.status_code == 200, moved.text
            built = await client.post(
                game.url("/builds"),
                json={"kind": "outpost", "q": tile["q"], "r": tile["r"], "army_id": army_id},
                headers=player.headers,
            )
            if built.status_code == 201:
                destinations[player.number] = (army_id, tile["q"], tile["r"])
                break
        assert player.number in destinations, "no tile next to the capital accepts an outpost"
        ready = await client.put(game.url("/turn/ready"), headers=player.headers)
        assert ready.status_code == 200, ready.text
    return game, destinations


async def confirm(client: AsyncClient, game: Game) -> Any:
    return await client.post(
        game.url("/turn/resolve"),
        headers={**game.owner.headers, "Idempotency-Key": FAULT_KEY},
    )


FaultSetup = Callable[[pytest.MonkeyPatch, _Faults], None]


def _kill_before_load_state(monkeypatch: pytest.MonkeyPatch, faults: _Faults) -> None:
    original = mapping.load_read  # what app.play.turns.service calls (the state and its orders)

    async def load_read(session: AsyncSession, *args: Any, **kwargs: Any) -> Any:
        await faults.kill(session)  # the `turns` row is already flushed
        return await original(session, *args, **kwargs)

    monkeypatch.setattr(turns_service, "load_read", load_read)


def _kill_after_save_state(monkeypatch: pytest.MonkeyPatch, faults: _Faults) -> None:
    original = mapping.save_state

    async def save_state(session: AsyncSession, *args: Any, **kwargs: Any) -> None:
        await original(session, *args, **kwargs)
        await session.flush()  # armies moved, structures placed, gold changed: all sent
        await faults.kill(session)

    monkeypatch.setattr(turns_service, "save_state", save_state)


def _kill_after_last_event(monkeypatch: pytest.MonkeyPatch, faults: _Faults) -> None:
    original = events.publish_all

    async def publish_all(
        session: AsyncSession, campaign_id: Any, published: Sequence[events.Event]
    ) -> None:
        await original(session, campaign_id, published)
        if any(e.kind == AppEventKind.TURN_CHANGED for e in published):
            await faults.kill(session)  # ledger, summaries, events and NOTIFY all sent

    monkeypatch.setattr(turns_service, "publish_all", publish_all)


def _kill_at_commit(monkeypatch: pytest.MonkeyPatch, faults: _Faults) -> None:
    faults.at_commit = True  # the whole change is flushed; COMMIT meets a dead connection


@pytest.mark.parametrize(
    "inject",
    [_kill_before_load_state, _kill_after_save_state, _kill_after_last_event, _kill_at_commit],
    ids=["before-load-state", "after-save-state", "after-last-event", "at-commit"],
)
async def test_R_TURN_4_connection_killed_mid_turn_change_leaves_turn_unchanged_and_retry_works(
    committing_client: AsyncClient,
    engine: AsyncEngine,
    faults: _Faults,
    monkeypatch: pytest.MonkeyPatch,
    inject: FaultSetup,
) -> None:
    """R-TURN-4 / R-ECO-6: one transaction — all of the change or none of it, then exactly once."""
    client = committing_client
    game, destinations = await prepare_turn(client)
    before = await snapshot(engine)
    gold_before, ledger_before = await gold_and_ledger(engine)
    assert gold_before == ledger_before == {1: 2, 2: 2}  # 5 at the start, 3 for the outpost

    with monkeypatch.context() as patch:
        inject(patch, faults)
        failed = await confirm(client, game)

    assert faults.kills == 1
    assert_problem(failed, 503, "service_unavailable")
    assert failed.headers["retry-after"] == "1"
    # Nothing of the change was kept: turn number, `turns` row, gold, ledger, orders, armies,
    # structures, summaries, events, the idempotency key — every row as it was.
    assert await snapshot(engine) == before

    retried = await confirm(client, game)  # same Idempotency-Key: the failure was not stored
    assert retried.status_code == 200, retried.text
    assert retried.json()["number"] == 2
    replayed = await confirm(client, game)
    assert replayed.status_code == 200
    assert replayed.headers["Idempotent-Replayed"] == "true"
    again = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert_problem(again, 409, "R-TURN-3")  # nobody is ready for turn 2 yet

    assert await turn_records(engine) == [1]
    gold, ledger = await gold_and_ledger(engine)
    assert gold == ledger  # R-ECO-6
    assert gold != gold_before  # income and upkeep were booked, once
    for player in game.players:
        army_id, q, r = destinations[player.number]
        mine = (await client.get(game.url("/armies"), headers=player.headers)).json()["mine"]
        assert [(a["id"], a["q"], a["r"]) for a in mine] == [(army_id, q, r)]
        tile = (await client.get(game.url(f"/tiles/{q}/{r}"), headers=player.headers)).json()
        assert (tile["owner"], tile["structure"]["kind"]) == (player.number, "outpost")
        summary = await client.get(game.url("/turns/1/summary"), headers=player.headers)
        assert summary.status_code == 200, summary.text


# -- the database goes away and comes back ---------------------------------------------------


class DatabaseProxy:
    """A TCP front for the test PostgreSQL that can refuse, cut or restore connections.

    The app's engine points at the proxy, so from the app's side the database really goes
    down (connections reset, new ones refused) and comes back on the same address.
    """

    def __init__(self, database_url: str) -> None:
        url = make_url(database_url)
        socket_dir = url.query.get("host")
        if isinstance(socket_dir, tuple):
            socket_dir = socket_dir[0]
        self._unix: str | None = None
        self._tcp: tuple[str, int] | None = None
        if socket_dir and socket_dir.startswith("/"):
            self._unix = f"{socket_dir}/.s.PGSQL.{url.port or 5432}"
        else:
            self._tcp = (url.host or "127.0.0.1", url.port or 5432)
        self._database_url = database_url
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._flowing = asyncio.Event()
        self._flowing.set()
        self.port = 0

    def url(self) -> str:
        """The database URL with the proxy as its server."""
        url = make_url(self._database_url)
        query = {k: v for k, v in url.query.items() if k != "host"}
        return url.set(host="127.0.0.1", port=self.port, query=query).render_as_string(
            hide_password=False
        )

    async def up(self) -> None:
        """Accept connections (on the same port as before, if it was up before)."""
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        """Reset every open connection (a database restart, as the clients see it)."""
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def down(self) -> None:
        """Stop listening and reset every open connection: the database is unreachable."""
        if self._server is not None:
            self._server.close()
            self._server = None
        await self.cut()

    def freeze(self) -> None:
        """Stop forwarding anything, without closing: the database hangs (a network partition)."""
        self._flowing.clear()

    def thaw(self) -> None:
        """Forward again what was held back."""
        self._flowing.set()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        await self._flowing.wait()
        try:
            if self._unix is not None:
                up_reader, up_writer = await asyncio.open_unix_connection(self._unix)
            else:
                assert self._tcp is not None
                up_reader, up_writer = await asyncio.open_connection(*self._tcp)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pump(source, sink))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                await self._flowing.wait()
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            sink.transport.abort()
            self._writers.discard(sink)


@pytest.fixture
async def proxy(database_url: str) -> AsyncIterator[DatabaseProxy]:
    front = DatabaseProxy(database_url)
    await front.up()
    try:
        yield front
    finally:
        await front.down()


@pytest.fixture
async def live_app(
    proxy: DatabaseProxy, settings: Settings, engine: AsyncEngine, fast_password_hashing: None
) -> AsyncIterator[FastAPI]:
    """The app with its real lifespan (engine, event hub, sweeper) behind the proxy.

    `engine` (direct, not proxied) empties the tables after the test.
    """
    app = create_app(settings.model_copy(update={"database_url": proxy.url()}))
    async with LifespanManager(app) as manager:
        app.state.asgi = manager.app  # the app wrapped with its lifespan state
        yield app


@pytest.fixture
async def live_client(live_app: FastAPI) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=live_app.state.asgi, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def _within(seconds: float, call: Callable[[], Awaitable[Any]]) -> Any:
    async with asyncio.timeout(seconds):
        return await call()


async def test_readyz_is_503_while_the_database_is_unreachable_and_recovers_by_itself(
    proxy: DatabaseProxy, live_app: FastAPI, live_client: AsyncClient
) -> None:
    engine = live_app.state.engine
    ok = await live_client.get("/readyz")
    assert (ok.status_code, ok.json()) == (200, {"status": "ok"})

    await proxy.down()
    for _ in range(3):  # the pooled connection is dead, and no new one can be opened
        down = await _within(10, lambda: live_client.get("/readyz"))
        body = assert_problem(down, 503, "service_unavailable")
        assert body == {
            "type": "urn:marchlords:problem:service_unavailable",
            "title": "Service unavailable",
            "status": 503,
            "detail": "Database unavailable.",
            "code": "service_unavailable",
            "instance": "/readyz",
        }

    await proxy.up()
    back = await _within(10, lambda: live_client.get("/readyz"))
    assert (back.status_code, back.json()) == (200, {"status": "ok"})
    assert live_app.state.engine is engine  # same app, same engine: nothing was restarted
    # Real work goes through too: a write that commits.
    created = await live_client.post("/v1/users", json=_new_user("after_outage"))
    assert created.status_code == 201, created.text


async def test_readyz_is_503_within_its_timeout_while_the_database_hangs(
    proxy: DatabaseProxy,
    live_app: FastAPI,
    live_client: AsyncClient,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A database that accepts but never answers must not hold the probe for a minute."""
    monkeypatch.setattr(ops_router, "READY_TIMEOUT_SECONDS", 1.0)  # 10 s in production
    assert (await live_client.get("/readyz")).status_code == 200

    proxy.freeze()
    try:
        for _ in range(2):  # the pooled connection hangs, and so would a new one
            hung = await _within(5, lambda: live_client.get("/readyz"))
            assert_problem(hung, 503, "service_unavailable")
    finally:
        proxy.thaw()  # also on failure, so that the app can shut down
    back = await _within(10, lambda: live_client.get("/readyz"))
    assert (back.status_code, back.json()) == (200, {"status": "ok"})


async def test_readyz_answers_200_right_after_a_database_restart(
    proxy: DatabaseProxy, live_app: FastAPI, live_client: AsyncClient
) -> None:
    """Pooled connections reset by a restart are pre-pinged and replaced: no failed probe."""
    for _ in range(3):
        assert (await live_client.get("/readyz")).status_code == 200
        await proxy.cut()
    back = await _within(10, lambda: live_client.get("/readyz"))
    assert (back.status_code, back.json()) == (200, {"status": "ok"})


async def test_requests_during_an_outage_fail_cleanly_and_change_nothing(
    proxy: DatabaseProxy, live_client: AsyncClient
) -> None:
    """A request that needs the database while it is down gets a problem document, no trace."""
    await proxy.down()
    response = await _within(10, lambda: live_client.post("/v1/users", json=_new_user("outage")))
    body = assert_problem(response, 503, "service_unavailable")
    # No internals; the client is told to retry.
    assert body["detail"] == "The database is unreachable; nothing was changed. Try again shortly."
    assert response.headers["retry-after"] == "1"

    await proxy.up()
    created = await _within(10, lambda: live_client.post("/v1/users", json=_new_user("outage")))
    assert created.status_code == 201, created.text


async def test_a_pooled_connection_is_pinged_in_one_round_trip_and_replaced_if_closed(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The production engine's ping at checkout: one simple query, no transaction around it
    (SQLAlchemy's asyncpg ping was BEGIN, `;`, ROLLBACK), and the connection that answered it
    is the one handed out; a connection the server closed while in the pool is replaced."""
    sent: list[str] = []
    transactions: list[object] = []
    execute, transaction = asyncpg.Connection.execute, asyncpg.Connection.transaction

    async def spied_execute(self: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> str:
        sent.append(query)
        status: str = await execute(self, query, *args, **kwargs)
        return status

    def spied_transaction(self: asyncpg.Connection, **kwargs: Any) -> Any:
        transactions.append(kwargs)
        return transaction(self, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "execute", spied_execute)
    monkeypatch.setattr(asyncpg.Connection, "transaction", spied_transaction)
    engine = create_engine(database_url, pool_size=1, max_overflow=0)
    try:
        async with engine.connect() as conn:
            first = await conn.scalar(text("SELECT pg_backend_pid()"))
        sent.clear()
        transactions.clear()
        async with engine.connect() as conn:
            assert sent == ["SELECT 1"]
            assert transactions == []
            assert await conn.scalar(text("SELECT pg_backend_pid()")) == first
        async with engine.connect() as conn:
            driver = (await conn.get_raw_connection()).driver_connection
        assert driver is not None
        await driver.close()  # back in the pool, closed as if by the server
        async with engine.connect() as conn:
            assert await conn.scalar(text("SELECT pg_backend_pid()")) != first
    finally:
        await engine.dispose()


def _new_user(name: str) -> dict[str, str]:
    return {"username": name, "password": "correct horse battery", "display_name": name}


# -- the database is gone: every kind of lost database is a 503 ------------------------------

OUTAGE_DETAIL = "The database is unreachable; nothing was changed. Try again shortly."


@contextlib.contextmanager
def closed_tcp_port() -> Iterator[int]:
    """A loopback port bound but not listening: connections to it are refused (and the port
    stays ours, so nothing else can start listening on it meanwhile)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


@contextlib.contextmanager
def unreachable_database_url(kind: str, database_url: str) -> Iterator[str]:
    url = make_url(database_url)
    if kind == "missing-unix-socket":
        with tempfile.TemporaryDirectory() as empty:  # no `.s.PGSQL.*` socket file in it
            query = {k: v for k, v in url.query.items() if k != "host"}
            yield url.set(host=None, port=5432, query={**query, "host": empty}).render_as_string(
                hide_password=False
            )
    else:
        with closed_tcp_port() as port:
            query = {k: v for k, v in url.query.items() if k != "host"}
            yield url.set(host="127.0.0.1", port=port, query=query).render_as_string(
                hide_password=False
            )


def assert_outage(response: Any) -> None:
    body = assert_problem(response, 503, "service_unavailable")
    assert body["detail"] == OUTAGE_DETAIL
    assert body["title"] == "Service unavailable"
    assert body["instance"] == response.url.path
    assert response.headers["retry-after"] == "1"


@pytest.mark.parametrize("kind", ["missing-unix-socket", "closed-tcp-port"])
async def test_requests_answer_503_with_retry_after_when_the_database_is_unreachable(
    kind: str,
    database_url: str,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No socket file / connection refused is a 503, never a 500."""
    # create_app would replace the root log handlers, pytest's capture included.
    monkeypatch.setattr(main_module, "configure_logging", lambda *args, **kwargs: None)
    with unreachable_database_url(kind, database_url) as url:
        app = create_app(settings.model_copy(update={"database_url": url}))
        async with LifespanManager(app) as manager:  # the real engine, hub and sweeper
            transport = ASGITransport(app=manager.app, raise_app_exceptions=False)
            async with AsyncClient(transport=transport, base_url="http://test") as client:
                token = {"Authorization": "Bearer some-token"}
                read = await client.get(f"/v1/campaigns/{uuid.uuid4()}", headers=token)
                assert_outage(read)
                write = await client.post(
                    "/v1/campaigns", json={"name": "Down", "map_id": str(uuid.uuid4())},
                    headers=token,
                )  # fmt: skip
                assert_outage(write)
                assert_outage(await client.post("/v1/users", json=_new_user("nobody")))
                ready = await client.get("/readyz")
                assert_problem(ready, 503, "service_unavailable")
                assert ready.headers["retry-after"] == "1"
    # One warning line per failed request, naming the OS error; no traceback in the log.
    os_error = "FileNotFoundError" if kind == "missing-unix-socket" else "ConnectionRefusedError"
    warnings = [r.getMessage() for r in caplog.records if r.name == "app.platform.errors"]
    assert len(warnings) == 3
    assert all(os_error in w for w in warnings), warnings
    assert not [r for r in caplog.records if r.exc_info and r.name.startswith("app")]


async def test_no_free_pooled_connection_in_time_is_a_503(
    database_url: str, settings: Settings, fast_password_hashing: None
) -> None:
    """The pool is exhausted (every connection busy, no overflow): a 503, not a 500."""
    app = create_app(settings)
    engine = create_engine(database_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    app.state.sessionmaker = create_sessionmaker(engine)
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    try:
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            async with engine.connect():  # holds the only connection
                busy = await client.post("/v1/users", json=_new_user("pool_busy"))
            assert_outage(busy)
            assert (await client.get("/readyz")).status_code == 200  # free again: served
    finally:
        await engine.dispose()


async def test_connect_timeout_while_the_database_hangs_is_a_503(
    proxy: DatabaseProxy, settings: Settings
) -> None:
    """The database accepts the connection but never answers: the connect times out, 503."""
    app = create_app(settings)
    hung = create_engine(proxy.url(), connect_args={"timeout": 0.5})  # 10 s in production
    app.state.sessionmaker = create_sessionmaker(hung)
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    proxy.freeze()
    try:
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            response = await _within(10, lambda: client.post("/v1/users", json=_new_user("hung")))
        assert_outage(response)
    finally:
        proxy.thaw()
        await hung.dispose()


async def test_database_refusing_more_connections_is_a_503(
    database_url: str, engine: AsyncEngine, settings: Settings
) -> None:
    """PostgreSQL answers `too many connections` (SQLSTATE 53300) at connect: a 503."""
    role = f"marchlords_no_slots_{os.getpid()}"
    async with engine.begin() as conn:
        # A login role allowed no connection at all: connecting as it is refused with 53300,
        # as it is for everyone when `max_connections` is reached.
        await conn.execute(text(f'CREATE ROLE "{role}" LOGIN CONNECTION LIMIT 0'))
    try:
        url = make_url(database_url).set(username=role, password=None)
        app = create_app(settings)
        limited = create_engine(url.render_as_string(hide_password=False))
        app.state.sessionmaker = create_sessionmaker(limited)
        transport = ASGITransport(app=app, raise_app_exceptions=False)
        try:
            async with AsyncClient(transport=transport, base_url="http://test") as client:
                assert_outage(await client.post("/v1/users", json=_new_user("no_slots")))
        finally:
            await limited.dispose()
    finally:
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP ROLE "{role}"'))


def _pool_timeout() -> Exception:
    return PoolTimeoutError("QueuePool limit of size 10 overflow 20 reached")


def _dbapi(orig: Exception, *, invalidated: bool = False) -> Exception:
    return DBAPIError("SELECT 1", None, orig, connection_invalidated=invalidated)


def _with_cause(error: Exception, cause: BaseException) -> Exception:
    error.__cause__ = cause
    return error


OUTAGES: dict[str, Callable[[], Exception]] = {
    "connection-refused": lambda: ConnectionRefusedError(111, "Connection refused"),
    "connection-reset": lambda: ConnectionResetError(104, "Connection reset by peer"),
    "broken-pipe": lambda: BrokenPipeError(32, "Broken pipe"),
    "connect-timeout": TimeoutError,
    "pool-timeout": _pool_timeout,
    "asyncpg-cannot-connect-now": lambda: asyncpg.CannotConnectNowError("starting up"),
    "asyncpg-too-many-connections": lambda: asyncpg.TooManyConnectionsError("too many"),
    "asyncpg-admin-shutdown": lambda: asyncpg.AdminShutdownError("terminating connection"),
    "asyncpg-crash-shutdown": lambda: asyncpg.CrashShutdownError("crash"),
    "asyncpg-connection-gone": lambda: asyncpg.ConnectionDoesNotExistError("closed"),
    "asyncpg-connection-closed": lambda: asyncpg.InterfaceError("connection is closed"),
    "dbapi-invalidated": lambda: _dbapi(Exception("closed"), invalidated=True),
    "dbapi-socket-file-gone": lambda: _dbapi(
        _with_cause(Exception("cannot connect"), FileNotFoundError(2, "No such file"))
    ),
    "dbapi-sqlstate-08006": lambda: _dbapi(asyncpg.ConnectionFailureError("lost")),
    "dbapi-sqlstate-57P01": lambda: _dbapi(asyncpg.AdminShutdownError("terminating")),
}
NOT_OUTAGES: dict[str, Callable[[], Exception]] = {
    "bare-file-not-found": lambda: FileNotFoundError(2, "No such file"),
    "unique-violation": lambda: _dbapi(asyncpg.UniqueViolationError("duplicate key")),
    "programming-error": lambda: _dbapi(asyncpg.UndefinedTableError("no such table")),
    "asyncpg-interface-misuse": lambda: asyncpg.InterfaceError("another operation is in progress"),
    "value-error": lambda: ValueError("a bug"),
    "bug-while-handling-a-timeout": lambda: _raised_while_handling(TimeoutError()),
}


def _raised_while_handling(handled: BaseException) -> Exception:
    try:
        raise handled
    except type(handled):
        try:
            raise KeyError("a bug in the except block")
        except KeyError as bug:
            return bug


def _raising_app(settings: Settings, make_error: Callable[[], Exception]) -> FastAPI:
    app = create_app(settings)

    @app.get("/boom")
    async def boom() -> None:
        raise make_error()

    return app


@pytest.mark.parametrize("make_error", OUTAGES.values(), ids=OUTAGES.keys())
async def test_every_kind_of_lost_database_is_a_503_with_retry_after(
    settings: Settings, make_error: Callable[[], Exception]
) -> None:
    assert is_database_outage(make_error())
    transport = ASGITransport(app=_raising_app(settings, make_error), raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        assert_outage(await client.get("/boom"))


async def test_the_outage_log_line_names_the_cause_but_not_the_statement_or_its_values(
    settings: Settings, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(main_module, "configure_logging", lambda *args, **kwargs: None)

    def lost_mid_insert() -> Exception:
        return DBAPIError(
            "INSERT INTO tokens (token_hash) VALUES ($1)",
            ("secret-token-hash",),
            _with_cause(Exception("connection lost"), ConnectionResetError(104, "reset by peer")),
        )

    transport = ASGITransport(app=_raising_app(settings, lost_mid_insert))
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        assert_outage(await client.get("/boom"))
    [line] = [r.getMessage() for r in caplog.records if r.name == "app.platform.errors"]
    assert "ConnectionResetError" in line
    assert "reset by peer" in line
    assert "secret-token-hash" not in line
    assert "INSERT" not in line


@pytest.mark.parametrize("make_error", NOT_OUTAGES.values(), ids=NOT_OUTAGES.keys())
async def test_other_errors_stay_500s(
    settings: Settings, make_error: Callable[[], Exception]
) -> None:
    assert not is_database_outage(make_error())
    transport = ASGITransport(app=_raising_app(settings, make_error), raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/boom")
    assert_problem(response, 500, "internal_error")
    assert "retry-after" not in response.headers


async def test_deadline_sweeper_survives_an_outage_quietly_and_resumes(
    proxy: DatabaseProxy,
    committing_client: AsyncClient,
    engine: AsyncEngine,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The sweeper neither dies nor logs tracebacks while the database is gone; it retries
    (sooner than its normal interval, backing off) and does its work once it is back."""

    make_user: MakeUser = functools.partial(register_and_login, committing_client)
    game = await start_game(
        committing_client,
        make_user,
        settings={"turn_deadline_hours": 24, "deadline_auto_change": True},
    )
    async with engine.begin() as conn:
        await conn.execute(
            update(Campaign).values(turn_deadline_at=func.now() - timedelta(minutes=1))
        )
    await proxy.down()

    passes = 0
    outage_passes = asyncio.Event()

    def clock() -> datetime:
        nonlocal passes
        passes += 1
        if passes == 3:
            outage_passes.set()
        return datetime.now(UTC)

    proxied = create_engine(proxy.url(), connect_args={"timeout": 2})
    # The normal interval is far longer than the test: only the outage retries can resume it.
    sweeper = asyncio.create_task(
        run_sweeper(create_sessionmaker(proxied), interval=3600, clock=clock, first_retry=0.01)
    )
    try:
        async with asyncio.timeout(30):
            await outage_passes.wait()  # three passes failed on the dead database
            assert not sweeper.done()
            await proxy.up()
            # Polling the database: the sweeper signals nothing when a pass succeeds.
            while (await turn_records(engine)) != [1]:  # noqa: ASYNC110
                await asyncio.sleep(0.05)
        assert not sweeper.done()
    finally:
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await proxied.dispose()

    async with engine.connect() as conn:
        turn = await conn.scalar(select(Campaign.turn).where(Campaign.id == uuid.UUID(game.id)))
    assert turn == 2
    sweeper_logs = [r for r in caplog.records if r.name == "app.platform.jobs"]
    assert not [r for r in sweeper_logs if r.exc_info], "tracebacks logged during the outage"
    warnings = [r for r in sweeper_logs if r.levelno >= logging.WARNING]
    assert len(warnings) == 1  # one line when the outage began, not one per pass
    assert "database unreachable" in warnings[0].getMessage()
