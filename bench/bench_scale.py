"""Scale benchmark: per-endpoint latency with 1,000 campaigns in the database vs 7.

Starts the embedded PostgreSQL on its own data dir (`.data/bench-scale-pg`) and builds:

1. a template campaign of 8 players on a generated 20×20 map, played over the API (in process)
   for `--turns` turns (30): every turn each player moves an army (a path from `…/reachable`),
   sends a message, declares ready; battles are reported and confirmed, the owner confirms
   the turn change; house rules and an edict or two. Every table the endpoints read gets real
   rows: turns, summaries, events, ledger, orders, messages, battles, snapshots…;
2. its copies, by SQL in bulk (`INSERT … SELECT` over `generate_series`, a chunk of campaigns
   per statement): every campaign-scoped table (`campaigns` and every table with a
   `campaign_id`, found from the models) copied with new campaign ids, new users for the
   players (and a token each), everything else as in the template. 6 copies make the small
   database (7 campaigns; `CREATE DATABASE … TEMPLATE`), `--campaigns` − 1 (999) the big one.

Then both databases are served in this process (one app each, lifespans run) and every
endpoint is called `--samples` times on the same 7 campaigns in each, the two databases in
turn, request by request (so the machine's load varies alike for both): reads (map, tile,
armies, generals, me, battles, turn, turns, summary, messages, edicts, treaties, players,
standings, house rules, orders) and writes (ready and its withdrawal, a message, a move order
and its cancellation). Prints p50/p99 per endpoint in each and the ratio of the p99s, with
PASS/FAIL against the target (≤ 1.25×), and the database sizes. Exits 1 if a request failed or
a ratio misses the target. Always stops PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import httpx
from asgi_lifespan import LifespanManager
from sqlalchemy import Table

from app.main import create_app
from app.platform.db.base import Base
from app.platform.db.embedded import EmbeddedPostgres, asyncpg_dsn, create_database, drop_database
from app.platform.db.migrate import upgrade_head
from app.store.models import User  # noqa: F401 - registers every model on Base
from bench.shared import (
    ROOT,
    Target,
    database_url,
    in_process_settings,
    interrupt_on_signals,
    path_to,
    percentile,
    register_players,
    set_up_campaign,
)

DATA_DIR = ROOT / ".data" / "bench-scale-pg"
SMALL, BIG = "marchlords_scale_small", "marchlords_scale_big"
PLAYERS = 8
MEASURED = 7  # campaigns measured, in both databases (the template and 6 copies)
TARGET_RATIO = 1.25
# A copy's token: "scale-<user id>" (hashed as the server hashes bearer secrets).
TOKEN_PREFIX = "scale-"  # noqa: S105  (throw-away local accounts)


# -- 1. the template, played over the API ---------------------------------------------------


async def ok(response: Awaitable[httpx.Response], *statuses: int) -> httpx.Response:
    answer = await response
    if answer.status_code not in (statuses or (200, 201, 204)):
        raise RuntimeError(f"{answer.request.method} {answer.request.url}: "
                           f"{answer.status_code} {answer.text[:300]}")  # fmt: skip
    return answer


async def play_template(target: Target, client: httpx.AsyncClient, turns: int) -> str:
    """Register 8 players, start a campaign, play `turns` turns; the campaign's id."""
    tokens = await register_players(target, "scale", PLAYERS)
    campaign = await set_up_campaign(target, tokens, "Scale", generate=(20, 3))
    base = campaign.base
    headers = [seat.headers for seat in campaign.seats]
    numbers = [seat.number for seat in campaign.seats]
    for i in range(3):
        await ok(client.post(f"{base}/house-rules", headers=headers[0], json={
            "section": f"Section {i}", "kind": "add", "text": "A house rule."}))  # fmt: skip
    rng = random.Random(3)
    for turn in range(turns):
        for index, header in enumerate(headers):
            await move_one(client, base, header, rng)
            others = [n for n in numbers if n != numbers[index]]
            await ok(client.post(f"{base}/messages", headers=header, json={
                "to": rng.sample(others, rng.randint(1, 3)), "body": f"turn {turn}"}))  # fmt: skip
            if turn % 10 == index:
                await client.post(f"{base}/edicts", headers=header,
                                  json={"kind": "embassy", "to": rng.choice(others)})  # fmt: skip
        await settle_battles(client, base, headers)
        for header in headers:
            await ok(client.put(f"{base}/turn/ready", headers=header), 200, 204, 409)
        for _attempt in range(5):  # a battle declared meanwhile is settled first
            state = (await ok(client.get(f"{base}/turn", headers=headers[0]))).json()
            if state["number"] == turn + 1 and state["awaiting_owner"]:
                await ok(client.post(f"{base}/turn/resolve", headers=headers[0]))
            state = (await ok(client.get(f"{base}/turn", headers=headers[0]))).json()
            if state["number"] == turn + 2:
                break
            await settle_battles(client, base, headers)
        else:
            raise RuntimeError(f"turn {turn + 1} did not change: {state}")
        print(f"  template: turn {state['number'] - 1} changed")
    return campaign.id


