"""Two real server processes on one database behave as one: the instances keep no state.

Two uvicorn processes serve the app on two loopback ports, both on the session's test database,
as two replicas behind a load balancer would. Over real HTTP:

- turn changes: every player of a campaign declares ready at once, half of them through each
  process; exactly one turn change happens and every player's gold equals their ledger;
- events: a stream opened on process A receives the event of a write made on process B;
- rate limits: a user writing through both processes gets the configured write burst in all,
  not once per process.

Each process is this interpreter running uvicorn on a socket the test bound and listens on
(no port race), with cheap password hashing; both are killed at the end whatever happens.
"""

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import create_async_engine

from app.store.models import Campaign, CampaignPlayer, LedgerRow, TurnRecord
from tests.conftest import _run, truncate_all
from tests.factories.flows import AuthUser, Game, register_and_login, start_game
from tests.factories.servers import LAUNCHER, ROOT, WAIT, ServerProcess, stop_server, wait_ready

# Writes each user may make at once (and, at one per minute, all a user gets during the test):
# enough for the campaign owner's 4 writes of the setup and a ready per round.
WRITE_BURST = 8
FACTIONS = ("empire", "orcs_goblins", "dwarfs", "bretonnia")
# Turns changed by everyone declaring ready (each player's ready is one write of the burst).
TURN_ROUNDS = 3


