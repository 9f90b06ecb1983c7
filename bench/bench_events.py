"""Event-stream benchmark: one server process holding many open SSE streams.

Starts the embedded PostgreSQL on its own data dir (`.data/bench-events-pg`), a fresh migrated
database and ONE uvicorn process (no workers: the streams all live in it), sets up a campaign of
8 players over HTTP, then opens `--streams` (default 1,000) `GET …/events` streams spread over
the players (each its own TCP connection) and waits until every one has said `: connected`.
Then, `--rounds` times, a player declares ready (or withdraws): one event addressed to every
member, which every stream must deliver. Prints:

- the delivery time to each stream, measured from the write's response (the event is
  committed by then; p50, p99, max), and from the moment the write was sent (its own time
  included): target p99 ≤ 1 s after the commit, PASS/FAIL;
- the server's memory per open stream: its RSS with the streams open minus before, divided by
  their number.

The soft limit of open files (RLIMIT_NOFILE) is raised to the hard one first: this process
and the server (which inherits it) each hold one descriptor per stream. At most `--opening`
(50) streams are being opened at any moment, as browsers coming back would be: a burst of
10,000 connections at once overflows the accept queue and the database pool. Each figure is
printed with its target and PASS/FAIL; exits 1 if one fails, 0 otherwise. Always stops the
server and PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from app.serve import raise_open_files_limit
from bench.shared import (
    ROOT,
    UNTHROTTLED,
    Target,
    embedded_database,
    free_port,
    interrupt_on_signals,
    percentile,
    register_players,
    set_up_campaign,
    uvicorn_server,
    wait_ready,
)

DATA_DIR = ROOT / ".data" / "bench-events-pg"
DATABASE = "marchlords_events"
PLAYERS = 8
TARGET_P99_SECONDS = 1.0
TARGET_KIB_PER_STREAM = 16


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


# -- one stream, on a raw connection (the load generator must stay light) ------------------


@dataclass
class Stream:
    """An open `…/events` stream: counts the events it has received and when."""

    path: str
    token: str
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    received: list[float] = field(default_factory=list)
    new_event: asyncio.Event = field(default_factory=asyncio.Event)
    error: str | None = None

    def connected_callback(self, callback: Callable[[], object]) -> None:
        """Call `callback` once the stream has said `: connected` (or failed)."""
        waiter = asyncio.ensure_future(self.connected.wait())
        waiter.add_done_callback(lambda _done: callback())

    async def run(self, host: str, port: int) -> None:
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(
                (
                    f"GET {self.path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                    f"Authorization: Bearer {self.token}\r\nAccept: text/event-stream\r\n\r\n"
                ).encode()
            )
            await writer.drain()
            status = await reader.readline()
            if b" 200 " not in status:
                self.error = status.decode(errors="replace").strip()
                self.connected.set()
                return
            while line := await reader.readline():
                if line.startswith(b": connected"):
                    self.connected.set()
                elif line.startswith(b"event:"):
                    self.received.append(time.perf_counter())
                    self.new_event.set()
            self.error = self.error or "stream ended"
        except (OSError, asyncio.IncompleteReadError) as exc:
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            # Connected or failed: either way the run does not wait for it any longer.
            self.connected.set()
            if writer is not None:
                writer.close()


# -- the run -------------------------------------------------------------------------------


async def set_up(base_url: str) -> tuple[str, list[str]]:
    """A started campaign of 8 players: its id and the players' tokens (the owner's first)."""
    target = Target(base_url)
    tokens = await register_players(target, "events", PLAYERS)
    campaign = await set_up_campaign(target, tokens, "Events", generate=(20, 1))
    return campaign.id, tokens


async def run(args: argparse.Namespace, base_url: str, server_pid: int) -> bool:
    split = urlsplit(base_url)
    host, port = split.hostname or "127.0.0.1", split.port or 80
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as client:
        campaign_id, tokens = await set_up(base_url)
        path = f"/v1/campaigns/{campaign_id}/events"
        # Warm-up: a few streams opened and closed, so the baseline holds what any stream
        # loads once (modules, caches, the listener's connection).
        warm = [Stream(path, tokens[i % PLAYERS]) for i in range(8)]
        tasks = [asyncio.create_task(s.run(host, port)) for s in warm]
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait() for s in warm)), 60)
        for task in tasks:
            task.cancel()
        await asyncio.sleep(1)
        before = rss_bytes(server_pid)

        streams = [Stream(path, tokens[i % PLAYERS]) for i in range(args.streams)]
        opened = time.perf_counter()
        tasks = []
        # At most `--opening` streams between their connect and their `: connected`: as many
        # browsers coming back at once would not all be in the server's accept queue (and its
        # database pool) at the same moment either; a burst of 10,000 overflows both.
        opening = asyncio.Semaphore(args.opening)
        for number, stream in enumerate(streams):
            await opening.acquire()
            if number and number % 1000 == 0:
                print(f"  {number} streams opened in {time.perf_counter() - opened:.0f} s…")
            tasks.append(asyncio.create_task(stream.run(host, port)))
            stream.connected_callback(opening.release)
        everyone = asyncio.gather(*(s.connected.wait() for s in streams))
        for _ in range(30):  # at most 300 s, with progress every 10 s
            done, _pending = await asyncio.wait([everyone], timeout=10)
            if done:
                break
            print(f"  {sum(s.connected.is_set() for s in streams)} streams connected…")
        else:
            everyone.cancel()
            raise RuntimeError("the streams did not all connect in 300 s")
        failed = [s.error for s in streams if s.error]
        print(
            f"{args.streams} streams open in {time.perf_counter() - opened:.1f} s"
            + (f"; {len(failed)} failed, e.g. {failed[0]}" if failed else "")
        )
        await asyncio.sleep(1)
        after = rss_bytes(server_pid)
        per_stream = (after - before) / args.streams
        print(
            f"server RSS {before / 2**20:.1f} MiB before, {after / 2**20:.1f} MiB with the "
            f"streams open: {per_stream / 1024:.1f} KiB per stream"
        )

        delays: list[float] = []  # from the write's response (its commit) to each stream
        from_start: list[float] = []  # from the moment the write was sent
        writes: list[float] = []
        missed = 0
        writer = {"Authorization": f"Bearer {tokens[1]}"}
        for round_ in range(args.rounds):
            for stream in streams:
                stream.new_event.clear()
            seen = [len(s.received) for s in streams]
            sent = time.perf_counter()
            if round_ % 2 == 0:
                response = await client.put(f"/v1/campaigns/{campaign_id}/turn/ready",
                                            headers=writer)  # fmt: skip
            else:
                response = await client.delete(f"/v1/campaigns/{campaign_id}/turn/ready",
                                               headers=writer)  # fmt: skip
            committed = time.perf_counter()
            writes.append(committed - sent)
            response.raise_for_status()
            waiting = [s.new_event.wait() for s in streams if not s.error]
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*waiting), args.timeout)
            for stream, before_count in zip(streams, seen, strict=True):
                if len(stream.received) > before_count:
                    delays.append(max(0.0, stream.received[before_count] - committed))
                    from_start.append(stream.received[before_count] - sent)
                else:
                    missed += 1
            await asyncio.sleep(0.5)
        failed = [s.error for s in streams if s.error]  # refused, or ended since
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    delays.sort()
    expected = args.streams * args.rounds
    print(
        f"\n{args.rounds} events × {args.streams} streams: {len(delays)} of {expected} "
        f"deliveries, {missed} missed"
    )
    if not delays:
        print("target: nothing delivered — FAIL")
        return False
    p99 = percentile(delays, 99)
    from_start.sort()
    print(
        f"delivery after the write's response (its commit): p50 "
        f"{percentile(delays, 50) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max "
        f"{delays[-1] * 1000:.0f} ms; from the moment the write was sent: p99 "
        f"{percentile(from_start, 99) * 1000:.0f} ms (the write itself: median "
        f"{sorted(writes)[len(writes) // 2] * 1000:.0f} ms)"
    )
    figures = [
        (f"streams refused or ended: {len(failed)} of {args.streams} (target 0)", not failed),
        (f"deliveries missed: {missed} of {expected} (target 0)", missed == 0),
        (
            f"delivery p99 after the write's response: {p99 * 1000:.0f} ms "
            f"(target ≤ {TARGET_P99_SECONDS * 1000:.0f} ms)",
            p99 <= TARGET_P99_SECONDS,
        ),
        (
            f"server memory per stream: {per_stream / 1024:.1f} KiB (RSS delta / streams; "
            f"target ≤ {TARGET_KIB_PER_STREAM} KiB)",
            per_stream <= TARGET_KIB_PER_STREAM * 1024,
        ),
    ]
    print(f"targets, {args.streams} streams held by one server process, one event to all:")
    for text, ok in figures:
        print(f"  {text} — {'PASS' if ok else 'FAIL'}")
    return all(ok for _text, ok in figures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000, help="open streams (1000)")
    parser.add_argument("--rounds", type=int, default=5, help="events sent, one by one (5)")
    parser.add_argument(
        "--opening", type=int, default=50, help="streams opening at once, at most (50)"
    )
    parser.add_argument("--timeout", type=float, default=30, help="wait per event, s (30)")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=DATA_DIR,
        help="embedded PostgreSQL data dir (.data/bench-events-pg)",
    )
    args = parser.parse_args()
    if not 1 <= args.streams <= 20_000 or not 1 <= args.rounds <= 100:
        parser.error("--streams 1–20000, --rounds 1–100")
    limit = raise_open_files_limit(args.streams + 256)
    if limit < args.streams + 256:
        parser.error(f"the open-files limit ({limit}) is too low for {args.streams} streams")

    interrupt_on_signals()
    ok = False
    try:
        with embedded_database(args.data_dir, DATABASE) as url:
            port = free_port()
            base_url = f"http://127.0.0.1:{port}"
            print(f"server: one uvicorn process on {base_url}; database: {DATABASE}; "
                  f"open files limit {limit}")  # fmt: skip
            with uvicorn_server(url, port, UNTHROTTLED) as process:
                wait_ready(base_url, process, seconds=90)
                ok = asyncio.run(run(args, base_url, process.pid))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
