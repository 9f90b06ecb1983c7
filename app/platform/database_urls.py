"""From the PostgreSQL URL a user pastes to what asyncpg can open.

Hosted databases hand out libpq URLs (`postgresql://u:p@db.example/app?sslmode=require`).
SQLAlchemy's asyncpg dialect passes every query parameter to `asyncpg.connect()` as a keyword,
and asyncpg has no `sslmode` keyword: such a URL used to crash at the first connection. Here the
query is sorted out once, for the engine (`engine_arguments`) and for the plain asyncpg
connections (`asyncpg_dsn`: the event listener, creating databases):

- asyncpg's own keywords that SQLAlchemy passes on (`host`, `port` for Unix sockets or several
  hosts, `ssl`, `command_timeout`, `prepared_statement_cache_size`) stay as they are;
- the libpq parameters that asyncpg's connection-string parser implements, with libpq's meaning
  (`sslmode`, `sslrootcert`, `sslcert`, `sslkey`, `sslpassword`, `sslcrl`, …,
  `target_session_attrs`, `application_name`, `options`), go to asyncpg as a connection string
  (its `dsn` argument; the keywords SQLAlchemy derives from the URL's host, user and database
  win over the string's, and the string carries only these parameters);
- `connect_timeout` (seconds) becomes asyncpg's `timeout` for the engine's connections;
- `sslrootcert=system` (libpq 16: the system's certificate authorities, `verify-full`) names
  the system's CA bundle file;
- libpq tuning asyncpg has no equivalent for, harmless to leave out (`keepalives…`,
  `tcp_user_timeout`, `sslsni`, `sslcompression`, `channel_binding` or `gssencmode` other than
  `require`), is left out;
- anything else is refused with a message naming the parameter (a settings error at startup),
  rather than reaching PostgreSQL as an unknown server setting.
"""

from __future__ import annotations

import math
import ssl
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL, make_url

# Keywords of asyncpg.connect() that the asyncpg dialect takes from the query as they are.
_DIALECT_KEYWORDS = frozenset(
    {"host", "port", "ssl", "command_timeout", "prepared_statement_cache_size"}
)
# libpq parameters applied by asyncpg's connection-string parser (asyncpg.connect_utils).
_DSN_PARAMETERS = frozenset(
    {
        "sslmode",
        "sslrootcert",
        "sslcert",
        "sslkey",
        "sslpassword",
        "sslcrl",
        "sslnegotiation",
        "ssl_min_protocol_version",
        "ssl_max_protocol_version",
        "passfile",
        "target_session_attrs",
        "krbsrvname",
        "gsslib",
        # Not parsed by asyncpg: sent to the server at startup, as libpq does.
        "application_name",
        "options",
    }
)
# libpq parameters without an asyncpg equivalent whose absence changes nothing that matters.
_IGNORED = frozenset(
    {
        "keepalives",
        "keepalives_idle",
        "keepalives_interval",
        "keepalives_count",
        "tcp_user_timeout",
        "sslsni",
        "sslcompression",
    }
)
# libpq parameters whose other values only say "if available": asyncpg lacks the feature.
_IGNORED_UNLESS = {"channel_binding": "require", "gssencmode": "require"}
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
_SYSTEM_CA_FILES = ("/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt")


@dataclass(frozen=True)
class ConnectParameters:
    """A database URL sorted out: see the module doc."""

    url: URL  # the driver's URL without the libpq parameters
    libpq: dict[str, str] = field(default_factory=dict)  # for asyncpg's connection string
    connect_timeout: float | None = None


def _system_ca_file() -> str:
    paths = ssl.get_default_verify_paths()
    for candidate in (paths.cafile, paths.openssl_cafile, *_SYSTEM_CA_FILES):
        if candidate and Path(candidate).is_file():
            return candidate
    raise ValueError("sslrootcert=system: no certificate authority bundle found on this system")


