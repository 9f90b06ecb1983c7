"""The turn and its history (`marchlords turn …`): readiness, the owner's turn change, force
and rollback, past turns' summaries and maps, standings and charts."""

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from marchlords_client.api.history import (
    history_list_turns,
    history_read_standings,
    history_read_turn_summary,
)
from marchlords_client.api.pictures import (
    pictures_read_charts,
    pictures_read_charts_picture,
    pictures_read_turn_map,
    pictures_read_turn_map_picture,
)
from marchlords_client.api.turn import (
    turn_force_turn,
    turn_list_rollbacks,
    turn_read_turn,
    turn_resolve_turn,
    turn_rollback_turn,
)

from marchlords_cli import hexmap
from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    answer,
    call,
    campaign_id,
    compact,
    group,
    key,
    maybe,
    run,
    session,
    show,
)

turn = group("The turn: its state, the owner's turn change, rollback, history.")
NumberArgument = Annotated[int, typer.Argument(help="The turn's number.")]


def turn_lines(t: dict[str, Any]) -> Iterable[str]:
    state = "paused" if t.get("paused") else t["status"]
    season = f" ({t['season']})" if t.get("season") else ""
    yield f"turn {t['number']}{season}: {state}, deadline {t.get('deadline_at') or 'none'}"
    for p in t.get("players", []):
        flags = ("ready" if p["ready"] else "not ready") + (
            ", steward" if p.get("inactive") else ""
        )
        yield f"  player {p['number']} {p['name']}: {flags}"
    if t.get("pending_battles"):
        yield f"pending battles: {t['pending_battles']}"
    if t.get("awaiting_owner"):
        yield "everyone is ready: the owner must still confirm (`marchlords turn resolve`)"
    elif t.get("change_due_at"):
        yield f"the turn changes at {t['change_due_at']}"
    elif t.get("blocked_by"):
        yield "waiting for: " + "; ".join(str(reason) for reason in t["blocked_by"])


@turn.command("show")
def read(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The current turn: who is ready, the deadline, what the change waits for."""
    run(campaign, as_json, lambda c, cid: turn_read_turn.sync_detailed(cid, client=c), turn_lines)


@turn.command("resolve")
def resolve(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Confirm the turn change once everyone is ready (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: turn_resolve_turn.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda t: [f"turn {t['number']} begins"],
    )


@turn.command("force")
def force(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Force the turn change after the deadline; late players' orders stand (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: turn_force_turn.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda t: [f"turn {t['number']} begins"],
    )


@turn.command("rollback")
def rollback(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Undo the last turn change (owner): the end of the turn before comes back (R-TURN-6)."""
    run(
        campaign,
        as_json,
        lambda c, cid: turn_rollback_turn.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda t: [f"rolled back: turn {t['number']} again"],
    )


@turn.command("rollbacks")
def rollbacks(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The turn changes undone so far."""
    run(campaign, as_json, lambda c, cid: turn_list_rollbacks.sync_detailed(cid, client=c))


@turn.command("history")
def history(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The turn changes so far, and when each happened."""
    run(
        campaign, as_json, lambda c, cid: history_list_turns.sync_detailed(cid, client=c, limit=100)
    )


@turn.command("summary")
def summary(
    campaign: CampaignOption,
    number: NumberArgument,
    player: Annotated[
        int | None, typer.Option(help="Another seat's summary (the game master).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """What you saw happen at the end of a turn."""

    def lines(s: dict[str, Any]) -> Iterable[str]:
        yield f"turn {s['number']}, player {s['player']}:"
        for event in s.get("events", []):
            where = "".join(f" {q},{r}" for q, r in event.get("coords", []))
            yield f"  {event['kind']}{where} {compact(event.get('data', {}))} ({event['rule']})"

    run(
        campaign,
        as_json,
        lambda c, cid: history_read_turn_summary.sync_detailed(
            cid, number, client=c, player=maybe(player)
        ),
        lines,
    )


@turn.command("replay")
def replay(
    campaign: CampaignOption,
    number: NumberArgument,
    svg: Annotated[Path | None, typer.Option(help="Save it as an SVG picture instead.")] = None,
    as_json: JsonOption = False,
) -> None:
    """A past turn's map as you saw it when it ended."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        if svg is not None:
            picture = answer(
                lambda: pictures_read_turn_map_picture.sync_detailed(cid, number, client=client),
                as_json,
            ).content
            svg.write_bytes(picture)
            show({"svg": str(svg), "bytes": len(picture)}, as_json, f"saved {svg}")
            return
        world = call(
            lambda: pictures_read_turn_map.sync_detailed(cid, number, client=client), as_json
        )
    if as_json:
        show(world, as_json)
        return
    typer.echo(f"turn {number} as it ended, {world['width']}x{world['height']}")
    typer.echo(hexmap.draw(world["tiles"], None))
    typer.echo(hexmap.LEGEND)


@turn.command("standings")
def standings(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The ranking: score and what you may see of each player."""

    def lines(s: dict[str, Any]) -> Iterable[str]:
        yield f"turn {s['turn']}{' (final)' if s.get('final') else ''}"
        for p in s["players"]:
            you = " (you)" if p.get("is_you") else ""
            who = f"player {p['player']} {p['name']}{you} ({p['faction']})"
            yield f"  {p['rank']}. {who}: {p['score']}"

    run(
        campaign, as_json, lambda c, cid: history_read_standings.sync_detailed(cid, client=c), lines
    )


@turn.command("charts")
def charts(
    campaign: CampaignOption,
    svg: Annotated[Path | None, typer.Option(help="Save them as an SVG picture instead.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Gold, score, income and territories per turn (JSON, or `--svg FILE`)."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        if svg is not None:
            picture = answer(
                lambda: pictures_read_charts_picture.sync_detailed(cid, client=client), as_json
            ).content
            svg.write_bytes(picture)
            show({"svg": str(svg), "bytes": len(picture)}, as_json, f"saved {svg}")
            return
        found = call(lambda: pictures_read_charts.sync_detailed(cid, client=client), as_json)
    show(found, True)


def install(app: typer.Typer) -> None:
    app.add_typer(turn, name="turn")
