"""Standing orders (`marchlords standing …`): orders given anew at every turn change until
deleted — hold, entrench, upgrade an army or a city, return to a tile, move if a hostile army is
seen near a tile (R-TURN-8)."""

from typing import Annotated, Any

import typer
from marchlords_client.api.orders import (
    orders_delete_standing_order,
    orders_list_standing_orders,
    orders_set_standing_order,
)
from marchlords_client.models import StandingKind, StandingOrderCreate

from marchlords_cli.common import CampaignOption, JsonOption, coordinates, group, key, maybe, run

standing = group("Standing orders: given anew at every turn change until you delete them.")
KINDS = [k.value for k in StandingKind]
TileOption = Annotated[str | None, typer.Option(help="A tile Q,R (e.g. 3,1 or -1,5).")]


def describe(o: dict[str, Any]) -> str:
    parts = [f"{o['id']}  {o['kind']}"]
    if o.get("army_id") is not None:
        parts.append(f"army {o['army_id']}")
    if o.get("q") is not None:
        parts.append(f"at {o['q']},{o['r']}")
    if o.get("radius") is not None:
        parts.append(f"within {o['radius']}")
    if o.get("to_q") is not None:
        parts.append(f"to {o['to_q']},{o['to_r']}")
    return " ".join(parts)


@standing.command("list")
def list_standing(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your standing orders."""
    run(
        campaign,
        as_json,
        lambda c, cid: orders_list_standing_orders.sync_detailed(cid, client=c),
        lambda items: [describe(o) for o in items] or ["(none)"],
    )


@standing.command("add")
def add(
    campaign: CampaignOption,
    kind: Annotated[str, typer.Argument(help=f"One of {', '.join(KINDS)}.")],
    army: Annotated[int | None, typer.Option(help="The army (all kinds but upgrade_city).")] = None,
    tile: TileOption = None,
    radius: Annotated[int | None, typer.Option(help="if_hostile_near: tiles.")] = None,
    to: TileOption = None,
    as_json: JsonOption = False,
) -> None:
    """Leave a standing order, e.g. `standing add if_hostile_near --army 7 --tile 3,1
    --radius 2 --to 2,1`."""
    if kind not in KINDS:
        raise typer.BadParameter(f"KIND must be one of {', '.join(KINDS)}")
    at = coordinates(tile) if tile is not None else [None, None]
    goal = coordinates(to) if to is not None else [None, None]
    body = StandingOrderCreate(
        kind=StandingKind(kind),
        army_id=maybe(army),
        q=maybe(at[0]),
        r=maybe(at[1]),
        radius=maybe(radius),
        to_q=maybe(goal[0]),
        to_r=maybe(goal[1]),
    )
    run(
        campaign,
        as_json,
        lambda c, cid: orders_set_standing_order.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda o: [describe(o)],
    )


@standing.command("delete")
def delete(
    campaign: CampaignOption,
    standing_id: Annotated[int, typer.Argument(help="The standing order's id (`standing list`).")],
    as_json: JsonOption = False,
) -> None:
    """Delete one of your standing orders (this turn's orders stay as given)."""
    run(
        campaign,
        as_json,
        lambda c, cid: orders_delete_standing_order.sync_detailed(
            cid, standing_id, client=c, idempotency_key=key()
        ),
        f"standing order {standing_id} deleted",
    )


def install(app: typer.Typer) -> None:
    app.add_typer(standing, name="standing")
