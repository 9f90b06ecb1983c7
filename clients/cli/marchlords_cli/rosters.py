"""Army lists (`marchlords roster …`): attach the list an army fields, see whether it fits the
army's tier, detach it, or take its file back (R-ARMY-4, R-SYS, R-FOG-4)."""

import base64
from pathlib import Path
from typing import Annotated, Any

import typer
from marchlords_client.api.rosters import (
    rosters_delete_roster,
    rosters_put_roster,
    rosters_read_roster,
    rosters_read_roster_original,
)
from marchlords_client.api.world import world_list_armies
from marchlords_client.models import RosterFormat, RosterUpload

from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    answer,
    call,
    campaign_id,
    group,
    key,
    run,
    session,
    show,
)

roster = group(
    "Army lists: attach one to an army, check it against the tier, its losses and battles."
)
ArmyArgument = Annotated[int, typer.Argument(help="The army's id (`armies`).")]
FORMATS = [f.value for f in RosterFormat]


def lines(r: dict[str, Any]) -> list[str]:
    check = r["check"]
    verdict = "fits"
    if not check["fits"]:
        army, general = check["army_points_excess"], check["general_points_excess"]
        verdict = f"exceeds: army +{army}, general +{general}"
    found = [
        f"army {r['army_id']}: {r['name']} ({r['faction']}, {r['game_system']})",
        f"tier {check['tier']}: army {check['army_points']}/{check['army_points_cap']},"
        f" general {check['general_points']}/{check['general_points_cap']} — {verdict}",
    ]
    found += [
        f"  {u['count']}× {u['name']}  {u['points']} pts" + (" (general)" if u["general"] else "")
        for u in r["units"]
    ]
    found += [
        f"lost: {loss['lost']} of {r['units'][loss['unit']]['count']} {loss['name']}"
        f" ({loss['state'].replace('_', ' ')})"
        for loss in r.get("losses", [])
    ]
    return found + [f"warning: {w}" for w in r["warnings"]]


def history_lines(army: int, armies: dict[str, Any]) -> list[str]:
    """An army's veteran history (R-ARMY-7) from the armies list (`GET …/armies`)."""
    found = [a for a in (*armies["mine"], *armies["others"]) if a["id"] == army]
    if not found:
        return [f"army {army}: not one of yours"]
    battles = found[0].get("veteran") or []
    out = [f"army {army}: {len(battles)} battle{'' if len(battles) == 1 else 's'}"]
    for b in battles:
        against = ", ".join(o["name"] or str(o["number"]) for o in b["opponents"]) or "garrison"
        lost = "; ".join(f"{c['lost']} {c['name']}" for c in b["casualties"])
        out.append(
            f"  battle {b['battle_id']} turn {b['turn']} as {b['side']} against {against}:"
            f" {b['result']}, {b['losses_pct']}% lost" + (f" ({lost})" if lost else "")
        )
    return out


@roster.command("attach")
def attach(
    campaign: CampaignOption,
    army: ArmyArgument,
    file: Annotated[
        Path, typer.Argument(help="The list: .owb.json, New Recruit JSON, .rosz, text.")
    ],
    format_: Annotated[
        str | None,
        typer.Option("--format", help=f"One of {', '.join(FORMATS)}; detected when omitted."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Attach a list to your army (replacing its list) and show how it fits the tier."""
    if format_ is not None and format_ not in FORMATS:
        raise typer.BadParameter(f"--format must be one of {', '.join(FORMATS)}")
    data = file.read_bytes()
    try:
        content, encoded = data.decode("utf-8"), False
    except UnicodeDecodeError:  # a zipped .rosz: sent as base64
        content, encoded = base64.b64encode(data).decode("ascii"), True
    body = RosterUpload(
        content=content,
        base64=encoded,
        format_=RosterFormat(format_) if format_ is not None else None,
        filename=file.name,
    )
    run(
        campaign,
        as_json,
        lambda c, cid: rosters_put_roster.sync_detailed(
            cid, army, client=c, body=body, idempotency_key=key()
        ),
        lines,
    )


@roster.command("show")
def show_(campaign: CampaignOption, army: ArmyArgument, as_json: JsonOption = False) -> None:
    """Your army's list and whether it fits its tier."""
    run(
        campaign,
        as_json,
        lambda c, cid: rosters_read_roster.sync_detailed(cid, army, client=c),
        lines,
    )


@roster.command("history")
def history(campaign: CampaignOption, army: ArmyArgument, as_json: JsonOption = False) -> None:
    """Your army's battles: each confirmed result, its opponent and what it lost (R-ARMY-7)."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        armies = call(lambda: world_list_armies.sync_detailed(cid, client=client), as_json)
    found = [a for a in (*armies["mine"], *armies["others"]) if a["id"] == army]
    veteran = (found[0].get("veteran") or []) if found else None
    show({"army_id": army, "veteran": veteran}, as_json, lambda _: history_lines(army, armies))


@roster.command("detach")
def detach(campaign: CampaignOption, army: ArmyArgument, as_json: JsonOption = False) -> None:
    """Detach your army's list."""
    run(
        campaign,
        as_json,
        lambda c, cid: rosters_delete_roster.sync_detailed(
            cid, army, client=c, idempotency_key=key()
        ),
        f"army {army}: list detached",
    )


@roster.command("original")
def original(
    campaign: CampaignOption,
    army: ArmyArgument,
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to save the file.")],
    as_json: JsonOption = False,
) -> None:
    """Save the list's file as it was uploaded (to take back to its builder)."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        data = answer(
            lambda: rosters_read_roster_original.sync_detailed(cid, army, client=client), as_json
        ).content
    output.write_bytes(data)
    show({"file": str(output), "bytes": len(data)}, as_json, f"saved {output} ({len(data)} bytes)")


def install(app: typer.Typer) -> None:
    app.add_typer(roster, name="roster")
