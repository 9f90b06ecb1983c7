"""Every `marchlords` command group run once against the served app, in process (typer's
runner, in a thread beside the server: no process start per command), as the owner who plays
and the other player would: the rarer orders (recruit, assign, upgrade, entrench, faction
action, stop, cancel), the turn's history and rollback, seats (offer, handover, steward,
vacation), house rules, a rejected and arbitrated battle, tokens, calendar, notifications and
webhooks; each answer's text and `--json` forms."""

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

from marchlords_cli.common import protect
from marchlords_cli.main import app
from sqlalchemy.ext.asyncio import AsyncEngine
from typer.testing import CliRunner, Result

from app.platform.db.session import create_sessionmaker
from tests.factories.flows import AuthUser, army_of, register_and_login, start_game
from tests.factories.servers import Served
from tests.factories.servers import served as served


class InProcess:
    """`marchlords` as one user (their token in the environment), run in a worker thread."""

    def __init__(self, server: Served, user: AuthUser, campaign: str, home: Path) -> None:
        self.env = {
            "MARCHLORDS_SERVER": server.url,
            "MARCHLORDS_TOKEN": user.token,
            "MARCHLORDS_CAMPAIGN": campaign,
            "XDG_CONFIG_HOME": str(home),
            "COLUMNS": "200",
        }

    async def __call__(self, *args: str, code: int = 0) -> Result:
        runner = CliRunner()
        result = await asyncio.to_thread(
            runner.invoke, app, protect(list(args)), env=self.env, catch_exceptions=False
        )
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result

    async def json(self, *args: str) -> Any:
        return json.loads((await self(*args, "--json")).stdout)


