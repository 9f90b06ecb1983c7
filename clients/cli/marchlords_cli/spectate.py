"""Watching a public campaign (`marchlords spectate …`, R-CAMP-13): ask to watch, its map and
the public lines of its summaries, turns late; the owner's list of spectators."""

import uuid
from typing import Annotated, Any

import typer
from marchlords_client.api.spectators import (
    spectators_list_spectated_turns,
    spectators_list_spectators,
    spectators_read_spectated,
    spectators_read_spectated_map,
    spectators_read_spectated_summary,
    spectators_remove_spectator,
    spectators_stop_watching,
    spectators_watch_campaign,
)

from marchlords_cli import hexmap
from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    call,
    counted,
    group,
    key,
    run,
    session,
    show,
)

spectate = group("Watch a public campaign, turns late: its map and public summaries.")
# A spectator is no member: the campaign is named by its id (`marchlords lobby list`).
WatchedArgument = Annotated[uuid.UUID, typer.Argument(help="The public campaign's id.")]


@spectate.command("watch")
def watch(campaign_id: WatchedArgument, as_json: JsonOption = False) -> None:
    """Ask to watch a running public campaign that takes spectators."""
    with session() as client:
        watched = call(
            lambda: spectators_watch_campaign.sync_detailed(
                campaign_id, client=client, idempotency_key=key()
            ),
            as_json,
        )
    show(watched, as_json, "watching; `marchlords spectate show` tells the turn you see")


@spectate.command("leave")
def leave(campaign_id: WatchedArgument, as_json: JsonOption = False) -> None:
    """Stop watching the campaign."""
    with session() as client:
        call(
            lambda: spectators_stop_watching.sync_detailed(
                campaign_id, client=client, idempotency_key=key()
            ),
            as_json,
        )
    show(None, as_json, "no longer watching")


def _seats(view: dict[str, Any]) -> list[str]:
    turn = view["turn"]
    head = f"{view['name']} ({view['status']}), {counted(view['delay_turns'], 'turn')} late: " + (
        f"turn {turn} as it ended" if turn is not None else "no turn old enough yet"
    )
    return [head] + [
        f"  seat {p['number']}: {p['faction']}" + (f" — {p['name']}" if p["name"] else "")
        for p in view["players"]
    ]


@spectate.command("show")
def show_view(campaign_id: WatchedArgument, as_json: JsonOption = False) -> None:
    """The turn you are shown and its seats (no names under anonymity)."""
    with session() as client:
        view = call(
            lambda: spectators_read_spectated.sync_detailed(campaign_id, client=client), as_json
        )
    show(view, as_json, _seats)


@spectate.command("map")
def show_map(campaign_id: WatchedArgument, as_json: JsonOption = False) -> None:
    """The map of the turn you are shown, as text (`marchlords legend` explains it)."""
    with session() as client:
        world = call(
            lambda: spectators_read_spectated_map.sync_detailed(campaign_id, client=client),
            as_json,
        )
    show(world, as_json, lambda w: [f"turn {w['turn']}", hexmap.draw(w["tiles"], None)])


@spectate.command("turns")
def turns(campaign_id: WatchedArgument, as_json: JsonOption = False) -> None:
    """The turn changes before the turn you are shown."""
    with session() as client:
        page = call(
            lambda: spectators_list_spectated_turns.sync_detailed(
                campaign_id, client=client, limit=100
            ),
            as_json,
        )
    show(
        page,
        as_json,
        lambda p: [f"change {t['number']} at {t['resolved_at']}" for t in p["items"]] or ["(none)"],
    )


@spectate.command("summary")
def summary(
    campaign_id: WatchedArgument,
    number: Annotated[int, typer.Argument(help="A turn change before the turn you are shown.")],
    as_json: JsonOption = False,
) -> None:
    """The public lines of a turn change: what became of the structures."""
    with session() as client:
        found = call(
            lambda: spectators_read_spectated_summary.sync_detailed(
                campaign_id, number, client=client
            ),
            as_json,
        )
    show(
        found,
        as_json,
        lambda s: (
            [
                f"{e['kind']} ({e['rule']}) at {', '.join(f'{q},{r}' for q, r in e['coords'])}"
                for e in s["events"]
            ]
            or ["(nothing public)"]
        ),
    )


@spectate.command("list")
def list_spectators(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Who watches your campaign (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: spectators_list_spectators.sync_detailed(cid, client=c),
        lambda items: (
            [
                f"{s['user_id']}  {s['display_name']} ({s['username']}) since {s['since']}"
                for s in items
            ]
            or ["(none)"]
        ),
    )


@spectate.command("remove")
def remove(
    campaign: CampaignOption,
    user_id: Annotated[uuid.UUID, typer.Argument(help="The spectator's user id.")],
    as_json: JsonOption = False,
) -> None:
    """Send a spectator away (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: spectators_remove_spectator.sync_detailed(
            cid, user_id, client=c, idempotency_key=key()
        ),
        "spectator sent away",
    )


def install(app: typer.Typer) -> None:
    app.add_typer(spectate, name="spectate")
