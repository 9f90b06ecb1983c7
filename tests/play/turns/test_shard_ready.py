"""Shard-readiness (issue 13): a campaign's rows can be distributed by `campaign_id` (Citus).

Two guarantees, checked from the code as it runs and from the models:

- every SQL statement issued while serving a request under `/v1/campaigns/{campaign_id}/…`
  that reads or writes a campaign-scoped table restricts each use of that table to the
  request's campaign: `campaign_id = <that campaign>` (the campaigns table: `id`), or a join on
  `campaign_id` with a table so restricted. Statements are captured on the connection
  (`before_cursor_execute`) while a mix of requests is served (lobby, start, orders, ready and
  the turn change, every read, battles, diplomacy, messages, house rules, the event stream,
  history, the end); PostgreSQL itself parses each one: `EXPLAIN (VERBOSE)` with the
  statement's own parameters shows every scan of every table with the conditions it applies,
  the campaign as a constant, whatever the statement's shape (joins, subqueries, CTEs,
  `UPDATE … FROM`);
- every campaign-scoped table carries `campaign_id` in its primary key and in every unique key,
  and its foreign keys to other campaign-scoped tables include it (what Citus requires of
  co-located distributed tables); global tables never reference campaign-scoped ones.

Campaign-scoped: `campaigns` (distributed by `id`) and every table with a `campaign_id` column.
Global (Citus reference or local tables): the tables below, which have no campaign.
"""

import contextvars
import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient, Request, Response
from sqlalchemy import Table, UniqueConstraint, event, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from app.accounts.auth.tokens import hash_token
from app.channels.stream import service as stream_service
from app.channels.stream.access import StreamRechecks, Watcher
from app.channels.stream.hub import EventHub
from app.channels.stream.service import Listener
from app.platform.db.base import Base
from app.play.campaigns.access import load_membership
from app.store.distribution import citus
from app.store.models import Campaign, Token, User  # registers every model on Base too
from tests.factories.flows import AuthUser

# The isolation suite's world (a battle, orders, diplomacy, messages, a house rule), as a fixture.
from tests.factories.isolation import World, campaign_operations
from tests.factories.isolation import world as isolation_world  # noqa: F401 (fixture)

# Tables without a campaign, each named with its reason where its place on Citus is decided
# (app/store/distribution/citus.py; docs/scaling.md).
GLOBAL_TABLES = frozenset(citus.GLOBAL_TABLES)

_CAMPAIGN_PATH = re.compile(r"^/v1/campaigns/([0-9a-f-]{36})(?:/|$)")
_current: contextvars.ContextVar[tuple[str, uuid.UUID] | None] = contextvars.ContextVar(
    "shard_ready_request", default=None
)


def scoped_tables() -> dict[str, str]:
    """Campaign-scoped table → the column naming its campaign."""
    return citus.campaign_scoped_tables()


def global_tables() -> list[Table]:
    return [t for t in Base.metadata.tables.values() if t.name not in scoped_tables()]


# ------------------------------------------------------------------------------ the capture


@dataclass(frozen=True)
class Statement:
    request: str
    campaign_id: uuid.UUID
    sql: str
    params: tuple[Any, ...]


