"""Background jobs (app/platform/jobs.py): every loop of the server has one shape, so one bad
pass never stops a job and a lost database is waited out the same way everywhere."""

import asyncio
import contextlib
import logging

import pytest
from prometheus_client import REGISTRY
from sqlalchemy.exc import InterfaceError

from app.platform.jobs import Job, run_job


def _passes(job: str, outcome: str) -> float:
    labels = {"job": job, "outcome": outcome}
    return REGISTRY.get_sample_value("marchlords_job_passes_total", labels) or 0.0


async def _run_until(job: Job, done: asyncio.Event) -> None:
    task = asyncio.create_task(run_job(job))
    try:
        async with asyncio.timeout(10):
            await done.wait()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_a_failing_pass_is_logged_and_the_job_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    calls = 0
    done = asyncio.Event()

    async def one_pass() -> bool:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("a bug in one pass")
        done.set()
        return False

    errors = _passes("flaky", "error")
    await _run_until(Job("flaky", one_pass, interval=0.01), done)
    assert calls == 2
    assert _passes("flaky", "error") == errors + 1
    failed = [r for r in caplog.records if r.name == "app.platform.jobs" and r.exc_info]
    assert [r.getMessage() for r in failed] == ["flaky: pass failed"]


async def test_an_outage_backs_off_then_says_once_that_the_database_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The interval is far longer than the test: only the outage's retries can resume it."""
    calls = 0
    done = asyncio.Event()

    async def one_pass() -> bool:
        nonlocal calls
        calls += 1
        if calls <= 3:
            raise InterfaceError("SELECT 1", None, ConnectionRefusedError("refused"))
        done.set()
        return False

    caplog.set_level(logging.INFO, logger="app.platform.jobs")
    outages = _passes("outage job", "outage")
    await _run_until(Job("outage job", one_pass, interval=3600, first_retry=0.01), done)
    assert calls == 4
    assert _passes("outage job", "outage") == outages + 3
    said = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "app.platform.jobs"]
    assert [level for level, _ in said] == [logging.WARNING, logging.INFO]
    assert said[0][1].startswith("outage job: database unreachable")
    assert said[1][1] == "outage job: database back after 3 failed passes"


async def test_a_pass_that_leaves_work_waiting_is_followed_at_once() -> None:
    """Only a pass that says nothing waits makes the job wait its interval."""
    calls = 0
    done = asyncio.Event()

    async def one_pass() -> bool:
        nonlocal calls
        calls += 1
        if calls == 5:
            done.set()
        return calls < 5

    await _run_until(Job("busy", one_pass, interval=3600), done)
    assert calls == 5