async def test_every_command_group_runs(
    served: Served,
    tmp_path: Path,
    committing_engine: AsyncEngine,
) -> None:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(served.client, username)

    game = await start_game(
        served.client,
        make_user,
        settings={"cover": True, "vacation_days": 3, "turn_deadline_hours": 48},
        ruleset={"starting_gold": 200},
        owner_plays=False,
    )
    alice, bob = game.players
    gm = InProcess(served, game.owner, game.id, tmp_path / "gm")  # the game master
    ann = InProcess(served, alice.user, game.id, tmp_path / "ann")
    ben = InProcess(served, bob.user, game.id, tmp_path / "ben")

    # The account.
    assert alice.user.username in (await ann("whoami")).stdout
    assert "0 missed" in (await ann("reliability")).stdout
    assert (await ann.json("reliability"))["turns"]["missed"] == 0
    token = await ann.json("token", "create", "script", "--days", "1")
    assert token["token"]
    assert token["scope"] == "play"  # the default: plays, never changes the account
    strong = await ann.json(
        "token", "create", "admin", "--scope", "account", "--current-password", alice.user.password
    )
    assert strong["scope"] == "account"  # may change the account's address, password, tokens
    assert any(t["name"] == "script" for t in (await ann.json("token", "list"))["items"])
    assert "revoked" in (await ann("token", "revoke", token["id"])).stdout
    assert "/v1/calendar/" in (await ann("calendar", "create")).stdout
    assert "issued_at" in (await ann("calendar", "show")).stdout
    await ann("calendar", "revoke")
    prefs = await ann.json("notifications", "set", "--quiet-start", "22:00", "--quiet-end", "07:00")
    assert (prefs["quiet_start"][:5], prefs["quiet_end"][:5]) == ("22:00", "07:00")
    assert "quiet_start: 22:00" in (await ann("notifications", "show")).stdout
    assert "skirmish" in (await ann("maps", "list")).stdout
    assert "tiers" in await ann.json("rules")
    assert (await ann.json("campaign", "ruleset"))["tiers"]

    # The rarer orders.
    army = (await ann.json("armies"))["mine"][0]
    recruited = await ann.json("recruit")
    assert f"order: recruit general {recruited['id']}" in (await ann("me")).stdout
    assert "upgrade army" in (await ann("upgrade", str(army["id"]))).stdout
    await ann("upgrade", str(army["id"]), "--undo")
    assert "entrenches" in (await ann("entrench", str(army["id"]))).stdout
    await ann("entrench", str(army["id"]), "--undo")
    assert "faction action" in (await ann("faction-action")).stdout
    await ann("faction-action", "--undo")
    await ann("move", str(army["id"]), "3,1")
    assert "stays" in (await ann("stop", str(army["id"]))).stdout
    await ann("move", str(army["id"]), "3,1")
    built = await ann.json("build", "outpost", "3,1", "--army", str(army["id"]))
    assert [o["id"] for o in (await ann.json("orders", "--builds"))] == [built["id"]]
    assert "cancelled" in (await ann("cancel", str(built["id"]), "--build")).stdout
    assert "3,1" in (await ann("reachable", str(army["id"]))).stdout
    assert "(none)" not in (await ann("orders")).stdout

    # House rules (the owner).
    rule = await gm.json("house-rule", "add", "Magic", "No miscasts.", "--page", "p. 87")
    await gm("house-rule", "update", str(rule["id"]), "--text", "No miscasts at all.")
    assert "No miscasts at all." in (await ben("house-rule", "list")).stdout
    await gm("house-rule", "delete", str(rule["id"]))
    assert len((await gm.json("house-rule", "history"))["items"]) == 3

    # The turn: state, pause and resume, the change, its history, a rollback.
    await gm("campaign", "pause")
    assert "paused" in (await ben("turn", "show")).stdout
    await gm("campaign", "resume")
    await ben("ready")
    assert "the owner must still confirm" in (await ann("ready")).stdout
    assert (await gm("turn", "resolve")).stdout == "turn 2 begins\n"
    assert f"general {recruited['id']}: unassigned" in (await ann("generals")).stdout
    refused = await ann("assign", str(recruited["id"]), str(army["id"]), code=1)
    assert "[R-ARMY-6]" in refused.stderr  # the army has its general
    assert [t["number"] for t in (await ann.json("turn", "history"))["items"]] == [1]
    assert "turn 1, player 1:" in (await ann("turn", "summary", "1")).stdout
    assert "turn 1 as it ended" in (await ann("turn", "replay", "1")).stdout
    await ann("turn", "replay", "1", "--svg", str(tmp_path / "t1.svg"))
    assert (tmp_path / "t1.svg").read_bytes().startswith(b"<")
    assert "players" in await ann.json("turn", "charts")
    assert "1. player" in (await ben("turn", "standings")).stdout
    assert (await gm("turn", "rollback")).stdout == "rolled back: turn 1 again\n"
    assert [r["number"] for r in (await gm.json("turn", "rollbacks"))["items"]] == [1]
    assert (await gm("turn", "resolve")).stdout == "turn 2 begins\n"

    # A battle Ben reports, Ann rejects, and the owner settles.
    async with create_sessionmaker(committing_engine)() as session:
        ids = {}
        for player, coord in ((alice, (4, 1)), (bob, (5, 1))):
            row = await army_of(session, game, player.number)
            row.q, row.r = coord
            ids[player.number] = row.id
        await session.commit()
    # Ann attaches her army's list, checks it, takes its file back and detaches it; Ben may not
    # read it (R-FOG-3: no battle declared, not his army).
    aid = str(ids[alice.number])
    listing = Path(__file__).parents[1] / "play" / "rosters" / "fixtures" / "reikland.txt"
    attached = await ann.json("roster", "attach", aid, str(listing))
    assert (attached["name"], attached["total_points"]) == ("Reikland border patrol", 500)
    shown = (await ann("roster", "show", aid)).stdout
    assert shown.startswith(f"army {aid}: Reikland border patrol (Empire, ")
    assert f"tier {attached['check']['tier']}: army " in shown
    await ann("roster", "original", aid, "-o", str(tmp_path / "list.txt"))
    assert (tmp_path / "list.txt").read_bytes() == listing.read_bytes()
    assert "[not_found]" in (await ben("roster", "show", aid, code=1)).stderr
    assert (await ann("roster", "detach", aid)).stdout == f"army {aid}: list detached\n"
    await ann("roster", "show", aid, code=1)
    # A standing order (R-TURN-8) left, listed and deleted.
    held = await ann.json("standing", "add", "hold", "--army", aid)
    assert (held["kind"], held["army_id"]) == ("hold", int(aid))
    assert (await ann("standing", "list")).stdout == f"{held['id']}  hold army {aid}\n"
    deleted = await ann("standing", "delete", str(held["id"]))
    assert deleted.stdout == f"standing order {held['id']} deleted\n"
    assert (await ann("standing", "list")).stdout == "(none)\n"

    await ben("move", str(ids[bob.number]), "4,1")
    await ann("ready")
    await ben("ready")
    await gm("turn", "resolve")
    [fought] = (await ben.json("battle", "list"))["items"]
    bid = str(fought["id"])
    assert f"battle {bid} at 4,1" in (await ann("battle", "show", bid)).stdout
    await ben("battle", "report", bid, "--outcome", "attacker_victory",
              "--attacker-losses", "10", "--defender-losses", "50")  # fmt: skip
    edited = await ben.json("battle", "edit", bid, "--outcome", "attacker_victory",
                            "--attacker-losses", "20", "--defender-losses", "50")  # fmt: skip
    assert edited["report"]["version"] == 2
    assert (await ann("battle", "reject", bid, "Not what we played.")).stdout == (
        f"battle {bid}: disputed\n"
    )
    settled = await gm.json("battle", "arbitrate", bid, "--outcome", "draw",
                             "--attacker-losses", "30", "--defender-losses", "30")  # fmt: skip
    assert settled["status"] == "confirmed"

    # Seats: Ben goes on vacation and back, offers his seat, the owner hands it to Carol.
    assert "3 left" in (await ben("seat", "vacation")).stdout
    assert "away until" in (await ben("seat", "vacation", "1")).stdout
    await ben("seat", "vacation", "--end")
    assert "seat 2: steward" in (await gm("seat", "steward", "2")).stdout
    assert "its holder plays" in (await gm("seat", "steward", "2", "--end")).stdout
    assert "offered" in (await ben("seat", "offer")).stdout
    assert "not offered" in (await ben("seat", "offer", "--undo")).stdout
    await ben("seat", "offer")
    carol = await register_and_login(served.client)
    cat = InProcess(served, carol, game.id, tmp_path / "cat")
    # A handover is an offer (R-CAMP-6): the owner withdraws one, makes another; Carol declines
    # the next and accepts the last, and only then holds the seat.
    first = await gm.json("seat", "handover", "2", carol.username)
    assert [o["id"] for o in await gm.json("seat", "offers", "-c", game.id)] == [first["id"]]
    assert (await gm("seat", "withdraw", first["id"])).stdout == "offer withdrawn\n"
    second = await gm.json("seat", "handover", "2", carol.username)
    assert second["username"] == carol.username
    assert (await cat("seat", "decline", second["id"])).stdout == "offer declined\n"
    handed = await gm("seat", "handover", "2", carol.username)
    assert handed.stdout.startswith(f"seat 2 offered to {carol.username} (offer ")
    mine = (await cat.json("seat", "offers"))["items"]
    assert [(o["campaign_id"], o["number"]) for o in mine] == [(game.id, 2)]
    assert "seat 2 (" in (await cat("seat", "offers")).stdout
    accepted = await cat("seat", "accept", mine[0]["id"])
    assert accepted.stdout == f"you now play in {mine[0]['campaign_name']} ({game.id})\n"
    assert (await cat.json("seat", "offers"))["items"] == []
    holders = (await gm("seat", "holders", "2")).stdout.splitlines()
    assert holders[0].startswith(f"{bob.user.username.title()}: turn 1 to ")
    assert holders[1].startswith(f"{carol.username.title()}: turn ")

    # The inbox: the turn changes told Ann (no webhook, no email needed); she marks them read.
    listed = await ann.json("inbox", "list")
    assert listed["unread"] == len([n for n in listed["items"] if not n["read"]]) > 0
    assert (await ann("inbox", "read")).stdout == f"{listed['unread']} marked read\n"
    assert (await ann.json("inbox", "list", "--unread"))["items"] == []
    # A forgotten password: the same answer whether or not the address is known.
    asked = [
        await ann.json("password-reset", "request", address, "--server", served.url)
        for address in ("nobody@example.org", "somebody@example.org")
    ]
    assert asked[0] == asked[1]

    # Webhooks, the deadline, the end and the export.
    assert (await gm.json("webhook", "list")) == []
    before = (await gm.json("turn", "show"))["deadline_at"]
    extended = (await gm("campaign", "extend", "24")).stdout
    assert extended.startswith("turn ")
    assert before not in extended
    assert "campaign end: finished" in (await gm("campaign", "end")).stdout
    out = tmp_path / "export.json"
    await gm("campaign", "export", "-o", str(out), "--messages")
    assert json.loads(out.read_text())["format"] == "marchlords.campaign"
    assert uuid.UUID(game.id)


