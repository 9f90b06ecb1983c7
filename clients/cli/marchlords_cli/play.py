"""A turn's play: what you have and see, and every order (`marchlords me`, `map`, `move`, …)."""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from marchlords_client.api.me import me_read_me
from marchlords_client.api.orders import (
    orders_assign_general,
    orders_cancel_build,
    orders_cancel_entrench,
    orders_cancel_faction_action,
    orders_cancel_move,
    orders_cancel_order,
    orders_cancel_upgrade,
    orders_list_builds,
    orders_list_orders,
    orders_order_build,
    orders_raise_army,
    orders_reachable_tiles,
    orders_recruit_general,
    orders_set_entrench,
    orders_set_move,
    orders_upgrade_army,
    orders_use_faction_action,
)
from marchlords_client.api.pictures import pictures_read_map_picture
from marchlords_client.api.turn import turn_declare_ready, turn_withdraw_ready
from marchlords_client.api.world import (
    world_list_armies,
    world_list_generals,
    world_read_map,
    world_read_tile,
)
from marchlords_client.models import BuildCreate, BuildKind, GeneralAssign, MoveSet, RaiseCreate

from marchlords_cli import hexmap
from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    answer,
    call,
    campaign_id,
    coordinates,
    key,
    maybe,
    run,
    session,
    show,
)

ArmyArgument = Annotated[int, typer.Argument(help="Your army's id (see `marchlords armies`).")]
UndoOption = Annotated[bool, typer.Option("--undo", help="Cancel this order instead.")]


