"""Runtime configuration, read from environment variables (and an optional `.env` file)."""

import ipaddress
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from sqlalchemy.exc import ArgumentError

from app.platform.database_urls import parse as parse_database_url

DEFAULT_REPLAY_WORKERS = 1  # app/play/pictures/rendering.py's renderer before the app configures it


class Settings(BaseSettings):
    """All settings use the `MARCHLORDS_` prefix except the conventional `DATABASE_URL`."""

    model_config = SettingsConfigDict(
        env_prefix="MARCHLORDS_",
        env_file=".env",
        extra="ignore",
        populate_by_name=True,
        # A refused DATABASE_URL is not echoed back: it carries the password.
        hide_input_in_errors=True,
        # The string under each field is its description: the configuration page's table
        # (docs/operators/configuration.md) is rendered from them by scripts/rulebook.
        use_attribute_docstrings=True,
    )

    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    """PostgreSQL URL; unset starts the embedded server. `postgres://` and `postgresql://` are
    rewritten to `postgresql+asyncpg://`. The libpq parameters hosted databases put in their
    URLs keep their libpq meaning: `sslmode` (`disable` … `verify-full`), `sslrootcert` (a
    file, or `system`: the system's authorities with `verify-full`), `sslcert`, `sslkey`,
    `sslpassword`, `sslcrl`, `target_session_attrs`, `application_name`, `options` (e.g.
    `-c statement_timeout=5s`), and `connect_timeout` (seconds; it wins over
    `MARCHLORDS_DB_CONNECT_TIMEOUT_SECONDS`). `keepalives…`, `tcp_user_timeout`, `sslsni`, and
    `channel_binding`/`gssencmode` other than `require` are ignored (asyncpg has no such
    setting); any other parameter stops the start with its name."""
    listen_database_url: str | None = None
    """PostgreSQL URL of the one connection per process that `LISTEN`s for live events (the
    event streams, app/channels/stream/hub.py), written and checked like `DATABASE_URL`; unset: that
    one. Set it when `DATABASE_URL` goes through PgBouncer in transaction mode: `LISTEN` needs
    a session of its own, so point this at PostgreSQL itself (or a session-mode pool). The hub
    never falls back to `DATABASE_URL`: while it cannot connect it logs `event listener
    connection failed` and retries, streams get no live events, and `/readyz` (which checks
    `DATABASE_URL` only) still answers 200. See the scaling page."""
    pg_data_dir: Path = Path(".data/pg")
    """Data directory of the embedded server (relative to the working directory)."""
    embedded_db_name: str = "marchlords"
    """Database used inside the embedded server (tests create their own)."""

    host: str = "127.0.0.1"
    """Address `scripts/serve` binds to."""
    web_dist_dir: Path = Path(__file__).resolve().parents[2] / "web" / "dist"
    """The built web client (web/, `npm run build`) served at `/` (app/shell/web/client.py);
    `MARCHLORDS_WEB_BUILD=0` makes `scripts/serve` skip building it."""
    port: int = Field(default=8000, ge=1, le=65535)
    """Port `scripts/serve` listens on."""

    access_token_ttl_minutes: int = Field(default=7 * 24 * 60, ge=1)
    """Lifetime of login sessions (tokens issued by `POST /v1/auth/token`): 7 days."""
    max_page_size: int = Field(default=100, ge=1)
    """Hard cap on `limit` of list endpoints."""
    default_page_size: int = Field(default=50, ge=1)
    """Page size of list endpoints when `limit` is omitted."""

    # Limits (app/shell/limits): request bodies, write rate per user, failed logins and
    # registrations per client address. Rates are counted in the database, shared by every server
    # process.
    max_body_bytes: int = Field(default=1024 * 1024, ge=1024)
    """Largest request body; bigger ones get 413 `content_too_large`."""
    max_upload_body_bytes: int = Field(default=8 * 1024 * 1024, ge=1024)
    """Largest body of a map upload (`POST /v1/maps`, up to 128×128 tiles) or a campaign
    import (`POST /v1/campaigns/import`)."""
    write_rate_per_minute: int = Field(default=120, ge=1)
    """Sustained writes per user and minute: every authenticated POST/PUT/PATCH/DELETE (every
    route that reads the bearer token, messages and read marks included; a test walks every
    write route of the app and fails on one without the limit); more get 429
    `too_many_requests` with `Retry-After`. Like every rate here, counted in the database
    (table `rate_limits`), so any number of server processes share one limit."""
    write_burst: int = Field(default=30, ge=1)
    """Writes a user may make at once before the per-minute rate applies."""
    login_failures_per_minute: int = Field(default=10, ge=1)
    """Failed logins per username and client address and minute before `POST /v1/auth/token`
    answers 429 (a wrong current password of `PUT /v1/users/me/password`, `PUT
    /v1/users/me/email` or `POST /v1/tokens` counts as one). Successful logins do not count."""
    login_failures_per_address_per_minute: int = Field(default=30, ge=1)
    """Failed logins per client address and minute, whatever the usernames (spraying). The
    other writes without a bearer token (password-reset requests and confirmations, an email's
    confirm and unsubscribe links, each step of a sign-in with a provider) count per client
    address at this rate too, every one."""
    login_failures_per_username_per_minute: int = Field(default=30, ge=1)
    """Failed logins per username and minute, from whatever addresses."""
    registrations_per_hour: int = Field(default=10, ge=1)
    """Registrations (`POST /v1/users`) per client address and hour (also the burst); invalid
    forms (422) do not count."""
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    """Comma-separated addresses or networks (`10.0.0.5,192.168.0.0/16`) of the reverse
    proxies whose `X-Forwarded-For`/`X-Forwarded-Proto` are believed: the client is the
    rightmost forwarded address that is not one of them. Empty: forwarded headers are ignored
    and the peer is the client (the address limits count and tokens record). `scripts/serve`
    and the Docker image leave uvicorn's own proxy-header handling off."""
    idempotency_ttl_hours: float = Field(default=24, gt=0)
    """How long an `Idempotency-Key` is remembered and its first response replayed."""
    imports_at_once: int = Field(default=2, ge=1)
    """Campaign imports a server process runs at once, one per user at a time
    (app/play/transfer/admission.py; each holds a document of up to
    `MARCHLORDS_MAX_UPLOAD_BODY_BYTES`); beyond: 503 `imports_busy` (429 for a user's second)
    with `Retry-After`."""
    picture_cache_bytes: int = Field(default=32 * 1024 * 1024, ge=0)
    """Bytes of drawn pictures and replayed maps each server process keeps
    (app/play/pictures/cache.py; least recently used evicted first; `0`: none)."""
    replay_workers: int = Field(default=DEFAULT_REPLAY_WORKERS, ge=0, le=64)
    """Processes each server process renders cold replays in (app/play/pictures/rendering.py),
    spawned at the first one and ended at shutdown, so that a replay never holds the other
    requests; `0`: a thread of the server process instead (sharing its interpreter)."""

    # Browsers (app/shell/web): same-origin pages and non-browser clients need no CORS.
    cors_allow_origins: Annotated[tuple[str, ...], NoDecode] = ()
    """Comma-separated origins (`https://app.example,http://localhost:5173`, exact
    `scheme://host[:port]`) whose pages may call the API from a browser. Empty, with no
    pattern either: no CORS headers at all."""
    cors_allow_origin_regex: str | None = None
    """A regular expression an origin may match in full instead
    (`https://pr-\\d+\\.preview\\.example`)."""
    cors_max_age_seconds: int = Field(default=600, ge=0)
    """How long a browser may cache a preflight answer."""
    hsts_max_age_seconds: int = Field(default=0, ge=0)
    """`Strict-Transport-Security: max-age=…` on requests that came over TLS (the scheme after
    the trusted proxies' `X-Forwarded-Proto`); `0`: never sent."""

    metrics_token: str | None = Field(default=None, min_length=16)
    """Bearer token of `GET /metrics` (Prometheus, at least 16 characters); unset: `/metrics`
    answers 404."""
    workers: int = Field(default=1, ge=1)
    """Worker processes of `scripts/serve`; with more than one, metrics are aggregated across
    them (`PROMETHEUS_MULTIPROC_DIR`)."""

    # Connections per server process: every request holds one for its transaction.
    db_pool_size: int = Field(default=10, ge=1)
    """Database connections kept per server process."""
    db_max_overflow: int = Field(default=20, ge=0)
    """Extra connections a process may open under load."""
    db_connect_timeout_seconds: float = Field(default=10.0, gt=0)
    """Seconds to wait for a new database connection before answering 503."""
    # A turn change waits on the database for much of its time: a few at once keep the CPU busy
    # when many campaigns share a deadline; more would take the readers' connections.
    deadline_sweeper: Literal["auto", "inline", "process"] = "auto"
    """Where the deadline sweeper runs: `inline`, on the event loop of every server process;
    `process`, in one process of its own beside the web workers, at a lower priority, and the
    web workers do not sweep (`scripts/serve` starts it, starts it again if it dies and stops
    it with the server; a deployment that starts its web processes itself runs
    `python -m app.sweeper` once beside them); `auto`: `process` under `scripts/serve`,
    `inline` in a server started otherwise (`uvicorn app.main:create_app`)."""
    deadline_sweeper_nice: int = Field(default=10, ge=0, le=19)
    """With `deadline_sweeper=process`: the niceness the sweeper's process adds to its own, so
    that the web workers' readers win the cores while turns change."""
    deadline_sweep_concurrency: int = Field(default=4, ge=1, le=16)
    """Campaigns the deadline sweeper of a server process changes at once (each in its own
    transaction); together they hold at most that many of the process's connections. Before
    starting each one, the sweeper waits (at most 10 ms) until the process answers no request,
    so readers go first."""

    # Notifications (app/channels/notifications): webhook endpoints must be https on public
    # addresses.
    webhooks_allow_loopback: bool = False
    """Also allow webhooks on loopback addresses, `http` included (development, tests)."""
    webhook_timeout_seconds: float = Field(default=10.0, gt=0, le=60)
    """Deadline of one webhook delivery attempt, all of it together: resolving, connecting,
    sending and reading the answer. A receiver still answering (trickling bytes) then is cut
    off, and the attempt retried."""
    webhook_max_concurrent_deliveries: int = Field(default=16, ge=1, le=256)
    """Webhook delivery attempts a server process makes at once."""
    webhook_max_concurrent_per_endpoint: int = Field(default=1, ge=1, le=16)
    """Of those, attempts to one endpoint at once; with 1, an endpoint's messages go in order,
    one at a time."""
    # Web Push (app/channels/notifications/push.py): on when both are set.
    vapid_private_key: SecretStr | None = None
    """The VAPID key pair's private key (RFC 8292), as base64url of its raw 32 bytes (or of
    its DER); unset: push is off (said once at start-up). docs/operators/configuration.md
    says how to make one."""
    vapid_subject: str | None = Field(default=None, pattern=r"^(mailto:|https://)\S+$")
    """Who runs this server, for push services (`mailto:admin@example.org` or an https URL),
    sent in every VAPID token; unset: push is off."""
    public_url: str | None = Field(default=None, pattern=r"^https?://[^/\s?#]+(/[^\s?#]*)?$")
    """Where clients reach the API (`https://play.example`): Discord and Slack messages then
    carry absolute links (unset: link paths only), and emails' links (confirmation,
    unsubscribe, the campaign) start with it (set it whenever email is on)."""

    # Discord interactions (app/channels/discord): slash commands, answered over HTTP.
    discord_public_key: str | None = Field(default=None, pattern=r"^[0-9a-fA-F]{64}$")
    """The Discord application's public key (64 hexadecimal digits, "Public Key" on its
    General Information page): every interaction's Ed25519 signature is checked against it.
    Unset: the integration is off and `POST /v1/integrations/discord/interactions` answers 404
    (linking codes can still be made; nothing uses them)."""

    # Email (app/channels/notifications/email.py).
    smtp_host: str | None = None
    """SMTP server of outgoing email; unset: email is off (said once at start-up)."""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    """Its port (587 for `starttls`, 465 for `tls`, 25 for a local relay)."""
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"
    """`starttls` (upgrade a plain connection), `tls` (TLS from the start) or `none` (plain: a
    relay on the same host, tests)."""
    smtp_username: str | None = None
    """Login, if the server asks for one."""
    smtp_password: SecretStr | None = None
    """Its password."""
    smtp_from: str = Field(default="Marchlords <marchlords@localhost>", min_length=3)
    """The `From` of every message."""
    smtp_timeout_seconds: float = Field(default=10.0, gt=0, le=60)
    """Deadline of one SMTP attempt, all of it (connect, TLS, login, send)."""
    smtp_max_concurrent: int = Field(default=4, ge=1, le=64)
    """Messages a server process sends at once."""
    email_confirmations_per_day: int = Field(default=5, ge=1)
    """Confirmation emails (`PUT /v1/users/me/email`) per account and day, and per address and
    day whatever the accounts (also the burst); past either, 429 `too_many_requests` with
    `Retry-After` and nothing is sent. Refused addresses (422) do not count."""

    # Sign-in with another provider (app/accounts/oidc; docs/operators/configuration.md).
    oidc_providers: str | None = None
    """The OpenID Connect and OAuth 2 providers players may sign in with: JSON (a list of
    providers) or the path of a TOML file (`[[providers]]` tables). Each has an `id` (in the
    redirect URI, `/v1/auth/oidc/{id}/callback`), a `name` (its button), a `client_id`, a
    `client_secret`, and an `issuer` (discovery) or `kind = "discord"`; see the configuration
    page. Unset: password sign-in only. A provider that cannot be read stops the start."""
    oidc_allow_http: bool = False
    """Also allow providers over plain `http` (development, tests); never in production."""

    log_level: str = "INFO"
    """Root log level."""
    log_json: bool = True
    """JSON log lines (with `request_id`, and `trace_id`/`span_id` while tracing); `false` for
    the human-readable console format."""

    @field_validator("database_url", "listen_database_url")
    @classmethod
    def _use_asyncpg_driver(cls, value: str | None) -> str | None:
        """Accept plain `postgres://` / `postgresql://` URLs and pin the asyncpg driver.

        The libpq parameters of hosted databases' URLs (`?sslmode=require`, …) are kept, and
        checked here: one that asyncpg cannot honour stops the start, named
        (app.platform.database_urls).
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