async def test_spectate_commands_run_R_CAMP_13(served: Served, tmp_path: Path) -> None:
    """A spectator watches a public campaign by its id, one turn late; the owner lists and
    sends them away."""

    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(served.client, username)

    game = await start_game(
        served.client, make_user, settings={"public": True, "spectator_delay_turns": 1}
    )
    dora = await make_user()
    gm = InProcess(served, game.owner, game.id, tmp_path / "gm")
    spy = InProcess(served, dora, "", tmp_path / "dora")
    found = (await spy("lobby", "list", "--spectators")).stdout
    assert found.startswith(game.id)
    assert "spectators welcome, 1 turn late" in found
    assert "watching" in (await spy("spectate", "watch", game.id)).stdout
    assert "no turn old enough yet" in (await spy("spectate", "show", game.id)).stdout
    for player in game.players:
        await InProcess(served, player.user, game.id, tmp_path / player.faction)("ready")
    await gm("turn", "resolve")
    shown = (await spy("spectate", "show", game.id)).stdout.splitlines()
    assert "turn 1 as it ended" in shown[0]
    assert [line.split(":")[0].strip() for line in shown[1:]] == ["seat 1", "seat 2"]
    world = await spy.json("spectate", "map", game.id)
    assert world["turn"] == 1
    assert (await spy("spectate", "map", game.id)).stdout.startswith("turn 1\n")
    assert (await spy("spectate", "turns", game.id)).stdout == "(none)\n"
    await spy("spectate", "summary", game.id, "1", code=1)  # the change that ended turn 1
    listed = await gm.json("spectate", "list")
    assert [s["username"] for s in listed] == [dora.username]
    assert "sent away" in (await gm("spectate", "remove", str(dora.id))).stdout
    await spy("spectate", "show", game.id, code=1)
    await spy("spectate", "watch", game.id)
    assert "no longer watching" in (await spy("spectate", "leave", game.id)).stdout
