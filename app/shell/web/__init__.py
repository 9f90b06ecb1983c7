"""What browsers and operators need around the API: CORS, security headers, metrics.

`install_web` adds the outer middleware (app.main calls it last, so it wraps everything else,
the request-id middleware, the body-size limit and every error response included):

    ProxyHeaders (trusted proxies only) → Metrics → SecurityHeaders → CORS
    → RequestContext (request id, 500 safety net) → RateLimitHeaders → BodySizeLimit → routes

The trusted-proxy handling is outermost so that HSTS sees the scheme the client used.
"""

from fastapi import FastAPI
from starlette.middleware.cors import CORSMiddleware

from app.platform.config import Settings
from app.platform.metrics.middleware import MetricsMiddleware
from app.play.idempotency.service import REPLAYED_HEADER
from app.shell.limits import install_proxy_headers
from app.shell.limits.headers import RATE_LIMIT_HEADERS
from app.shell.middleware import REQUEST_ID_HEADER
from app.shell.web.docs import DOCS_PATHS
from app.shell.web.security import SecurityHeadersMiddleware

CORS_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
# What clients send: the bearer token, JSON bodies, idempotent writes, conditional reads and
# resumed event streams.
CORS_REQUEST_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-None-Match",
    "Last-Event-ID",
    REQUEST_ID_HEADER,
)
# What clients must be able to read (beyond the CORS-safelisted response headers).
CORS_EXPOSED_HEADERS = (
    "Retry-After",
    "ETag",
    "Location",
    REPLAYED_HEADER,
    *RATE_LIMIT_HEADERS,
    REQUEST_ID_HEADER,
)


def install_web(app: FastAPI, settings: Settings) -> None:
    """Add the outer middleware (call after every other `add_middleware`)."""
    if settings.cors_allow_origins or settings.cors_allow_origin_regex:
        # Bearer tokens, no cookies: no credentials mode, so no origin is ever trusted with
        # the browser's cookies, and `Vary: Origin` keeps caches per origin.
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_allow_origins),
            allow_origin_regex=settings.cors_allow_origin_regex,
            allow_methods=list(CORS_METHODS),
            allow_headers=list(CORS_REQUEST_HEADERS),
            expose_headers=list(CORS_EXPOSED_HEADERS),
            allow_credentials=False,
            max_age=settings.cors_max_age_seconds,
        )
    app.add_middleware(
        SecurityHeadersMiddleware,
        docs_paths=DOCS_PATHS,
        hsts_max_age=settings.hsts_max_age_seconds,
    )
    app.add_middleware(MetricsMiddleware)
    install_proxy_headers(app, settings)
