"""Benchmark of a campaign's export and import (issue 31): an ≈ 8 MiB import ÷ its export.

Builds a campaign of 17 players and 170 armies on a generated 128×128 map, uploaded, changes
its turn `--turns` times (20; orders written straight to the tables, as `bench_replay` does),
marks it finished (so that its owner, who plays, may export it: R-FOG-5), and adds the players'
messages until the export is `--mib` (7.5: an import's body stays below the 8 MiB it may
have). Then, in process against the embedded PostgreSQL, `--runs` times in turn:
- `GET …/export?messages=true`: the CPU of this process and the wall time;
- `POST /v1/campaigns/import` of that document (every seat named for its player): the same,
  and how the import's time splits between reading the body (JSON and the document's models,
  before the route runs) and the route (`app.play.transfer.service.import_campaign`: checks, rows
  written, the copy read back), with the SQL statements it sends per table.
Prints the medians, the ratio import ÷ export (CPU and wall; target ≤ 2×, PASS/FAIL) and where
the time of one import goes (pyinstrument's heaviest frames).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import httpx
from asgi_lifespan import LifespanManager
from sqlalchemy import event, select, text, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.main import create_app
from app.play.transfer import service
from app.play.transfer.schemas import MAX_MESSAGES
from app.store.models import Campaign
from app.store.models.campaign import CampaignStatus
from bench.bench_extreme import make_map
from bench.bench_turn import add_armies, give_orders
from bench.shared import (
    Target,
    in_process_settings,
    profiled,
    register_players,
    scratch_database,
    set_up_campaign,
    top_frames,
)

PLAYERS = 17
RATIO_TARGET = 2.0
CALIBRATION = 1000  # messages added first, to measure what one adds to the document
TIMEOUT = httpx.Timeout(600)


@contextmanager
def statements_per_table(engine: AsyncEngine) -> Iterator[Counter[str]]:
    """The SQL statements sent on `engine` in the block, by verb and first table named."""
    counts: Counter[str] = Counter()

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        head = re.match(r"\s*(INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)", statement)
        if head is None:
            found = re.search(r"\bFROM\s+(\w+)", statement)
            counts[f"SELECT {found.group(1) if found else '?'}"] += 1
        else:
            counts[f"{head.group(1).split()[0]} {head.group(2)}"] += 1

    sync = engine.sync_engine
    event.listen(sync, "before_cursor_execute", seen)
    try:
        yield counts
    finally:
        event.remove(sync, "before_cursor_execute", seen)


async def timed(
    call: Callable[[], Awaitable[httpx.Response]],
) -> tuple[httpx.Response, float, float]:
    """The answer, its wall and its CPU time (this process), in ms."""
    wall, cpu = time.perf_counter(), time.process_time()
    answer = await call()
    return answer, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


class RouteClock:
    """The wall and CPU time spent inside `service.import_campaign` (the route's work)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.usual = service.import_campaign

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return await self.usual(*args, **kwargs)
        finally:
            self.wall.append((time.perf_counter() - wall) * 1000)
            self.cpu.append((time.process_time() - cpu) * 1000)


async def build(
    client: httpx.AsyncClient, target: Target, app: Any, turns: int, mib: float
) -> tuple[
    str, dict[str, str], dict[str, str]
]:  # fmt: skip
    """The finished campaign: its export URL, the owner's headers and the seats' usernames."""
    tokens = await register_players(target, "transfer", PLAYERS)
    map_id = await make_map(target, tokens[0], 128)
    campaign = await set_up_campaign(target, tokens, "Transfer", map_id=map_id)
    owner = campaign.seats[0].headers
    sessionmaker = app.state.sessionmaker
    async with sessionmaker() as session, session.begin():
        row = await session.scalar(select(Campaign).where(Campaign.id == campaign.id))
        if row is None:
            raise RuntimeError("the benchmark campaign vanished")
        await add_armies(session, row)  # 10 armies a player, as bench_turn has
    for turn in range(turns):
        async with sessionmaker() as session, session.begin():
            row = await session.scalar(
                select(Campaign).where(Campaign.id == campaign.id).with_for_update()
            )
            if row is None:
                raise RuntimeError("the benchmark campaign vanished")
            await give_orders(session, row, seed=turn)
        (await client.post(f"{campaign.base}/turn/resolve", headers=owner)).raise_for_status()
        print(f"  turn {turn + 1} changed")
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Campaign)
            .where(Campaign.id == campaign.id)
            .values(status=CampaignStatus.FINISHED, ended_at=Campaign.started_at)
        )
    export = f"{campaign.base}/export?messages=true"
    played = len((await client.get(export, headers=owner)).content)
    # The players' messages fill the document up to `mib`: a first thousand tells their size.
    await add_messages(sessionmaker, campaign.id, 0, CALIBRATION, turns)
    each = (len((await client.get(export, headers=owner)).content) - played) / CALIBRATION
    count = max(0, min(MAX_MESSAGES, int((mib * 2**20 - played) / each)))
    await add_messages(sessionmaker, campaign.id, CALIBRATION, count, turns)
    print(f"  the game's document: {played / 2**20:.2f} MiB; {count} messages in all")
    seats = {str(seat.number): f"transfer{i}" for i, seat in enumerate(campaign.seats)}
    return export, owner, seats


