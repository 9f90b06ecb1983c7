"""Where replays render: worker processes, so that their CPU work never holds the event loop.

A cold replay of a large map is tens of milliseconds of pure Python (the snapshot parsed, the
viewer's sight, every tile through the fog). In a thread of the server process it would share
the interpreter with the requests (the GIL): `GET /healthz` waited behind it. In a process of
its own it shares nothing; the request only reads the snapshot, sends it and waits.

`MARCHLORDS_REPLAY_WORKERS` bounds the processes (`0`: one thread of the server process
instead). They are spawned at the first cold replay, not at start, and ended by the app's
shutdown (`renderer.shutdown()`, from its lifespan); a worker that died (killed for its
memory) is replaced at the next replay, which is tried once more.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from app.platform.config import DEFAULT_REPLAY_WORKERS

_A = TypeVar("_A")
_T = TypeVar("_T")


class ReplayRenderer:
    """The replay workers of this process, started lazily, bounded by `workers`."""

    def __init__(self, workers: int = DEFAULT_REPLAY_WORKERS) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        self._lock = threading.Lock()

    def configure(self, workers: int) -> None:
        """Use `workers` processes from the next start on (ends the current ones)."""
        if workers != self.workers:
            self.shutdown()
            self.workers = workers

    def _started(self) -> Executor:
        with self._lock:
            if self._executor is None:
                if self.workers == 0:
                    self._executor = ThreadPoolExecutor(1, thread_name_prefix="replay")
                else:
                    # Spawned, not forked: a fork would copy the server's event loop, its
                    # connections and threads' locks mid-use.
                    context = multiprocessing.get_context("spawn")
                    self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            return self._executor

    async def run(self, fn: Callable[[_A], _T], job: _A) -> _T:
        """`fn(job)`, computed by a replay worker (`fn` a module-level function, `job` plain
        data: both are pickled to the worker, the result back)."""
        loop = asyncio.get_running_loop()
        executor = self._started()
        try:
            return await loop.run_in_executor(executor, fn, job)
        except BrokenProcessPool:
            self._discard(executor)
            return await loop.run_in_executor(self._started(), fn, job)

    def _discard(self, executor: Executor) -> None:
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    @property
    def running(self) -> bool:
        return self._executor is not None

    def shutdown(self) -> None:
        """End the workers (they finish what they render first); the next replay restarts them."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


renderer = ReplayRenderer()