async def move_one(
    client: httpx.AsyncClient, base: str, header: dict[str, str], rng: random.Random
) -> None:
    armies = (await ok(client.get(f"{base}/armies", headers=header))).json()["mine"]
    free = [a for a in armies if not a["locked_in_battle"]]
    if not free:
        return
    army = rng.choice(free)
    reachable = await client.get(f"{base}/armies/{army['id']}/reachable", headers=header)
    if reachable.status_code != 200 or not reachable.json():
        return
    costs = {(t["q"], t["r"]): t["cost"] for t in reachable.json()}
    path = path_to((army["q"], army["r"]), rng.choice(sorted(costs)), costs)
    if path:
        await ok(client.put(f"{base}/armies/{army['id']}/move", headers=header,
                            json={"path": path}), 200, 409, 422)  # fmt: skip


async def settle_battles(
    client: httpx.AsyncClient, base: str, headers: list[dict[str, str]]
) -> None:
    """Every pending battle reported by one side (a draw, or a victory where a draw is not a
    possible result) and confirmed by the other; a disputed one cancelled by the owner."""
    for step in ("report", "confirm", "arbitrate"):
        for header in headers if step != "arbitrate" else headers[:1]:
            listed = await ok(client.get(f"{base}/battles", headers=header,
                                         params={"limit": 100}))  # fmt: skip
            for battle in listed.json()["items"]:
                side, url = battle["your_side"], f"{base}/battles/{battle['id']}"
                if step == "report" and side is not None and battle["status"] == "awaiting_report":
                    for outcome in ("draw", "attacker_victory", "defender_victory"):
                        reported = await client.post(f"{url}/report", headers=header, json={
                            "outcome": outcome, "attacker_losses_pct": 20,
                            "defender_losses_pct": 20})  # fmt: skip
                        if reported.status_code == 200:
                            break
                elif (
                    step == "confirm"
                    and side is not None
                    and battle["status"] == "reported"
                    and battle["report"]["reported_side"] != side
                ):
                    await client.post(f"{url}/confirm", headers=header)
                elif step == "arbitrate" and battle["status"] == "disputed":
                    await client.post(f"{url}/arbitrate", headers=header, json={"cancel": True})


# -- 2. the copies, in bulk -----------------------------------------------------------------


def scoped_tables() -> list[tuple[Table, str]]:
    """Campaign-scoped tables in foreign-key order, with the column naming the campaign."""
    out = []
    for table in Base.metadata.sorted_tables:
        if table.name == "campaigns":
            out.append((table, "id"))
        elif "campaign_id" in table.columns:
            out.append((table, "campaign_id"))
    return out


