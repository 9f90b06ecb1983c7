"""Benchmark of the costliest accepted ruleset variant against the default one (issue 10).

Two campaigns of 17 players on the same generated 64×64 map, one with the default ruleset and
one with `extreme_ruleset()` (every number at the top of its range, R-HOUSE-2), in the same
process against the embedded PostgreSQL. For each it times `POST …/start`, `GET …/reachable`
of every player's army, the move to the farthest tile reached over land, `POST …/turn/resolve`
and the first (uncached) `GET …/map` of every player after each change, and prints the
medians and the extreme / default ratio of each. The bounds are meant to keep every ratio
within a few times.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
from asgi_lifespan import LifespanManager
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.config import Settings
from app.db.embedded import EmbeddedPostgres, create_database, drop_database
from app.db.migrate import upgrade_head
from app.main import create_app
from app.models import BattleRow
from app.rules.hexgrid import Coord, Grid
from app.rules.ruleset import default_ruleset, extreme_ruleset, ruleset_to_dict
from app.turns.mapping import PENDING_BATTLE_STATUSES

PLAYERS = 17
SIZE = 64
TURNS = 3
PASSWORD = "benchmark pw"  # noqa: S105 - a throw-away benchmark database

Client = httpx.AsyncClient
Headers = dict[str, str]


@dataclass
class Timings:
    start: list[float] = field(default_factory=list)
    reachable: list[float] = field(default_factory=list)
    move: list[float] = field(default_factory=list)
    resolve: list[float] = field(default_factory=list)
    world: list[float] = field(default_factory=list)


async def timed(call: Callable[[], Awaitable[httpx.Response]], into: list[float]) -> Any:
    began = time.perf_counter()
    response = await call()
    into.append(time.perf_counter() - began)
    if response.is_error:
        raise RuntimeError(f"{response.request.url}: {response.status_code} {response.text}")
    return response.json() if response.content else None


async def register(client: Client) -> list[Headers]:
    headers = []
    for i in range(PLAYERS):
        name = f"extreme{i}"
        body = {"username": name, "password": PASSWORD, "display_name": name}
        (await client.post("/v1/users", json=body)).raise_for_status()
        token = await client.post("/v1/auth/token", data={"username": name, "password": PASSWORD})
        token.raise_for_status()
        headers.append({"Authorization": f"Bearer {token.json()['access_token']}"})
    return headers


async def seat(client: Client, users: list[Headers], ruleset: dict[str, Any]) -> str:
    """A lobby on the generated map with every user seated (Dark Elves on a coast slot)."""
    created = await client.post(
        "/v1/campaigns",
        headers=users[0],
        json={
            "name": "Extreme benchmark",
            "generate_map": {"width": SIZE, "height": SIZE, "players": PLAYERS, "seed": 3},
            "settings": {"max_players": PLAYERS},
            "ruleset": ruleset,
        },
    )
    created.raise_for_status()
    campaign = created.json()
    doc = (await client.get(f"/v1/maps/{campaign['map_id']}", headers=users[0])).json()
    coast = {(t["q"], t["r"]) for t in doc["document"]["tiles"] if "coast" in t.get("tags", [])}
    slots = doc["document"]["slots"]
    order = sorted(range(len(slots)), key=lambda i: (slots[i]["q"], slots[i]["r"]) not in coast)
    keys = [f["key"] for f in ruleset["factions"]]
    factions = ["dark_elves"] + [k for k in keys if k != "dark_elves"]
    base = f"/v1/campaigns/{campaign['id']}"
    for user, faction, slot in zip(users, factions, order, strict=False):
        body = {"invite_code": campaign["invite_code"]}
        (await client.post(f"{base}/players", json=body, headers=user)).raise_for_status()
        choice = {"faction": faction, "slot": slot}
        (await client.patch(f"{base}/players/me", json=choice, headers=user)).raise_for_status()
    return base


def land_path(grid: Grid, start: Coord, tiles: list[dict[str, int]]) -> list[list[int]] | None:
    """A path to the farthest tile reached over land (walking back through costs 1 lower)."""
    cost = {(t["q"], t["r"]): t["cost"] for t in tiles}
    for target in sorted(cost, key=lambda c: (-cost[c], c)):
        path = [target]
        while cost[path[-1]] > 1:
            back = [n for n in grid.neighbours(path[-1]) if cost.get(n) == cost[path[-1]] - 1]
            if not back:
                break
            path.append(back[0])
        if cost[path[-1]] == 1 and start in grid.neighbours(path[-1]) and len(path) == cost[target]:
            return [list(c) for c in reversed(path)]
    return None


async def cancel_battles(sessionmaker: async_sessionmaker[AsyncSession], base: str) -> None:
    """Long marches meet: their battles are cancelled so that the turn can change (setup)."""
    campaign_id = base.rsplit("/", 1)[1]
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(BattleRow)
            .where(
                BattleRow.campaign_id == campaign_id,
                BattleRow.status.in_(PENDING_BATTLE_STATUSES),
            )
            .values(status="cancelled")
        )


async def play(
    client: Client,
    sessionmaker: async_sessionmaker[AsyncSession],
    users: list[Headers],
    ruleset: dict[str, Any],
    turns: int = TURNS,
) -> Timings:
    t = Timings()
    base = await seat(client, users, ruleset)
    await timed(lambda: client.post(f"{base}/start", headers=users[0]), t.start)
    grid = Grid(SIZE, SIZE)
    for _ in range(turns):
        for user in users:
            armies = (await client.get(f"{base}/armies", headers=user)).json()["mine"]
            for army in armies[:1]:
                url = f"{base}/armies/{army['id']}/reachable"
                tiles = await timed(lambda url=url, user=user: client.get(url, headers=user), [])
                await timed(lambda url=url, user=user: client.get(url, headers=user), t.reachable)
                path = land_path(grid, (army["q"], army["r"]), tiles)
                if path is not None and not army["locked_in_battle"]:
                    move = f"{base}/armies/{army['id']}/move"
                    response = await client.put(move, json={"path": path}, headers=user)
                    if response.status_code == 200:
                        t.move.append(len(path))
            (await client.put(f"{base}/turn/ready", headers=user)).raise_for_status()
        await cancel_battles(sessionmaker, base)
        await timed(lambda: client.post(f"{base}/turn/resolve", headers=users[0]), t.resolve)
        for user in users:
            await timed(lambda user=user: client.get(f"{base}/map", headers=user), t.world)
    return t


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


async def run(url: str) -> None:
    overrides = {
        "database_url": url,
        "log_level": "WARNING",
        "write_rate_per_minute": 100_000,
        "write_burst": 100_000,
        "registrations_per_hour": 100_000,
    }
    settings = Settings(**{k: v for k, v in overrides.items() if k in Settings.model_fields})
    app = create_app(settings)
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            sessionmaker = app.state.sessionmaker
            users = await register(client)
            default = ruleset_to_dict(replace(default_ruleset(), max_players=PLAYERS))
            extreme = ruleset_to_dict(extreme_ruleset())
            await play(client, sessionmaker, users, default, turns=1)  # warm-up, not measured
            results = {
                "default": await play(client, sessionmaker, users, default),
                "extreme": await play(client, sessionmaker, users, extreme),
            }
    d, x = results["default"], results["extreme"]
    print(f"{PLAYERS} players on a generated {SIZE}×{SIZE} map, {TURNS} turn changes each")
    print(f"{'':34} {'default':>9} {'extreme':>9} {'ratio':>6}")
    rows = (
        ("POST …/start (ms)", d.start, x.start),
        ("GET …/reachable, median (ms)", d.reachable, x.reachable),
        ("POST …/turn/resolve, median (ms)", d.resolve, x.resolve),
        ("GET …/map, first after change (ms)", d.world, x.world),
    )
    for label, a, b in rows:
        print(f"{label:34} {ms(a):9.1f} {ms(b):9.1f} {ms(b) / ms(a):5.1f}×")
    mean = statistics.mean
    print(
        f"{'moves ordered / mean steps':34} {len(d.move):>4} {mean(d.move or [0]):4.1f}"
        f" {len(x.move):>4} {mean(x.move or [0]):4.1f}"
    )


def main() -> None:
    settings = Settings()
    server = None
    if settings.database_url:
        server_url = settings.database_url
    else:
        server = EmbeddedPostgres(Path(settings.pg_data_dir))
        server.start()
        server_url = server.url("postgres")
    url = server_url.rsplit("/", 1)[0] + "/marchlords_bench_extreme"
    if "?" in server_url:  # unix-socket URLs carry the host in the query string
        head, query = server_url.split("?", 1)
        url = head.rsplit("/", 1)[0] + "/marchlords_bench_extreme?" + query
    try:
        asyncio.run(create_database(url, drop_existing=True))
        upgrade_head(url)
        asyncio.run(run(url))
        asyncio.run(drop_database(url))
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
