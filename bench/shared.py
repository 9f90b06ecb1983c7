"""What the benchmarks share: a real server (the embedded PostgreSQL, a fresh migrated database,
uvicorn as a process group killed at the end), campaigns set up through the generated client,
the database invariants checked through the ledger's own `balances`, percentiles and Ctrl-C,
and where the time goes (a pyinstrument profile reduced to its top frames)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx
from marchlords_client import AuthenticatedClient, Client
from marchlords_client.api.auth import auth_login
from marchlords_client.api.campaigns import (
    campaigns_choose_faction,
    campaigns_create_campaign,
    campaigns_join_campaign,
    campaigns_start_campaign,
)
from marchlords_client.api.maps import maps_read_map
from marchlords_client.api.users import users_register_user
from marchlords_client.models import (
    AccessToken,
    CampaignCreate,
    CampaignRead,
    CampaignSettings,
    GeneratedMap,
    JoinRequest,
    LoginForm,
    MapRead,
    PlayerChoice,
    PlayerRead,
    RulesetVariant,
    UserCreate,
)
from pyinstrument import Profiler
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from app.platform.config import Settings
from app.platform.db.embedded import EmbeddedPostgres, create_database, drop_database
from app.platform.db.migrate import upgrade_head
from app.play.ledger.service import balances
from app.rules.hexgrid import DIRECTIONS
from app.rules.ruleset import default_ruleset
from app.rules.setup import CAPITAL_PORT_FACTIONS
from app.store.models import Campaign, CampaignPlayer, CampaignStatus, TurnRecord

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "benchmark password"  # noqa: S105  (throw-away local accounts)
# Every client plays as fast as it can, far beyond a human's pace (the per-user write limit
# would turn most of the load into 429s), and every player registers from one address.
UNTHROTTLED = {
    "MARCHLORDS_WRITE_RATE_PER_MINUTE": "1000000",
    "MARCHLORDS_WRITE_BURST": "1000000",
    "MARCHLORDS_REGISTRATIONS_PER_HOUR": "1000000",
}
SET_UP_TIMEOUT = httpx.Timeout(60)


def in_process_settings(url: str) -> Settings:
    """The settings of an app served in the benchmark's own process: unthrottled, quiet."""
    return Settings(
        database_url=url,
        log_level="WARNING",
        log_json=False,
        registrations_per_hour=1_000_000,
        write_rate_per_minute=1_000_000,
        write_burst=1_000_000,
    )


# -- a real server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def database_url(server: EmbeddedPostgres, database: str) -> str:
    """The URL of `database` on the embedded server."""
    server_url = server.url("postgres")
    if "?" in server_url:  # unix-socket URLs carry the host in the query string
        head, query = server_url.split("?", 1)
        return head.rsplit("/", 1)[0] + f"/{database}?" + query
    return server_url.rsplit("/", 1)[0] + f"/{database}"


@contextlib.contextmanager
def embedded_database(data_dir: Path, name: str) -> Iterator[str]:
    """The embedded PostgreSQL on `data_dir` with a fresh, migrated database `name`: its URL.
    The database is dropped when the block succeeds; the server always stops."""
    server = EmbeddedPostgres(data_dir)
    try:
        server.start()
        url = database_url(server, name)
        asyncio.run(create_database(url, drop_existing=True))
        upgrade_head(url)
        yield url
        asyncio.run(drop_database(url))
    finally:
        server.stop()


@contextlib.contextmanager
def scratch_database(name: str) -> Iterator[str]:
    """A fresh, migrated database `name` on `DATABASE_URL`'s server (or the embedded one),
    dropped at the end: the URL."""
    settings = Settings()
    server = None
    if settings.database_url:
        server_url = settings.database_url
    else:
        server = EmbeddedPostgres(Path(settings.pg_data_dir))
        server.start()
        server_url = server.url("postgres")
    head, sep, query = server_url.partition("?")  # unix-socket URLs carry the host in the query
    url = head.rsplit("/", 1)[0] + f"/{name}" + sep + query
    try:
        asyncio.run(create_database(url, drop_existing=True))
        upgrade_head(url)
        yield url
        asyncio.run(drop_database(url))
    finally:
        if server is not None:
            server.stop()


