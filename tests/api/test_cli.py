"""The `marchlords` command end to end: the installed command, run as its own process against
the app served by uvicorn on 127.0.0.1 (committed transactions, a real event listener): log in,
list campaigns, read my state and map, order a move (and be refused one, with the rule id),
get ready, and watch another player's readiness arrive as a live event; report a battle and
have the other side confirm it."""

import asyncio
import json
import os
import socket
import stat
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import Settings
from app.db.embedded import asyncpg_dsn
from app.db.session import create_sessionmaker
from app.main import create_app
from app.stream.hub import EventHub
from tests.api.game import Game, army_of, start_game
from tests.helpers import DEFAULT_PASSWORD, AuthUser, register_and_login

WAIT = 30.0  # bound of every wait; a passing run never comes close
MARCHLORDS = Path(sys.executable).parent / "marchlords"


@dataclass(frozen=True)
class Served:
    url: str
    client: AsyncClient


@pytest.fixture
async def served(
    settings: Settings,
    database_url: str,
    committing_engine: AsyncEngine,
    fast_password_hashing: None,
) -> AsyncIterator[Served]:
    hub = EventHub(asyncpg_dsn(database_url), keepalive_seconds=30.0)
    await hub.start()
    await hub.wait_listening(WAIT)
    app = create_app(settings)
    app.state.sessionmaker = create_sessionmaker(committing_engine)
    app.state.event_hub = hub
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    config = uvicorn.Config(
        app, lifespan="off", log_config=None, access_log=False, timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        for _ in range(int(WAIT / 0.01)):
            if server.started:
                break
            await asyncio.sleep(0.01)
        async with AsyncClient(base_url=url, timeout=WAIT) as client:
            yield Served(url, client)
    finally:
        await hub.stop()  # ends open streams, so the server stops at once
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)
        sock.close()


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """The `marchlords` command of one user (their own config directory)."""

    def __init__(self, home: Path) -> None:
        self.env = {
            **os.environ,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"),
            "NO_COLOR": "1",
            "COLUMNS": "200",
        }
        for name in ("MARCHLORDS_SERVER", "MARCHLORDS_TOKEN", "MARCHLORDS_CAMPAIGN"):
            self.env.pop(name, None)
        self.credentials = home / "config" / "marchlords" / "credentials.json"

    async def start(self, *args: str) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            str(MARCHLORDS),
            *args,
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )

    async def __call__(self, *args: str) -> Result:
        process = await self.start(*args)
        out, err = await asyncio.wait_for(process.communicate(), WAIT)
        assert process.returncode is not None
        return Result(process.returncode, out.decode(), err.decode())


async def game_on(served: Served) -> Game:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(served.client, username)

    return await start_game(served.client, make_user)


