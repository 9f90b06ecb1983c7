"""`marchlords`: play a Marchlords campaign from the terminal, on the generated client.

Exit codes (for scripts): 0 done; 1 the server refused (its problem is shown: title, detail and
rule id or error code; with `--json`, the problem document on stdout); 2 a usage error; 3 not
logged in, or the server could not be reached.
"""

import json
import queue
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from http import HTTPStatus
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import httpx
import typer
from marchlords_client import AuthenticatedClient, Client
from marchlords_client.api.auth import auth_login, auth_logout
from marchlords_client.api.battles import (
    battles_confirm_result,
    battles_list_battles,
    battles_report_result,
)
from marchlords_client.api.campaigns import campaigns_list_campaigns
from marchlords_client.api.me import me_read_me
from marchlords_client.api.orders import orders_order_build, orders_raise_army, orders_set_move
from marchlords_client.api.pictures import pictures_read_map_picture
from marchlords_client.api.turn import turn_declare_ready, turn_withdraw_ready
from marchlords_client.api.world import world_read_map
from marchlords_client.models import (
    AccessToken,
    BattlePage,
    BattleRead,
    BuildCreate,
    BuildKind,
    CampaignPage,
    Fate,
    LoginForm,
    MeRead,
    MoveRead,
    MoveSet,
    OrderRead,
    Outcome,
    RaiseCreate,
    ReportCreate,
    TurnRead,
    WorldMap,
)
from marchlords_client.types import UNSET, Response

from marchlords_cli import config, hexmap

EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
TIMEOUT = httpx.Timeout(30.0)

T = TypeVar("T")
CONNECTED = "connected"  # the reader thread's word: the stream is open

app = typer.Typer(
    name="marchlords",
    help="Play Marchlords campaigns from the terminal (log in first: `marchlords login`).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (for scripts).")]
CampaignOption = Annotated[
    str,
    typer.Option(
        "--campaign",
        "-c",
        envvar="MARCHLORDS_CAMPAIGN",
        help="Campaign id, a unique prefix of it, or its exact name.",
    ),
]


# -- output and errors -------------------------------------------------------------------------


