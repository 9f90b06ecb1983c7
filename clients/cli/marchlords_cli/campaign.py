"""Campaigns from creation to the end (`marchlords campaign …`), maps, house rules."""

import json
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from marchlords_client.api.campaigns import (
    campaigns_choose_faction,
    campaigns_create_campaign,
    campaigns_end_campaign,
    campaigns_extend_deadline,
    campaigns_join_campaign,
    campaigns_leave_campaign,
    campaigns_list_campaign_factions,
    campaigns_list_campaigns,
    campaigns_list_players,
    campaigns_pause_campaign,
    campaigns_read_campaign,
    campaigns_read_campaign_ruleset,
    campaigns_resume_campaign,
    campaigns_start_campaign,
    campaigns_update_campaign,
)
from marchlords_client.api.house_rules import (
    house_rules_create_house_rule,
    house_rules_delete_house_rule,
    house_rules_list_house_rule_changes,
    house_rules_list_house_rules,
    house_rules_update_house_rule,
)
from marchlords_client.api.maps import (
    maps_generate_map,
    maps_list_maps,
    maps_read_map,
    maps_upload_map,
)
from marchlords_client.api.rulesets import rulesets_read_default_ruleset
from marchlords_client.api.transfer import transfer_export_campaign, transfer_import_campaign
from marchlords_client.models import (
    AmendmentKind,
    CampaignCreate,
    CampaignImport,
    CampaignUpdate,
    DeadlineExtension,
    GeneratedMap,
    HouseRuleCreate,
    HouseRuleUpdate,
    JoinRequest,
    MapDocument,
    PlayerChoice,
)

from marchlords_cli.common import (
    EXIT_USAGE,
    CampaignOption,
    JsonOption,
    call,
    fail,
    group,
    in_campaign,
    key,
    maybe,
    run,
    session,
    show,
)

campaign = group("Create, join, set up, start, pause and end campaigns.")
maps = group("Maps: the built-in ones, generated and uploaded ones.")
house_rules = group("The campaign's house rules (the owner writes them).")

SettingOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="A campaign setting, NAME=VALUE (JSON value, or text), e.g. --set auto_resolve=true.",
    ),
]
RulesetOption = Annotated[
    Path | None,
    typer.Option(help="A JSON file: a partial ruleset merged over the default (R-HOUSE-2)."),
]


def settings_of(pairs: list[str] | None) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise typer.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--set")
        try:
            found[name] = json.loads(text)
        except ValueError:
            found[name] = text
    return found


