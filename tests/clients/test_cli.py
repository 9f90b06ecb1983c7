"""The `marchlords` command end to end: the installed command, run as its own process against
the app served by uvicorn on 127.0.0.1 (committed transactions, a real event listener): log in,
list campaigns, read my state and map, order a move (and be refused one, with the rule id),
get ready, and watch another player's readiness arrive as a live event; report a battle and
have the other side confirm it."""

import asyncio
import json
import os
import stat
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from marchlords_cli.hexmap import LEGEND
from sqlalchemy.ext.asyncio import AsyncEngine

from app.platform.db.session import create_sessionmaker
from tests.factories.flows import (
    DEFAULT_PASSWORD,
    AuthUser,
    Game,
    army_of,
    register_and_login,
    start_game,
)
from tests.factories.servers import WAIT, Served
from tests.factories.servers import served as served  # a fixture

MARCHLORDS = Path(sys.executable).parent / "marchlords"


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
        # Installed, the command's modules are compiled once; here each run would compile the
        # generated client again (~300 modules) if bytecode could not be kept: keep it beside
        # the test's homes.
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.env["PYTHONPYCACHEPREFIX"] = str(home.parent / "pycache")
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
    assert [c["id"] for c in listed.json()["items"]] == [game.id]

    # A unique prefix of the id names the campaign.
    short = game.id[:8]
    mine = await cli_alice("me", "-c", short, "--json")
    assert mine.code == 0, mine.err
    assert (mine.json()["player"], mine.json()["ready"]) == (alice.number, False)
    text_map = await cli_alice("map", "-c", short)
    assert text_map.code == 0, text_map.err
    grid = text_map.out.splitlines()[1 : -len(LEGEND.splitlines())]  # heading and legend aside
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
        assert (ready.code, ready.out.splitlines()[0]) == (0, "turn 1: ready"), ready.err
    resolved = await served.client.post(game.url("/turn/resolve"), headers=alice.headers)
    assert resolved.status_code == 200, resolved.text

    listed = await cli_bob("battle", "list", "-c", game.id, "--json")
    assert listed.code == 0, listed.err
    [battle] = listed.json()["items"]
    assert (battle["status"], battle["your_side"]) == ("awaiting_report", "defender")
    bid = str(battle["id"])
    early = await cli_bob("battle", "confirm", "-c", game.id, bid, "--json")
    assert early.code == 1  # nothing reported yet: refused, the problem on stdout
    assert (early.json()["status"], early.json()["code"]) == (409, "R-BAT-5")
    assert "[R-BAT-5]" in early.err
    reported = await cli_alice(
        "battle", "report", "-c", game.id, bid, "--outcome", "attacker_victory",
        "--attacker-losses", "10", "--defender-losses", "60", "--json",
    )  # fmt: skip
    assert reported.code == 0, reported.err
    assert reported.json()["status"] == "reported"
    version = str(reported.json()["report"]["version"])
    confirmed = await cli_bob("battle", "confirm", "-c", game.id, bid, "--version", version)
    assert (confirmed.code, confirmed.out) == (0, f"battle {bid}: confirmed\n"), confirmed.err


# -- logout and the config directory (issue 24, item 14) ---------------------------------------


async def test_logout_revokes_the_saved_token_not_the_environment_one(
    served: Served, tmp_path: Path
) -> None:
    user = await register_and_login(served.client)
    cli = Cli(tmp_path / "user")
    await login(cli, served, user.username)
    saved_token = json.loads(cli.credentials.read_text())["token"]
    assert saved_token != user.token  # the test helper's login is another token
    cli.env["MARCHLORDS_TOKEN"] = user.token

    out = await cli("logout")

    assert out.code == 0, out.err
    assert "revoked" in out.out
    assert "MARCHLORDS_TOKEN is set and still valid" in out.out
    assert not cli.credentials.exists()

    async def status_with(token: str) -> int:
        answer = await served.client.get(
            "/v1/users/me", headers={"Authorization": f"Bearer {token}"}
        )
        return answer.status_code

    assert await status_with(saved_token) == 401  # the saved login is revoked
    assert await status_with(user.token) == 200  # the environment's token is not the saved one
    again = await cli("logout", "--json")
    assert again.code == 0, again.err
    assert again.json() == {"logged_out": False, "revoked": False, "environment_token": True}


async def test_logout_forgets_a_saved_token_the_server_no_longer_knows(
    served: Served, tmp_path: Path
) -> None:
    user = await register_and_login(served.client)
    cli = Cli(tmp_path / "user")
    await login(cli, served, user.username)
    saved_token = json.loads(cli.credentials.read_text())["token"]
    revoked = await served.client.post(
        "/v1/auth/logout", headers={"Authorization": f"Bearer {saved_token}"}
    )
    assert revoked.status_code == 204

    out = await cli("logout", "--json")

    assert out.code == 0, out.err
    assert out.json() == {"logged_out": True, "revoked": False, "environment_token": False}
    assert not cli.credentials.exists()


