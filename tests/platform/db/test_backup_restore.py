"""The restore drill (docs/operators/backups.md): a campaign played to a pending battle on a
server process, backed up with `scripts/backup` while players keep reading and declaring ready,
restored with `scripts/restore` into a new database, and a second server process started on it.

Every player reads there what they read before (their `/me` with its ledger, the map, armies,
generals, battles and the pending one), the books add up, their tokens still work, the event
stream resumes from a cursor of the old server (`Last-Event-ID`), and the writes made during the
backup are in the copy whole or not at all: each readiness in the restored turn is the one its
last restored event says.
"""

import asyncio
import os
import subprocess
from pathlib import Path

import httpx
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.pool import NullPool

from tests.factories.battles import declared, move
from tests.factories.databases import copy_template, template_name, with_database
from tests.factories.drills import (
    books,
    drain,
    dropped_after,
    event_stream,
    run_script,
    views,
)
from tests.factories.flows import AuthUser, Game, GamePlayer, register_and_login, start_game
from tests.factories.planting import place
from tests.factories.servers import WAIT, server_process, wait_ready

# What each player reads of the campaign; the pending battle's own page is added.
PATHS = ("/me", "/map", "/armies", "/generals", "/battles", "/battles?status=awaiting_report")


async def new_game(client: httpx.AsyncClient) -> Game:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(client, username)

    return await start_game(client, make_user)


async def pending_battle(client: httpx.AsyncClient, database_url: str, game: Game) -> int:
    """Player 1's army attacks player 2's: the turn changes and the battle awaits its report."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with AsyncSession(engine) as session:
            attacker = await place(session, game, 1, (4, 1))
            await place(session, game, 2, (5, 1))
            await session.commit()
    finally:
        await engine.dispose()
    await move(client, game, game.players[0], attacker, (5, 1))
    battle: int = (await declared(client, game, game.players[0]))["id"]
    return battle


async def play_during(
    backup: "asyncio.Task[subprocess.CompletedProcess[str]]",
    client: httpx.AsyncClient,
    game: Game,
) -> int:
    """Until `backup` ends: player 1 reads, player 2 declares and withdraws readiness in turn
    (two rows each time: the seat's flag and its event). The writes made."""
    reader, toggler = game.players

    async def read() -> None:
        while not backup.done():
            for path in ("/me", "/armies", "/turn"):
                response = await client.get(game.url(path), headers=reader.headers)
                assert response.status_code == 200, response.text

    async def toggle() -> int:
        writes = 0
        while not backup.done():
            method = "PUT" if writes % 2 == 0 else "DELETE"
            response = await client.request(
                method, game.url("/turn/ready"), headers=toggler.headers
            )
            assert response.status_code == 200, response.text
            writes += 1
        return writes

    _, writes = await asyncio.gather(read(), toggle())
    return writes


def readiness(player: GamePlayer, turn: dict[str, object]) -> bool:
    seats = turn["players"]
    assert isinstance(seats, list)
    return bool(next(seat["ready"] for seat in seats if seat["number"] == player.number))


async def test_a_backup_taken_during_play_restores_every_view_event_and_battle(
    database_url: str, tmp_path: Path
) -> None:
    source_url = with_database(database_url, f"drill_source_{os.getpid()}")
    copy_url = with_database(database_url, f"drill_copy_{os.getpid()}")
    dump = tmp_path / "campaign.dump"
    async with dropped_after(source_url, copy_url):
        await copy_template(source_url, template_name())
        with server_process("source", source_url) as source:
            await wait_ready(source)
            async with httpx.AsyncClient(base_url=source.base_url, timeout=WAIT) as client:
                game = await new_game(client)
                owner = game.players[0]
                async with event_stream(client, game.id, owner.headers) as stream:
                    battle = await pending_battle(client, source_url, game)
                    events = await drain(stream)
                assert len(events) >= 2, events
                paths = (*PATHS, f"/battles/{battle}")
                before = {
                    p.number: await views(client, game.id, p.headers, paths) for p in game.players
                }

                backup = asyncio.create_task(
                    run_script("backup", str(dump), database_url=source_url)
                )
                writes = await play_during(backup, client, game)
                made = await backup
        assert made.returncode == 0, made.stderr
        assert writes >= 2, "the backup ended before the players' writes ran beside it"
        assert (await asyncio.to_thread(dump.stat)).st_mode & 0o777 == 0o600  # its owner's only
        assert sorted(path.name for path in await asyncio.to_thread(tmp_path.iterdir)) == [
            dump.name
        ]

        restored = await run_script("restore", str(dump), database_url=copy_url)
        assert restored.returncode == 0, restored.stderr
        # A second restore finds the database in use: refused, and nothing changed.
        again = await run_script("restore", str(dump), database_url=copy_url)
        assert again.returncode == 1
        assert "not empty" in again.stderr

        kept = await books(copy_url, game.id)
        assert kept.records == [1]  # the one turn change, recorded once
        assert kept.gold == kept.ledger  # R-ECO-6, in the copy
        assert sorted(kept.gold) == [1, 2]

        with server_process("restored", copy_url) as copy:
            await wait_ready(copy)
            async with httpx.AsyncClient(base_url=copy.base_url, timeout=WAIT) as client:
                for player in game.players:  # with the tokens issued by the old server
                    after = await views(client, game.id, player.headers, paths)
                    # The readiness alone moved during the backup: checked against its events.
                    after["/me"].pop("ready")
                    before[player.number]["/me"].pop("ready")
                    assert after == before[player.number], player.number

                async with event_stream(client, game.id, owner.headers, events[0].id) as stream:
                    replayed = await drain(stream)
                turn = (await client.get(game.url("/turn"), headers=owner.headers)).json()

    # The events after the old cursor, as the old server sent them, then those of the writes
    # the snapshot holds: player 2's readiness declared and withdrawn in turn, none missing.
    assert replayed[: len(events) - 1] == events[1:]
    during = replayed[len(events) - 1 :]
    toggler = game.players[1]
    assert [(m.event, m.data) for m in during] == [
        ("player_ready", {"player": toggler.number, "ready": i % 2 == 0})
        for i in range(len(during))
    ]
    # The seat's flag and its last event were written together: the copy has both or neither.
    assert readiness(toggler, turn) == (len(during) % 2 == 1)
    assert not readiness(owner, turn)