def me(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your gold, next turn's forecast and pending orders."""

    def lines(state: dict[str, Any]) -> Iterable[str]:
        yield (
            f"player {state['player']} ({state['faction_name']})  turn {state['turn']}  "
            f"gold {state['gold']}  {'ready' if state['ready'] else 'not ready'}"
        )
        forecast = state.get("forecast")
        if forecast:
            insolvent = "  INSOLVENT" if forecast.get("insolvent") else ""
            yield f"forecast: net {forecast['net']:+d}{insolvent}"
            for line in forecast.get("income", []) + forecast.get("upkeep", []):
                yield f"  {line['amount']:+4d} {line['reason']} ({line['rule']})"
        action = state.get("faction_action")
        if action:
            if action.get("used_this_turn"):
                when = "used this turn"
            elif action.get("available"):
                when = "available"
            else:
                when = f"available from turn {action.get('available_from_turn')}"
            yield f"faction action: {action['name']} ({when})"
        yield from order_lines(state["orders"])

    run(campaign, as_json, lambda c, cid: me_read_me.sync_detailed(cid, client=c, limit=5), lines)


def order_lines(orders: dict[str, Any]) -> Iterable[str]:
    for move in orders.get("moves", []):
        path = " ".join(f"{q},{r}" for q, r in move["path"])
        yield f"order: army {move['army_id']} moves {path}"
    for build in orders.get("builds", []):
        yield (
            f"order {build['id']}: build {build['kind']} at {build['q']},{build['r']} "
            f"({build['cost']} gold)"
        )
    for raised in orders.get("raises", []):
        city, cost = raised["city_id"], raised["cost"]
        yield f"order {raised['id']}: raise an army in city {city} ({cost} gold)"
    for recruit in orders.get("recruits", []):
        yield f"order: recruit general {recruit['general_id']} ({recruit['cost']} gold)"
    for upgrade in orders.get("upgrades", []):
        yield f"order: upgrade army {upgrade['army_id']} ({upgrade['cost']} gold)"
    if orders.get("faction_action"):
        yield "order: use the faction action"


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
            picture = answer(
                lambda: pictures_read_map_picture.sync_detailed(cid, client=client), as_json
            ).content
            svg.write_bytes(picture)
            show(
                {"svg": str(svg), "bytes": len(picture)},
                as_json,
                f"saved {svg} ({len(picture)} bytes)",
            )
            return
        world = call(lambda: world_read_map.sync_detailed(cid, client=client), as_json)
        if as_json:
            show(world, as_json)
            return
        state = call(lambda: me_read_me.sync_detailed(cid, client=client, limit=1), as_json)
    typer.echo(f"turn {world['turn']}, {world['width']}x{world['height']}")
    typer.echo(hexmap.draw(world["tiles"], state["player"]))
    typer.echo(hexmap.LEGEND)


def tile(
    campaign: CampaignOption,
    where: Annotated[str, typer.Argument(metavar="Q,R", help="The tile, e.g. 3,1 or -1,5.")],
    as_json: JsonOption = False,
) -> None:
    """One tile as you see it: terrain, owner, structure, armies, what may be built."""
    q, r = coordinates(where)
    run(campaign, as_json, lambda c, cid: world_read_tile.sync_detailed(cid, q, r, client=c))


def armies(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your armies (ids, places, tiers, orders) and the others you see."""

    def lines(found: dict[str, Any]) -> Iterable[str]:
        for a in found["mine"]:
            notes = [f"general {a['general_id']}" if a.get("general_id") else "no general"]
            if a.get("move"):
                notes.append("moves " + " ".join(f"{q},{r}" for q, r in a["move"]["path"]))
            notes += [n for n, on in (("entrenched", a.get("entrenched")),
                                      ("in battle", a.get("locked_in_battle")),
                                      ("at sea", a.get("at_sea"))) if on]  # fmt: skip
            if a.get("upgrade_cost") is not None:
                notes.append(f"upgrade {a['upgrade_cost']} gold")
            yield f"army {a['id']} (mine) at {a['q']},{a['r']} tier {a['tier']}: {', '.join(notes)}"
        for a in found["others"]:
            stance = "hostile" if a.get("hostile") else "friendly"
            yield (
                f"army {a['id']} of player {a['owner']} ({a['owner_name']}) at {a['q']},{a['r']} "
                f"tier {a['tier']}, {stance}"
            )

    run(campaign, as_json, lambda c, cid: world_list_armies.sync_detailed(cid, client=c), lines)


def generals(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your generals (and which army each leads), your captured ones and your prisoners."""

    def lines(found: dict[str, Any]) -> Iterable[str]:
        for g in found.get("mine", []):
            where = f"leads army {g['army_id']}" if g.get("army_id") else "unassigned"
            yield f"general {g['id']}: {where}"
        for name in ("captured", "prisoners"):
            for g in found.get(name, []):
                yield f"{name}: {compact_line(g)}"

    run(campaign, as_json, lambda c, cid: world_list_generals.sync_detailed(cid, client=c), lines)


def compact_line(item: dict[str, Any]) -> str:
    return "  ".join(f"{k}={v}" for k, v in item.items() if v is not None)


def reachable(campaign: CampaignOption, army: ArmyArgument, as_json: JsonOption = False) -> None:
    """The tiles the army may be ordered to this turn, and what each costs."""
    run(
        campaign,
        as_json,
        lambda c, cid: orders_reachable_tiles.sync_detailed(cid, army, client=c),
        lambda tiles: [" ".join(f"{t['q']},{t['r']}:{t['cost']}" for t in tiles) or "(none)"],
    )


def move(
    campaign: CampaignOption,
    army: ArmyArgument,
    path: Annotated[
        list[str], typer.Argument(metavar="Q,R...", help="The tiles of the march, e.g. 3,1 -1,5.")
    ],
    as_json: JsonOption = False,
) -> None:
    """Order an army to march along PATH (replaces its earlier order; `stop` cancels it)."""
    body = MoveSet(path=[coordinates(step) for step in path])
    run(
        campaign,
        as_json,
        lambda c, cid: orders_set_move.sync_detailed(
            cid, army, client=c, body=body, idempotency_key=key()
        ),
        lambda m: [
            f"army {army} moves {' '.join(f'{q},{r}' for q, r in body.path)}: "
            f"{m['used']} of {m['budget']} used"
        ],
    )


def stop(campaign: CampaignOption, army: ArmyArgument, as_json: JsonOption = False) -> None:
    """Cancel the army's move order: it stays where it is."""
    run(
        campaign,
        as_json,
        lambda c, cid: orders_cancel_move.sync_detailed(cid, army, client=c, idempotency_key=key()),
        f"army {army} stays",
    )


def entrench(
    campaign: CampaignOption, army: ArmyArgument, undo: UndoOption = False,
    as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Order the army to entrench this turn instead of moving (cover setting, R-OPT-4)."""
    if undo:
        run(
            campaign,
            as_json,
            lambda c, cid: orders_cancel_entrench.sync_detailed(
                cid, army, client=c, idempotency_key=key()
            ),
            f"army {army} no longer entrenches",
        )
        return
    run(
        campaign,
        as_json,
        lambda c, cid: orders_set_entrench.sync_detailed(
            cid, army, client=c, idempotency_key=key()
        ),
        f"army {army} entrenches this turn",
    )


def upgrade(
    campaign: CampaignOption, army: ArmyArgument, undo: UndoOption = False,
    as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Upgrade the army to the next tier at the turn change; its price is paid now."""
    if undo:
        run(
            campaign,
            as_json,
            lambda c, cid: orders_cancel_upgrade.sync_detailed(
                cid, army, client=c, idempotency_key=key()
            ),
            f"army {army}: upgrade cancelled, gold returned",
        )
        return
    run(
        campaign,
        as_json,
        lambda c, cid: orders_upgrade_army.sync_detailed(
            cid, army, client=c, idempotency_key=key()
        ),
        lambda o: [f"order {o['id']}: upgrade army {army} for {o['cost']} gold"],
    )


def build(
    campaign: CampaignOption,
    kind: Annotated[BuildKind, typer.Argument(help="What to build.")],
    where: Annotated[str, typer.Argument(metavar="Q,R", help="Where, e.g. 3,1 or -1,5.")],
    army: Annotated[int | None, typer.Option(help="The army that builds (outposts).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Order a build; its price is paid now (`cancel ORDER` pays it back)."""
    q, r = coordinates(where)
    body = BuildCreate(kind=kind, q=q, r=r, army_id=maybe(army))
    run(
        campaign,
        as_json,
        lambda c, cid: orders_order_build.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda o: [f"order {o['id']}: build {kind.value} at {q},{r} for {o['cost']} gold"],
    )


def raise_(
    campaign: CampaignOption,
    city: Annotated[int, typer.Argument(help="The level-2 city that raises the army.")],
    general: Annotated[int | None, typer.Option(help="A general to lead it.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Raise an army in a city; it appears at the turn change."""
    body = RaiseCreate(city_id=city, general_id=maybe(general))
    run(
        campaign,
        as_json,
        lambda c, cid: orders_raise_army.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda o: [f"order {o['id']}: raise an army in city {city} for {o['cost']} gold"],
    )


def recruit(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Recruit a general: it serves, free, from the turn change (R-ARMY-2)."""
    run(
        campaign,
        as_json,
        lambda c, cid: orders_recruit_general.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda g: [f"general {g['id']} recruited for {g['cost']} gold"],
    )


def assign(
    campaign: CampaignOption,
    general: Annotated[int, typer.Argument(help="The general's id (see `marchlords generals`).")],
    army: Annotated[int, typer.Argument(help="The army it will lead.")],
    as_json: JsonOption = False,
) -> None:
    """Put a general at the head of an army."""
    body = GeneralAssign(general_id=general)
    run(
        campaign,
        as_json,
        lambda c, cid: orders_assign_general.sync_detailed(
            cid, army, client=c, body=body, idempotency_key=key()
        ),
        f"general {general} leads army {army}",
    )


def faction_action(
    campaign: CampaignOption, undo: UndoOption = False, as_json: JsonOption = False
) -> None:
    """Use your faction's action this turn; it acts at the turn change (R-FAC)."""
    if undo:
        run(
            campaign,
            as_json,
            lambda c, cid: orders_cancel_faction_action.sync_detailed(
                cid, client=c, idempotency_key=key()
            ),
            "faction action cancelled",
        )
        return
    run(
        campaign,
        as_json,
        lambda c, cid: orders_use_faction_action.sync_detailed(
            cid, client=c, idempotency_key=key()
        ),
        lambda o: [f"order {o['id']}: faction action for {o['cost']} gold"],
    )


def orders(
    campaign: CampaignOption,
    builds: Annotated[bool, typer.Option("--builds", help="Only the build orders.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Your orders of this turn, with their ids (for `cancel`)."""
    endpoint = orders_list_builds if builds else orders_list_orders
    run(campaign, as_json, lambda c, cid: endpoint.sync_detailed(cid, client=c))


def cancel(
    campaign: CampaignOption,
    order: Annotated[int, typer.Argument(help="The order's id (see `marchlords orders`).")],
    build_only: Annotated[
        bool, typer.Option("--build", help="Refuse unless ORDER is a build.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Cancel one of this turn's orders; what it cost is paid back."""
    endpoint = orders_cancel_build if build_only else orders_cancel_order
    run(
        campaign,
        as_json,
        lambda c, cid: endpoint.sync_detailed(cid, order, client=c, idempotency_key=key()),
        f"order {order} cancelled",
    )


def ready_lines(turn: dict[str, Any], undo: bool) -> Iterable[str]:
    yield f"turn {turn['number']}: {'not ' if undo else ''}ready"
    if undo:
        return
    if turn.get("awaiting_owner"):
        yield "everyone is ready: the owner must still confirm (`marchlords turn resolve`)"
    elif turn.get("change_due_at"):
        yield f"everyone is ready: the turn changes at {turn['change_due_at']}"
    elif turn.get("blocked_by"):
        yield "waiting for: " + "; ".join(str(reason) for reason in turn["blocked_by"])


def ready(
    campaign: CampaignOption,
    undo: Annotated[bool, typer.Option("--undo", help="Withdraw your readiness.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Declare yourself ready for the turn change (or `--undo`); says what it still waits for."""
    endpoint = turn_withdraw_ready if undo else turn_declare_ready
    run(
        campaign,
        as_json,
        lambda c, cid: endpoint.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda turn: ready_lines(turn, undo),
    )


COMMANDS: tuple[tuple[str, Callable[..., None]], ...] = (
    ("me", me),
    ("map", map_),
    ("tile", tile),
    ("armies", armies),
    ("generals", generals),
    ("reachable", reachable),
    ("move", move),
    ("stop", stop),
    ("entrench", entrench),
    ("upgrade", upgrade),
    ("build", build),
    ("raise", raise_),
    ("recruit", recruit),
    ("assign", assign),
    ("faction-action", faction_action),
    ("orders", orders),
    ("cancel", cancel),
    ("ready", ready),
)


def install(app: typer.Typer) -> None:
    for name, command in COMMANDS:
        app.command(name)(command)