def filled_tables() -> list[str]:
    """The tables the copies fill (about 1,000 times the template campaign's rows): the large
    tables of a big server, which a migration must not lock for long
    (tests/meta/test_migration_locks.py)."""
    return [table.name for table, _ in scoped_tables()] + ["users", "tokens"]


def user_columns(table: Table) -> set[str]:
    return {
        column.name
        for column in table.columns
        if any(fk.column.table.name == "users" for fk in column.foreign_keys)
    }


async def stash_template(conn: asyncpg.Connection, template: str) -> None:
    """The template's rows in temporary tables `tpl_<table>`: every chunk reads them, not the
    tables it writes to, which grow (and have no index while the copies are made)."""
    for table, key in scoped_tables():
        await conn.execute(
            f"CREATE TEMP TABLE tpl_{table.name} AS"  # noqa: S608
            f" SELECT * FROM {table.name} WHERE {key} = $1",
            template,
        )
    await conn.execute(
        "CREATE TEMP TABLE tpl_users AS SELECT u.* FROM users u"
        " JOIN tpl_campaign_players p ON p.user_id = u.id"
    )
    await conn.execute(
        "CREATE TEMP TABLE tpl_tokens AS SELECT DISTINCT ON (t.user_id) t.* FROM tokens t"
        " JOIN tpl_campaign_players p ON p.user_id = t.user_id"
        " ORDER BY t.user_id, t.created_at DESC"
    )


async def copy_campaigns(
    conn: asyncpg.Connection, first: int, last: int, spent: dict[str, float]
) -> None:
    """Copies number `first` … `last` of the stashed template (new users and tokens too);
    the seconds each table took are added to `spent`."""
    await conn.execute("DROP TABLE IF EXISTS campaign_map, user_map")
    await conn.execute(
        "CREATE TEMP TABLE campaign_map AS SELECT k, gen_random_uuid() AS new_id"
        " FROM generate_series($1::int, $2::int) AS k",
        first,
        last,
    )
    await conn.execute(
        "CREATE TEMP TABLE user_map AS SELECT m.k, p.user_id AS old_id,"
        " gen_random_uuid() AS new_id FROM campaign_map m CROSS JOIN tpl_campaign_players p"
        " WHERE p.user_id IS NOT NULL"
    )
    await conn.execute("ANALYZE campaign_map, user_map")
    users = Base.metadata.tables["users"]
    columns = [c.name for c in users.columns]
    values = [
        "um.new_id" if c == "id" else "u.username || '_' || um.k" if c == "username" else f"u.{c}"
        for c in columns
    ]
    await conn.execute(
        f"INSERT INTO users ({', '.join(columns)}) SELECT {', '.join(values)}"  # noqa: S608
        " FROM user_map um JOIN tpl_users u ON u.id = um.old_id"
    )
    tokens = Base.metadata.tables["tokens"]
    columns = [c.name for c in tokens.columns]
    values = [
        "gen_random_uuid()"
        if c == "id"
        else "um.new_id"
        if c == "user_id"
        else f"encode(sha256(convert_to('{TOKEN_PREFIX}' || um.new_id::text, 'UTF8')), 'hex')"
        if c == "token_hash"
        else f"t.{c}"
        for c in columns
    ]
    await conn.execute(
        f"INSERT INTO tokens ({', '.join(columns)}) SELECT {', '.join(values)}"  # noqa: S608
        " FROM user_map um JOIN tpl_tokens t ON t.user_id = um.old_id"
    )
    for table, key in scoped_tables():
        names = [c.name for c in table.columns]
        users_here = user_columns(table)
        joins = "".join(
            f" LEFT JOIN user_map um_{c} ON um_{c}.k = m.k AND um_{c}.old_id = t.{c}"
            for c in sorted(users_here)
        )
        values = [
            "m.new_id"
            if c == key
            else f"coalesce(um_{c}.new_id, t.{c})"
            if c in users_here
            else f"t.{c}"
            for c in names
        ]
        started = time.perf_counter()
        await conn.execute(
            f"INSERT INTO {table.name} ({', '.join(names)})"  # noqa: S608
            f" SELECT {', '.join(values)} FROM tpl_{table.name} t CROSS JOIN campaign_map m{joins}"
        )
        spent[table.name] = spent.get(table.name, 0.0) + time.perf_counter() - started


