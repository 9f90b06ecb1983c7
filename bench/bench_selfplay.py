"""Self-play benchmark (R-BOT): bots alone play a 17-seat campaign through a real server.

Starts the embedded PostgreSQL on its own data dir (`.data/bench-pg`), a fresh migrated
database, and `uvicorn app.main:create_app --factory` (one process, so its CPU time and its
`/metrics` counters are the server's own) on a free loopback port. A game master who plays no
seat creates a campaign on The Old World (or, with `--map 64x64`, a generated map of that size),
puts a bot on each of its 17 seats (`PUT …/seats/{n}/bot`: both difficulties, the three
personalities in turn), switches on `bot_battles_by_points` (R-BOT-8) and starts it; then
confirms `--turns` turn changes (`POST …/turn/resolve`), each as soon as the last is done.

After every turn it checks through the database that every seat's gold equals its ledger's
balance and is ≥ 0 and that there is one turn record per change (`bench.shared.check_ledger`),
that no battle is left pending, through `/metrics` that no bot order was refused
(`marchlords_bot_orders_total{outcome="refused"}`: a bot gives only what its view allows), and
that the turn's replay equals the live map, armies, territories and gold it was played on
(`bench.replay_check`: the game master's map and charts read before the change against the
turn's replay read after it).

Prints turns per second, the server's CPU seconds per turn (its process's user + system time,
from /proc), the database's growth per turn (`pg_database_size`), the orders given, and PASS or
FAIL against the target: `--turns` (100) turns in at most `--budget` seconds (300) with no
invariant broken. Exits 1 on FAIL. Always stops the server and PostgreSQL (also on Ctrl-C).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import re
import secrets
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bench import replay_check
from bench.shared import (
    DEFAULT_FACTIONS,
    ROOT,
    UNTHROTTLED,
    Target,
    check_ledger,
    embedded_database,
    free_port,
    interrupt_on_signals,
    register,
    uvicorn_server,
    wait_ready,
)

PERSONALITIES = ("builder", "raider", "turtle")
DIFFICULTIES = ("easy", "normal")
SEATS = 17
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the process and its waited-for children (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return (utime + stime + cutime + cstime) / TICKS


def refused_orders(metrics: str) -> float:
    found = re.search(r'marchlords_bot_orders_total\{outcome="refused"\} ([0-9.e+]+)', metrics)
    return float(found.group(1)) if found else 0.0


def given_orders(metrics: str) -> float:
    found = re.search(r'marchlords_bot_orders_total\{outcome="given"\} ([0-9.e+]+)', metrics)
    return float(found.group(1)) if found else 0.0


def seats_for(document: dict[str, Any]) -> list[tuple[str, int]]:
    """(faction, slot) for 17 seats: the port factions first, on the map's coast slots first."""
    coast = {(t["q"], t["r"]) for t in document["tiles"] if "coast" in t.get("tags", [])}
    starts = document["slots"]
    slots = sorted(range(len(starts)), key=lambda i: (starts[i]["q"], starts[i]["r"]) not in coast)
    ports = [k for k in DEFAULT_FACTIONS if k == "dark_elves"]
    others = [k for k in DEFAULT_FACTIONS if k != "dark_elves"]
    return list(zip([*ports, *others], slots, strict=False))[:SEATS]


async def set_up(client: httpx.AsyncClient, headers: dict[str, str], map_arg: str) -> str:
    """The campaign, its 17 bots and its start: its id."""
    settings = {"max_players": SEATS, "bot_battles_by_points": True}
    ruleset = {"max_players": SEATS}
    body: dict[str, Any] = {"name": "Self-play", "settings": settings, "ruleset": ruleset}
    if map_arg == "old_world":
        maps = (await client.get("/v1/maps", headers=headers)).json()["items"]
        body["map_id"] = next(m["id"] for m in maps if m["builtin_key"] == "old_world")
    else:
        width, height = (int(x) for x in map_arg.lower().split("x"))
        body["generate_map"] = {"width": width, "height": height, "players": SEATS, "seed": 1}
    created = await client.post("/v1/campaigns", json=body, headers=headers)
    if created.status_code != 201:
        raise RuntimeError(f"could not create the campaign: {created.text}")
    campaign = created.json()
    game_map = (await client.get(f"/v1/maps/{campaign['map_id']}", headers=headers)).json()
    base = f"/v1/campaigns/{campaign['id']}"
    for number, (faction, slot) in enumerate(seats_for(game_map["document"]), 1):
        bot = {
            "difficulty": DIFFICULTIES[number % 2],
            "personality": PERSONALITIES[number % 3],
            "faction": faction,
            "slot": slot,
        }
        put = await client.put(f"{base}/seats/{number}/bot", json=bot, headers=headers)
        put.raise_for_status()
    (await client.post(f"{base}/start", headers=headers)).raise_for_status()
    return str(campaign["id"])