def composition(document: dict[str, Any]) -> str:
    """The document's parts and their share of its bytes, the largest first."""
    sizes = {part: len(json.dumps(value)) for part, value in document.items()}
    total = sum(sizes.values())
    return ", ".join(
        f"{part} {100 * size / total:.0f}%"
        for part, size in sorted(sizes.items(), key=lambda kv: -kv[1])
        if size * 100 >= total
    )


async def add_messages(
    sessionmaker: async_sessionmaker[AsyncSession], campaign_id: str, first: int, last: int,
    turns: int,
) -> None:  # fmt: skip
    """Messages number `first` … `last` - 1 between the players, of 60 words each."""
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text(
                "INSERT INTO messages (public_id, campaign_id, sender, recipients, to_all, turn,"
                " body, created_at) SELECT k * 7919 + 1, :cid, k % :seats + 1,"
                " ARRAY[(k + 1) % :seats + 1], false, k % :turns, repeat('word ', 60), now()"
                " FROM generate_series(:first, :last - 1) AS k"
            ),
            {"cid": campaign_id, "seats": PLAYERS, "turns": turns + 1, "first": first,
             "last": last},
        )  # fmt: skip


async def run(url: str, turns: int, runs: int, mib: float) -> bool:
    app = create_app(in_process_settings(url))
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://bench", timeout=TIMEOUT
        ) as client:
            target = Target("http://bench", transport)
            print(f"campaign: {PLAYERS} players, 128×128, {turns} turn changes…")
            export_url, owner, seats = await build(client, target, app, turns, mib)
            exports: list[tuple[float, float]] = []
            imports: list[tuple[float, float]] = []
            clock = RouteClock()
            service.import_campaign = clock
            size, parts = 0, ""
            headers = {**owner, "Content-Type": "application/json"}
            post = partial(client.post, "/v1/campaigns/import", headers=headers)
            get_export = partial(client.get, export_url, headers=owner)
            try:
                for index in range(runs + 1):  # the first pair warms what a route builds once
                    exported, wall, cpu = await timed(get_export)
                    exported.raise_for_status()
                    body = json.dumps(
                        {"document": exported.json(), "seats": seats},
                        separators=(",", ":"),
                        ensure_ascii=False,
                    ).encode()
                    size, parts = len(exported.content), composition(exported.json())
                    with statements_per_table(app.state.engine) as statements:
                        imported, iwall, icpu = await timed(partial(post, content=body))
                    if imported.status_code != 201:
                        raise RuntimeError(f"import: {imported.status_code} {imported.text[:500]}")
                    if index:
                        exports.append((wall, cpu))
                        imports.append((iwall, icpu))
                with profiled() as profile:
                    await post(content=body)
            finally:
                service.import_campaign = clock.usual

    export_wall = statistics.median(w for w, _ in exports)
    export_cpu = statistics.median(c for _, c in exports)
    import_wall = statistics.median(w for w, _ in imports)
    import_cpu = statistics.median(c for _, c in imports)
    route_wall = statistics.median(clock.wall[1 : runs + 1])
    route_cpu = statistics.median(clock.cpu[1 : runs + 1])
    print(f"document: {size / 2**20:.2f} MiB ({size:,} bytes): {parts}")
    print(f"medians of {runs} (wall ms / CPU ms of this process):")
    print(f"  GET …/export               {export_wall:8.1f} / {export_cpu:8.1f}")
    print(f"  POST /v1/campaigns/import  {import_wall:8.1f} / {import_cpu:8.1f}")
    print(
        f"    reading the body (JSON, the document's models) {import_wall - route_wall:8.1f} / "
        f"{import_cpu - route_cpu:8.1f}"
    )
    route = "    the route (checks, rows written, the copy read)"
    print(f"{route} {route_wall:8.1f} / {route_cpu:8.1f}")
    print(f"  SQL statements of one import: {sum(statements.values())}")
    for name, count in sorted(statements.items(), key=lambda kv: (-kv[1], kv[0]))[:12]:
        print(f"    {count:6}  {name}")
    ratio_cpu, ratio_wall = import_cpu / export_cpu, import_wall / export_wall
    met = ratio_cpu <= RATIO_TARGET
    print(
        f"target: import ÷ export of the same {size / 2**20:.1f} MiB document ≤ {RATIO_TARGET:.0f}×"
        f" — CPU {ratio_cpu:.2f}× (wall {ratio_wall:.2f}×): {'PASS' if met else 'FAIL'}"
    )
    print("\nwhere the time of one import goes:")
    print("\n".join(top_frames(profile, count=12)))
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, default=20, help="turn changes (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="exports and imports timed (3)")
    parser.add_argument("--mib", type=float, default=7.5, help="the document's size (7.5 MiB)")
    args = parser.parse_args()
    if not 1 <= args.turns <= 100 or not 1 <= args.runs <= 20 or not 0 < args.mib <= 8:
        parser.error("--turns 1–100, --runs 1–20, --mib up to 8")
    with scratch_database("marchlords_bench_transfer") as url:
        met = asyncio.run(run(url, args.turns, args.runs, args.mib))
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
