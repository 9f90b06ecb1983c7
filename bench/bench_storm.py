"""Deadline storm: N campaigns whose turns all change at the same deadline (issue 48 §2).

Starts the embedded PostgreSQL on its own data dir (`.data/bench-storm-pg`) and builds:

1. a template campaign of 8 players on a generated 20×20 map, played over the API (in process)
   for `--turns` turns (`bench_scale.play_template`), its battles settled;
2. its `--campaigns` − 1 copies by SQL in bulk (`bench_scale.build_copies`): the API would
   take hours to set up 10,000 campaigns; the copies are consistent by construction.

Then a real server (`python -m app.serve` as `scripts/serve` runs it, 2 uvicorn workers; the
deadline sweeper where `--sweeper` or MARCHLORDS_DEADLINE_SWEEPER says) serves the database.
Every campaign is given the same deadline (`--lead` seconds ahead) with `deadline_auto_change`
on, by one `UPDATE` (and a NOTIFY, as a request's event would wake the sweeper); `--clients`
clients poll players' views (map, me, turn, armies) of 7 campaigns the whole time.
The turn changes are the sweeper's own.

Prints, with PASS/FAIL: the time from the deadline to the last turn change (target ≤ 120 s)
and the changes per second; the CPU per turn change of the server's processes and of
PostgreSQL's (from their /proc times: the storm window's CPU minus the reads' rate measured
before it); the reads' p99 during the storm ÷ before it (target ≤ 2×); exactly one turn
record per campaign and change, gold = Σ ledger, no change lost or doubled, the first change
no later than the sweeper's interval after the deadline. Exits 1 if a target or check fails.
Always stops the server and PostgreSQL.

`--database-url URL` runs on that database instead (migrated already, empty of campaigns, not
dropped after: e.g. a Citus cluster's coordinator, docs/scaling.md); PostgreSQL's CPU is then
read from the postmasters of the `--postgres-data-dir` given (each node's, on this machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import httpx
from asgi_lifespan import LifespanManager

from app.main import create_app
from app.platform.db.embedded import asyncpg_dsn
from app.play.deadlines.service import SWEEP_INTERVAL_SECONDS
from app.store.events.publish import CHANNEL
from bench.bench_scale import (
    build_copies,
    measured_campaigns,
    play_template,
    settle_battles,
)
from bench.shared import (
    ROOT,
    UNTHROTTLED,
    Target,
    check_ledger,
    embedded_database,
    free_port,
    in_process_settings,
    interrupt_on_signals,
    percentile,
    served,
    wait_ready,
)

DATA_DIR = ROOT / ".data" / "bench-storm-pg"
DATABASE = "marchlords_storm"
TARGET_SECONDS = 120.0
TARGET_READ_RATIO = 2.0
VIEWS = ("/map", "/me", "/turn", "/armies")


# -- the set-up -------------------------------------------------------------------------------


async def build(args: argparse.Namespace, url: str) -> str:
    """The template played over the API, then its copies: the template's id."""
    app = create_app(in_process_settings(url))
    started = time.perf_counter()
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        target = Target("http://bench", transport)
        async with httpx.AsyncClient(transport=transport, base_url=target.base_url) as client:
            print(f"template campaign: 8 players, {args.turns} turns over the API…")
            with contextlib.redirect_stdout(io.StringIO()):
                template = await play_template(target, client, args.turns)
            tokens = await measured_campaigns(url, template)
            await settle_battles(client, f"/v1/campaigns/{template}", tokens[0][1])
    print(f"template played in {time.perf_counter() - started:.0f} s")
    if args.campaigns > 1:
        started = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            await build_copies(url, template, 1, args.campaigns - 1, args.chunk)
        print(f"{args.campaigns - 1} copies made in {time.perf_counter() - started:.0f} s")
    return template