async def database_size(url: str) -> int:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            size = await conn.scalar(text("SELECT pg_database_size(current_database())"))
            return int(size or 0)
    finally:
        await engine.dispose()


async def quiet_ledger_check(url: str) -> list[str]:
    with contextlib.redirect_stdout(io.StringIO()):
        return await check_ledger(url)


async def run(args: argparse.Namespace, url: str, base_url: str, pid: int, token: str) -> bool:
    owner = await register(Target(base_url), "game_master")
    headers = {"Authorization": f"Bearer {owner}"}
    metrics_headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base_url, timeout=120) as client:
        campaign_id = await set_up(client, headers, args.map)
        campaign_uuid = uuid.UUID(campaign_id)
        base = f"/v1/campaigns/{campaign_id}"
        size_before, cpu_before = await database_size(url), cpu_seconds(pid)
        metrics = (await client.get("/metrics", headers=metrics_headers)).text
        given_before = given_orders(metrics)
        broken: list[str] = []
        started = time.monotonic()
        turn_times: list[float] = []
        replay_times: list[float] = []
        engine = create_async_engine(url)
        for turn in range(1, args.turns + 1):
            t_look = time.monotonic()
            async with engine.connect() as db:
                before = await replay_check.look(client, base, headers, db, campaign_uuid)
            t0 = time.monotonic()
            answer = await client.post(f"{base}/turn/resolve", headers=headers)
            turn_times.append(time.monotonic() - t0)
            if answer.status_code != 200:
                broken.append(f"turn {turn}: resolve answered {answer.status_code} {answer.text}")
                break
            t_compare = time.monotonic()
            async with engine.connect() as db:
                replayed = await replay_check.compare(client, base, headers, db, before)
            replay_times.append(t0 - t_look + time.monotonic() - t_compare)
            broken += [f"turn {turn}: replay differs: {p}" for p in replayed]
            shown = (await client.get(f"{base}/turn", headers=headers)).json()
            if shown["pending_battles"]:
                broken.append(f"turn {turn}: {shown['pending_battles']} battles left pending")
            broken += [f"turn {turn}: {p}" for p in await quiet_ledger_check(url)]
            metrics = (await client.get("/metrics", headers=metrics_headers)).text
            if refused_orders(metrics):
                broken.append(f"turn {turn}: {refused_orders(metrics):.0f} bot orders refused")
            if broken:
                break
        elapsed = time.monotonic() - started
        await engine.dispose()
        played = len(turn_times)
        cpu = cpu_seconds(pid) - cpu_before
        growth = await database_size(url) - size_before
        given = given_orders(metrics) - given_before
    checks = sum(turn_times)
    print(
        f"map {args.map}, {SEATS} bots, {played} turns in {elapsed:.1f} s (changes {checks:.1f} s)"
    )
    print(f"  turns per second: {played / elapsed:.2f}")
    print(f"  turn change p50/max: {sorted(turn_times)[played // 2]:.3f} / {max(turn_times):.3f} s")
    print(f"  server CPU per turn: {cpu / max(played, 1):.3f} s")
    print(f"  database growth per turn: {growth / max(played, 1) / 1024:.0f} KiB")
    print(f"  bot orders given: {given:.0f} ({given / max(played, 1):.1f} per turn), refused: 0")
    replays = "DIFFER" if any("replay differs" in p for p in broken) else "equal"
    print(
        f"  replays equal the live maps: {replays} "
        f"({len(replay_times)} turns checked, {sum(replay_times):.1f} s of checks)"
    )
    for problem in broken:
        print(f"  BROKEN: {problem}")
    passed = not broken and played == args.turns and elapsed <= args.budget
    verdict = "PASS" if passed else "FAIL"
    print(
        f"target: {args.turns} turns of {SEATS} bots in ≤ {args.budget:.0f} s, "
        f"0 invariant broken — {verdict}"
    )
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="old_world", help="old_world, or WxH (e.g. 64x64)")
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--budget", type=float, default=300.0, help="seconds for all the turns")
    args = parser.parse_args()
    interrupt_on_signals()
    token = secrets.token_hex(16)
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    settings = {**UNTHROTTLED, "MARCHLORDS_METRICS_TOKEN": token}
    with (
        embedded_database(ROOT / ".data" / "bench-pg", "bench_selfplay") as url,
        uvicorn_server(url, port, settings) as server,
    ):
        wait_ready(base_url, server, 60)
        ok = asyncio.run(run(args, url, base_url, server.pid, token))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
