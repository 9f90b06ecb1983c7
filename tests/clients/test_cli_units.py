"""Pure parts of the `marchlords` CLI: the text hex map and its legend, coordinates, the
event-stream reader, and that every operation of the API has a command."""

import ast
import re
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
from marchlords_cli.common import coordinates, protect
from marchlords_cli.hexmap import LEGEND, STRUCTURES, TERRAIN, UNKNOWN, draw
from marchlords_cli.main import app
from marchlords_cli.watch import server_sent_events

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "clients" / "cli" / "marchlords_cli"
API = ROOT / "clients" / "python" / "marchlords_client" / "api"
# Operations no command wraps, and why.
NOT_COMMANDS = {
    "ops_healthz": "a probe for load balancers, not a player's action",
    "ops_readyz": "a probe for load balancers, not a player's action",
    "calendar_read_calendar": "the feed's secret URL is for calendar applications",
    "events_stream_events": "`watch` reads the stream itself (the generated call buffers it)",
    "notifications_email_confirmation_page": "the page an email's link opens in a browser",
    "notifications_email_unsubscribe_page": "the page an email's link opens in a browser",
    "notifications_address_change_undo_page": "the page an email's link opens in a browser",
    # Web Push: a browser subscribes itself, with keys only its push manager holds.
    "notifications_get_push_key": "read by a browser to subscribe itself to Web Push",
    "notifications_create_push_subscription": "a browser's own Web Push subscription",
    "notifications_list_push_subscriptions": "a browser's own Web Push subscription",
    "notifications_delete_push_subscription": "a browser's own Web Push subscription",
    # Sign-in with a provider: a browser's redirects, its tickets and the account's identities.
    "auth_list_providers": "the sign-in screen's buttons; a provider signs in through a browser",
    "auth_start_sign_in": "a redirect a browser follows to the provider",
    "auth_sign_in_callback": "the provider's redirect back to a browser",
    "auth_exchange_ticket": "the web client ends a provider's sign-in with it",
    "auth_complete_sign_up": "the web client ends a provider's sign-up with it",
    "users_start_link": "a redirect a browser follows to the provider",
    "users_list_identities": "managed where they are linked: in a browser",
    "users_unlink_identity": "managed where they are linked: in a browser",
    # Discord: the interactions are Discord's; linking shows a code the user types in Discord.
    "discord_discord_interaction": "called by Discord, signed with its key",
    "discord_create_discord_link_code": "a code shown to be typed in Discord (web client)",
    "discord_read_discord_link": "shown where the code is (web client)",
    "discord_unlink_discord": "shown where the code is (web client)",
}


def test_text_map_shifts_rows_by_half_a_tile_and_marks_owners() -> None:
    # Odd-r rows in axial coordinates: row r holds q from -floor(r/2); column 2q + r.
    tiles: list[dict[str, object]] = [
        {"q": 0, "r": 0, "fog": "visible", "terrain": "plain"},
        {"q": 1, "r": 0, "fog": "visible", "terrain": "sea"},
        {
            "q": 0,
            "r": 1,
            "fog": "visible",
            "terrain": "city",
            "owner": 1,
            "structure": {"kind": "city", "level": 1},
        },
        {
            "q": 1,
            "r": 1,
            "fog": "visible",
            "terrain": "plain",
            "owner": 2,
            "armies": [{"id": 7, "owner": 2, "tier": 1}],
        },
        {"q": -1, "r": 2, "fog": "explored", "terrain": "forest"},
        {"q": 0, "r": 2, "fog": "unexplored"},
    ]

    assert draw(tiles, me=1).splitlines() == [". ~", " C1!2", "f #"]
    assert draw(tiles, me=2).splitlines()[1] == " C1@2"


def test_event_stream_reader_skips_comments_and_joins_data_lines() -> None:
    lines = [
        "retry: 3000",
        ": connected",
        "",
        "id: AAAAAAAAAAAAAAAA",
        "event: player_ready",
        'data: {"player": 1,',
        'data: "ready": true}',
        "",
        ": keep-alive",
        "",
    ]

    assert list(server_sent_events(iter(lines))) == [
        {"id": "AAAAAAAAAAAAAAAA", "event": "player_ready", "data": '{"player": 1,\n"ready": true}'}
    ]


def test_the_legend_explains_every_glyph_the_map_draws() -> None:
    tiles: list[dict[str, object]] = [
        {"q": i, "r": 0, "fog": "visible", "terrain": terrain} for i, terrain in enumerate(TERRAIN)
    ]
    tiles += [
        {"q": i, "r": 1, "fog": "visible", "terrain": "plain", "structure": {"kind": kind}}
        for i, kind in enumerate(STRUCTURES)
    ]
    tiles += [
        {"q": 0, "r": 2, "fog": "unexplored"},
        {"q": 1, "r": 2, "fog": "explored", "terrain": None},
        {"q": 2, "r": 2, "fog": "visible", "terrain": "plain", "armies": [{"owner": 1}]},
        {"q": 3, "r": 2, "fog": "visible", "terrain": "plain", "armies": [{"owner": 2}]},
    ]
    drawn = {glyph for glyph in draw(tiles, me=1) if glyph not in " \n"}
    explained = set(re.findall(r"(?:^|  )(\S) ", LEGEND, flags=re.MULTILINE))
    explained |= set("CTP")  # "C city  T outpost  P port"

    assert {"c", "p", UNKNOWN, "@", "!", "#"} <= drawn
    assert drawn - explained == set()


def test_coordinates_take_negative_values_and_protect_hides_them_from_options() -> None:
    assert coordinates("-1,5") == [-1, 5]
    assert coordinates(" -1,5") == [-1, 5]  # as protect hands it over
    assert coordinates("(3, -2)") == [3, -2]
    with pytest.raises(typer.BadParameter):
        coordinates("3;1")
    assert protect(["move", "-c", "x", "7", "-1,5", "0,-3", "--json", "-2"]) == [
        "move", "-c", "x", "7", " -1,5", "0,-3", "--json", "-2"
    ]  # fmt: skip


def test_every_operation_of_the_api_has_a_command() -> None:
    operations = {path.stem for path in API.glob("*/*.py") if path.stem != "__init__"}
    used: set[str] = set()
    for source in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "marchlords_client.api"
            ):
                used.update(alias.name for alias in node.names)

    assert operations - used - set(NOT_COMMANDS) == set()
    assert set(NOT_COMMANDS) <= operations  # no stale excuse


def test_every_command_takes_json() -> None:
    def leaves(command: Any, path: str) -> list[tuple[str, Any]]:
        subcommands = getattr(command, "commands", None)  # a group (typer's own click)
        if subcommands is None:
            return [(path, command)]
        found: list[tuple[str, Any]] = []
        for name, sub in sorted(subcommands.items()):
            found += leaves(sub, f"{path} {name}")
        return found

    commands = leaves(typer.main.get_command(app), "marchlords")
    lacking = [
        path
        for path, command in commands
        if not any("--json" in param.opts for param in command.params)
    ]

    assert len(commands) > 100
    assert lacking == []
