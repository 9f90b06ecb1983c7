"""Benchmark of replays (issue 31): a cold replay of a 128×128 turn against the same player's
cold map JSON, and `GET /healthz` while 8 different replays render at once.

Builds a campaign of 17 players on a generated 128×128 map, uploaded (over HTTP; orders and
readiness written straight to the tables), changes the turn twice, then, in process against the
embedded PostgreSQL:
- for 8 players, the cold `GET …/map` (the map view caches emptied) and the cold
  `GET …/turns/1/map` (the replay cache emptied), rendered in a thread of this process so
  that all of its work is counted: the CPU of this process and the wall time, and the ratio
  replay ÷ map per player (target ≤ 3×, the median judged);
- `GET /healthz` every 5 ms (each timed from when it was due, so that a held event loop
  counts), alone and then while the 8 players' replays of turn 1 and 2 (16 different
  documents, 8 at a time) render at once in the replay workers (app/play/pictures/rendering.py,
  started and warmed by one replay before): p50/p99 (target p99 ≤ 50 ms under the replays:
  rendering off the event loop and off its interpreter);
- where the time of a cold replay goes (pyinstrument's top frames).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

import httpx
from asgi_lifespan import LifespanManager
from pyinstrument import Profiler
from sqlalchemy import select

from app.main import create_app
from app.play.pictures import cache as pictures
from app.play.pictures import rendering
from app.play.world.cache import map_views
from app.store.models import Campaign
from app.store.persistence.world import worlds
from bench.bench_extreme import make_map
from bench.bench_turn import give_orders
from bench.shared import (
    Target,
    in_process_settings,
    percentile,
    profiled,
    register_players,
    scratch_database,
    set_up_campaign,
    top_frames,
)

T = TypeVar("T")

PLAYERS = 17
VIEWERS = 8  # the players whose replays render at once
REPLAY_RATIO_TARGET = 3.0
HEALTH_P99_TARGET_MS = 50.0
HEALTH_INTERVAL_S = 0.005
HEALTH_ALONE_S = 1.0  # GET /healthz with nothing else to do, for this long


class InThisProcess(rendering.ReplayRenderer):
    """Replays rendered by `executor`, a thread of this process: their CPU is counted here."""

    def __init__(self, executor: ThreadPoolExecutor) -> None:
        super().__init__(workers=0)
        self.executor = executor

    def _started(self) -> ThreadPoolExecutor:
        return self.executor


class ProfiledRenderer(ThreadPoolExecutor):
    """The replay thread, each rendering sampled by pyinstrument (it samples its own thread
    only): `profile`, the last one's."""

    def __init__(self) -> None:
        super().__init__(max_workers=1, thread_name_prefix="replay-profiled")
        self.profile: Profiler | None = None

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        def sampled() -> T:
            profiler = Profiler(interval=0.0005, async_mode="disabled")
            profiler.start()
            try:
                return fn(*args, **kwargs)
            finally:
                profiler.stop()
                self.profile = profiler

        return super().submit(sampled)


async def measured(call: Callable[[], Awaitable[httpx.Response]]) -> tuple[float, float]:
    """(wall ms, CPU ms of this process) of one successful call."""
    start, cpu = time.perf_counter(), time.process_time()
    (await call()).raise_for_status()
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


async def health_while(client: httpx.AsyncClient, busy: asyncio.Future[Any]) -> list[float]:
    """Milliseconds of each `GET /healthz`, asked every HEALTH_INTERVAL_S until `busy` is done,
    each counted from when it was due: a loop held meanwhile delays it as it would a client's."""
    times = []
    while not busy.done():
        due = time.perf_counter() + HEALTH_INTERVAL_S
        await asyncio.sleep(HEALTH_INTERVAL_S)
        (await client.get("/healthz")).raise_for_status()
        times.append((time.perf_counter() - due) * 1000)
    return times