class Capture:
    """Statements run on the test connection while a campaign request is being served."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []
        self.requests: set[str] = set()

    def on_execute(
        self,
        _conn: Any,
        _cursor: Any,
        statement: str,
        parameters: Any,
        _context: Any,
        executemany: bool,
    ) -> None:
        current = _current.get()
        if current is None:
            return
        # insertmanyvalues batches come as one flat parameter list, executemany or not.
        many = executemany and parameters and isinstance(parameters[0], (list, tuple))
        rows = parameters if many else [parameters]
        for params in rows:
            self.statements.append(
                Statement(current[0], current[1], statement, tuple(params or ()))
            )

    async def on_request(self, request: Request) -> None:
        found = _CAMPAIGN_PATH.match(request.url.path)
        if found is None:
            _current.set(None)
            return
        label = f"{request.method} {request.url.path}"
        self.requests.add(label)
        _current.set((label, uuid.UUID(found.group(1))))

    async def on_response(self, _response: Response) -> None:
        _current.set(None)


@pytest.fixture
def capture(connection: AsyncConnection, client: AsyncClient) -> Iterator[Capture]:
    """Records what the app runs for campaign requests made through `client`.

    Requested before `isolation_world`, so the world's own setup (lobby, start, orders, a turn
    change, a battle, diplomacy, messages, house rules) is captured too.
    """
    found = Capture()
    client.event_hooks["request"].append(found.on_request)
    client.event_hooks["response"].append(found.on_response)
    target = connection.sync_connection
    assert target is not None
    event.listen(target, "before_cursor_execute", found.on_execute)
    try:
        yield found
    finally:
        event.remove(target, "before_cursor_execute", found.on_execute)


# ------------------------------------------------------------------------------ the checker

_TABLE_WORDS = re.compile(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+\"?(\w+)\"?", re.IGNORECASE)
_INSERT = re.compile(r"^\s*INSERT\s+INTO\s+\"?(\w+)\"?\s*\(([^)]*)\)", re.IGNORECASE)
_CONDITION_KEYS = ("Index Cond", "Recheck Cond", "Filter", "TID Cond")
_JOIN_KEYS = ("Hash Cond", "Merge Cond", "Join Filter")


def _conditions(node: dict[str, Any]) -> str:
    """The conditions a scan applies to its rows (a bitmap scan's are in its index scans)."""
    found = [str(node[key]) for key in _CONDITION_KEYS if key in node]
    if node.get("Node Type") == "Bitmap Heap Scan":
        stack = list(node.get("Plans", []))
        while stack:
            child = stack.pop()
            found += [str(child[key]) for key in _CONDITION_KEYS if key in child]
            stack += child.get("Plans", [])
    return " AND ".join(found)


def _walk(
    node: dict[str, Any], joins: tuple[str, ...] = ()
) -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
    """Every plan node, with the join conditions of the joins above it."""
    yield node, joins
    here = joins + tuple(str(node[key]) for key in _JOIN_KEYS if key in node)
    for child in node.get("Plans", []):
        yield from _walk(child, here)


def scan_problems(plan: dict[str, Any], statement: Statement, scoped: dict[str, str]) -> list[str]:
    """Scans of campaign-scoped tables not restricted to the statement's campaign."""
    problems = []
    for node, joins in _walk(plan["Plan"]):
        table = node.get("Relation Name")
        if table not in scoped or node.get("Node Type") == "ModifyTable":
            continue
        alias = node.get("Alias", table)
        column = re.escape(f"{alias}.{scoped[table]}")
        conditions = _conditions(node)
        # EXPLAIN ran with the statement's own parameters: they show as constants.
        bound = re.findall(rf"{column} = '([0-9a-f-]{{36}})'::uuid", conditions)
        bound += re.findall(rf"'([0-9a-f-]{{36}})'::uuid = {column}\b", conditions)
        if str(statement.campaign_id) in bound:
            continue
        if bound:
            problems.append(f"{alias} ({table}) is restricted to another campaign than the URL's")
            continue
        # A join on the campaign column with another table (itself checked at its own scan).
        other = r"\w+\.(?:campaign_id|id)"
        joined = any(
            re.search(rf"{column} = {other}|{other} = {column}\b", condition)
            for condition in (*joins, conditions)
        )
        if not joined:
            problems.append(f"{alias} ({table}) is not restricted by {scoped[table]}")
    return problems


def insert_problems(statement: Statement, scoped: dict[str, str]) -> list[str]:
    found = _INSERT.match(statement.sql)
    if found is None or found.group(1) not in scoped:
        return []
    table, columns = found.group(1), [c.strip().strip('"') for c in found.group(2).split(",")]
    if scoped[table] not in columns:
        return [f"INSERT INTO {table} without {scoped[table]}"]
    if not any(str(p) == str(statement.campaign_id) for p in statement.params):
        return [f"INSERT INTO {table} for another campaign than the URL's"]
    return []


async def check(connection: AsyncConnection, statements: list[Statement]) -> dict[str, Any]:
    """Problems by statement (EXPLAIN without ANALYZE: nothing is executed)."""
    scoped = scoped_tables()
    problems: dict[str, Any] = {}
    raw = (await connection.get_raw_connection()).driver_connection
    assert raw is not None
    for statement in statements:
        if not set(_TABLE_WORDS.findall(statement.sql)) & scoped.keys():
            continue
        found = insert_problems(statement, scoped)
        value = await raw.fetchval(
            f"EXPLAIN (VERBOSE, FORMAT JSON) {statement.sql}", *statement.params
        )
        plan = (json.loads(value) if isinstance(value, str) else value)[0]
        found += scan_problems(plan, statement, scoped)
        if found:
            problems.setdefault(statement.sql, {"requests": set(), "problems": set()})
            problems[statement.sql]["requests"].add(statement.request)
            problems[statement.sql]["problems"].update(found)
    return problems


# ------------------------------------------------------------------------------ the mix


async def _as(client: AsyncClient, user: AuthUser | Any, method: str, url: str, **kw: Any) -> Any:
    return await client.request(method, url, headers=user.headers, **kw)


async def serve_mix(
    client: AsyncClient,
    app: FastAPI,
    world: World,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """Every campaign operation once (reads, then writes, the end last), a turn change, the
    event stream (its HTTP entry and its generator), a battle reported and confirmed."""
    game = world.game
    ops = campaign_operations(app)
    last = ("campaigns-end-campaign", "campaigns-leave-campaign", "campaigns-delete-campaign")
    ops.sort(key=lambda op: (op.id in last, op.method != "GET", op.id))
    battle = game.url(f"/battles/{world.ids['battle_id']}")
    # A battle reported by its attacker and confirmed by its defender.
    await _as(client, world.p2, "POST", battle + "/report", json={
        "outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10})  # fmt: skip
    await _as(client, world.p3, "POST", battle + "/confirm")
    for op in ops:
        if op.id in last:
            continue
        for user in (world.p2, world.p1) if op.method == "GET" else (world.p2,):
            await _as(client, user, op.method, op.url(world.values(op)), json=world.body(op))
        if op.id.startswith("campaigns-") and op.method != "GET":
            await _as(client, world.p1, op.method, op.url(world.values(op)), json=world.body(op))
    # A mailbox read up to a message, then listed and counted from that mark.
    mailbox = (await _as(client, world.p3, "GET", game.url("/messages"))).json()
    newest = mailbox["items"][0]["id"]
    await _as(client, world.p3, "POST", game.url("/messages/read"), json={"up_to": newest})
    await _as(client, world.p3, "GET", game.url("/messages"))
    await _as(client, world.p3, "GET", game.url("/messages/unread"))
    # A second turn change after all that.
    await _as(client, world.p1, "POST", game.url("/resume"))
    for player in game.players:
        await _as(client, player, "PUT", game.url("/turn/ready"))
    await _as(client, world.p1, "POST", game.url("/turn/resolve"))
    for path in ("/turns", "/turns/2/summary", "/standings", "/messages", "/me", "/map"):
        await _as(client, world.p2, "GET", game.url(path))
    await spectator_mix(client, world, sessionmaker)
    # The event stream: its HTTP entry (membership, the resume point; no hub here → 503)...
    await _as(client, world.p2, "GET", game.url("/events"))
    await client.get(
        game.url("/events"),
        headers={**world.p2.headers, "Last-Event-ID": "A" * 16},
    )
    # ... and the stream itself, served from the backlog then woken by the hub.
    await stream_mix(client, world, sessionmaker)
    for op in ops:
        if op.id in last:
            await _as(client, world.p1, op.method, op.url(world.values(op)), json=world.body(op))


async def spectator_mix(
    client: AsyncClient, world: World, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    """The campaign made public and watchable (R-CAMP-13): a spectator asks, reads the delayed
    view, is listed by the owner and sent away."""
    game = world.game
    async with sessionmaker() as session:
        campaign = await session.get_one(Campaign, uuid.UUID(game.id))
        campaign.settings = campaign.settings.model_copy(
            update={"public": True, "spectator_delay_turns": 1}
        )
        await session.commit()
    watcher = world.stranger
    assert (await _as(client, watcher, "POST", game.url("/spectators"))).status_code == 201
    for path in ("", "/map", "/turns", "/turns/1/summary"):
        read = await _as(client, watcher, "GET", game.url(f"/spectate{path}"))
        assert read.status_code == 200, (path, read.text)
    await _as(client, world.p1, "GET", game.url("/spectators"))
    await _as(client, world.p1, "DELETE", game.url(f"/spectators/{watcher.id}"))


async def stream_mix(
    client: AsyncClient, world: World, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    campaign_id = uuid.UUID(world.game.id)
    label = f"GET /v1/campaigns/{campaign_id}/events"
    token = _current.set((label, campaign_id))
    try:
        async with sessionmaker() as session:
            user = await session.get_one(User, world.p2.user.id)
            viewer = Listener.of(await load_membership(session, campaign_id, user))
            token_id = await session.scalar(
                select(Token.id).where(Token.token_hash == hash_token(world.p2.user.token))
            )
        assert token_id is not None
        # The periodic recheck, as the router asks it (in a batch of one).
        rechecks = StreamRechecks(sessionmaker, window_seconds=0)
        watcher = Watcher(token_id, user.id, viewer)

        async def allowed() -> bool:
            return await rechecks.still_allowed(watcher)

        hub = EventHub("postgresql://unused", recheck_seconds=0)
        async with hub.subscribe(campaign_id) as subscription:
            events = stream_service.stream_events(
                hub, subscription, sessionmaker, viewer, 0, allowed
            )
            sent = 0
            async for _ in events:
                sent += 1
                hub.deliver(campaign_id, 1)
                if sent >= 3:
                    break
            await events.aclose()
        async with sessionmaker() as session:
            await stream_service.latest_seq(session, campaign_id)
    finally:
        _current.reset(token)


# ------------------------------------------------------------------------------ the tests


async def test_every_statement_of_a_campaign_request_is_restricted_to_that_campaign(
    capture: Capture,
    isolation_world: World,  # noqa: F811 (the fixture imported above)
    client: AsyncClient,
    app: FastAPI,
    connection: AsyncConnection,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    await serve_mix(client, app, isolation_world, sessionmaker)
    statements = list(capture.statements)
    await connection.execute(text("SELECT 1"))
    problems = await check(connection, statements)
    scoped = scoped_tables()
    touched = {
        t for s in statements for t in _TABLE_WORDS.findall(s.sql) if t in scoped
    }  # fmt: skip
    # The mix reaches the tables that matter (a sign the capture works).
    assert {"campaigns", "campaign_players", "armies", "orders", "ledger", "battles"} <= touched
    assert {"messages", "edicts", "house_rules", "campaign_events", "turn_summaries"} <= touched
    assert problems == {}


def test_a_statement_over_all_campaigns_or_another_one_is_caught() -> None:
    cid = uuid.uuid4()
    statement = Statement("GET x", cid, "SELECT … FROM armies WHERE …", ())

    def problems(condition: str, joins: str | None = None) -> list[str]:
        scan = {"Node Type": "Seq Scan", "Relation Name": "armies", "Alias": "a",
                "Filter": condition}  # fmt: skip
        plan = scan if joins is None else {"Node Type": "Hash Join", "Hash Cond": joins,
                                           "Plans": [scan]}  # fmt: skip
        return scan_problems({"Plan": plan}, statement, scoped_tables())

    assert problems("(a.owner = 1)") == ["a (armies) is not restricted by campaign_id"]
    assert problems(f"(a.campaign_id = '{uuid.uuid4()}'::uuid)") == [
        "a (armies) is restricted to another campaign than the URL's"
    ]
    assert problems(f"((a.campaign_id = '{cid}'::uuid) AND (a.owner = 1))") == []
    assert problems("(a.owner = 1)", "(a.campaign_id = p.campaign_id)") == []
    assert problems("(a.owner = 1)", "(a.owner = p.number)") != []


def test_every_campaign_scoped_table_has_campaign_id_in_every_key() -> None:
    scoped = scoped_tables()
    problems = []
    for name, column in sorted(scoped.items()):
        table = Base.metadata.tables[name]
        if column not in table.primary_key.columns:
            problems.append(f"{name}: primary key {[c.name for c in table.primary_key]}")
        for constraint in table.constraints:
            if isinstance(constraint, UniqueConstraint) and column not in constraint.columns:
                problems.append(f"{name}: unique {[c.name for c in constraint.columns]}")
        for index in table.indexes:
            if index.unique and column not in {c.name for c in index.columns}:
                problems.append(f"{name}: unique index {index.name}")
        for fk in table.foreign_key_constraints:
            target = fk.referred_table.name
            if target not in scoped:
                continue
            pairs = {(e.parent.name, e.column.name) for e in fk.elements}
            if (column, scoped[target]) not in pairs:
                problems.append(f"{name}: foreign key to {target} without {column}")
    for table in global_tables():
        for fk in table.foreign_key_constraints:
            if fk.referred_table.name in scoped:
                problems.append(f"{table.name} (global) references {fk.referred_table.name}")
    unknown = {t.name for t in global_tables()} - GLOBAL_TABLES
    assert problems == [], "\n".join(problems)
    # A new table without a campaign is a deliberate choice: name it above.
    assert unknown == set()


# Indexes of campaign-scoped tables that serve the lookups across campaigns by design (a user's
# campaigns, seats, seats offered and webhook endpoints; an owner's campaigns; the webhook
# delivery queue).
CROSS_CAMPAIGN_INDEXES = frozenset(
    {
        "ix_campaign_players_user_id",
        "ix_campaigns_owner_id",
        "ix_seat_holders_user_id",
        "ix_seat_offers_user_id",  # the seats offered to a user (GET /users/me/seat-offers)
        "ix_join_requests_user_id",  # a user's asks to join (GET /users/me/join-requests)
        # A user's reliability across their campaigns (GET /users/me/reliability, R-CAMP-14).
        "ix_seat_turn_records_user_id",
        "ix_seat_battle_records_user_id",
        "ix_webhook_endpoints_user_id",
        "ix_notification_inbox_user",  # a user's inbox, across campaigns
        "ix_discord_channel_bindings_channel",  # a Discord channel's campaign, by the channel
    }
)


def test_indexes_of_campaign_scoped_tables_lead_with_the_campaign() -> None:
    """Any other index starts with the campaign: one that does not grows with every campaign,
    and a lookup within one campaign through it reads the entries of all of them (the GIN
    index on `messages.recipients`: one player's unread count read 47,000 entries with 1,000
    campaigns, scripts/bench_scale)."""
    found = []
    for name, column in sorted(scoped_tables().items()):
        for index in Base.metadata.tables[name].indexes:
            first = next(iter(index.columns), None)
            if index.name not in CROSS_CAMPAIGN_INDEXES and (first is None or first.name != column):
                found.append(f"{name}: {index.name}")
    assert found == []