async def set_deadline(url: str, deadline: datetime) -> tuple[int, int]:
    """Every active campaign's turn ends at `deadline` and changes by itself then: how many
    campaigns, and how many battles still pending (a pending battle holds a change back)."""
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        status = await conn.execute(
            "UPDATE campaigns SET turn_deadline_at = $1, deadline_warn_at = NULL,"
            " settings = settings || '{\"deadline_auto_change\": true}'::jsonb"
            " WHERE status = 'active'",
            deadline,
        )
        # As a request that moves a deadline publishes an event: the sweepers' alarms look
        # again (app/play/deadlines/alarm.py). No campaign's: no stream reads it.
        await conn.execute(
            "SELECT pg_notify($1, $2)",
            CHANNEL,
            json.dumps({"campaign_id": str(uuid.uuid4()), "event_id": 0}),
        )
        pending = await conn.fetchval(
            "SELECT count(*) FROM battles WHERE status IN ('awaiting_report', 'reported',"
            " 'disputed')"
        )
        return int(status.split()[-1]), int(pending)
    finally:
        await conn.close()


async def turns(url: str) -> dict[str, int]:
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        rows = await conn.fetch("SELECT id::text, turn FROM campaigns WHERE status = 'active'")
        return {row["id"]: row["turn"] for row in rows}
    finally:
        await conn.close()


# -- CPU of the processes ---------------------------------------------------------------------


TICKS = os.sysconf("SC_CLK_TCK")


def _stats() -> dict[int, tuple[int, float]]:
    """pid → (parent pid, CPU seconds of itself and of its reaped children) from /proc."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            # utime stime cutime cstime: fields 14–17 of stat(5), 12–15 after the name.
            out[int(entry.name)] = (int(fields[1]), sum(map(int, fields[11:15])) / TICKS)
    return out


def _cpu(root: int) -> float:
    """User + system CPU seconds of process `root` and its descendants, live or reaped."""
    stats = _stats()
    tree, total = [root], 0.0
    while tree:
        pid = tree.pop()
        if pid in stats:
            total += stats[pid][1]
            tree += [child for child, (parent, _) in stats.items() if parent == pid]
    return total


def _cpus(roots: list[int]) -> float:
    return sum(_cpu(root) for root in roots)


def postmaster(data_dir: Path) -> int:
    return int((data_dir / "postmaster.pid").read_text().split()[0])


# -- the readers and the watch ----------------------------------------------------------------


async def reader(
    client: httpx.AsyncClient,
    plans: list[tuple[str, list[dict[str, str]]]],
    samples: list[tuple[float, float]],
    errors: list[str],
    stop: asyncio.Event,
    seed: int,
) -> None:
    """Reads players' views in a loop: (time, seconds) per request into `samples`."""
    rng = random.Random(seed)
    while not stop.is_set():
        campaign, headers = rng.choice(plans)
        view = rng.choice(VIEWS)
        started = time.monotonic()
        try:
            answer = await client.get(
                f"/v1/campaigns/{campaign}{view}", headers=rng.choice(headers)
            )
        except httpx.HTTPError as exc:
            errors.append(f"GET …{view}: {exc!r}")
            continue
        samples.append((started, time.monotonic() - started))
        if answer.status_code >= 400:
            errors.append(f"GET …{view}: {answer.status_code} {answer.text[:200]}")