async def drop_keys(conn: asyncpg.Connection) -> list[str]:
    """Drops the indexes, keys and foreign keys of the tables the copies write to (one row at
    a time, each index costs a lookup and an insertion; built once at the end, a sort): the
    statements that make them again, in order. The copies are consistent by construction."""
    tables = filled_tables()
    foreign = await conn.fetch(
        "SELECT conrelid::regclass::text AS tab, conname, pg_get_constraintdef(oid) AS def"
        " FROM pg_constraint WHERE contype = 'f'"
        " AND (conrelid = ANY($1::regclass[]) OR confrelid = ANY($1::regclass[]))",
        tables,
    )
    keys = await conn.fetch(
        "SELECT conrelid::regclass::text AS tab, conname, pg_get_constraintdef(oid) AS def"
        " FROM pg_constraint WHERE contype IN ('p', 'u') AND conrelid = ANY($1::regclass[])",
        tables,
    )
    indexes = await conn.fetch(
        "SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def"
        " FROM pg_index i WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS ("
        " SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid"
        " AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))",
        tables,
    )
    for row in foreign:
        await conn.execute(f'ALTER TABLE {row["tab"]} DROP CONSTRAINT "{row["conname"]}"')
    for row in keys:
        await conn.execute(f'ALTER TABLE {row["tab"]} DROP CONSTRAINT "{row["conname"]}"')
    for row in indexes:
        await conn.execute(f"DROP INDEX {row['name']}")
    return [
        *(row["def"] for row in indexes),
        *(f'ALTER TABLE {r["tab"]} ADD CONSTRAINT "{r["conname"]}" {r["def"]}' for r in keys),
        *(f'ALTER TABLE {r["tab"]} ADD CONSTRAINT "{r["conname"]}" {r["def"]}' for r in foreign),
    ]


WORKERS = 2  # connections copying (and building indexes) at once: one per core


async def build_copies(url: str, template: str, first: int, last: int, chunk: int) -> None:
    """Copies `first` … `last` of the template, `chunk` campaigns per statement on `WORKERS`
    connections, with the tables' indexes and keys dropped meanwhile and built at the end."""
    conns = [await asyncpg.connect(asyncpg_dsn(url)) for _ in range(WORKERS)]
    try:
        for conn in conns:
            await conn.execute("SET maintenance_work_mem = '512MB'")
            await stash_template(conn, template)
        async with conns[0].transaction():
            remake = await drop_keys(conns[0])
        chunks = [(k, min(last, k + chunk - 1)) for k in range(first, last + 1, chunk)]
        spent: dict[str, float] = {}

        async def copier(conn: asyncpg.Connection) -> None:
            while chunks:
                done, upto = chunks.pop(0)
                started = time.perf_counter()
                async with conn.transaction():
                    await copy_campaigns(conn, done, upto, spent)
                print(f"  copies {done}–{upto}: {time.perf_counter() - started:.1f} s")

        started = time.perf_counter()
        await asyncio.gather(*(copier(conn) for conn in conns))
        took = time.perf_counter() - started
        heaviest = sorted(spent.items(), key=lambda kv: -kv[1])[:6]
        print(f"  {last - first + 1} copies in {took:.1f} s; the heaviest tables (summed over "
              "the connections): " + ", ".join(f"{t} {s:.1f} s" for t, s in heaviest))  # fmt: skip
        keys = [statement for statement in remake if "FOREIGN KEY" not in statement]
        started = time.perf_counter()
        await run_spread(conns, keys)  # the indexes and keys, then what refers to them
        await run_spread(conns, [statement for statement in remake if statement not in keys])
        took = time.perf_counter() - started
        print(f"  {len(remake)} indexes and keys built again: {took:.1f} s")
        started = time.perf_counter()
        tables = await conns[0].fetch(
            "SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public'"
            " ORDER BY pg_relation_size(relid) DESC"
        )
        await run_spread(conns, [f'VACUUM ANALYZE "{row["relname"]}"' for row in tables])
        print(f"  VACUUM ANALYZE: {time.perf_counter() - started:.1f} s")
    finally:
        for conn in conns:
            await conn.close()


