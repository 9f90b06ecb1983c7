"""Development/production launcher behind `scripts/serve`.

Starts the embedded PostgreSQL when `DATABASE_URL` is unset, applies migrations, then serves
with uvicorn. Doing it in one Python process means one server start and a guaranteed stop:
the `finally` below runs on Ctrl-C and on SIGTERM alike.
"""

import os
import resource
import signal
import sys
import tempfile
from pathlib import Path
from types import FrameType

import uvicorn

from app.platform.config import get_settings
from app.platform.db.embedded import database_url
from app.platform.db.migrate import upgrade_head
from app.platform.log import configure_logging

# prometheus-client's multiprocess mode (app.platform.metrics): read when it is first imported, so
# it is set here, before uvicorn starts the workers (this module must not import
# app.platform.metrics).
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def prepare_metrics_dir(workers: int) -> Path | None:
    """With several workers, give them one directory for their metrics (`/metrics` of any
    worker adds them up); a directory set by the operator is used, otherwise a fresh temporary
    one. Values left there by an earlier run are removed: they would be counted again."""
    configured = os.environ.get(MULTIPROC_ENV)
    if workers == 1 and not configured:
        return None
    path = Path(configured or tempfile.mkdtemp(prefix="marchlords-metrics-"))
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink()
    os.environ[MULTIPROC_ENV] = str(path)
    return path


def raise_open_files_limit(needed: int = 0) -> int:
    """Raise the soft RLIMIT_NOFILE to the hard limit (each open event stream holds a socket:
    a soft limit of 1,024 refuses the 1,000th); the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, needed)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    # uvicorn re-raises the signal it caught after its graceful shutdown; turning SIGTERM into
    # SystemExit (instead of the default instant kill) lets the embedded database stop too.
    raise SystemExit(128 + signum)


def main() -> None:
    """Run migrations and serve until interrupted."""
    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    raise_open_files_limit()
    try:
        with database_url(settings) as url:
            # The app (created by uvicorn below) reads the same settings: point it at this
            # database so its lifespan does not start a second embedded server.
            os.environ["DATABASE_URL"] = url
            get_settings.cache_clear()
            upgrade_head(url)
            prepare_metrics_dir(settings.workers)
            uvicorn.run(
                "app.main:create_app",
                factory=True,
                host=settings.host,
                port=settings.port,
                workers=settings.workers,
                log_config=None,
                access_log=False,
                # X-Forwarded-For is believed by the app itself, from MARCHLORDS_TRUSTED_PROXIES
                # only (app.shell.limits); uvicorn's own handling would trust any local peer.
                proxy_headers=False,
                # Open SSE streams would otherwise hold a shutdown forever; clients reconnect
                # with Last-Event-ID.
                timeout_graceful_shutdown=5,
            )
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
