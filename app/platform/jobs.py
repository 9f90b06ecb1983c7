"""Background jobs: one shape for every loop the server runs beside its requests.

A job is a name, a pass and an interval. `run_job` runs its passes forever (the app's lifespan
starts it and cancels it at shutdown): the next pass at once when the last one says more work
is waiting, else after the interval. A pass that fails because the database is unreachable is
retried after `first_retry` seconds, then twice as long each time up to the interval, with one
warning when the outage begins and one line when it ends, no traceback; any other failure is a
bug, logged with its traceback, and the job carries on at its pace. Every pass is counted by
job and outcome (`marchlords_job_passes_total`).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from app.platform.db.outage import describe as describe_outage
from app.platform.db.outage import is_database_outage
from app.platform.metrics import job_pass

logger = logging.getLogger(__name__)

FIRST_RETRY_SECONDS = 1.0


@dataclass(frozen=True)
class Job:
    """A named background loop: `run_pass` does one pass and says whether more work waits."""

    name: str
    run_pass: Callable[[], Awaitable[bool]]
    interval: float
    first_retry: float = FIRST_RETRY_SECONDS
    # How the job waits between passes (a worker may be woken early, e.g. when a slot frees).
    wait: Callable[[float], Awaitable[object]] = field(default=asyncio.sleep)


async def run_job(job: Job) -> None:
    """Run `job`'s passes forever, backing off while the database is unreachable."""
    failed_passes = 0
    while True:
        delay, more = job.interval, False
        try:
            more = await job.run_pass()
        except Exception as exc:
            if not is_database_outage(exc):
                job_pass(job.name, "error")
                logger.exception("%s: pass failed", job.name)
            else:
                job_pass(job.name, "outage")
                failed_passes += 1
                delay = min(job.interval, job.first_retry * 2 ** (failed_passes - 1))
                if failed_passes == 1:
                    logger.warning(
                        "%s: database unreachable (%s); retrying in %.1f s",
                        job.name,
                        describe_outage(exc),
                        delay,
                    )
                else:
                    logger.debug("%s: database still unreachable", job.name)
        else:
            job_pass(job.name, "ok")
            if failed_passes:
                logger.info("%s: database back after %d failed passes", job.name, failed_passes)
            failed_passes = 0
            if more:
                continue
        await job.wait(delay)
