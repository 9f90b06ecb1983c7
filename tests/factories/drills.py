"""Operators' drills for tests: databases of their own beside the session's, the operators'
scripts run as an operator runs them, and what a campaign's rows must agree on."""

import asyncio
import contextlib
import os
import subprocess
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from app.platform.db.dumps import libpq_target, pg_program
from app.platform.db.embedded import drop_database
from app.store.models import Campaign, CampaignPlayer, LedgerRow, TurnRecord
from tests.factories.servers import ROOT, WAIT, server_environment
from tests.factories.streams import Message, Stream

SCRIPT_TIMEOUT = 120.0  # seconds; a backup or restore of a test database takes one or two
IDLE = 1.5  # seconds without an event after which a stream has said all it had


@contextlib.asynccontextmanager
async def dropped_after(*urls: str) -> AsyncIterator[None]:
    """Drop the databases at `urls` before (a failed run's leftovers) and after."""
    for url in urls:
        await drop_database(url)
    try:
        yield
    finally:
        for url in urls:
            await drop_database(url)


async def run_script(
    name: str, *arguments: str, database_url: str
) -> subprocess.CompletedProcess[str]:
    """Run `scripts/<name>` as an operator does, with `DATABASE_URL` set to `database_url`."""
    # A script of this repository, the test's own arguments: no outside input.
    return await asyncio.to_thread(
        subprocess.run,
        [str(ROOT / "scripts" / name), *arguments],
        cwd=ROOT,
        env=server_environment(database_url),
        capture_output=True,
        text=True,
        timeout=SCRIPT_TIMEOUT,
        check=False,
    )


@dataclass(frozen=True)
class Books:
    """A campaign's turn, its turn records, each player's gold and ledger total."""

    turn: int
    records: list[int]
    gold: dict[int, int]
    ledger: dict[int, int]


async def books(database_url: str, campaign_id: str) -> Books:
    """The campaign's `Books` as its rows hold them."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    cid = uuid.UUID(campaign_id)
    try:
        async with engine.connect() as conn:
            turn = await conn.scalar(select(Campaign.turn).where(Campaign.id == cid))
            records = await conn.scalars(
                select(TurnRecord.number)
                .where(TurnRecord.campaign_id == cid)
                .order_by(TurnRecord.number)
            )
            gold = await conn.execute(
                select(CampaignPlayer.number, CampaignPlayer.gold).where(
                    CampaignPlayer.campaign_id == cid
                )
            )
            ledger = await conn.execute(
                select(LedgerRow.player, func.sum(LedgerRow.amount))
                .where(LedgerRow.campaign_id == cid)
                .group_by(LedgerRow.player)
            )
            assert turn is not None, campaign_id
            return Books(
                int(turn),
                list(records),
                {int(n): int(g) for n, g in gold.all()},
                {int(n): int(t) for n, t in ledger.all()},
            )
    finally:
        await engine.dispose()


async def views(
    client: httpx.AsyncClient, campaign_id: str, headers: dict[str, str], paths: Sequence[str]
) -> dict[str, Any]:
    """What a player reads at each of the campaign's `paths`, all of it answered 200."""
    seen: dict[str, Any] = {}
    for path in paths:
        response = await client.get(f"/v1/campaigns/{campaign_id}{path}", headers=headers)
        assert response.status_code == 200, (path, response.text)
        seen[path] = response.json()
    return seen


@contextlib.asynccontextmanager
async def event_stream(
    client: httpx.AsyncClient,
    campaign_id: str,
    headers: dict[str, str],
    last_event_id: str | None = None,
) -> AsyncIterator[Stream]:
    """The campaign's event stream, resumed after `last_event_id` if given, once connected."""
    if last_event_id is not None:
        headers = {**headers, "Last-Event-ID": last_event_id}
    url = f"/v1/campaigns/{campaign_id}/events"
    async with client.stream("GET", url, headers=headers, timeout=WAIT) as response:
        assert response.status_code == 200, await response.aread()
        stream = Stream(response)
        hello = await stream.message()
        assert hello.comments == ["connected"], hello
        yield stream


async def drain(stream: Stream) -> list[Message]:
    """Every event the stream sends until it has been quiet for `IDLE` seconds."""
    got: list[Message] = []
    while True:
        try:
            got.append(await asyncio.wait_for(stream.event(), IDLE))
        except TimeoutError:
            return got


def fixture_path(name: str) -> Path:
    """A file of tests/meta/fixtures."""
    return ROOT / "tests" / "meta" / "fixtures" / name


def load_dump(url: str, dump: Path) -> None:
    """Play the plain SQL dump `dump` into the empty database at `url`, in one transaction."""
    conninfo, env = libpq_target(url)
    # The wheel's psql, a file of this repository: no outside input.
    done = subprocess.run(  # noqa: S603
        [
            pg_program("psql"),
            "--no-psqlrc",
            "--quiet",
            "--single-transaction",
            "--set=ON_ERROR_STOP=1",
            "--file",
            str(dump),
            "--dbname",
            conninfo,
        ],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