async def run(args: argparse.Namespace, url: str, base_url: str, server: int) -> bool:
    plans = await measured_campaigns(url, args.template)
    before = await turns(url)
    if len(set(before.values())) != 1:
        raise RuntimeError(f"the campaigns are not all on one turn: {set(before.values())}")
    pg = [postmaster(data_dir) for data_dir in args.postgres_data_dirs]
    samples: list[tuple[float, float]] = []
    errors: list[str] = []
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=args.clients)
    async with httpx.AsyncClient(base_url=base_url, timeout=120, limits=limits) as client:
        readers = [
            asyncio.create_task(reader(client, plans, samples, errors, stop, seed))
            for seed in range(args.clients)
        ]
        await asyncio.sleep(3)  # warm-up: not measured
        del samples[:]
        deadline = datetime.now(UTC) + timedelta(seconds=args.lead)
        storm_start = time.monotonic() + args.lead
        count, pending = await set_deadline(url, deadline)
        print(f"{count} campaigns due at {deadline:%H:%M:%S} UTC ({pending} battles pending)")
        quiet_start, quiet_cpu = time.monotonic(), (_cpu(server), _cpus(pg))
        await asyncio.sleep(max(0.0, storm_start - time.monotonic()))
        storm_cpu = (_cpu(server), _cpus(pg))
        turn = max(before.values())
        conn = await asyncpg.connect(asyncpg_dsn(url))
        changed, first_seen, last_seen = 0, float("inf"), float("inf")
        try:
            give_up = storm_start + args.timeout
            while time.monotonic() < give_up:
                changed = await conn.fetchval(
                    "SELECT count(*) FROM campaigns WHERE status = 'active' AND turn > $1", turn
                )
                now = time.monotonic()
                if changed and first_seen == float("inf"):
                    first_seen = now
                if changed >= count:
                    last_seen = now
                    break
                await asyncio.sleep(0.25)
            storm_end, end_cpu = time.monotonic(), (_cpu(server), _cpus(pg))
        finally:
            await conn.close()
        stop.set()
        await asyncio.gather(*readers)

    quiet = sorted(s for t, s in samples if t < storm_start)
    storm = sorted(s for t, s in samples if storm_start <= t <= storm_end)
    # The reads go on during the storm: their CPU per read, measured before it, times the
    # reads made during it, is taken off the storm's CPU (the turn changes' own remains).
    measured = sum(1 for t, _ in samples if quiet_start <= t < storm_start)
    per_read = [(storm_cpu[i] - quiet_cpu[i]) / max(measured, 1) for i in (0, 1)]
    used = [end_cpu[i] - storm_cpu[i] for i in (0, 1)]
    net = [used[i] - per_read[i] * len(storm) for i in (0, 1)]
    to_first, to_last = first_seen - storm_start, last_seen - storm_start
    ok = True

    def line(label: str, passed: bool | None) -> None:
        nonlocal ok
        verdict = "" if passed is None else (" — PASS" if passed else " — FAIL")
        ok &= passed is not False
        print(label + verdict)

    print()
    line(f"turn changes: {changed} of {count} campaigns", changed == count)
    line(f"deadline → last turn change: {to_last:.1f} s (target ≤ {TARGET_SECONDS:.0f} s)",
         to_last <= TARGET_SECONDS)  # fmt: skip
    line(f"deadline → first turn change: {to_first:.1f} s (the sweeper's interval: "
         f"{SWEEP_INTERVAL_SECONDS:.0f} s)", to_first <= SWEEP_INTERVAL_SECONDS)  # fmt: skip
    span = max(to_last - to_first, 1e-9)
    line(f"turn changes per second: {changed / span:.1f} (first → last change, polled "
         "every 0.25 s)", None)  # fmt: skip
    for i, name in enumerate(("server (2 workers and any sweeper process)", "PostgreSQL")):
        line(f"CPU per turn change, {name}: {1000 * net[i] / max(changed, 1):.1f} ms "
             f"({used[i]:.1f} s in the storm, {1000 * used[i] / max(changed, 1):.1f} ms per "
             f"change with the reads; less {len(storm)} reads × {1000 * per_read[i]:.2f} ms, "
             "their CPU per read before it)", None)  # fmt: skip
    if quiet and storm:
        ratio = percentile(storm, 99) / percentile(quiet, 99)
        line(f"reads' p99: {percentile(quiet, 99) * 1000:.1f} ms before ({len(quiet)} reads), "
             f"{percentile(storm, 99) * 1000:.1f} ms during the storm ({len(storm)} reads): "
             f"{ratio:.2f}× (target ≤ {TARGET_READ_RATIO:.0f}×)",
             ratio <= TARGET_READ_RATIO)  # fmt: skip
    else:
        line("reads' p99: no reads measured", False)
    line(f"read errors: {len(errors)}", not errors)
    for error in errors[:5]:
        print(f"  {error}")
    after = await turns(url)
    wrong = [c for c, t in after.items() if t != before.get(c, 0) + 1]
    line(f"campaigns whose turn moved by other than exactly one: {len(wrong)}", not wrong)
    with contextlib.redirect_stdout(io.StringIO()) as quiet_out:
        problems = await check_ledger(url)
    line(f"ledger and turn records (gold = Σ ledger, one record per change): "
         f"{len(problems)} problems", not problems)  # fmt: skip
    for problem in problems[:5]:
        print(f"  {problem}")
    del quiet_out
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=1000, help="due at once (1000)")
    parser.add_argument("--turns", type=int, default=3, help="played before the storm (3)")
    parser.add_argument("--clients", type=int, default=8, help="polling readers (8)")
    parser.add_argument("--lead", type=float, default=20.0,
                        help="seconds of reads measured before the deadline (20)")  # fmt: skip
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds after the deadline to give up waiting (600)")  # fmt: skip
    parser.add_argument("--sweeper", choices=("inline", "process"), default=None,
                        help="MARCHLORDS_DEADLINE_SWEEPER (scripts/serve's default)")  # fmt: skip
    parser.add_argument("--chunk", type=int, default=250, help="copies per statement (250)")
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR,
                        help="embedded PostgreSQL data dir (.data/bench-storm-pg)")  # fmt: skip
    parser.add_argument("--database-url", default=None,
                        help="an external database, migrated, no campaigns (Citus)")  # fmt: skip
    parser.add_argument("--postgres-data-dir", type=Path, action="append", default=[],
                        dest="postgres_data_dirs",
                        help="with --database-url: a node's data dir (repeat)")  # fmt: skip
    args = parser.parse_args()
    if args.database_url and not args.postgres_data_dirs:
        parser.error("--database-url needs each node's --postgres-data-dir (for its CPU)")
    if not args.database_url:
        args.postgres_data_dirs = [args.data_dir]
    if not 7 <= args.campaigns <= 100_000 or not 2 <= args.turns <= 50:
        parser.error("--campaigns 7–100000, --turns 2–50")
    if not 1 <= args.clients <= 200 or not 5 <= args.lead <= 600:
        parser.error("--clients 1–200, --lead 5–600")

    interrupt_on_signals()
    ok = False
    try:
        database = (
            contextlib.nullcontext(args.database_url)
            if args.database_url
            else embedded_database(args.data_dir, DATABASE)
        )
        with database as url:
            args.template = asyncio.run(build(args, url))
            port = free_port()
            settings = {**UNTHROTTLED, "MARCHLORDS_WORKERS": "2"}
            if args.sweeper:
                settings["MARCHLORDS_DEADLINE_SWEEPER"] = args.sweeper
            with served(url, port, settings) as process:
                base_url = f"http://127.0.0.1:{port}"
                wait_ready(base_url, process, seconds=90)
                sweeper = args.sweeper or os.environ.get("MARCHLORDS_DEADLINE_SWEEPER", "default")
                print(f"server: scripts/serve, 2 uvicorn workers on {base_url}, "
                      f"deadline sweeper: {sweeper}")  # fmt: skip
                ok = asyncio.run(run(args, url, base_url, process.pid))
            print(f"target: {args.campaigns} turn changes within {TARGET_SECONDS:.0f} s of their "
                  f"deadline, reads' p99 ≤ {TARGET_READ_RATIO:.0f}× — "
                  + ("PASS" if ok else "FAIL"))  # fmt: skip
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