async def test_cli_logs_in_orders_gets_ready_and_watches(served: Served, tmp_path: Path) -> None:
    game = await game_on(served)
    alice, bob = game.players
    cli_alice, cli_bob = Cli(tmp_path / "alice"), Cli(tmp_path / "bob")

    # Log in: the token is kept in the config directory, readable by its owner only.
    for cli, player in ((cli_alice, alice), (cli_bob, bob)):
        logged = await cli(
            "login",
            "--server",
            served.url,
            "--username",
            player.user.username,
            "--password",
            DEFAULT_PASSWORD,
        )
        assert logged.code == 0, logged.err
        assert stat.S_IMODE(cli.credentials.stat().st_mode) == 0o600
        assert stat.S_IMODE(cli.credentials.parent.stat().st_mode) == 0o700
        saved = json.loads(cli.credentials.read_text())
        assert saved["server"] == served.url
        assert saved["username"] == player.user.username
    wrong = await Cli(tmp_path / "eve")(
        "login", "--server", served.url, "--username", "eve", "--password", "nope nope nope"
    )
    assert wrong.code == 1
    assert "error: " in wrong.err
    assert "[unauthorized]" in wrong.err

    listed = await cli_alice("campaigns", "--json")
    assert listed.code == 0, listed.err
    assert [c["id"] for c in listed.json()] == [game.id]

    # A unique prefix of the id names the campaign.
    short = game.id[:8]
    mine = await cli_alice("me", "-c", short, "--json")
    assert mine.code == 0, mine.err
    assert (mine.json()["player"], mine.json()["ready"]) == (alice.number, False)
    text_map = await cli_alice("map", "-c", short)
    assert text_map.code == 0, text_map.err
    grid = text_map.out.splitlines()[1:-2]  # the heading and the legend aside
    assert sum(line.count("@") for line in grid) == 1  # my army
    assert not any("!" in line for line in grid)  # no other army in sight at the start
    assert any("#" in line for line in grid)  # unexplored tiles

    armies = (await served.client.get(game.url("/armies"), headers=alice.headers)).json()
    army = armies["mine"][0]["id"]
    moved = await cli_alice("move", "-c", short, str(army), "3,1", "--json")
    assert moved.code == 0, moved.err
    assert (moved.json()["used"], moved.json()["path"]) == (1, [[3, 1]])
    refused = await cli_alice("move", "-c", short, str(army), "9,9")
    assert refused.code == 1
    assert refused.out == ""
    assert "Rule violation (422)" in refused.err
    assert "[R-MOVE-1]" in refused.err
    refused_json = await cli_alice("move", "-c", short, str(army), "9,9", "--json")
    assert (refused_json.code, refused_json.json()["code"]) == (1, "R-MOVE-1")

    # Bob watches; Alice gets ready; Bob's watch prints the event and ends after one.
    quiet = await cli_bob("watch", "-c", game.id, "--timeout", "1", "--json")
    assert (quiet.code, quiet.out) == (0, "")  # --timeout ends a quiet watch
    watcher = await cli_bob.start("watch", "-c", game.id, "--count", "1", "--json")
    assert watcher.stderr is not None
    hello = await asyncio.wait_for(watcher.stderr.readline(), WAIT)
    assert b"watching campaign" in hello
    ready = await cli_alice("ready", "-c", short, "--json")
    assert ready.code == 0, ready.err
    assert {p["number"]: p["ready"] for p in ready.json()["players"]} == {
        alice.number: True,
        bob.number: False,
    }
    out, _ = await asyncio.wait_for(watcher.communicate(), WAIT)
    assert watcher.returncode == 0
    events = [json.loads(line) for line in out.decode().splitlines()]
    assert [(e["event"], e["data"]) for e in events] == [
        ("player_ready", {"player": alice.number, "ready": True})
    ]

    # Not logged in: exit 3, and nothing asked of the server.
    nobody = await Cli(tmp_path / "nobody")("campaigns")
    assert nobody.code == 3
    assert "marchlords login" in nobody.err


async def login(cli: Cli, served: Served, username: str) -> None:
    logged = await cli(
        "login", "--server", served.url, "--username", username, "--password", DEFAULT_PASSWORD
    )
    assert logged.code == 0, logged.err


async def test_cli_reports_and_confirms_a_battle(
    served: Served, tmp_path: Path, committing_engine: AsyncEngine
) -> None:
    game = await game_on(served)
    alice, bob = game.players
    async with create_sessionmaker(committing_engine)() as session:
        armies = {}
        for player, coord in ((alice, (4, 1)), (bob, (5, 1))):
            row = await army_of(session, game, player.number)
            row.q, row.r = coord
            armies[player.number] = row.id
        await session.commit()
    cli_alice, cli_bob = Cli(tmp_path / "alice"), Cli(tmp_path / "bob")
    await login(cli_alice, served, alice.user.username)
    await login(cli_bob, served, bob.user.username)

    moved = await cli_alice("move", "-c", game.id, str(armies[alice.number]), "5,1")
    assert moved.code == 0, moved.err
    for cli in (cli_alice, cli_bob):
        ready = await cli("ready", "-c", game.id)
        assert (ready.code, ready.out) == (0, "turn 1: ready\n"), ready.err
    resolved = await served.client.post(game.url("/turn/resolve"), headers=alice.headers)
    assert resolved.status_code == 200, resolved.text

    listed = await cli_bob("battles", "-c", game.id, "--json")
    assert listed.code == 0, listed.err
    [battle] = listed.json()
    assert (battle["status"], battle["your_side"]) == ("awaiting_report", "defender")
    bid = str(battle["id"])
    early = await cli_bob("confirm", "-c", game.id, bid, "--json")
    assert early.code == 1  # nothing reported yet: refused, the problem on stdout
    assert (early.json()["status"], early.json()["code"]) == (409, "R-BAT-5")
    assert "[R-BAT-5]" in early.err
    reported = await cli_alice(
        "report", "-c", game.id, bid, "--outcome", "attacker_victory",
        "--attacker-losses", "10", "--defender-losses", "60", "--json",
    )  # fmt: skip
    assert reported.code == 0, reported.err
    assert reported.json()["status"] == "reported"
    version = str(reported.json()["report"]["version"])
    confirmed = await cli_bob("confirm", "-c", game.id, bid, "--version", version)
    assert (confirmed.code, confirmed.out) == (0, f"battle {bid}: confirmed\n"), confirmed.err