def json_file(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        fail(EXIT_USAGE, f"cannot read {path} as JSON: {error}")


def campaign_lines(c: dict[str, Any]) -> Iterable[str]:
    role = f"player {c['my_player']}" if c.get("my_player") is not None else "game master"
    if not c.get("is_owner") and c.get("my_player") is None:
        role = "onlooker"
    yield f"{c['id']}  {c['name']}: {c['status']}, turn {c['turn']}, {c['players']} players"
    yield f"you: {role}{' (owner)' if c.get('is_owner') else ''}"
    if c.get("invite_code"):
        yield f"invite code: {c['invite_code']}"
        yield f"others join with: marchlords campaign join {c['id']} {c['invite_code']}"


def players_lines(players: list[dict[str, Any]]) -> Iterable[str]:
    for p in players:
        flags = [
            name
            for name, on in (
                ("you", p.get("is_you")),
                ("owner", p.get("is_owner")),
                ("ready", p.get("ready")),
                ("steward", p.get("inactive")),
                ("seat offered", p.get("offered")),
                (f"away until {p.get('vacation_until')}", p.get("vacation_until")),
            )
            if on
        ]
        faction = p.get("faction") or "no faction"
        slot = f"slot {p['slot']}" if p.get("slot") is not None else "no slot"
        yield f"player {p['number']}  {p['name']}  {faction}  {slot}  {', '.join(flags)}".rstrip()


# -- the caller's campaigns --------------------------------------------------------------------


def campaigns(as_json: JsonOption = False) -> None:
    """The campaigns you own or play in."""
    with session() as client:
        page = call(
            lambda: campaigns_list_campaigns.sync_detailed(client=client, limit=100), as_json
        )
    if as_json:
        show(page, as_json)
        return
    for c in page["items"]:
        seat = f"player {c['my_player']}" if c.get("my_player") is not None else "owner"
        typer.echo(
            f"{c['id']}  {c['status']:<8} turn {c['turn']:<3} {c['players']} players  "
            f"{seat:<9} {c['name']}"
        )


def map_id_of(client: Any, wanted: str, as_json: bool) -> str:
    """A map named by id, built-in key (`skirmish`) or exact name."""
    try:
        return str(uuid.UUID(wanted))
    except ValueError:
        pass
    page = call(lambda: maps_list_maps.sync_detailed(client=client, limit=100), as_json)
    matches = [m["id"] for m in page["items"] if wanted in (m.get("builtin_key"), m["name"])]
    if len(matches) != 1:
        fail(EXIT_USAGE, f"{'no' if not matches else 'more than one'} map matches {wanted!r}")
    return str(matches[0])


@campaign.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The campaign's name.")],
    map_name: Annotated[
        str | None,
        typer.Option("--map", help="A map: id, built-in key (e.g. skirmish) or exact name."),
    ] = None,
    generate: Annotated[
        str | None, typer.Option(help="Generate a map instead: WIDTHxHEIGHT, e.g. 16x12.")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Generated map: start slots.")] = None,
    seed: Annotated[int | None, typer.Option(help="Generated map: its seed.")] = None,
    wrap: Annotated[
        str | None, typer.Option(help="Generated map: none, horizontal or torus.")
    ] = None,
    setting: SettingOption = None,
    ruleset: RulesetOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a campaign (you own it); it prints the invite code players join with."""
    body: dict[str, Any] = {"name": name, "settings": settings_of(setting)}
    if ruleset is not None:
        body["ruleset"] = json_file(ruleset)
    with session() as client:
        if generate is not None:
            width, _, height = generate.lower().partition("x")
            if not (width.isdigit() and height.isdigit()):
                raise typer.BadParameter("WIDTHxHEIGHT, e.g. 16x12", param_hint="--generate")
            generated: dict[str, Any] = {"width": int(width), "height": int(height)}
            for field, value in (("players", players), ("seed", seed), ("wrap", wrap)):
                if value is not None:
                    generated[field] = value
            body["generate_map"] = GeneratedMap.from_dict(generated).to_dict()
        else:
            body["map_id"] = map_id_of(client, map_name or "skirmish", as_json)
        created = call(
            lambda: campaigns_create_campaign.sync_detailed(
                client=client, body=CampaignCreate.from_dict(body), idempotency_key=key()
            ),
            as_json,
        )
    show(created, as_json, campaign_lines)


@campaign.command("show")
def read(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The campaign: status, turn, your role, settings, invite code (owner)."""

    def lines(c: dict[str, Any]) -> Iterable[str]:
        yield from campaign_lines(c)
        for name, value in sorted(c["settings"].items()):
            yield f"  {name}: {json.dumps(value)}"

    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_read_campaign.sync_detailed(cid, client=c),
        lines,
    )


@campaign.command("update")
def update(
    campaign: CampaignOption,
    name: Annotated[str | None, typer.Option(help="A new name.")] = None,
    setting: SettingOption = None,
    ruleset: RulesetOption = None,
    as_json: JsonOption = False,
) -> None:
    """Rename it, change settings or the ruleset (owner; most only before the start)."""
    body: dict[str, Any] = {}
    if name is not None:
        body["name"] = name
    if setting:
        body["settings"] = settings_of(setting)
    if ruleset is not None:
        body["ruleset"] = json_file(ruleset)
    update_body = CampaignUpdate.from_dict(body)
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_update_campaign.sync_detailed(
            cid, client=c, body=update_body, idempotency_key=key()
        ),
        campaign_lines,
    )


@campaign.command("join")
def join(
    campaign_id: Annotated[str, typer.Argument(help="The campaign's full id.")],
    invite_code: Annotated[str, typer.Argument(help="The invite code the owner gave you.")],
    as_json: JsonOption = False,
) -> None:
    """Join a campaign with its invite code (then `campaign choose`)."""
    try:
        cid = uuid.UUID(campaign_id)
    except ValueError:
        raise typer.BadParameter("the campaign's full id (you are not in it yet)") from None
    body = JoinRequest(invite_code=invite_code)
    with session() as client:
        player = call(
            lambda: campaigns_join_campaign.sync_detailed(
                cid, client=client, body=body, idempotency_key=key()
            ),
            as_json,
        )
    show(player, as_json, f"joined as player {player['number']}")