@contextlib.contextmanager
def uvicorn_server(
    url: str, port: int, settings: Mapping[str, str], options: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """The API as a real uvicorn process (its own process group, killed at the end), with
    `settings` as extra environment variables and `options` as extra uvicorn options."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "MARCHLORDS_LOG_LEVEL": "WARNING",
        "MARCHLORDS_LOG_JSON": "false",
        **settings,
    }
    command = [
        sys.executable, "-m", "uvicorn", "app.main:create_app", "--factory",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log",
        *options,
    ]  # fmt: skip
    # A fixed command line (no shell, no outside input); own session, so it can be killed whole.
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)  # noqa: S603
    try:
        yield process
    finally:
        stop_process_group(process)


@contextlib.contextmanager
def served(url: str, port: int, settings: Mapping[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """The API as `scripts/serve` runs it (`python -m app.serve`: uvicorn's workers and, with
    `MARCHLORDS_DEADLINE_SWEEPER=process`, the deadline sweeper's own process), with `settings`
    as extra environment variables (MARCHLORDS_WORKERS…); its process group killed at the end."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "MARCHLORDS_HOST": "127.0.0.1",
        "MARCHLORDS_PORT": str(port),
        "MARCHLORDS_LOG_LEVEL": "WARNING",
        "MARCHLORDS_LOG_JSON": "false",
        **settings,
    }
    command = [sys.executable, "-m", "app.serve"]
    # A fixed command line (no shell, no outside input); own session, so it can be killed whole.
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)  # noqa: S603
    try:
        yield process
    finally:
        stop_process_group(process)


