"""Finding a game (`marchlords lobby …`): public lobbies and open seats, asking to join and the
owner's answers (R-CAMP-11), substitutes and opening a seat to them (R-CAMP-12)."""

import uuid
from typing import Annotated, Any

import typer
from marchlords_client.api.lobbies import (
    lobbies_accept_join_request,
    lobbies_ask_to_join,
    lobbies_close_seat,
    lobbies_decline_join_request,
    lobbies_list_as_substitute,
    lobbies_list_join_requests,
    lobbies_list_lobbies,
    lobbies_list_my_join_requests,
    lobbies_open_seat,
    lobbies_read_substitute,
    lobbies_unlist_substitute,
    lobbies_withdraw_join_request,
)
from marchlords_client.models import (
    CampaignStatus,
    JoinRequestCreate,
    LobbiesListLobbiesGameSystemType0,
    SubstituteWrite,
    SubstituteWriteGameSystemsItem,
)
from marchlords_client.types import UNSET

from marchlords_cli.account import reliability_lines
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

lobby = group("Find a game: public lobbies, open seats, asking to join, substitutes.")
RequestArgument = Annotated[uuid.UUID, typer.Argument(help="The request's id.")]
SeatArgument = Annotated[int, typer.Argument(help="The seat's player number.")]


@lobby.command("list")
def list_lobbies(
    system: Annotated[
        LobbiesListLobbiesGameSystemType0 | None, typer.Option(help="Only this game system.")
    ] = None,
    status: Annotated[
        CampaignStatus | None, typer.Option(help="lobby: places; active: open seats.")
    ] = None,
    max_hours: Annotated[int | None, typer.Option(help="Turns of at most these hours.")] = None,
    spectators: Annotated[
        bool, typer.Option("--spectators", help="Only running ones that take spectators.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Public campaigns that take newcomers: lobbies with places, running ones with seats or
    spectators (`marchlords spectate watch`)."""
    with session() as client:
        page = call(
            lambda: lobbies_list_lobbies.sync_detailed(
                client=client,
                game_system=system if system is not None else UNSET,
                status=status if status is not None else UNSET,
                max_deadline_hours=max_hours if max_hours is not None else UNSET,
                spectators=True if spectators else UNSET,
            ),
            as_json,
        )
    show(
        page,
        as_json,
        lambda p: (
            [
                f"{c['campaign_id']}  {c['name']} ({c['game_system']}, {c['status']}): "
                f"{counted(c['players_wanted'], 'place')}, open seats "
                f"{[s['number'] for s in c['open_seats']] or 'none'}"
                + (" — asked" if c["asked"] else "")
                + (
                    f" — spectators welcome, {counted(c['spectator_delay_turns'], 'turn')} late"
                    if c.get("spectators_welcome")
                    else ""
                )
                for c in p["items"]
            ]
            or ["(none)"]
        ),
    )


@lobby.command("ask")
def ask(
    campaign_id: Annotated[uuid.UUID, typer.Argument(help="The public campaign's id.")],
    seat: Annotated[int | None, typer.Option(help="An open seat of the running campaign.")] = None,
    note: Annotated[str | None, typer.Option(help="A word to the owner.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Ask to join a public campaign (its lobby, or an open seat); the owner answers."""
    body = JoinRequestCreate(
        campaign_id=campaign_id,
        number=seat if seat is not None else UNSET,
        note=note if note is not None else UNSET,
    )
    with session() as client:
        asked = call(
            lambda: lobbies_ask_to_join.sync_detailed(client=client, body=body),
            as_json,
        )
    show(asked, as_json, lambda r: [f"asked to join {r['campaign_name']} (request {r['id']})"])


@lobby.command("requests")
def requests(
    campaign: Annotated[
        str | None,
        typer.Option("--campaign", "-c", help="The owner's view: the asks to answer."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Your pending asks, or with `-c` the asks your campaign awaits an answer to (owner)."""

    def lines(items: list[dict[str, Any]]) -> list[str]:
        out = []
        for r in items:
            out.append(
                f"{r['id']}  {r['campaign_name']}: {r['username']} asks for "
                + (f"seat {r['number']}" if r.get("number") else "a place in the lobby")
            )
            if "reliability" in r:  # the owner's view (R-CAMP-14)
                out.extend(f"    {line}" for line in reliability_lines(r["reliability"]))
        return out or ["(none)"]

    if campaign is not None:
        run(
            campaign,
            as_json,
            lambda c, cid: lobbies_list_join_requests.sync_detailed(cid, client=c),
            lines,
        )
        return
    with session() as client:
        mine = call(lambda: lobbies_list_my_join_requests.sync_detailed(client=client), as_json)
    show(mine, as_json, lines)


@lobby.command("withdraw")
def withdraw(request_id: RequestArgument, as_json: JsonOption = False) -> None:
    """Take back your ask before it is answered."""
    with session() as client:
        call(
            lambda: lobbies_withdraw_join_request.sync_detailed(request_id, client=client),
            as_json,
        )
    show(None, as_json, "request withdrawn")


@lobby.command("accept")
def accept(
    campaign: CampaignOption, request_id: RequestArgument, as_json: JsonOption = False
) -> None:
    """Say yes to an ask: the user takes the lobby place or the open seat (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: lobbies_accept_join_request.sync_detailed(
            cid, request_id, client=c, idempotency_key=key()
        ),
        lambda p: [f"{p['name']} now plays seat {p['number']}"],
    )


@lobby.command("decline")
def decline(
    campaign: CampaignOption, request_id: RequestArgument, as_json: JsonOption = False
) -> None:
    """Say no to an ask (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: lobbies_decline_join_request.sync_detailed(
            cid, request_id, client=c, idempotency_key=key()
        ),
        "request declined",
    )


@lobby.command("open")
def open_seat(
    campaign: CampaignOption,
    number: SeatArgument,
    undo: Annotated[bool, typer.Option("--undo", help="Close the seat again.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Open a seat of your public campaign to substitutes, who are told (owner)."""
    endpoint = lobbies_close_seat if undo else lobbies_open_seat
    run(
        campaign,
        as_json,
        lambda c, cid: endpoint.sync_detailed(cid, number, client=c, idempotency_key=key()),
        f"seat {number} {'closed' if undo else 'open to substitutes'}",
    )


@lobby.command("substitute")
def substitute(
    systems: Annotated[
        list[SubstituteWriteGameSystemsItem] | None,
        typer.Argument(help="The game systems you play (none: show your listing)."),
    ] = None,
    days: Annotated[int, typer.Option(help="Days a week you can play a turn.")] = 3,
    undo: Annotated[bool, typer.Option("--undo", help="Stop being a substitute.")] = False,
    as_json: JsonOption = False,
) -> None:
    """List yourself as a substitute, told of open seats of your game systems."""
    with session() as client:
        if undo:
            call(lambda: lobbies_unlist_substitute.sync_detailed(client=client), as_json)
            show(None, as_json, "no longer a substitute")
            return
        if systems:
            body = SubstituteWrite(game_systems=systems, days_per_week=days)
            listed = call(
                lambda: lobbies_list_as_substitute.sync_detailed(client=client, body=body),
                as_json,
            )
        else:
            listed = call(lambda: lobbies_read_substitute.sync_detailed(client=client), as_json)
    show(
        listed,
        as_json,
        lambda s: [
            f"substitute for {', '.join(s['game_systems'])}, "
            f"{counted(s['days_per_week'], 'day')} a week"
        ],
    )


def install(app: typer.Typer) -> None:
    app.add_typer(lobby, name="lobby")