def emit(value: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(json.dumps(value, indent=2, sort_keys=True, default=str, ensure_ascii=False))


def fail(code: int, message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def refused(response: Response[Any], as_json: bool) -> NoReturn:
    """Show the server's problem (RFC 9457) and exit 1."""
    try:
        problem = json.loads(response.content)
    except ValueError:
        problem = None
    if not isinstance(problem, dict):
        problem = {"status": int(response.status_code), "title": response.content.decode()[:200]}
    if as_json:
        emit(problem)
    title = problem.get("title") or "refused"
    line = f"{title} ({problem.get('status', int(response.status_code))})"
    if problem.get("detail"):
        line += f": {problem['detail']}"
    if problem.get("code"):
        line += f" [{problem['code']}]"
    typer.echo(f"error: {line}", err=True)
    for item in problem.get("errors") or []:
        if isinstance(item, dict):
            where = ".".join(str(part) for part in item.get("loc", []))
            typer.echo(f"  {where}: {item.get('msg', '')}", err=True)
    raise typer.Exit(EXIT_REFUSED)


def expect(call: Callable[[], Response[Any]], model: type[T], as_json: bool = False) -> T:
    """Run one generated call; its parsed body, or exit with the problem (1) or 3."""
    try:
        response = call()
    except httpx.HTTPError as error:
        fail(EXIT_UNREACHABLE, f"cannot reach the server: {error}")
    if response.status_code >= 400:
        refused(response, as_json)
    if not isinstance(response.parsed, model):
        fail(EXIT_REFUSED, f"unexpected answer ({int(response.status_code)})")
    return response.parsed


def session() -> AuthenticatedClient:
    credentials = config.load()
    if credentials is None:
        fail(EXIT_UNREACHABLE, "not logged in: run `marchlords login` first")
    return AuthenticatedClient(credentials.server, token=credentials.token, timeout=TIMEOUT)


def key() -> str:
    """A fresh Idempotency-Key: a retried command is a new command, a retried request is not."""
    return str(uuid.uuid4())


def campaign_id(client: AuthenticatedClient, wanted: str, as_json: bool = False) -> uuid.UUID:
    """The campaign named by id, unique id prefix or exact name, among the caller's."""
    try:
        return uuid.UUID(wanted)
    except ValueError:
        pass
    page = expect(
        lambda: campaigns_list_campaigns.sync_detailed(client=client, limit=100),
        CampaignPage,
        as_json,
    )
    matches = [c.id for c in page.items if c.name == wanted] or [
        c.id for c in page.items if str(c.id).startswith(wanted.lower())
    ]
    if len(matches) != 1:
        how = "no" if not matches else "more than one"
        fail(EXIT_USAGE, f"{how} campaign of yours matches {wanted!r}")
    return matches[0]


def coordinates(text: str) -> list[int]:
    try:
        q, r = (int(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not Q,R (e.g. 3,1)") from None
    return [q, r]


# -- commands ----------------------------------------------------------------------------------


@app.command()
def login(
    username: Annotated[str, typer.Option(prompt=True, help="Your username.")],
    password: Annotated[
        str,
        typer.Option(
            prompt=True, hide_input=True, envvar="MARCHLORDS_PASSWORD", help="Your password."
        ),
    ],
    server: Annotated[
        str, typer.Option(envvar="MARCHLORDS_SERVER", help="The API's base URL.")
    ] = config.DEFAULT_SERVER,
    as_json: JsonOption = False,
) -> None:
    """Log in and keep the token in your config directory (owner-only file)."""
    server = server.rstrip("/")
    with Client(server, timeout=TIMEOUT) as anonymous:
        token = expect(
            lambda: auth_login.sync_detailed(
                client=anonymous, body=LoginForm(username=username, password=password)
            ),
            AccessToken,
            as_json,
        )
    path = config.save(config.Credentials(server, token.access_token, username))
    if as_json:
        emit({"username": username, "server": server, "expires_at": token.expires_at})
    else:
        shown = f"~/{path.relative_to(Path.home())}" if path.is_relative_to(Path.home()) else path
        typer.echo(f"logged in to {server} as {username} (token kept in {shown})")


@app.command()
def logout(as_json: JsonOption = False) -> None:
    """Revoke the saved token on the server and forget it."""
    credentials = config.load()
    if credentials is not None:
        with session() as client:
            expect(lambda: auth_logout.sync_detailed(client=client), object, as_json)
    config.forget()
    if as_json:
        emit({"logged_out": credentials is not None})
    else:
        typer.echo("logged out" if credentials is not None else "was not logged in")


@app.command()
def campaigns(as_json: JsonOption = False) -> None:
    """The campaigns you own or play in."""
    with session() as client:
        page = expect(
            lambda: campaigns_list_campaigns.sync_detailed(client=client, limit=100),
            CampaignPage,
            as_json,
        )
    if as_json:
        emit([c.to_dict() for c in page.items])
        return
    for c in page.items:
        seat = f"player {c.my_player}" if c.my_player is not None else "owner"
        typer.echo(
            f"{c.id}  {c.status.value:<8} turn {c.turn:<3} {c.players} players  {seat:<9} {c.name}"
        )


@app.command()
def me(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your gold, next turn's forecast and pending orders."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        state = expect(
            lambda: me_read_me.sync_detailed(cid, client=client, limit=5), MeRead, as_json
        )
    if as_json:
        emit(state.to_dict())
        return
    typer.echo(
        f"player {state.player} ({state.faction_name})  turn {state.turn}  gold {state.gold}  "
        f"{'ready' if state.ready else 'not ready'}"
    )
    if state.forecast is not None:
        forecast = state.forecast
        typer.echo(f"forecast: net {forecast.net:+d}{'  INSOLVENT' if forecast.insolvent else ''}")
        for line in forecast.income:
            typer.echo(f"  {line.amount:+4d} {line.reason} ({line.rule})")
        for line in forecast.upkeep:
            typer.echo(f"  {line.amount:+4d} {line.reason} ({line.rule})")
    orders = state.orders
    for move in orders.moves:
        path = " ".join(f"{q},{r}" for q, r in move.path)
        typer.echo(f"order: army {move.army_id} moves {path}")
    for build in orders.builds:
        typer.echo(f"order: build {build.kind.value} at {build.q},{build.r} ({build.cost} gold)")
    for raised in orders.raises:
        typer.echo(f"order: raise an army in city {raised.city_id} ({raised.cost} gold)")


@app.command("map")
def map_(
    campaign: CampaignOption,
    svg: Annotated[
        Path | None, typer.Option(help="Save the map as an SVG picture to this file instead.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Your map as text in the terminal (or `--svg FILE`), under your fog."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        if svg is not None:
            try:
                response = pictures_read_map_picture.sync_detailed(cid, client=client)
            except httpx.HTTPError as error:
                fail(EXIT_UNREACHABLE, f"cannot reach the server: {error}")
            if response.status_code >= 400:
                refused(response, as_json)
            svg.write_bytes(response.content)
            if as_json:
                emit({"svg": str(svg), "bytes": len(response.content)})
            else:
                typer.echo(f"saved {svg} ({len(response.content)} bytes)")
            return
        world = expect(lambda: world_read_map.sync_detailed(cid, client=client), WorldMap, as_json)
        state = expect(
            lambda: me_read_me.sync_detailed(cid, client=client, limit=1), MeRead, as_json
        )
    if as_json:
        emit(world.to_dict())
        return
    typer.echo(f"turn {world.turn}, {world.width}x{world.height}")
    typer.echo(hexmap.draw((t.to_dict() for t in world.tiles), state.player))
    typer.echo(hexmap.LEGEND)


@app.command()
def move(
    campaign: CampaignOption,
    army: Annotated[int, typer.Argument(help="Your army's id.")],
    path: Annotated[list[str], typer.Argument(help="The tiles of the march, each Q,R.")],
    as_json: JsonOption = False,
) -> None:
    """Order an army to march along PATH (replaces its earlier order)."""
    steps = [coordinates(step) for step in path]
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        moved = expect(
            lambda: orders_set_move.sync_detailed(
                cid, army, client=client, body=MoveSet(path=steps), idempotency_key=key()
            ),
            MoveRead,
            as_json,
        )
    if as_json:
        emit(moved.to_dict())
    else:
        typer.echo(f"army {army} moves {' '.join(path)}: {moved.used} of {moved.budget} used")


@app.command()
def build(
    campaign: CampaignOption,
    kind: Annotated[BuildKind, typer.Argument(help="What to build.")],
    tile: Annotated[str, typer.Argument(help="Where, Q,R.")],
    army: Annotated[int | None, typer.Option(help="The army that builds (outposts).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Order a build; its price is paid now."""
    q, r = coordinates(tile)
    body = BuildCreate(kind=kind, q=q, r=r, army_id=army if army is not None else UNSET)
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        order = expect(
            lambda: orders_order_build.sync_detailed(
                cid, client=client, body=body, idempotency_key=key()
            ),
            OrderRead,
            as_json,
        )
    if as_json:
        emit(order.to_dict())
    else:
        typer.echo(f"order {order.id}: build {kind.value} at {q},{r} for {order.cost} gold")


@app.command("raise")
def raise_(
    campaign: CampaignOption,
    city: Annotated[int, typer.Argument(help="The level-2 city that raises the army.")],
    general: Annotated[int | None, typer.Option(help="A general to lead it.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Raise an army in a city; it appears at the turn change."""
    body = RaiseCreate(city_id=city, general_id=general if general is not None else UNSET)
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        order = expect(
            lambda: orders_raise_army.sync_detailed(
                cid, client=client, body=body, idempotency_key=key()
            ),
            OrderRead,
            as_json,
        )
    if as_json:
        emit(order.to_dict())
    else:
        typer.echo(f"order {order.id}: raise an army in city {city} for {order.cost} gold")


@app.command()
def ready(
    campaign: CampaignOption,
    undo: Annotated[bool, typer.Option("--undo", help="Withdraw your readiness.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Declare yourself ready for the turn change (or `--undo`)."""
    endpoint = turn_withdraw_ready if undo else turn_declare_ready
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        turn = expect(
            lambda: endpoint.sync_detailed(cid, client=client, idempotency_key=key()),
            TurnRead,
            as_json,
        )
    if as_json:
        emit(turn.to_dict())
        return
    typer.echo(f"turn {turn.number}: {'not ' if undo else ''}ready")


@app.command()
def battles(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your battles: their ids, sides, status and report."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        page = expect(
            lambda: battles_list_battles.sync_detailed(cid, client=client, limit=100),
            BattlePage,
            as_json,
        )
    if as_json:
        emit([b.to_dict() for b in page.items])
        return
    for b in page.items:
        attackers = ",".join(str(p.number) for p in b.attacker.players)
        defenders = ",".join(str(p.number) for p in b.defender.players)
        reported = f" reported {b.report.outcome.value} v{b.report.version}" if b.report else ""
        typer.echo(
            f"battle {b.id} at {b.q},{b.r} turn {b.turn}: {attackers} vs {defenders} "
            f"{b.status.value}{reported}"
        )


@app.command()
def report(
    campaign: CampaignOption,
    battle: Annotated[int, typer.Argument(help="The battle's id (see `marchlords battles`).")],
    outcome: Annotated[Outcome, typer.Option(help="Who won on the table.")],
    attacker_losses: Annotated[int, typer.Option(min=0, max=100, help="Attacker losses, %.")],
    defender_losses: Annotated[int, typer.Option(min=0, max=100, help="Defender losses, %.")],
    fate: Annotated[Fate | None, typer.Option(help="The loser's army's fate.")] = None,
    general_captured: Annotated[bool, typer.Option(help="A general was captured.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Report the result played on the table; the other side confirms it."""
    body = ReportCreate(
        outcome=outcome,
        attacker_losses_pct=attacker_losses,
        defender_losses_pct=defender_losses,
        fate=fate if fate is not None else UNSET,
        general_captured=general_captured,
    )
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        result = expect(
            lambda: battles_report_result.sync_detailed(
                cid, battle, client=client, body=body, idempotency_key=key()
            ),
            BattleRead,
            as_json,
        )
    if as_json:
        emit(result.to_dict())
    else:
        version = result.report.version if result.report else "?"
        typer.echo(f"battle {battle}: reported {outcome.value} (version {version})")


@app.command()
def confirm(
    campaign: CampaignOption,
    battle: Annotated[int, typer.Argument(help="The battle's id.")],
    version: Annotated[
        int | None, typer.Option(help="The report version you read (refused if it changed).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Confirm the other side's report: its effects apply at once."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        result = expect(
            lambda: battles_confirm_result.sync_detailed(
                cid,
                battle,
                client=client,
                version=version if version is not None else UNSET,
                idempotency_key=key(),
            ),
            BattleRead,
            as_json,
        )
    if as_json:
        emit(result.to_dict())
    else:
        typer.echo(f"battle {battle}: {result.status.value}")


def server_sent_events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The events of a `text/event-stream` (comments and retry-only messages skipped)."""
    event: dict[str, str] = {}
    for line in lines:
        if line == "":
            if "data" in event or "event" in event:
                yield event
            event = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data" and "data" in event:
            event["data"] += "\n" + value
        elif name in ("id", "event", "data"):
            event[name] = value


@app.command()
def watch(
    campaign: CampaignOption,
    count: Annotated[int | None, typer.Option(min=1, help="Stop after this many events.")] = None,
    timeout: Annotated[
        float | None, typer.Option(min=0, help="Stop after this many seconds.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Print the campaign's live events as they happen (those you may see)."""
    client = session()
    cid = campaign_id(client, campaign, as_json)
    events: queue.Queue[dict[str, str] | str | Response[Any] | Exception | None] = queue.Queue()

    def read() -> None:
        try:
            http = client.get_httpx_client()
            url = f"/v1/campaigns/{cid}/events"
            with http.stream("GET", url, timeout=httpx.Timeout(30.0, read=None)) as response:
                if response.status_code >= 400:
                    response.read()
                    events.put(
                        Response(
                            HTTPStatus(response.status_code),
                            response.content,
                            response.headers,
                            None,
                        )
                    )
                    return
                lines = response.iter_lines()
                if next(lines, None) is not None:  # the server's hello: subscribed
                    events.put(CONNECTED)
                for event in server_sent_events(lines):
                    events.put(event)
            events.put(None)
        except Exception as error:  # handed to the main thread, which reports it
            events.put(error)

    threading.Thread(target=read, daemon=True).start()
    deadline = None if timeout is None else time.monotonic() + timeout
    seen = 0
    while count is None or seen < count:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            break
        try:
            item = events.get(timeout=left)
        except queue.Empty:
            break
        if item is None:
            break
        if isinstance(item, Response):
            refused(item, as_json)
        if isinstance(item, Exception):
            fail(EXIT_UNREACHABLE, f"the event stream failed: {item}")
        if isinstance(item, str):
            typer.echo(f"watching campaign {cid} (Ctrl-C to stop)", err=True)
            continue
        seen += 1
        try:
            data: Any = json.loads(item.get("data", "null"))
        except ValueError:
            data = item.get("data")
        if as_json:
            typer.echo(json.dumps({"id": item.get("id"), "event": item.get("event"), "data": data}))
        else:
            typer.echo(f"{item.get('event', 'message')}: {json.dumps(data, sort_keys=True)}")
        sys.stdout.flush()


def main() -> None:
    app()