async def run_spread(conns: list[asyncpg.Connection], statements: list[str]) -> None:
    """Runs `statements` in order, each on the next free connection."""
    queue = list(statements)

    async def runner(conn: asyncpg.Connection) -> None:
        while queue:
            await conn.execute(queue.pop(0))

    await asyncio.gather(*(runner(conn) for conn in conns))


async def clone_database(source_url: str, target_url: str) -> None:
    target = target_url.rsplit("/", 1)[1].split("?", 1)[0]
    source = source_url.rsplit("/", 1)[1].split("?", 1)[0]
    conn = await asyncpg.connect(asyncpg_dsn(source_url, "postgres"))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}"')
    finally:
        await conn.close()


async def database_facts(url: str) -> tuple[int, int, str]:
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        campaigns = await conn.fetchval("SELECT count(*) FROM campaigns")
        events = await conn.fetchval("SELECT count(*) FROM campaign_events")
        size = await conn.fetchval("SELECT pg_size_pretty(pg_database_size(current_database()))")
        return int(campaigns), int(events), str(size)
    finally:
        await conn.close()


async def measured_campaigns(url: str, template: str) -> list[tuple[str, list[dict[str, str]]]]:
    """The template (its players' tokens re-made as the copies' are) and the copies 1–6."""
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        rows = await conn.fetch(
            "SELECT c.id, array_agg(p.user_id ORDER BY p.number) AS users FROM campaigns c"
            " JOIN campaign_players p ON p.campaign_id = c.id"
            " GROUP BY c.id ORDER BY c.id = $1 DESC, c.created_at, c.id LIMIT $2",
            template,
            MEASURED,
        )
        out = []
        for row in rows:
            for user in row["users"]:
                await conn.execute(
                    "INSERT INTO tokens (id, user_id, kind, scope, token_hash, created_at,"
                    " updated_at) VALUES (gen_random_uuid(), $1, 'personal', 'play',"
                    " encode(sha256(convert_to($2, 'UTF8')), 'hex'), now(), now())"
                    " ON CONFLICT (token_hash) DO NOTHING",
                    user,
                    f"{TOKEN_PREFIX}{user}",
                )
            headers = [{"Authorization": f"Bearer {TOKEN_PREFIX}{u}"} for u in row["users"]]
            out.append((str(row["id"]), headers))
        return out
    finally:
        await conn.close()


# -- 3. the measurement ---------------------------------------------------------------------

Call = Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]


