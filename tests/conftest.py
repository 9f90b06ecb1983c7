"""Shared fixtures.

Database fixtures are lazy: only tests that ask for `client`, `session`, `database_url`, ...
start PostgreSQL, so pure tests (tests/rules) run without a database.

- `database_url` (session): a fresh `marchlords_test_<pid>` database, migrated to head (a copy
  of a migrated template) and holding the built-in maps, on the embedded server (or on
  `DATABASE_URL`'s server), dropped at the end.
- `connection`: one connection per test inside an outer transaction that is rolled back.
- `session`: an `AsyncSession` on that connection, seeing the same data as the app.
- `app` / `client`: the app with its sessions bound to that connection (savepoints, so the
  request's commit stays inside the test transaction), and an `httpx.AsyncClient` on it.
- `make_user`: `alice = await make_user("alice")` registers and logs in; use `alice.headers`.
"""

import asyncio
import concurrent.futures
import functools
import os
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import ExitStack
from typing import Any, TypeVar

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import Connection, Engine, TextClause, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool
from sqlalchemy.sql.dml import UpdateBase

from app.accounts.auth import passwords
from app.platform.config import Settings
from app.platform.db.base import Base
from app.platform.db.embedded import EmbeddedPostgres, drop_database
from app.platform.db.migrate import upgrade_head
from app.platform.db.session import create_sessionmaker
from app.platform.heap import tune_collector
from app.platform.log import request_id_var
from app.play.pictures.rendering import renderer as replay_renderer
from app.play.world.cache import map_views
from app.store.models.game_map import GameMap
from app.store.persistence.world import worlds
from tests.case_check import (  # noqa: F401 - its hooks, registered by being here
    pytest_addoption,
    pytest_configure,
)
from tests.factories import citus_sql
from tests.factories.apps import fresh_app
from tests.factories.citus_sql import CITUS_URL
from tests.factories.databases import (
    copy_template,
    ensure_template,
    seed,
    store_builtin_maps,
    template_name,
)
from tests.factories.flows import MakeUser, registered_user

T = TypeVar("T")

