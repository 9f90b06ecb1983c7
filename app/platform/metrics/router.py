"""`GET /metrics`: the Prometheus text format, for the bearer of `MARCHLORDS_METRICS_TOKEN`.

Without the setting the route answers 404 like any unknown path. With several worker processes
(`PROMETHEUS_MULTIPROC_DIR` set) the answer adds up every process's values.
"""

import hmac

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)
from starlette.exceptions import HTTPException

from app.platform.config import Settings
from app.platform.errors import Unauthorized
from app.platform.i18n import _
from app.platform.metrics import MULTIPROCESS

router = APIRouter(tags=["ops"], include_in_schema=False)


def _bearer(request: Request) -> str:
    scheme, _, credentials = request.headers.get("authorization", "").partition(" ")
    return credentials.strip() if scheme.lower() == "bearer" else ""


def render() -> bytes:
    """The current values: this process's, or every process's in multiprocess mode."""
    if MULTIPROCESS:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus metrics (bearer token `MARCHLORDS_METRICS_TOKEN`)."""
    settings: Settings = request.app.state.settings
    if not settings.metrics_token:
        raise HTTPException(404)  # exactly the answer to an unknown path
    if not hmac.compare_digest(_bearer(request).encode(), settings.metrics_token.encode()):
        raise Unauthorized(_("The metrics token is missing or wrong."))
    return Response(render(), media_type=CONTENT_TYPE_LATEST)