async def endpoints(
    client: httpx.AsyncClient, campaign_id: str, headers: list[dict[str, str]]
) -> dict[str, Call]:
    """What each endpoint is called with, for one campaign (player 2 reads, player 3 writes)."""
    base = f"/v1/campaigns/{campaign_id}"
    reader, writer = headers[1], headers[2]
    me = (await ok(client.get(f"{base}/me", headers=reader))).json()
    # An army of the writer and a path from `…/reachable` (the move order measured), if any.
    mine = (await ok(client.get(f"{base}/armies", headers=writer))).json()["mine"]
    army, path = mine[0], []
    for candidate in mine:
        reachable = await client.get(f"{base}/armies/{candidate['id']}/reachable", headers=writer)
        if reachable.status_code != 200:
            continue
        costs = {(t["q"], t["r"]): t["cost"] for t in reachable.json()}
        for target in sorted(costs, key=lambda c: (costs[c], c)):
            path = path_to((candidate["q"], candidate["r"]), target, costs)
            if path:
                break
        if path:
            army = candidate
            break
    turn = me["turn"]

    def get(path: str) -> Call:
        return lambda c: c.get(base + path, headers=reader)

    calls: dict[str, Call] = {
        "GET …/map": get("/map"),
        "GET …/tiles/{q}/{r}": get(f"/tiles/{army['q']}/{army['r']}"),
        "GET …/armies": get("/armies"),
        "GET …/generals": get("/generals"),
        "GET …/me": get("/me"),
        "GET …/battles": get("/battles"),
        "GET …/turn": get("/turn"),
        "GET …/turns": get("/turns"),
        "GET …/turns/{n}/summary": get(f"/turns/{turn - 1}/summary"),
        "GET …/messages": get("/messages"),
        "GET …/messages/unread": get("/messages/unread"),
        "GET …/edicts": get("/edicts"),
        "GET …/treaties": get("/treaties"),
        "GET …/players": get("/players"),
        "GET …/standings": get("/standings"),
        "GET …/house-rules": get("/house-rules"),
        "GET …/orders": get("/orders"),
        "PUT …/turn/ready": lambda c: c.put(f"{base}/turn/ready", headers=writer),
        "DELETE …/turn/ready": lambda c: c.delete(f"{base}/turn/ready", headers=writer),
        "POST …/messages": lambda c: c.post(
            f"{base}/messages", headers=writer, json={"to": [1], "body": "measured"}
        ),
    }
    if path:
        move = f"{base}/armies/{army['id']}/move"
        calls["PUT …/armies/{id}/move"] = lambda c: c.put(move, headers=writer, json={"path": path})
        calls["DELETE …/armies/{id}/move"] = lambda c: c.delete(move, headers=writer)
    return calls


async def measure(
    small_url: str, big_url: str, template: str, samples: int
) -> tuple[dict[str, dict[str, list[float]]], list[str]]:
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    errors: list[str] = []
    small_app = create_app(in_process_settings(small_url))
    big_app = create_app(in_process_settings(big_url))
    async with LifespanManager(small_app) as small, LifespanManager(big_app) as big:
        clients = {
            "7": httpx.AsyncClient(transport=httpx.ASGITransport(small.app), base_url="http://s"),
            "1000": httpx.AsyncClient(transport=httpx.ASGITransport(big.app), base_url="http://b"),
        }
        try:
            plans: dict[str, list[dict[str, Call]]] = {}
            for name, url in (("7", small_url), ("1000", big_url)):
                campaigns = await measured_campaigns(url, template)
                plans[name] = [await endpoints(clients[name], c, h) for c, h in campaigns]
            labels = list(plans["7"][0])
            # One unmeasured pass: every page a measured call needs is in the cache of both.
            for name in ("7", "1000"):
                for calls in plans[name]:
                    for warm in calls.values():
                        await warm(clients[name])
            for round_ in range(samples):
                plan = round_ % len(plans["7"])
                for label in labels:
                    order = ("7", "1000") if round_ % 2 == 0 else ("1000", "7")
                    for name in order:
                        call = plans[name][plan].get(label)
                        if call is None:
                            continue
                        start = time.perf_counter()
                        response = await call(clients[name])
                        times[label][name].append(time.perf_counter() - start)
                        if response.status_code >= 400:
                            errors.append(f"{label} ({name}): {response.status_code} "
                                          f"{response.text[:200]}")  # fmt: skip
        finally:
            for client in clients.values():
                await client.aclose()
    return times, errors