def _environment(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MARCHLORDS_")}
    env.update(
        DATABASE_URL=database_url,
        MARCHLORDS_LOG_LEVEL="WARNING",
        MARCHLORDS_LOG_JSON="false",
        MARCHLORDS_WRITE_BURST=str(WRITE_BURST),
        # One write a minute once the burst is spent: nothing comes back during the test.
        MARCHLORDS_WRITE_RATE_PER_MINUTE="1",
        # Every test user registers and logs in from 127.0.0.1.
        MARCHLORDS_REGISTRATIONS_PER_HOUR="1000000",
        MARCHLORDS_LOGIN_FAILURES_PER_MINUTE="1000000",
    )
    return env


@contextlib.contextmanager
def server_process(name: str, database_url: str) -> Iterator[ServerProcess]:
    """One uvicorn process on a loopback socket bound here (its own session: killed whole)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)  # connections wait in the backlog until the server accepts them
        sock.set_inheritable(True)
        port = sock.getsockname()[1]
        # This interpreter, a fixed program, the test's own settings: no outside input.
        process = subprocess.Popen(  # noqa: S603
            [sys.executable, "-c", LAUNCHER, str(sock.fileno())],
            cwd=ROOT,
            env=_environment(database_url),
            pass_fds=(sock.fileno(),),
            start_new_session=True,
        )
    try:
        yield ServerProcess(name, f"http://127.0.0.1:{port}", process)
    finally:
        stop_server(process)


@dataclass
class Servers:
    a: httpx.AsyncClient
    b: httpx.AsyncClient


@pytest.fixture(scope="module")
def processes(database_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes for the module's tests (started once: starting costs seconds)."""
    with server_process("A", database_url) as a, server_process("B", database_url) as b:
        yield a, b
    _run(lambda: truncate_all(database_url))


@pytest.fixture
async def servers(processes: tuple[ServerProcess, ServerProcess]) -> AsyncIterator[Servers]:
    a, b = processes
    async with asyncio.timeout(WAIT):
        await asyncio.gather(wait_ready(a), wait_ready(b))
    async with (
        httpx.AsyncClient(base_url=a.base_url, timeout=WAIT) as on_a,
        httpx.AsyncClient(base_url=b.base_url, timeout=WAIT) as on_b,
    ):
        yield Servers(on_a, on_b)


async def new_user(client: httpx.AsyncClient) -> AuthUser:
    return await register_and_login(client, f"two_{uuid.uuid4().hex[:12]}")


async def new_game(client: httpx.AsyncClient) -> Game:
    async def make_user(username: str | None = None, **kwargs: object) -> AuthUser:
        return await new_user(client)

    return await start_game(
        client,
        make_user,
        FACTIONS,
        settings={"auto_resolve": True},
    )


# -- turn changes ----------------------------------------------------------------------------


async def turn_state(
    database_url: str, campaign_id: uuid.UUID
) -> tuple[int | None, list[int], dict[int, int], dict[int, int]]:
    """The campaign's turn, its turn records, and each player's gold and ledger total."""
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            turn = await conn.scalar(select(Campaign.turn).where(Campaign.id == campaign_id))
            records = await conn.scalars(
                select(TurnRecord.number)
                .where(TurnRecord.campaign_id == campaign_id)
                .order_by(TurnRecord.number)
            )
            gold = await conn.execute(
                select(CampaignPlayer.number, CampaignPlayer.gold).where(
                    CampaignPlayer.campaign_id == campaign_id
                )
            )
            ledger = await conn.execute(
                select(LedgerRow.player, func.sum(LedgerRow.amount))
                .where(LedgerRow.campaign_id == campaign_id)
                .group_by(LedgerRow.player)
            )
            return (
                turn,
                list(records),
                {int(n): int(g) for n, g in gold.all()},
                {int(n): int(t) for n, t in ledger.all()},
            )
    finally:
        await engine.dispose()


async def test_ready_through_both_processes_changes_the_turn_exactly_once(
    servers: Servers, database_url: str
) -> None:
    game = await new_game(servers.a)
    campaign_id = uuid.UUID(game.id)
    for round_ in range(TURN_ROUNDS):
        # Half the players through each process (a different half each round), all at once.
        clients = [servers.a, servers.b] * (len(game.players) // 2)
        clients = clients[round_ % 2 :] + clients[: round_ % 2]
        async with asyncio.timeout(WAIT):
            answers = await asyncio.gather(
                *(
                    client.put(game.url("/turn/ready"), headers=player.headers)
                    for client, player in zip(clients, game.players, strict=True)
                )
            )
        assert [r.status_code for r in answers] == [200] * len(answers), [r.text for r in answers]

        turn, records, gold, ledger = await turn_state(database_url, campaign_id)
        assert turn == round_ + 2
        assert records == list(range(1, round_ + 2))  # one turn change per round, recorded once
        assert gold == ledger  # R-ECO-6
        assert sorted(gold) == sorted(p.number for p in game.players)
        # Both processes serve the new turn.
        for client in (servers.a, servers.b):
            now = await client.get(game.url("/turn"), headers=game.owner.headers)
            assert now.json()["number"] == round_ + 2


# -- events ----------------------------------------------------------------------------------


async def sse_events(lines: AsyncIterator[str]) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    """(kind, data) of each event in the lines of a `text/event-stream` (comments skipped)."""
    kind: str | None = None
    data: list[str] = []
    async for line in lines:
        if line == "":
            if kind is not None:
                yield kind, json.loads("\n".join(data)) if data else {}
            kind, data = None, []
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            kind = value
        elif name == "data":
            data.append(value)


async def test_a_stream_on_one_process_receives_events_of_writes_on_the_other(
    servers: Servers,
) -> None:
    game = await new_game(servers.a)
    sender, reader = game.players[0], game.players[1]
    async with (
        asyncio.timeout(WAIT),
        servers.a.stream("GET", game.url("/events"), headers=reader.headers) as stream,
    ):
        assert stream.status_code == 200
        lines = stream.aiter_lines()
        # The first message (`retry:` and a `: connected` comment) comes once the stream is
        # subscribed to the process's listener: from then on nothing is missed.
        while (await anext(lines)) != "":
            pass
        sent = await servers.b.post(
            game.url("/messages"),
            json={"to": [reader.number], "body": "Across the processes."},
            headers=sender.headers,
        )
        assert sent.status_code == 201, sent.text
        received = None
        async for kind, data in sse_events(lines):
            if kind == "message_received":
                received = data
                break
    assert received is not None, "the stream ended without the event"
    assert received["message_id"] == sent.json()["id"]
    assert received["sender"] == sender.number


# -- rate limits -----------------------------------------------------------------------------


async def test_write_limit_is_shared_by_both_processes(servers: Servers) -> None:
    """A user writing through both processes gets the configured burst in all, not 2×."""
    user = await new_user(servers.a)
    statuses: list[int] = []
    for index in range(2 * WRITE_BURST + 2):
        client = (servers.a, servers.b)[index % 2]
        created = await client.post(
            "/v1/tokens", json={"name": f"script {index}"}, headers=user.headers
        )
        statuses.append(created.status_code)
        if created.status_code == 429:
            assert int(created.headers["retry-after"]) >= 1
    assert set(statuses) <= {201, 429}, statuses
    assert statuses.count(201) == WRITE_BURST, statuses
    assert statuses[WRITE_BURST:] == [429] * (WRITE_BURST + 2)
