"""Development/production launcher behind `scripts/serve`.

Starts the embedded PostgreSQL when `DATABASE_URL` is unset, applies migrations, then serves
with uvicorn. Doing it in one Python process means one server start and a guaranteed stop:
the `finally` below runs on Ctrl-C and on SIGTERM alike.
"""

import logging
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

import uvicorn

from app.platform.config import Settings, get_settings
from app.platform.db.embedded import database_url
from app.platform.db.migrate import upgrade_head
from app.platform.log import configure_logging

# prometheus-client's multiprocess mode (app.platform.metrics): read when it is first imported, so
# it is set here, before uvicorn starts the workers (this module must not import
# app.platform.metrics).
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

logger = logging.getLogger(__name__)

SWEEPER_ENV = "MARCHLORDS_DEADLINE_SWEEPER"
SWEEPER_COMMAND = (sys.executable, "-m", "app.sweeper", "--exit-with-parent")
# A sweeper that dies is started again after this, doubling while it keeps dying young.
SWEEPER_RESTART_SECONDS = 1.0
SWEEPER_RESTART_MAX_SECONDS = 30.0
# A sweeper that ran this long died of something else than its start: back to the first delay.
SWEEPER_HEALTHY_SECONDS = 60.0
# At shutdown: how long the sweeper has to roll back its changes under way before SIGKILL.
SWEEPER_STOP_SECONDS = 10.0


class SweeperProcess:
    """The deadline sweeper's own process beside uvicorn's workers
    (`MARCHLORDS_DEADLINE_SWEEPER=process`): started with the server, started again when it
    dies, stopped (SIGTERM, then SIGKILL) when the server stops. A session of its own, so a
    Ctrl-C reaches the server, which stops it in order; it also ends if the server is killed
    (`--exit-with-parent`)."""

    def __init__(
        self,
        command: Sequence[str] = SWEEPER_COMMAND,
        restart: float = SWEEPER_RESTART_SECONDS,
        restart_max: float = SWEEPER_RESTART_MAX_SECONDS,
        healthy: float = SWEEPER_HEALTHY_SECONDS,
    ) -> None:
        self.command = list(command)
        self.restart, self.restart_max, self.healthy = restart, restart_max, healthy
        self.starts = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._supervise, name="sweeper", daemon=True)

    def start(self) -> None:
        """Start the process and watch it (from a thread of this one)."""
        self._thread.start()

    def _spawn(self) -> subprocess.Popen[bytes] | None:
        with self._lock:
            if self._stopping.is_set():
                return None
            self.starts += 1
            # A fixed command line (no shell, no outside input).
            self.process = subprocess.Popen(self.command, start_new_session=True)  # noqa: S603
            return self.process

    def _supervise(self) -> None:
        delay = self.restart
        while (process := self._spawn()) is not None:
            started = time.monotonic()
            code = process.wait()
            if self._stopping.is_set():
                return
            delay = self.restart if time.monotonic() - started >= self.healthy else delay
            logger.error("deadline sweeper exited (%s); starting it again in %.0f s", code, delay)
            if self._stopping.wait(delay):
                return
            delay = min(delay * 2, self.restart_max)

    def stop(self) -> None:
        """Stop the process (its changes under way roll back) and its watch."""
        with self._lock:
            self._stopping.set()
            process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=SWEEPER_STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._thread.is_alive():
            self._thread.join()


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
            # `auto`: the sweeper's own process (docs/benchmarks.md: the readers' p99 during
            # a storm of turn changes); the workers and it read the choice from here.
            own_sweeper = settings.deadline_sweeper in ("auto", "process")
            os.environ[SWEEPER_ENV] = "process" if own_sweeper else "inline"
            prepare_metrics_dir(settings.workers + own_sweeper)
            sweeper = SweeperProcess() if own_sweeper else None
            if sweeper is not None:
                sweeper.start()  # inherits DATABASE_URL and the settings
            try:
                serve(settings)
            finally:
                if sweeper is not None:
                    sweeper.stop()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


def serve(settings: Settings) -> None:
    """uvicorn with the settings' workers, until interrupted."""
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


if __name__ == "__main__":
    main()