def report(times: dict[str, dict[str, list[float]]], campaigns: int) -> bool:
    header = (f"{'endpoint':32} {'p50 7':>8} {'p99 7':>8} {f'p50 {campaigns}':>10} "
              f"{f'p99 {campaigns}':>10} {'p50 ratio':>10} {'p99 ratio':>10}")  # fmt: skip
    print("\n" + header)
    print("-" * len(header))
    met = True
    for label, by_db in times.items():
        small, big = sorted(by_db["7"]), sorted(by_db["1000"])
        ratio = percentile(big, 99) / percentile(small, 99)
        verdict = "PASS" if ratio <= TARGET_RATIO else "FAIL"
        met &= ratio <= TARGET_RATIO
        print(
            f"{label:32} {percentile(small, 50) * 1000:8.1f} {percentile(small, 99) * 1000:8.1f}"
            f" {percentile(big, 50) * 1000:10.1f} {percentile(big, 99) * 1000:10.1f}"
            f" {percentile(big, 50) / percentile(small, 50):9.2f}× {ratio:9.2f}× {verdict}"
        )
    return met


# -- the run --------------------------------------------------------------------------------


async def build(args: argparse.Namespace, small_url: str, big_url: str) -> str:
    app = create_app(in_process_settings(big_url))
    started = time.perf_counter()
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        target = Target("http://bench", transport)
        async with httpx.AsyncClient(transport=transport, base_url=target.base_url) as client:
            print(f"template campaign: 8 players, {args.turns} turns over the API…")
            template = await play_template(target, client, args.turns)
    print(f"template played in {time.perf_counter() - started:.0f} s")
    started = time.perf_counter()
    await build_copies(big_url, template, 1, MEASURED - 1, args.chunk)
    await clone_database(big_url, small_url)
    await build_copies(big_url, template, MEASURED, args.campaigns - 1, args.chunk)
    print(f"copies made in {time.perf_counter() - started:.0f} s")
    return template


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=1000, help="in the big database (1000)")
    parser.add_argument("--turns", type=int, default=30, help="of history per campaign (30)")
    parser.add_argument("--samples", type=int, default=200, help="calls per endpoint (200)")
    parser.add_argument("--chunk", type=int, default=250, help="copies per statement (250)")
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR,
                        help="embedded PostgreSQL data dir (.data/bench-scale-pg)")  # fmt: skip
    args = parser.parse_args()
    if not MEASURED < args.campaigns <= 100_000 or not 2 <= args.turns <= 200:
        parser.error(f"--campaigns {MEASURED + 1}–100000, --turns 2–200")
    if not 10 <= args.samples <= 10_000 or not 1 <= args.chunk <= 1000:
        parser.error("--samples 10–10000, --chunk 1–1000")

    interrupt_on_signals()
    server = EmbeddedPostgres(args.data_dir)
    ok_ = False
    try:
        server.start()
        small_url, big_url = database_url(server, SMALL), database_url(server, BIG)
        asyncio.run(create_database(big_url, drop_existing=True))
        upgrade_head(big_url)
        template = asyncio.run(build(args, small_url, big_url))
        for name, url in (("small", small_url), ("big", big_url)):
            campaigns, events, size = asyncio.run(database_facts(url))
            print(f"{name} database: {campaigns} campaigns, {events} events, {size}")
        print(f"measuring {args.samples} calls per endpoint in each, in turn…")
        times, errors = asyncio.run(measure(small_url, big_url, template, args.samples))
        met = report(times, args.campaigns)
        print(f"\nerrors: {len(errors)}")
        for error in errors[:10]:
            print(f"  {error}")
        print(
            f"target: p99 of every endpoint with {args.campaigns} campaigns × {PLAYERS} players"
            f" × {args.turns} turns ≤ {TARGET_RATIO}× the p99 with {MEASURED} campaigns — "
            + ("PASS" if met else "FAIL")
        )
        ok_ = met and not errors
        for url in (small_url, big_url):
            asyncio.run(drop_database(url))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        server.stop()
    return 0 if ok_ else 1


if __name__ == "__main__":
    sys.exit(main())