def parse(url: str | URL) -> ConnectParameters:
    """Sort the query of a PostgreSQL URL out; ValueError names what cannot be honoured."""
    parsed = make_url(url)
    kept: dict[str, str | tuple[str, ...]] = {}
    libpq: dict[str, str] = {}
    timeout: float | None = None
    for key, value in parsed.query.items():
        if key in _DIALECT_KEYWORDS:
            kept[key] = value
            continue
        if isinstance(value, tuple):
            raise ValueError(f"database URL parameter {key!r} is given more than once")
        if key in _DSN_PARAMETERS:
            libpq[key] = value
        elif key == "connect_timeout":
            try:
                seconds = float(value)
            except ValueError:
                seconds = math.nan
            if not math.isfinite(seconds):
                raise ValueError(f"connect_timeout={value!r} is not a number of seconds")
            # libpq: zero or less waits forever; the configured timeout applies instead.
            timeout = seconds if seconds > 0 else None
        elif key == "fallback_application_name":
            libpq.setdefault("application_name", value)  # application_name, if any, wins
        elif key in _IGNORED:
            pass
        elif key in _IGNORED_UNLESS:
            if value == _IGNORED_UNLESS[key]:
                raise ValueError(
                    f"{key}={value} is not supported by the asyncpg driver: remove it "
                    "(use sslmode=verify-full to authenticate the server)"
                )
        else:
            raise ValueError(
                f"database URL parameter {key!r} is not supported; supported: "
                + ", ".join(sorted(_DIALECT_KEYWORDS | _DSN_PARAMETERS | {"connect_timeout"}))
            )
    _check_ssl(kept, libpq)
    return ConnectParameters(url=parsed.set(query=kept), libpq=libpq, connect_timeout=timeout)


def _check_ssl(kept: dict[str, str | tuple[str, ...]], libpq: dict[str, str]) -> None:
    mode = libpq.get("sslmode")
    if mode is not None and "ssl" in kept:
        raise ValueError("give either sslmode or ssl in the database URL, not both")
    if mode is not None and mode not in SSL_MODES:
        raise ValueError(f"sslmode={mode!r} is not one of {', '.join(SSL_MODES)}")
    if libpq.get("sslrootcert") == "system":
        # libpq ≥ 16: the system's authorities, and nothing weaker than verify-full.
        if mode not in (None, "verify-full"):
            raise ValueError(f"sslrootcert=system needs sslmode=verify-full, not {mode}")
        libpq["sslmode"] = "verify-full"
        libpq["sslrootcert"] = _system_ca_file()


def _connection_string(libpq: dict[str, str]) -> str:
    return "postgresql://?" + urllib.parse.urlencode(libpq, quote_via=urllib.parse.quote)


def engine_arguments(url: str) -> tuple[URL, dict[str, Any]]:
    """The URL for `create_async_engine` and the `connect_args` the libpq parameters need."""
    params = parse(url)
    connect_args: dict[str, Any] = {}
    if params.libpq:
        connect_args["dsn"] = _connection_string(params.libpq)
    if params.connect_timeout is not None:
        connect_args["timeout"] = params.connect_timeout
    return params.url, connect_args


def asyncpg_dsn(url: str, database: str | None = None) -> str:
    """A connection string for `asyncpg.connect()`, optionally on another database."""
    params = parse(url)
    query: dict[str, str] = {}
    for key in ("host", "port"):
        value = params.url.query.get(key)
        if isinstance(value, tuple):
            raise ValueError(f"database URL parameter {key!r}: one value only for asyncpg")
        if value is not None:
            query[key] = value
    ssl_keyword = params.url.query.get("ssl")
    if isinstance(ssl_keyword, str) and ssl_keyword in SSL_MODES:
        query["sslmode"] = ssl_keyword
    query.update(params.libpq)
    base = params.url.set(drivername="postgresql", query={})
    if database is not None:
        base = base.set(database=database)
    rendered = base.render_as_string(hide_password=False)
    if not query:
        return rendered
    return rendered + "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