# What a module uses tells the kind of its tests (`scripts/test --quick` leaves these out):
# real servers or processes of their own (replay workers), schemathesis' contract fuzzing, a
# real browser.
KINDS_BY_MODULE_NAME = {
    "real_server": frozenset(
        {"uvicorn", "subprocess", "multiprocessing", "served", "server_process"}
    ),
    "fuzz": frozenset({"schemathesis"}),
    "browser": frozenset({"selenium", "webdriver"}),
}
KINDS_BY_FIXTURE = {"real_server": frozenset({"served"})}
# The HTTP suites that matter on a Citus cluster (docs/scaling.md), marked `citus`: play and
# its races on gold, battles, deadlines that fire, reminders that arrive, rate limits,
# idempotency, two server processes on one database. `MARCHLORDS_CITUS_URL=<the coordinator>
# scripts/test -m citus` runs them on a cluster (scripts/citus_cluster builds one): the session's
# database is then the cluster's, migrated and distributed already. Without it, `-m citus`
# skips them, saying so; the normal runs never use a cluster.
CITUS_SUITES = (
    "tests/play/turns/test_rule_scenarios.py",
    "tests/play/turns/test_races.py",
    "tests/play/orders/test_orders.py",
    "tests/play/battles/test_battles.py",
    "tests/play/battles/test_battles_concurrency.py",
    "tests/play/deadlines/test_deadlines.py",
    "tests/channels/notifications/test_notifications.py",
    "tests/channels/stream/test_two_processes.py",
    "tests/play/idempotency/test_idempotency.py",
    "tests/shell/limits/test_limits.py",
)
# The slow ones (`scripts/test --quick` leaves them out too), by the start of their ids: the
# tests of `--quick` that took 9 s or more under `--durations` (each ≥ 2 s on a quiet machine),
# their whole module where most of its tests did: sweeps over every operation, random whole
# games, long property searches, races and notification deliveries.
SLOW_TESTS = (
    "tests/play/campaigns/test_anonymity.py::",
    "tests/play/battles/test_battle_dates_races.py::",
    "tests/play/campaigns/test_bounds.py::test_R_HOUSE_2_ranges_are_in_the_openapi_schema",
    "tests/channels/calendar/test_calendar.py::test_a_traced_feed_request_keeps_the_secret_out_of_its_span",
    "tests/play/campaigns/test_civil_disorder.py::test_R_CAMP_10_a_returning_holder_racing_the_turn_change",
    "tests/platform/errors/test_error_messages.py::test_every_405_allows_exactly_the_documented_methods",
    "tests/play/world/test_fog_random.py::",
    "tests/play/transfer/test_import_limits.py::test_R_CAMP_9_a_played_random_game_passes_the_checks",
    "tests/channels/notifications/test_inbox.py::test_inbox_items_match_what_the_personal_webhook_gets",
    "tests/channels/notifications/test_inbox.py::test_the_fog_games_checker_reads_the_inbox_and_catches_a_planted",
    "tests/shell/test_isolation.py::",
    "tests/channels/notifications/test_join_notifications.py::",
    "tests/shell/limits/test_limits.py::test_a_wrong_current_password_counts_as_a_failed_login",
    "tests/shell/limits/test_limits.py::test_every_authenticated_write_route_carries_the_write_limit",
    "tests/play/lobbies/test_lobbies.py::test_R_CAMP_12_an_approval_racing_the_turn_change",
    "tests/play/turns/test_memory_writes.py::test_R_FOG_1_stored_memories_are_those_the_change_computed",
    "tests/channels/notifications/test_notification_races.py::",
    "tests/channels/notifications/test_notifications.py::",
    "tests/play/pictures/test_pictures.py::test_the_picture_cache_holds_no_more_bytes_than_its_setting",
    "tests/play/turns/test_shard_ready.py::test_every_statement_of_a_campaign_request_is_restricted",
    "tests/rules/test_properties.py::",
    "tests/rules/test_sea.py::test_R_SEA_2_property_no_army_at_sea_without_ship",
)
# Fixtures shared by more tests than one, built once for them: a module's tests stay on one
# worker (`--dist loadgroup`), unless they name their own `xdist_group`, or their module sets
# `GROUP_BY_TEST_FUNCTION = True` (each function's tests stay together, its shared fixtures
# built again on each worker that runs some).
SHARED_SCOPES = frozenset({"module", "package", "class"})


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collector tuned as a server's is at start-up (app/platform/heap.py; the test apps'
    lifespan, which does it, is not run): the modules, apps and collected tests frozen, young
    collections less frequent. With the defaults, full collections walked them all again and again:
    some 4 s of each worker's CPU in `scripts/test --quick`."""
    tune_collector()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its kind and the slow ones, and keep a module sharing a fixture on
    one worker."""
    on_citus = "citus" in (config.option.markexpr or "")
    no_cluster = pytest.mark.skip(
        reason="MARCHLORDS_CITUS_URL is not set: no Citus cluster to run on (scripts/citus_cluster)"
    )
    for item in items:
        if item.nodeid.startswith(CITUS_SUITES):
            item.add_marker("citus")
            if on_citus and CITUS_URL is None:
                item.add_marker(no_cluster)
        names = set(vars(item.module)) if isinstance(item, pytest.Function) else set()
        fixtures = set(getattr(item, "fixturenames", ()))
        for kind, used in KINDS_BY_MODULE_NAME.items():
            if names & used or fixtures & KINDS_BY_FIXTURE.get(kind, frozenset()):
                item.add_marker(kind)
        if item.nodeid.startswith(SLOW_TESTS):
            item.add_marker("slow")
        definitions = getattr(item, "_fixtureinfo", None)
        shares = definitions is not None and any(
            fixture.scope in SHARED_SCOPES
            for fixture_definitions in definitions.name2fixturedefs.values()
            for fixture in fixture_definitions
        )
        if shares and item.get_closest_marker("xdist_group") is None:
            group = item.nodeid.partition("::")[0]
            if isinstance(item, pytest.Function) and getattr(
                item.module, "GROUP_BY_TEST_FUNCTION", False
            ):
                group += f"::{item.originalname}"
            item.add_marker(pytest.mark.xdist_group(group))


def _in_thread(fn: Callable[[], T]) -> T:
    # asyncio.run and Alembic's env need a thread without a running event loop.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(fn).result()


def _run(coro_fn: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return _in_thread(lambda: asyncio.run(coro_fn()))


# Every statement sent by the current test, on any engine (`_citus_runs_the_sql`).
_sent: list[str] = []


def _note_statement(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
    _sent.append(statement)


@pytest.fixture(scope="session", autouse=True)
def _statements_noted() -> Iterator[None]:
    event.listen(Engine, "before_cursor_execute", _note_statement)
    yield
    event.remove(Engine, "before_cursor_execute", _note_statement)


@pytest.fixture(autouse=True)
def _citus_runs_the_sql() -> Iterator[None]:
    """No test sends SQL that Citus refuses on the distributed schema (a row lock over several
    campaigns, one in a subquery, `now()` in RETURNING: tests/factories/citus_sql.py), even
    where the code swallows the failure (a background pass logs it)."""
    _sent.clear()
    yield
    refused = citus_sql.report(_sent)
    _sent.clear()
    assert not refused, "SQL that Citus refuses:\n" + "\n".join(refused)


@pytest.fixture(scope="session", autouse=True)
def _replay_workers_end() -> Iterator[None]:
    """The replay workers a test started (lazily) end with the session: the test apps' lifespan,
    which ends them in a server (app/play/pictures/rendering.py), is not run."""
    yield
    replay_renderer.shutdown()


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """URL of a fresh, migrated test database holding the built-in maps (starts the embedded
    server if needed)."""
    if CITUS_URL is not None:
        # The cluster's database (scripts/citus_cluster: migrated and distributed), as it is.
        _run(lambda: seed(CITUS_URL))
        yield CITUS_URL
        return
    base_settings = Settings()
    with ExitStack() as stack:
        if base_settings.database_url:
            server_url = base_settings.database_url
        else:
            server = EmbeddedPostgres(base_settings.pg_data_dir)
            _in_thread(server.start)
            stack.callback(server.stop)
            server_url = server.url("postgres")
        url = (
            make_url(server_url)
            .set(database=f"marchlords_test_{os.getpid()}")
            .render_as_string(hide_password=False)
        )
        # A copy of a template built by the migrations, not metadata.create_all: the
        # migrations are tested too (tests/factories/databases.py).
        template = template_name()
        _run(lambda: ensure_template(url, template, upgrade_head))
        _run(lambda: copy_template(url, template))
        _run(lambda: seed(url))
        stack.callback(lambda: _run(lambda: drop_database(url)))
        yield url


@pytest.fixture(scope="session")
def settings(database_url: str) -> Settings:
    """Settings of the test app, pointing at the test database.

    Write, login and registration rate limits are out of the way: long games and refusal suites
    make many requests as one user or client (tests/shell/limits/test_limits.py builds its app with
    tiny limits).
    """
    return Settings(
        database_url=database_url,
        log_json=False,
        write_burst=1_000_000,
        write_rate_per_minute=1_000_000,
        login_failures_per_minute=1_000_000,
        login_failures_per_address_per_minute=1_000_000,
        login_failures_per_username_per_minute=1_000_000,
        registrations_per_hour=1_000_000,
    )


@pytest.fixture(scope="session")
def fast_password_hashing() -> Iterator[None]:
    """Cheap Argon2 parameters: the production ones cost ~0.2 s per hash."""
    original = passwords._hasher
    passwords.set_hasher(
        PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))
    )
    yield
    passwords.set_hasher(original)


@pytest.fixture(scope="session")
async def connection_engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    """The engine of the tests' connections, one for the session: SQLAlchemy keeps the
    statements it compiled per engine (with an engine per test, every test compiled its
    statements again). Its pool keeps the connections from test to test (the tests share one
    event loop, pyproject.toml): a new connection per test cost PostgreSQL a backend and its
    catalog caches, and asyncpg its prepared statements, every time. Its statement cache holds
    the suite's statements: at asyncpg's 100 they were evicted and prepared again (`scripts/test
    --quick`: the server's CPU 50 → 25 s, the wall time 103 → 82 s, both together)."""
    engine = create_async_engine(
        make_url(database_url).update_query_dict({"prepared_statement_cache_size": "2000"}),
        pool_size=2,
        max_overflow=8,
    )
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
async def connection(connection_engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection inside an outer transaction that is rolled back after the test."""
    async with connection_engine.connect() as conn:
        transaction = await conn.begin()
        try:
            yield conn
        finally:
            await transaction.rollback()


@pytest.fixture
def sessionmaker(connection: AsyncConnection) -> async_sessionmaker[AsyncSession]:
    """Session factory bound to the test connection; commits only release savepoints."""
    return async_sessionmaker(
        bind=connection, expire_on_commit=False, join_transaction_mode="create_savepoint"
    )


@pytest.fixture
async def session(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """A session sharing the test transaction with the app (flush to make changes visible)."""
    async with sessionmaker() as session:
        yield session


@event.listens_for(Engine, "before_execute")
def _drop_world_caches(
    conn: Connection, clause: object, multiparams: object, params: object, options: object
) -> None:
    """The server keeps what a campaign's world version shows (app/store/persistence/world.py,
    app/play/world/cache.py), and only its own writes bump that version: a test that writes rows
    itself, outside any request, drops those caches, as if the version had changed.

    Planting through tests/factories/planting.py (`planted`) bumps the version as the server
    does. This stays because many tests still write rows themselves without a new version
    (ORM edits of `army_of` rows, `update(...)` statements, the race tests' committed writes,
    in some thirty modules): without it a cached world of the old version would answer them."""
    if request_id_var.get() != "-":
        return  # the app's own statement, inside a request
    if isinstance(clause, UpdateBase) or (
        isinstance(clause, TextClause) and not clause.text.lstrip().upper().startswith("SELECT")
    ):
        worlds.clear()
        map_views.clear()


@pytest.fixture
def app(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> Iterator[FastAPI]:
    """The application, wired to the test transaction (its lifespan is not run)."""
    with fresh_app(settings) as application:
        application.state.sessionmaker = sessionmaker
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[AsyncClient]:
    """HTTP client calling the app in-process."""
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        yield client


@pytest.fixture
def make_user(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> MakeUser:
    """`await make_user("alice")` → AuthUser(id, username, password, token, headers): registered
    and logged in by the services, not over HTTP (`registered_user`)."""

    make: MakeUser = functools.partial(registered_user, sessionmaker, settings)
    return make


# --- committed transactions, for races between connections ----------------------------------


async def truncate_all(database_url: str) -> None:
    """Empty every table of the test database (after tests that really commit) but for the
    built-in maps (`database_url`), stored again if a test removed them.

    DELETEs, children before parents, in one transaction and one round trip: the tables hold a
    test's few rows, and TRUNCATE, which gives each of the 51 tables and their indexes new
    files, cost ~0.15 s (after each committing test, and before each of the contract fuzzing's
    scenarios); the built-in maps are kept, not stored again with their documents (~0.03 s)."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            tables = set(
                await conn.scalars(
                    text(
                        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                        " AND tablename <> 'alembic_version'"
                    )
                )
            )
            ordered = list(reversed(Base.metadata.sorted_tables))
            known = {table.name for table in ordered}
            if CITUS_URL is not None:
                # The coordinator's shards of its tables (`<table>_<shard id>`), shown with
                # citus.override_table_visibility off (scripts/citus_cluster).
                tables = {t for t in tables if t.rsplit("_", 1)[0] not in known}
            unknown = tables - known
            assert not unknown, f"tables the models do not declare: {sorted(unknown)}"
            # One round trip (asyncpg's simple query protocol runs several statements).
            deletes = "; ".join(
                str(
                    (
                        table.delete().where(table.c.builtin_key.is_(None))
                        if table.name == GameMap.__tablename__
                        else table.delete()
                    ).compile(dialect=conn.dialect)
                )
                for table in ordered
            )
            if CITUS_URL is not None:
                # Citus refuses to modify a reference table (users) after a parallel
                # modification of a table referencing it in one transaction.
                deletes = "SET LOCAL citus.multi_shard_modify_mode TO 'sequential'; " + deletes
            driver = (await conn.get_raw_connection()).driver_connection
            assert driver is not None
            await driver.execute(deletes)
            await store_builtin_maps(conn)
    finally:
        await engine.dispose()


@pytest.fixture
async def committing_engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    """An engine whose transactions really commit, each request on its own connection (to
    race them); every table is emptied afterwards."""
    engine = create_async_engine(database_url, pool_size=20, max_overflow=5)
    try:
        yield engine
    finally:
        await engine.dispose()
        await truncate_all(database_url)


@pytest.fixture
async def committing_client(
    settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> AsyncIterator[AsyncClient]:
    """HTTP client on an app whose requests commit (see `committing_engine`)."""
    with fresh_app(settings) as application:
        application.state.sessionmaker = create_sessionmaker(committing_engine)
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            yield client


@pytest.fixture
def committing_make_user(
    settings: Settings, committing_engine: AsyncEngine, fast_password_hashing: None
) -> MakeUser:
    """`make_user` for `committing_client`: the user and token committed (`registered_user`)."""
    make: MakeUser = functools.partial(
        registered_user, create_sessionmaker(committing_engine), settings
    )
    return make
