"""The embedded PostgreSQL as the test workers and the serve launcher start it: several processes
at once on a fresh checkout, none of them failing."""

from __future__ import annotations

import asyncio
import multiprocessing
import pathlib
import time
from pathlib import Path
from typing import Any

import asyncpg

from app.db.embedded import EmbeddedPostgres, asyncpg_dsn

STARTERS = 2


def _start_query_and_stop(data_dir: Path, everyone_ready: Any, answers: Any) -> None:
    """Start a handle on `data_dir` once every starter is ready, ask the server one question."""
    # Widen the window between the wheel's `exists()` and its `mkdir()` (microseconds, which
    # a CI run fell into once) so that without the fix every run of this test falls into it.
    exists = pathlib.Path.exists

    def slow_to_answer_for_the_data_dir(path: pathlib.Path, **options: Any) -> bool:
        answer = exists(path, **options)
        if path == data_dir and not answer:
            time.sleep(0.5)
        return answer

    pathlib.Path.exists = slow_to_answer_for_the_data_dir  # type: ignore[method-assign,assignment]
    server = EmbeddedPostgres(data_dir)
    everyone_ready.wait()
    try:
        server.start()
        answers.put(asyncio.run(_select_one(server.url("postgres"))))
    except Exception as error:
        answers.put(repr(error))
    finally:
        server.stop()


async def _select_one(url: str) -> str:
    connection = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        return str(await connection.fetchval("SELECT 1"))
    finally:
        await connection.close()


def test_processes_starting_at_once_on_a_fresh_data_dir_all_get_the_server(
    tmp_path: Path,
) -> None:
    # Forked, not spawned: the children need the patch above, not a fresh interpreter's import.
    context = multiprocessing.get_context("fork")
    everyone_ready = context.Barrier(STARTERS)
    answers = context.Queue()
    data_dir = (tmp_path / "pg").resolve()
    starters = [
        context.Process(target=_start_query_and_stop, args=(data_dir, everyone_ready, answers))
        for _ in range(STARTERS)
    ]
    for starter in starters:
        starter.start()
    results = sorted(answers.get(timeout=120) for _ in starters)
    for starter in starters:
        starter.join(timeout=60)
    assert results == ["1"] * STARTERS
    assert [starter.exitcode for starter in starters] == [0] * STARTERS