class CollectorPauses:
    """The garbage collector's pauses (`gc.callbacks`), in ms, while `on`: a full collection of a
    process holding 128×128 maps, worlds and memories holds the event loop too."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self.on = False
        self._start = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        elif self.on:
            self.pauses.append((time.perf_counter() - self._start) * 1000)

    def summary(self) -> str:
        longest = max(self.pauses, default=0.0)
        total = sum(self.pauses)
        return f"{len(self.pauses)} collector pauses, {total:.0f} ms, longest {longest:.0f} ms"


async def run(url: str, size: int) -> None:
    app = create_app(in_process_settings(url))
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        timeout = httpx.Timeout(120)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://bench", timeout=timeout
        ) as client:
            target = Target("http://bench", transport)
            tokens = await register_players(target, "replay", PLAYERS)
            map_id = await make_map(target, tokens[0], size)  # beyond 64: generated, uploaded
            campaign = await set_up_campaign(target, tokens, "Replays", map_id=map_id)
            headers = [seat.headers for seat in campaign.seats]
            sessionmaker = app.state.sessionmaker
            for turn in range(2):
                async with sessionmaker() as session, session.begin():
                    row = await session.scalar(
                        select(Campaign).where(Campaign.id == campaign.id).with_for_update()
                    )
                    if row is None:
                        raise RuntimeError("the benchmark campaign vanished")
                    await give_orders(session, row, seed=turn)
                resolved = await client.post(f"{campaign.base}/turn/resolve", headers=headers[0])
                resolved.raise_for_status()

            maps, replays = [], []
            workers, in_thread = rendering.renderer, InThisProcess(ThreadPoolExecutor(1))
            rendering.renderer = in_thread
            try:
                for viewer in headers[:VIEWERS]:
                    map_views.clear()
                    worlds.clear()
                    live = partial(client.get, f"{campaign.base}/map", headers=viewer)
                    maps.append(await measured(live))
                    pictures.pictures.clear()
                    replay = partial(client.get, f"{campaign.base}/turns/1/map", headers=viewer)
                    replays.append(await measured(replay))
            finally:
                rendering.renderer = workers
                in_thread.executor.shutdown()

            collector = CollectorPauses()
            collector.on = True
            for _ in range(5):  # a route's first call builds what it needs: not judged
                (await client.get("/healthz")).raise_for_status()
            idle = asyncio.ensure_future(asyncio.sleep(HEALTH_ALONE_S))
            with profiled() as idle_profile:
                alone = await health_while(client, idle)
            collector.on, pauses_alone = False, collector.summary()

            pictures.pictures.clear()
            renderer = ProfiledRenderer()
            rendering.renderer = InThisProcess(renderer)
            try:
                with profiled() as replay_profile:
                    await client.get(f"{campaign.base}/turns/1/map", headers=headers[VIEWERS])
            finally:
                rendering.renderer = workers
                renderer.shutdown()

            # The workers start at the first cold replay (and parse the map once each): that
            # replay is timed apart, not under the judged GET /healthz.
            pictures.pictures.clear()
            start = time.perf_counter()
            warm_up = partial(client.get, f"{campaign.base}/turns/2/map", headers=headers[VIEWERS])
            (await warm_up()).raise_for_status()
            first_replay = time.perf_counter() - start
            pictures.pictures.clear()
            limit = asyncio.Semaphore(VIEWERS)

            async def replay_of(viewer: dict[str, str], number: int) -> None:
                async with limit:
                    url = f"{campaign.base}/turns/{number}/map"
                    (await client.get(url, headers=viewer)).raise_for_status()

            collector.pauses.clear()
            collector.on = True
            start, cpu = time.perf_counter(), time.process_time()
            renders = asyncio.gather(
                *(replay_of(viewer, n) for n in (1, 2) for viewer in headers[:VIEWERS])
            )
            loaded = await health_while(client, renders)
            await renders
            rendered_in, loaded_cpu = time.perf_counter() - start, time.process_time() - cpu
            collector.on, pauses_loaded = False, collector.summary()

    print(f"campaign: {PLAYERS} players, {size}×{size} map, 2 turn changes")
    print("cold map JSON and cold replay of turn 1, per player (wall ms / CPU ms):")
    ratios = []
    for i, (cold_map, cold_replay) in enumerate(zip(maps, replays, strict=True)):
        (map_ms, map_cpu), (replay_ms, replay_cpu) = cold_map, cold_replay
        ratios.append(replay_cpu / map_cpu)
        print(
            f"  player {i + 1}: map {map_ms:7.1f} / {map_cpu:7.1f}   replay {replay_ms:7.1f} / "
            f"{replay_cpu:7.1f}   replay ÷ map CPU {replay_cpu / map_cpu:4.2f}×"
        )
    ratio = statistics.median(ratios)
    alone.sort()
    loaded.sort()
    print(
        f"GET /healthz alone, {len(alone)} calls: p50 {percentile(alone, 50):.2f} ms, "
        f"p99 {percentile(alone, 99):.2f} ms; meanwhile {pauses_alone}"
    )
    print(
        f"first cold replay through the replay workers ({workers.workers} process(es), "
        f"started by it): {first_replay * 1000:.0f} ms"
    )
    print(
        f"GET /healthz while {2 * VIEWERS} replays render ({VIEWERS} at once, "
        f"{rendered_in:.1f} s, {loaded_cpu * 1000:.0f} ms of CPU in this process), "
        f"{len(loaded)} calls: p50 {percentile(loaded, 50):.2f} ms, "
        f"p99 {percentile(loaded, 99):.2f} ms, max {loaded[-1]:.2f} ms; meanwhile {pauses_loaded}"
    )
    print(
        f"target: cold replay ÷ the same player's cold map JSON, CPU, median ≤ "
        f"{REPLAY_RATIO_TARGET:.0f}× — {ratio:.2f}×: "
        f"{'PASS' if ratio <= REPLAY_RATIO_TARGET else 'FAIL'}"
    )
    p99 = percentile(loaded, 99)
    print(
        f"target: GET /healthz p99 while {VIEWERS} replays render ≤ {HEALTH_P99_TARGET_MS:.0f} ms"
        f" — {p99:.1f} ms: {'PASS' if p99 <= HEALTH_P99_TARGET_MS else 'FAIL'}"
    )
    print("\nwhere the time goes on the event loop while GET /healthz is asked alone:")
    print("\n".join(top_frames(idle_profile)))
    print("\nwhere the time goes, one cold replay: the request on the event loop")
    print("\n".join(top_frames(replay_profile)))
    print("and its rendering (in a thread here; in a replay worker in a server):")
    print("\n".join(top_frames(renderer.profile) if renderer.profile else ["  (not sampled)"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=128, help="the map's side (default 128)")
    args = parser.parse_args()
    with scratch_database("marchlords_bench_replay") as url:
        asyncio.run(run(url, args.size))


if __name__ == "__main__":
    main()