async def test_a_loose_config_directory_and_file_are_narrowed(
    served: Served, tmp_path: Path
) -> None:
    user = await register_and_login(served.client)
    cli = Cli(tmp_path / "user")
    directory = cli.credentials.parent
    directory.mkdir(parents=True)
    directory.chmod(0o777)  # left by another tool, or an old umask

    await login(cli, served, user.username)

    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(cli.credentials.stat().st_mode) == 0o600
    directory.chmod(0o755)
    cli.credentials.chmod(0o644)
    listed = await cli("campaigns")  # any command that reads the credentials
    assert listed.code == 0, listed.err
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(cli.credentials.stat().st_mode) == 0o600


# -- a whole campaign through the CLI (issue 26, item 7) ---------------------------------------


async def test_three_players_play_a_whole_campaign_with_the_cli(
    served: Served, tmp_path: Path
) -> None:
    suffix = uuid.uuid4().hex[:6]
    names = [f"ann{suffix}", f"ben{suffix}", f"cat{suffix}"]
    ann, ben, cat = (Cli(tmp_path / name) for name in names)
    for cli, name in zip((ann, ben, cat), names, strict=True):
        registered = await cli(
            "register", "--server", served.url, "--username", name,
            "--password", DEFAULT_PASSWORD, "--display-name", name.title(),
        )  # fmt: skip
        assert registered.code == 0, registered.err
        await login(cli, served, name)

    # Ann creates the campaign on the built-in skirmish map; the others join with its code.
    created = await ann("campaign", "create", "Border Wars", "--map", "skirmish", "--json")
    assert created.code == 0, created.err
    cid, code = created.json()["id"], created.json()["invite_code"]
    text = await ann("campaign", "show", "-c", cid)
    assert f"marchlords campaign join {cid} {code}" in text.out
    for cli, faction, slot in ((ann, "empire", 0), (ben, "orcs_goblins", 1), (cat, "dwarfs", 2)):
        joined = await cli("campaign", "join", cid, code, "--json")
        assert joined.code == 0, joined.err
        chose = await cli(
            "campaign", "choose", "-c", cid, "--faction", faction, "--slot", str(slot)
        )
        assert chose.code == 0, chose.err
    players = await ben("campaign", "players", "-c", cid, "--json")
    assert [(p["number"], p["faction"], p["slot"]) for p in players.json()] == [
        (1, "empire", 0), (2, "orcs_goblins", 1), (3, "dwarfs", 2)
    ]  # fmt: skip
    early = await ben("campaign", "start", "-c", cid)
    assert early.code == 1  # only the owner starts it
    started = await ann("campaign", "start", "-c", cid)
    assert (started.code, started.out) == (0, "campaign start: active\n"), started.err

    async def my_army(cli: Cli) -> dict[str, Any]:
        listed = await cli("armies", "-c", cid, "--json")
        assert listed.code == 0, listed.err
        army: dict[str, Any] = listed.json()["mine"][0]
        return army

    # Turn 1. Cat's capital is at (-1,4): negative coordinates need no `--`.
    home = await cat("tile", "-c", cid, "-1,4", "--json")
    assert home.code == 0, home.err
    assert (home.json()["q"], home.json()["r"], home.json()["owner"]) == (-1, 4, 3)
    ann_army, cat_army = await my_army(ann), await my_army(cat)
    assert (ann_army["q"], ann_army["r"], cat_army["q"], cat_army["r"]) == (2, 1, -1, 4)
    there_and_back = await cat("move", "-c", cid, str(cat_army["id"]), "0,3", "-1,4", "--json")
    assert there_and_back.code == 0, there_and_back.err
    assert there_and_back.json()["path"] == [[0, 3], [-1, 4]]
    out = await cat("move", "-c", cid, str(cat_army["id"]), "0,3")  # a new order replaces it
    assert out.code == 0, out.err
    reach = await ann("reachable", "-c", cid, str(ann_army["id"]), "--json")
    assert {"q": 1, "r": 2} in [{"q": t["q"], "r": t["r"]} for t in reach.json()]
    out = await ann("move", "-c", cid, str(ann_army["id"]), "1,2")
    assert out.code == 0, out.err
    built = await ann("build", "-c", cid, "outpost", "1,2", "--army", str(ann_army["id"]), "--json")
    assert built.code == 0, built.err
    orders = await ann("me", "-c", cid)
    assert f"order: army {ann_army['id']} moves 1,2" in orders.out
    assert f"order {built.json()['id']}: build outpost at 1,2" in orders.out

    # Messages: Ann writes to Ben and Cat, Ben to everyone; Cat reads them.
    for cli, to, body in ((ann, "2,3", "Peace in the north?"), (ben, "all", "WAAAGH!")):
        sent = await cli("message", "send", "-c", cid, to, body)
        assert sent.code == 0, sent.err
    unread = await cat("message", "unread", "-c", cid, "--json")
    assert unread.json()["unread"] == 2
    inbox = await cat("message", "list", "-c", cid)
    assert inbox.code == 0, inbox.err
    lines = inbox.out.splitlines()
    assert len(lines) == 2
    assert all(line.startswith("*") for line in lines)
    assert "WAAAGH!" in lines[0]
    assert "to all" in lines[0]
    assert "Peace in the north?" in lines[1]
    assert f"({names[0].title()}) to 2,3" in lines[1]
    read = await cat("message", "read", "-c", cid)
    assert (read.code, read.out) == (0, "unread: 0\n"), read.err
    assert (await cat("message", "list", "-c", cid, "--unread")).out == "(none)\n"

    # An edict: Ben proposes an embassy to Cat (2 gold), Cat accepts, a treaty stands.
    issued = await ben("edict", "issue", "-c", cid, "embassy", "--to", "3", "--json")
    assert issued.code == 0, issued.err
    assert (issued.json()["status"], issued.json()["cost"]) == ("proposed", 2)
    wrong = await ben("edict", "issue", "-c", cid, "gift", "--to", "3")
    assert wrong.code == 2
    assert "amount" in wrong.err
    accepted = await cat("edict", "accept", "-c", cid, str(issued.json()["id"]), "--json")
    assert (accepted.code, accepted.json()["status"]) == (0, "accepted"), accepted.err
    treaties = await ben("treaty", "list", "-c", cid)
    assert "embassy between 2" in treaties.out
    assert "and 3" in treaties.out

    async def everyone_ready(turn: int) -> None:
        first = await ann("ready", "-c", cid)
        assert first.out.splitlines()[0] == f"turn {turn}: ready", first.err
        assert "waiting for: " in first.out
        await ben("ready", "-c", cid)
        last = await cat("ready", "-c", cid)
        assert last.out.splitlines() == [
            f"turn {turn}: ready",
            "everyone is ready: the owner must still confirm (`marchlords turn resolve`)",
        ], last.err
        if turn == 1:
            refused = await cat("turn", "resolve", "-c", cid)
            assert refused.code == 1  # not the owner
        resolved = await ann("turn", "resolve", "-c", cid)
        assert (resolved.code, resolved.out) == (0, f"turn {turn + 1} begins\n"), resolved.err

    await everyone_ready(1)

    # Turn 2: Ann sees Cat's army next to hers and marches onto it.
    outpost = await ann("tile", "-c", cid, "1,2", "--json")
    assert outpost.json()["structure"]["kind"] == "outpost"
    seen = await ann("armies", "-c", cid)
    assert f"army {cat_army['id']} of player 3" in seen.out
    assert "at 0,3" in seen.out
    out = await ann("move", "-c", cid, str(ann_army["id"]), "0,3")
    assert out.code == 0, out.err
    await everyone_ready(2)

    # Turn 3: the battle, reported by Ann and confirmed by Cat.
    battles = await cat("battle", "list", "-c", cid, "--json")
    [fought] = battles.json()["items"]
    assert (fought["status"], fought["your_side"], fought["q"], fought["r"]) == (
        "awaiting_report", "defender", 0, 3
    )  # fmt: skip
    bid = str(fought["id"])
    reported = await ann(
        "battle", "report", "-c", cid, bid, "--outcome", "attacker_victory",
        "--attacker-losses", "10", "--defender-losses", "60",
    )  # fmt: skip
    assert (reported.code, reported.out) == (
        0,
        f"battle {bid}: reported attacker_victory (version 1)\n",
    )
    confirmed = await cat("battle", "confirm", "-c", cid, bid, "--version", "1")
    assert (confirmed.code, confirmed.out) == (0, f"battle {bid}: confirmed\n"), confirmed.err
    summary = await cat("turn", "summary", "-c", cid, "2", "--json")
    assert summary.code == 0, summary.err
    await everyone_ready(3)
    standings = await ben("turn", "standings", "-c", cid, "--json")
    assert standings.json()["turn"] == 4

    # The owner ends it and exports it (an owner who plays may export a finished campaign).
    ended = await ann("campaign", "end", "-c", cid)
    assert (ended.code, ended.out) == (0, "campaign end: finished\n"), ended.err
    exported = await ann("campaign", "export", "-c", cid, "-o", str(tmp_path / "wars.json"))
    assert exported.code == 0, exported.err
    document = json.loads((tmp_path / "wars.json").read_text())
    assert document["format"] == "marchlords.campaign"