@campaign.command("choose")
def choose(
    campaign: CampaignOption,
    faction: Annotated[str | None, typer.Option(help="Your faction's key, e.g. empire.")] = None,
    slot: Annotated[int | None, typer.Option(help="Your start slot on the map.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Choose your faction and start slot (before the start)."""
    body = PlayerChoice(faction=maybe(faction), slot=maybe(slot))
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_choose_faction.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda p: players_lines([p]),
    )


@campaign.command("leave")
def leave(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Leave a campaign that has not started."""
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_leave_campaign.sync_detailed(cid, client=c, idempotency_key=key()),
        "left the campaign",
    )


@campaign.command("players")
def players(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The players: seat numbers, names, factions, slots, readiness and seat states."""
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_list_players.sync_detailed(cid, client=c),
        players_lines,
    )


def lifecycle(name: str, endpoint: Any, help_text: str) -> None:
    """A campaign command that only says go (owner): start, pause, resume, end."""

    def command(campaign: CampaignOption, as_json: JsonOption = False) -> None:
        run(
            campaign,
            as_json,
            lambda c, cid: endpoint.sync_detailed(cid, client=c, idempotency_key=key()),
            lambda found: [f"campaign {name}: {found['status']}"],
        )

    command.__doc__ = help_text
    campaign.command(name)(command)


lifecycle("start", campaigns_start_campaign, "Start the campaign (owner): turn 1 begins.")
lifecycle("pause", campaigns_pause_campaign, "Pause it (owner): deadlines and clocks stop.")
lifecycle("resume", campaigns_resume_campaign, "Resume it (owner): the clocks move on.")
lifecycle("end", campaigns_end_campaign, "End it now (owner): the standings become final.")


@campaign.command("extend")
def extend(
    campaign: CampaignOption,
    hours: Annotated[int, typer.Argument(help="Hours to add to the turn deadline.")],
    as_json: JsonOption = False,
) -> None:
    """Push the turn deadline back (owner)."""
    body = DeadlineExtension(extend_hours=hours)
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_extend_deadline.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda t: [f"turn {t['number']}: deadline {t.get('deadline_at')}"],
    )


@campaign.command("ruleset")
def ruleset(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The campaign's whole ruleset (JSON)."""
    found = in_campaign(
        campaign,
        as_json,
        lambda c, cid: campaigns_read_campaign_ruleset.sync_detailed(cid, client=c),
    )
    show(found, True)


@campaign.command("factions")
def factions(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The factions you may pick, named in your language."""
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_list_campaign_factions.sync_detailed(cid, client=c),
        lambda fs: [f"{f['key']}: {f['name']}" for f in fs],
    )


def rules(as_json: JsonOption = False) -> None:
    """The default ruleset (JSON), what `--ruleset` files amend."""
    with session() as client:
        found = call(lambda: rulesets_read_default_ruleset.sync_detailed(client=client), as_json)
    show(found, True)


@campaign.command("export")
def export(
    campaign: CampaignOption,
    output: Annotated[Path, typer.Option("--output", "-o", help="The file to write.")],
    messages: Annotated[bool, typer.Option(help="Include every message.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Download the whole campaign as one JSON document (owner; R-CAMP-9)."""
    document = in_campaign(
        campaign,
        as_json,
        lambda c, cid: transfer_export_campaign.sync_detailed(cid, client=c, messages=messages),
    )
    output.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    show(
        {"file": str(output), "turns": len(document.get("turns", []))},
        as_json,
        f"saved {output} (turn {document['campaign'].get('turn', '?')})"
        if isinstance(document.get("campaign"), dict)
        else f"saved {output}",
    )


@campaign.command("import")
def import_(
    document: Annotated[Path, typer.Argument(help="An exported campaign (JSON file).")],
    seat: Annotated[
        list[str], typer.Option(help="NUMBER=USERNAME for every seat, e.g. --seat 1=carol.")
    ],
    name: Annotated[str | None, typer.Option(help="A new name (default: the same).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Import an exported campaign: you own the copy; every seat goes to a user."""
    seats = {}
    for pair in seat:
        number, sep, username = pair.partition("=")
        if not sep or not number.isdigit():
            raise typer.BadParameter(f"{pair!r} is not NUMBER=USERNAME", param_hint="--seat")
        seats[number] = username
    body: dict[str, Any] = {"document": json_file(document), "seats": seats}
    if name is not None:
        body["name"] = name
    with session() as client:
        imported = call(
            lambda: transfer_import_campaign.sync_detailed(
                client=client, body=CampaignImport.from_dict(body), idempotency_key=key()
            ),
            as_json,
        )
    show(imported, as_json, lambda i: [f"imported {i['id']} ({i['name']}, turn {i['turn']})"])


# -- maps --------------------------------------------------------------------------------------


@maps.command("list")
def list_maps(as_json: JsonOption = False) -> None:
    """The maps you may use: built-in, generated and your uploads."""
    with session() as client:
        page = call(lambda: maps_list_maps.sync_detailed(client=client, limit=100), as_json)
    show(
        page,
        as_json,
        lambda page: [
            f"{m['id']}  {m['width']}x{m['height']} {m['slots']} slots  {m['name']}"
            + (f" (built-in: {m['builtin_key']})" if m.get("builtin_key") else "")
            for m in page["items"]
        ],
    )


@maps.command("show")
def read_map(
    map_name: Annotated[str, typer.Argument(help="Id, built-in key or exact name.")],
    as_json: JsonOption = False,
) -> None:
    """A map and its document (JSON)."""
    with session() as client:
        mid = uuid.UUID(map_id_of(client, map_name, as_json))
        show(call(lambda: maps_read_map.sync_detailed(mid, client=client), as_json), True)


@maps.command("generate")
def generate_map(
    width: Annotated[int, typer.Option(help="Columns.")] = 24,
    height: Annotated[int, typer.Option(help="Rows.")] = 18,
    players: Annotated[int, typer.Option(help="Start slots.")] = 4,
    seed: Annotated[int, typer.Option(help="Same seed, same map.")] = 0,
    wrap: Annotated[str, typer.Option(help="none, horizontal or torus.")] = "none",
    as_json: JsonOption = False,
) -> None:
    """Generate a map and keep it."""
    body = GeneratedMap.from_dict(
        {"width": width, "height": height, "players": players, "seed": seed, "wrap": wrap}
    )
    with session() as client:
        made = call(lambda: maps_generate_map.sync_detailed(client=client, body=body), as_json)
    show(made, as_json, lambda m: [f"map {m['id']}: {m['width']}x{m['height']} {m['name']}"])


@maps.command("upload")
def upload_map(
    document: Annotated[Path, typer.Argument(help="A map document (JSON file).")],
    as_json: JsonOption = False,
) -> None:
    """Upload a map document."""
    body = MapDocument.from_dict(json_file(document))
    with session() as client:
        made = call(lambda: maps_upload_map.sync_detailed(client=client, body=body), as_json)
    show(made, as_json, lambda m: [f"map {m['id']}: {m['width']}x{m['height']} {m['name']}"])


# -- house rules -------------------------------------------------------------------------------


@house_rules.command("list")
def list_house_rules(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The campaign's amendments to the rulebook."""

    def lines(found: dict[str, Any]) -> Iterable[str]:
        for rule in found.get("amendments", []):
            yield f"{rule['id']}  {rule['kind']} {rule['section']}: {rule['text']}"

    run(
        campaign,
        as_json,
        lambda c, cid: house_rules_list_house_rules.sync_detailed(cid, client=c),
        lines,
    )


@house_rules.command("add")
def add_house_rule(
    campaign: CampaignOption,
    section: Annotated[str, typer.Argument(help="The rulebook's section, e.g. 'Magic'.")],
    text: Annotated[str, typer.Argument(help="The amendment.")],
    kind: Annotated[AmendmentKind, typer.Option(help="How it changes the rulebook.")] = (
        AmendmentKind.ADD
    ),
    page: Annotated[str | None, typer.Option(help="The page it amends, e.g. 'p. 87'.")] = None,
    position: Annotated[int | None, typer.Option(help="1 = first.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Add a house rule (owner)."""
    body = HouseRuleCreate(
        section=section, kind=kind, text=text, page=maybe(page), position=maybe(position)
    )
    run(
        campaign,
        as_json,
        lambda c, cid: house_rules_create_house_rule.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda r: [f"house rule {r['id']} added"],
    )


@house_rules.command("update")
def update_house_rule(
    campaign: CampaignOption,
    rule_id: Annotated[int, typer.Argument(help="The rule's id.")],
    section: Annotated[str | None, typer.Option()] = None,
    text: Annotated[str | None, typer.Option()] = None,
    kind: Annotated[AmendmentKind | None, typer.Option()] = None,
    page: Annotated[str | None, typer.Option()] = None,
    position: Annotated[int | None, typer.Option()] = None,
    as_json: JsonOption = False,
) -> None:
    """Change a house rule (owner)."""
    body = HouseRuleUpdate(
        section=maybe(section),
        text=maybe(text),
        kind=maybe(kind),
        page=maybe(page),
        position=maybe(position),
    )
    run(
        campaign,
        as_json,
        lambda c, cid: house_rules_update_house_rule.sync_detailed(
            cid, rule_id, client=c, body=body, idempotency_key=key()
        ),
        lambda r: [f"house rule {r['id']} changed"],
    )


@house_rules.command("delete")
def delete_house_rule(
    campaign: CampaignOption,
    rule_id: Annotated[int, typer.Argument(help="The rule's id.")],
    as_json: JsonOption = False,
) -> None:
    """Delete a house rule (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: house_rules_delete_house_rule.sync_detailed(
            cid, rule_id, client=c, idempotency_key=key()
        ),
        f"house rule {rule_id} deleted",
    )


@house_rules.command("history")
def house_rule_history(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Every change to the house rules, newest first."""
    run(
        campaign,
        as_json,
        lambda c, cid: house_rules_list_house_rule_changes.sync_detailed(cid, client=c, limit=100),
    )


def install(app: typer.Typer) -> None:
    app.command()(campaigns)
    app.command()(rules)
    app.add_typer(campaign, name="campaign")
    app.add_typer(maps, name="maps")
    app.add_typer(house_rules, name="house-rule")
