"""The embedded PostgreSQL as the test workers and the serve launcher start it: several processes
at once on a fresh checkout, none of them failing."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pathlib
import pwd
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from app.platform.db.embedded import SYSTEM_USER, EmbeddedPostgres, asyncpg_dsn

STARTERS = 2


def _start_query_and_stop(
    data_dir: Path, everyone_ready: Any, answers: Any, patch: Callable[[Path], None]
) -> None:
    """Start a handle on `data_dir` once every starter is ready, ask the server one question."""
    patch(data_dir)
    server = EmbeddedPostgres(data_dir)
    everyone_ready.wait()
    try:
        server.start()
        answers.put(asyncio.run(_select_one(server.url("postgres"))))
    except Exception as error:
        answers.put(repr(error))
    finally:
        server.stop()


def _slow_to_find_the_data_dir_missing(data_dir: Path) -> None:
    """Widen the window between the wheel's `exists()` and its `mkdir()` (microseconds, which a
    CI run fell into once) so that without the fix every run falls into it."""
    exists = pathlib.Path.exists

    def slow_to_answer_for_the_data_dir(path: pathlib.Path, **options: Any) -> bool:
        answer = exists(path, **options)
        if path == data_dir and not answer:
            time.sleep(0.5)
        return answer

    # In the child process that starts the server only (never undone: the process ends).
    pytest.MonkeyPatch().setattr(pathlib.Path, "exists", slow_to_answer_for_the_data_dir)


def _as_on_a_machine_without_the_system_user(data_dir: Path) -> None:
    """The server's system user missing until a `useradd` makes it; that `useradd` slow and,
    like the real one, failing when the user exists (a marker file beside the data dir)."""
    made = data_dir.parent / "useradd-made"
    getpwnam, run = pwd.getpwnam, subprocess.run

    def user_entry(name: str) -> pwd.struct_passwd:
        if name == SYSTEM_USER and not made.exists():
            raise KeyError(name)
        return getpwnam(name)

    def run_useradd_slowly(command: list[str], **options: Any) -> Any:
        if command[0] != "useradd":
            return run(command, **options)
        time.sleep(0.5)
        try:
            os.close(os.open(made, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            raise subprocess.CalledProcessError(9, command) from None  # "user already exists"
        return subprocess.CompletedProcess(command, 0)

    pwd.getpwnam = user_entry
    pytest.MonkeyPatch().setattr(subprocess, "run", run_useradd_slowly)


def _start_at_once(data_dir: Path, patch: Callable[[Path], None]) -> None:
    """Every starter gets the server and its answer, and exits cleanly."""
    # Forked, not spawned: the children need the patch, not a fresh interpreter's import.
    context = multiprocessing.get_context("fork")
    everyone_ready = context.Barrier(STARTERS)
    answers = context.Queue()
    starters = [
        context.Process(
            target=_start_query_and_stop, args=(data_dir, everyone_ready, answers, patch)
        )
        for _ in range(STARTERS)
    ]
    for starter in starters:
        starter.start()
    results = sorted(answers.get(timeout=120) for _ in starters)
    for starter in starters:
        starter.join(timeout=60)
    assert results == ["1"] * STARTERS
    assert [starter.exitcode for starter in starters] == [0] * STARTERS


async def _select_one(url: str) -> str:
    connection = await asyncpg.connect(asyncpg_dsn(url, "postgres"))
    try:
        return str(await connection.fetchval("SELECT 1"))
    finally:
        await connection.close()


def test_processes_starting_at_once_on_a_fresh_data_dir_all_get_the_server(
    tmp_path: Path,
) -> None:
    _start_at_once((tmp_path / "pg").resolve(), _slow_to_find_the_data_dir_missing)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs the server as a system user")
def test_processes_starting_at_once_on_a_machine_without_its_system_user_all_get_the_server(
    tmp_path: Path,
) -> None:
    _start_at_once((tmp_path / "pg").resolve(), _as_on_a_machine_without_the_system_user)
