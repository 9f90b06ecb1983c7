"""The deadline sweeper as a process of its own (`MARCHLORDS_DEADLINE_SWEEPER=process`).

`scripts/serve` (app/serve.py) starts it beside uvicorn's web workers, which then do not
sweep: a turn change's CPU then never holds the event loop that readers' requests wait on, and
the process runs at a lower priority (`deadline_sweeper_nice`), so the readers win the cores.
It holds its own few connections (the sweep's concurrency and one for its reads), listens to
the published events like a web worker (a deadline moved: its alarm looks again) and writes
the notifications of the changes it makes. A deployment that starts its web processes itself
runs `python -m app.sweeper` once beside them; several would be safe (each campaign is
claimed under its lock), only wasteful. SIGTERM or SIGINT: the changes under way roll back and
the process exits; `--exit-with-parent`: also when the process that started it is gone.
"""

import argparse
import asyncio
import logging
import os
import signal
import sys

from app.channels.notifications import outbox as notification_outbox
from app.channels.stream.hub import EventHub
from app.platform.config import Settings, get_settings
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_engine, create_sessionmaker
from app.platform.log import configure_logging
from app.platform.metrics import process_exiting, watch_pool
from app.play.deadlines.alarm import Alarm
from app.play.deadlines.service import run_sweeper

logger = logging.getLogger(__name__)

# How often the process looks whether the process that started it is still there.
PARENT_CHECK_SECONDS = 1.0


async def sweep_forever(settings: Settings, url: str) -> None:
    """Run the deadline sweeper on `url` until cancelled."""
    concurrency = settings.deadline_sweep_concurrency
    # Each campaign's change holds one connection; the reads of due ids and of the next due
    # time one more: the sweeper never needs the web workers' pools.
    engine = create_engine(
        url,
        pool_size=concurrency + 1,
        max_overflow=1,
        connect_args={"timeout": settings.db_connect_timeout_seconds},
    )
    watch_pool(engine, concurrency + 1)
    sessionmaker = create_sessionmaker(engine)
    notification_outbox.listen()  # the changes' notifications, as in a web process
    hub = EventHub(asyncpg_dsn(settings.listen_database_url or url))
    alarm = Alarm(sessionmaker)
    hub.watch(alarm.wake)
    await hub.start()
    try:
        await run_sweeper(sessionmaker, concurrency=concurrency, alarm=alarm)
    finally:
        await hub.stop()
        await engine.dispose()


async def _parent_gone(parent: int) -> None:
    while os.getppid() == parent:  # noqa: ASYNC110 (no event tells of a parent's death)
        await asyncio.sleep(PARENT_CHECK_SECONDS)
    logger.warning("deadline sweeper: the process that started it is gone; stopping")


async def _main(settings: Settings, url: str, exit_with_parent: bool) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    tasks = [asyncio.create_task(sweep_forever(settings, url)), asyncio.create_task(stop.wait())]
    if exit_with_parent:
        tasks.append(asyncio.create_task(_parent_gone(os.getppid())))
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if tasks[0] in done:
        tasks[0].result()  # the sweeper itself ended: its error, if any, ends the process


def main(argv: list[str] | None = None) -> int:
    """Sweep deadlines until told to stop (needs `DATABASE_URL`: a migrated database)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--exit-with-parent",
        action="store_true",
        help="stop when the process that started this one is gone (scripts/serve)",
    )
    args = parser.parse_args(argv)
    settings = get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)
    if not settings.database_url:
        logger.error("deadline sweeper: DATABASE_URL is required (the server's database)")
        return 2
    os.nice(settings.deadline_sweeper_nice)
    logger.info("deadline sweeper: own process %d, niceness %d", os.getpid(), os.nice(0))
    try:
        asyncio.run(_main(settings, settings.database_url, args.exit_with_parent))
    finally:
        process_exiting()
    return 0


if __name__ == "__main__":
    sys.exit(main())
