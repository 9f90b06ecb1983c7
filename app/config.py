"""Runtime configuration, read from environment variables (and an optional `.env` file)."""

import ipaddress
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from sqlalchemy.exc import ArgumentError

from app.db.urls import parse as parse_database_url


class Settings(BaseSettings):
    """All settings use the `MARCHLORDS_` prefix except the conventional `DATABASE_URL`."""

    model_config = SettingsConfigDict(
        env_prefix="MARCHLORDS_",
        env_file=".env",
        extra="ignore",
        populate_by_name=True,
        # A refused DATABASE_URL is not echoed back: it carries the password.
        hide_input_in_errors=True,
    )

    # None means "start an embedded PostgreSQL under pg_data_dir".
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    # The event hub's LISTEN connection (app/stream/hub.py), when it must not go where
    # DATABASE_URL goes (PgBouncer in transaction mode: LISTEN needs a session of its own,
    # so this names PostgreSQL itself or a session-mode pool); None: DATABASE_URL.
    listen_database_url: str | None = None
    pg_data_dir: Path = Path(".data/pg")
    # Database created inside the embedded server for the app (tests create their own).
    embedded_db_name: str = "marchlords"

    host: str = "127.0.0.1"
    # The built web client (web/, `npm run build`) served at `/` (app/web/client.py).
    web_dist_dir: Path = Path(__file__).resolve().parents[1] / "web" / "dist"
    port: int = Field(default=8000, ge=1, le=65535)

    access_token_ttl_minutes: int = Field(default=7 * 24 * 60, ge=1)
    max_page_size: int = Field(default=100, ge=1)
    default_page_size: int = Field(default=50, ge=1)

    # Limits (app/limits): request bodies, write rate per user, failed logins and registrations
    # per client address. Rates are counted in the database, shared by every server process.
    max_body_bytes: int = Field(default=1024 * 1024, ge=1024)
    # Map uploads (POST /v1/maps) carry up to 128×128 tiles.
    max_upload_body_bytes: int = Field(default=8 * 1024 * 1024, ge=1024)
    write_rate_per_minute: int = Field(default=120, ge=1)
    write_burst: int = Field(default=30, ge=1)
    # Failed logins per username and client address, per client address (spraying usernames)
    # and per username (from many addresses).
    login_failures_per_minute: int = Field(default=10, ge=1)
    login_failures_per_address_per_minute: int = Field(default=30, ge=1)
    login_failures_per_username_per_minute: int = Field(default=30, ge=1)
    registrations_per_hour: int = Field(default=10, ge=1)
    # Addresses or networks of the reverse proxies whose X-Forwarded-For/-Proto are believed
    # (comma-separated); empty: the peer's own address is the client's, whatever it sends.
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    # Idempotency-Key replay window.
    idempotency_ttl_hours: float = Field(default=24, gt=0)
    # Bytes of drawn pictures and replayed maps kept per process (app/pictures/cache.py), least
    # recently used evicted first; 0: nothing kept.
    # Campaign imports (POST /v1/campaigns/import) a process runs at once, one per user at a
    # time (app/transfer/admission.py): each holds a document of up to max_upload_body_bytes.
    imports_at_once: int = Field(default=2, ge=1)
    picture_cache_bytes: int = Field(default=32 * 1024 * 1024, ge=0)

    # Browsers (app/web): origins allowed to call the API cross-origin (comma-separated, exact
    # `scheme://host[:port]`) and/or a regular expression an origin must match in full; neither:
    # no CORS headers at all (same-origin pages and non-browser clients only).
    cors_allow_origins: Annotated[tuple[str, ...], NoDecode] = ()
    cors_allow_origin_regex: str | None = None
    # Seconds a browser may cache a preflight answer.
    cors_max_age_seconds: int = Field(default=600, ge=0)
    # Strict-Transport-Security max-age, sent only on requests that came over TLS (as seen
    # after the trusted proxies' X-Forwarded-Proto); 0: no HSTS header.
    hsts_max_age_seconds: int = Field(default=0, ge=0)

    # Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404.
    metrics_token: str | None = Field(default=None, min_length=16)
    # Uvicorn worker processes of scripts/serve (metrics are then aggregated across them).
    workers: int = Field(default=1, ge=1)

    # Connections per server process: every request holds one for its transaction.
    db_pool_size: int = Field(default=10, ge=1)
    db_max_overflow: int = Field(default=20, ge=0)
    # Seconds to wait for a new database connection before answering 503.
    db_connect_timeout_seconds: float = Field(default=10.0, gt=0)

    # Notifications (app/notifications): webhook endpoints must be https on public addresses;
    # this also allows http and https on loopback addresses (development and tests only).
    webhooks_allow_loopback: bool = False
    # Seconds one delivery attempt may take in all: resolving, connecting, sending and
    # reading the answer together (a receiver trickling bytes is cut off at this deadline).
    webhook_timeout_seconds: float = Field(default=10.0, gt=0, le=60)
    # Delivery attempts a server process makes at once, in all and to one endpoint (one: an
    # endpoint's messages go in order, and no endpoint gets more than this from a process).
    webhook_max_concurrent_deliveries: int = Field(default=16, ge=1, le=256)
    webhook_max_concurrent_per_endpoint: int = Field(default=1, ge=1, le=16)
    # Where clients reach this API (`https://marchlords.example`): Discord and Slack messages
    # then carry absolute links; unset: link paths only.
    public_url: str | None = Field(default=None, pattern=r"^https?://[^/\s?#]+(/[^\s?#]*)?$")

    # Email (app/notifications/email.py): SMTP_HOST unset turns email off (said once at
    # start-up). SECURITY: `starttls` (upgrade a plain connection, port 587), `tls` (TLS
    # from the start, port 465) or `none` (plain: a relay on the same host, tests).
    smtp_host: str | None = None
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"
    smtp_username: str | None = None
    smtp_password: SecretStr | None = None
    smtp_from: str = Field(default="Marchlords <marchlords@localhost>", min_length=3)
    # Seconds one SMTP attempt may take in all (connect, login, send).
    smtp_timeout_seconds: float = Field(default=10.0, gt=0, le=60)
    smtp_max_concurrent: int = Field(default=4, ge=1, le=64)

    log_level: str = "INFO"
    # JSON lines for machines; set false for human-readable console logs.
    log_json: bool = True

    @field_validator("database_url", "listen_database_url")
    @classmethod
    def _use_asyncpg_driver(cls, value: str | None) -> str | None:
        """Accept plain `postgres://` / `postgresql://` URLs and pin the asyncpg driver.

        The libpq parameters of hosted databases' URLs (`?sslmode=require`, …) are kept, and
        checked here: one that asyncpg cannot honour stops the start, named (app.db.urls).
        """
        if not value:
            return None
        for prefix in ("postgres://", "postgresql://"):
            if value.startswith(prefix):
                value = "postgresql+asyncpg://" + value.removeprefix(prefix)
                break
        try:
            parse_database_url(value)
        except ArgumentError as error:  # not a URL at all
            raise ValueError(str(error)) from None
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _parse_trusted_proxies(cls, value: object) -> object:
        """`10.0.0.5, 192.168.0.0/16` → a tuple of addresses and networks, each checked."""
        if isinstance(value, str):
            value = [item.strip() for item in value.split(",") if item.strip()]
        if isinstance(value, list | tuple):
            for item in value:
                # Raises ValueError (a validation error) for anything but an address or network.
                ipaddress.ip_network(str(item), strict=False)
        return value

    @field_validator("cors_allow_origins", mode="before")
    @classmethod
    def _parse_origins(cls, value: object) -> object:
        """`https://a.example, https://b.example:8443` → a tuple of origins, each checked."""
        if isinstance(value, str):
            value = [item.strip() for item in value.split(",") if item.strip()]
        if isinstance(value, list | tuple):
            for item in value:
                if not re.fullmatch(r"https?://[^/\s?#]+", str(item)):
                    raise ValueError(f"{item!r} is not an origin (scheme://host[:port])")
        return value

    @field_validator("cors_allow_origin_regex")
    @classmethod
    def _check_origin_regex(cls, value: str | None) -> str | None:
        if not value:
            return None
        try:
            re.compile(value)
        except re.error as error:
            raise ValueError(f"not a regular expression: {error}") from None
        return value

    @field_validator("log_level")
    @classmethod
    def _upper_log_level(cls, value: str) -> str:
        return value.upper()


@lru_cache
def get_settings() -> Settings:
    """Process-wide settings; tests build their own `Settings(...)` instead of mutating this."""
    return Settings()