def stop_process_group(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def wait_ready(base_url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=base_url) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with status {process.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if client.get("/readyz", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
    raise RuntimeError(f"the server was not ready after {seconds:.0f} s")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def interrupt_on_signals() -> None:
    """SIGTERM and SIGINT raise KeyboardInterrupt, so the script's `finally` stops its servers
    (SIGINT too when started in the background, where the shell leaves it ignored)."""
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)


def percentile(sorted_values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


# -- set-up through the generated client ------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """Where set-up requests go: a server's base URL, or an app in this process (`transport`)."""

    base_url: str
    transport: httpx.AsyncBaseTransport | None = None

    def _args(self) -> dict[str, Any]:
        return {} if self.transport is None else {"transport": self.transport}

    def anonymous(self) -> Client:
        return Client(self.base_url, timeout=SET_UP_TIMEOUT, httpx_args=self._args())

    def as_user(self, token: str) -> AuthenticatedClient:
        return AuthenticatedClient(
            self.base_url, token=token, timeout=SET_UP_TIMEOUT, httpx_args=self._args()
        )


@dataclass(frozen=True)
class Seat:
    """A seated player: their number and bearer token."""

    number: int
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass(frozen=True)
class SetUpCampaign:
    """A campaign set up for a benchmark; `seats[0]` is its owner."""

    id: str
    map_id: str
    invite_code: str
    seats: list[Seat]

    @property
    def base(self) -> str:
        return f"/v1/campaigns/{self.id}"


Answer = TypeVar("Answer")


def expect(answer: object, kind: type[Answer], what: str) -> Answer:
    """`answer` if the generated client parsed it as `kind`, else an error saying what failed."""
    if not isinstance(answer, kind):
        raise RuntimeError(f"could not {what}: {answer!r}")
    return answer


async def register(target: Target, name: str) -> str:
    """A new user `name` (password PASSWORD), logged in: their bearer token."""
    async with target.anonymous() as client:
        created = await users_register_user.asyncio_detailed(
            client=client, body=UserCreate(username=name, password=PASSWORD, display_name=name)
        )
        if created.status_code != 201:
            raise RuntimeError(f"could not register {name}: {created.status_code}")
        token = await auth_login.asyncio(
            client=client, body=LoginForm(username=name, password=PASSWORD)
        )
    return expect(token, AccessToken, f"log {name} in").access_token


async def register_players(
    target: Target, prefix: str, count: int, limit: asyncio.Semaphore | None = None
) -> list[str]:
    """`count` users named `<prefix><i>`, at most `limit` at a time (else one by one): tokens."""
    gate = limit or asyncio.Semaphore(1)

    async def one(i: int) -> str:
        async with gate:
            return await register(target, f"{prefix}{i}")

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def _factions_and_slots(
    keys: Sequence[str], players: int, map_read: MapRead | None
) -> list[tuple[str, int]]:
    """(faction, slot) per player: the ruleset's factions in order, slots in order; when all
    the default factions play, the port factions first, on the map's coast slots first."""
    others = [key for key in keys if key not in CAPITAL_PORT_FACTIONS]
    if map_read is None:
        return list(zip(others, range(players), strict=False))
    document = map_read.document.to_dict()
    coast = {(t["q"], t["r"]) for t in document["tiles"] if "coast" in t.get("tags", [])}
    starts = document["slots"]
    slots = sorted(range(len(starts)), key=lambda i: (starts[i]["q"], starts[i]["r"]) not in coast)
    ports = [key for key in keys if key in CAPITAL_PORT_FACTIONS]
    return list(zip([*ports, *others], slots, strict=False))


DEFAULT_FACTIONS = tuple(faction.key for faction in default_ruleset().factions)


async def set_up_campaign(
    target: Target,
    tokens: Sequence[str],
    name: str,
    *,
    generate: tuple[int, int] | None = None,
    map_id: str | None = None,
    ruleset: Mapping[str, Any] | None = None,
    start: bool = True,
) -> SetUpCampaign:
    """A campaign owned by `tokens[0]` on a generated map (`generate`: side, seed) or a stored
    one (`map_id`), ruleset variant `ruleset` (else the default for that many players), every
    token's user seated (see `_factions_and_slots`), started unless `start` is false."""
    players = len(tokens)
    owner = target.as_user(tokens[0])
    variant: dict[str, Any] = dict(ruleset) if ruleset is not None else {"max_players": players}
    body = CampaignCreate(
        name=name,
        settings=CampaignSettings.from_dict({"max_players": players}),
        ruleset=RulesetVariant.from_dict(variant),
    )
    if generate is not None:
        size, seed = generate
        body.generate_map = GeneratedMap(width=size, height=size, players=players, seed=seed)
    elif map_id is not None:
        body.map_id = uuid.UUID(map_id)
    async with owner:
        created = await campaigns_create_campaign.asyncio(client=owner, body=body)
        campaign = expect(created, CampaignRead, f"create campaign {name}")
        factions: list[dict[str, Any]] = variant.get("factions", [])
        keys = [faction["key"] for faction in factions] or list(DEFAULT_FACTIONS)
        map_read = None
        if players > len(DEFAULT_FACTIONS) - len(CAPITAL_PORT_FACTIONS):  # a port faction plays
            read = await maps_read_map.asyncio(campaign.map_id, client=owner)
            map_read = expect(read, MapRead, "read the campaign's map")
    invite_code = campaign.invite_code or ""
    seats = []
    for token, (faction, slot) in zip(
        tokens, _factions_and_slots(keys, players, map_read), strict=True
    ):
        async with target.as_user(token) as player:
            joined = await campaigns_join_campaign.asyncio(
                campaign.id, client=player, body=JoinRequest(invite_code=invite_code)
            )
            seat = expect(joined, PlayerRead, "join a campaign")
            chosen = await campaigns_choose_faction.asyncio(
                campaign.id, client=player, body=PlayerChoice(faction=faction, slot=slot)
            )
            expect(chosen, PlayerRead, f"choose {faction} on slot {slot}")
        seats.append(Seat(seat.number, token))
    if start:
        async with target.as_user(tokens[0]) as owner:
            started = await campaigns_start_campaign.asyncio(campaign.id, client=owner)
            expect(started, CampaignRead, "start a campaign")
    return SetUpCampaign(str(campaign.id), str(campaign.map_id), invite_code, seats)


def path_to(
    start: tuple[int, int], target: tuple[int, int], costs: Mapping[tuple[int, int], int]
) -> list[list[int]]:
    """A path of adjacent tiles from next to `start` to `target`, walked back through the
    `…/reachable` costs (each step one lower), or [] if there is none (maps without wrap)."""
    path = [target]
    here = target
    while costs.get(here, 0) > 1:
        cost = costs[here]
        steps = [
            n for dq, dr in DIRECTIONS if costs.get(n := (here[0] + dq, here[1] + dr)) == cost - 1
        ]
        if not steps:
            return []
        here = steps[0]
        path.append(here)
    first = path[-1]
    if (
        abs(first[0] - start[0])
        + abs(first[1] - start[1])
        + abs((first[0] + first[1]) - (start[0] + start[1]))
    ) != 2:  # the first step must be next to the army's tile
        return []
    return [list(c) for c in reversed(path)]


# -- the database's invariants ----------------------------------------------------------------


async def check_ledger(url: str) -> list[str]:
    """Per campaign: every player's gold equals their ledger's balance and is ≥ 0 (R-ECO-1,
    R-ECO-6), and each turn change has exactly one turn record (numbers 1 … turn − 1).

    Everything is read in one REPEATABLE READ snapshot: a turn change or a spend committed
    between two reads would otherwise show a gold from after it next to a ledger from before
    it (or the reverse) and fail a correct server. Prints `PASS` or `FAILED` per campaign and
    returns the problems found.
    """
    engine = create_async_engine(url)
    try:
        async with AsyncSession(engine) as session:
            await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            campaigns = (
                await session.execute(select(Campaign.id, Campaign.status, Campaign.turn))
            ).all()
            gold_rows = (
                await session.execute(
                    select(CampaignPlayer.campaign_id, CampaignPlayer.number, CampaignPlayer.gold)
                )
            ).all()
            record_rows = (
                await session.execute(select(TurnRecord.campaign_id, TurnRecord.number))
            ).all()
            ledger = {row.id: await balances(session, row.id) for row in campaigns}
            await session.rollback()
    finally:
        await engine.dispose()

    gold: defaultdict[uuid.UUID, dict[int, int]] = defaultdict(dict)
    for campaign_id, number, amount in gold_rows:
        gold[campaign_id][number] = amount
    records: defaultdict[uuid.UUID, list[int]] = defaultdict(list)
    for campaign_id, number in record_rows:
        records[campaign_id].append(number)
    turns = {row.id: row.turn for row in campaigns if row.status != CampaignStatus.LOBBY}

    problems = []
    for campaign_id in sorted(turns.keys() | ledger.keys() | records.keys(), key=str):
        found = []
        booked_by = ledger.get(campaign_id, {})
        players = sorted(gold[campaign_id].keys() | booked_by.keys())
        for number in players:
            has, booked = gold[campaign_id].get(number), booked_by.get(number, 0)
            if has is None:
                found.append(f"player {number}: ledger {booked} but no player row")
            elif has != booked:
                found.append(f"player {number}: gold {has}, ledger {booked}")
            elif has < 0:
                found.append(f"player {number}: gold {has} < 0")
        turn = turns.get(campaign_id)
        changes = sorted(records[campaign_id])
        if turn is None:
            if changes:
                found.append(f"{len(changes)} turn records but the campaign is not started")
        elif changes != list(range(1, turn)):
            found.append(f"turn {turn} but turn records {changes} (expected 1 … {turn - 1})")
        if turn is None and not players and not changes:
            continue  # a lobby nobody joined: nothing to check
        verdict = "FAILED" if found else "PASS"
        print(
            f"ledger check campaign {campaign_id}: {len(players)} players, turn {turn}, "
            f"{len(changes)} turn changes — {verdict}"
        )
        for problem in found:
            print(f"  {problem}")
        problems += [f"campaign {campaign_id}: {problem}" for problem in found]
    print(
        f"ledger check: {len(turns)} campaigns, {sum(map(len, records.values()))} turn changes "
        f"— {'FAILED' if problems else 'PASS'}"
    )
    return problems


# -- where the time goes ----------------------------------------------------------------------

_ROOT_MARKERS = ("/app/",)
# The ASGI middlewares wrap every request whole: they would top every inclusive list.
_WRAPPERS = (
    "/app/asgi.py", "/app/middleware.py", "/app/metrics/middleware.py", "/app/web/",
    "/app/limits/headers.py", "/app/limits/body.py",
)  # fmt: skip


def _name(frame: Any) -> str:
    path = frame.file_path_short or frame.file_path or "?"
    return f"{frame.function} ({path}:{frame.line_no})"


def _own(frame: Any) -> bool:
    path = frame.file_path or ""
    return (
        any(marker in path for marker in _ROOT_MARKERS)
        and "site-packages" not in path
        and not any(wrapper in path for wrapper in _WRAPPERS)
    )


@contextlib.contextmanager
def profiled(interval: float = 0.0005) -> Iterator[Profiler]:
    """Sample the block (async-aware: time awaited in the database counts as the await)."""
    profiler = Profiler(interval=interval, async_mode="enabled")
    profiler.start()
    try:
        yield profiler
    finally:
        profiler.stop()


def top_frames(profiler: Profiler, count: int = 8) -> list[str]:
    """Lines "self %  inclusive % function (file:line)" of the heaviest frames: by their own
    time (the hot leaves) and by their inclusive time among the project's own frames (which
    step of the request or the turn change is the expensive one)."""
    session = profiler.last_session
    if session is None:
        return []
    root = session.root_frame()
    if root is None or root.time <= 0:
        return []
    total = root.time
    self_time: defaultdict[str, float] = defaultdict(float)
    inclusive: defaultdict[str, float] = defaultdict(float)

    def walk(frame: Any, on_path: frozenset[str], parent: str = "") -> None:
        name = _name(frame)
        if not frame.children:  # a leaf: its time is its own ("[self]": its parent's)
            self_time[parent if frame.is_synthetic and parent else name] += frame.time
        if _own(frame) and name not in on_path:  # recursion counted once
            inclusive[name] += frame.time
            on_path = on_path | {name}
        for child in frame.children:
            walk(child, on_path, name)

    walk(root, frozenset())
    lines = [f"  total sampled: {total * 1000:.1f} ms"]
    lines.append("  heaviest own time (leaves):")
    for name, t in sorted(self_time.items(), key=lambda kv: -kv[1])[:count]:
        lines.append(f"    {100 * t / total:5.1f}%  {name}")
    lines.append("  heaviest project frames (inclusive):")
    for name, t in sorted(inclusive.items(), key=lambda kv: -kv[1])[:count]:
        lines.append(f"    {100 * t / total:5.1f}%  {name}")
    return lines
