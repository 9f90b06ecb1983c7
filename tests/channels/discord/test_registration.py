"""The `/marchlords` command `scripts/discord_register` sends Discord: what Discord accepts
(names, lengths), in English and French, and exactly the subcommands the server answers."""

import importlib.util
import json
import re
from pathlib import Path

import pytest

from app.channels.discord.commands import COMMAND, HANDLERS
from app.channels.discord.registration import command, commands_url

ROOT = Path(__file__).resolve().parents[3]
# Discord's rules for a chat command's names and descriptions.
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def _described(item: dict[str, object]) -> None:
    description = item["description"]
    assert isinstance(description, str)
    assert 1 <= len(description) <= 100
    localized = item["description_localizations"]
    assert isinstance(localized, dict)
    assert set(localized) == {"fr"}
    assert 1 <= len(localized["fr"]) <= 100
    assert localized["fr"] != description


def test_the_registered_command_is_what_discord_accepts_in_both_languages() -> None:
    body = command()
    assert body["name"] == COMMAND
    assert body["type"] == 1
    _described(body)
    for sub in body["options"]:
        assert NAME.match(sub["name"])
        assert sub["type"] == 1
        _described(sub)
        for option in sub["options"]:
            assert NAME.match(option["name"])
            assert option["type"] == 3
            assert option["required"] is True
            _described(option)


def test_every_registered_subcommand_is_answered_and_every_answered_one_registered() -> None:
    registered = {sub["name"]: sub for sub in command()["options"]}
    assert set(registered) == set(HANDLERS)
    # The options the handlers read.
    assert [o["name"] for o in registered["link"]["options"]] == ["code"]
    assert [o["name"] for o in registered["bind"]["options"]] == ["campaign"]


def test_commands_are_registered_globally_or_in_one_server() -> None:
    assert commands_url("42") == "https://discord.com/api/v10/applications/42/commands"
    assert commands_url("42", "7") == (
        "https://discord.com/api/v10/applications/42/guilds/7/commands"
    )


def test_the_script_dry_run_prints_the_request_and_sends_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location(
        "discord_register", ROOT / "scripts" / "discord_register.py"
    )
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setenv("MARCHLORDS_DISCORD_APPLICATION_ID", "42")
    monkeypatch.delenv("MARCHLORDS_DISCORD_GUILD_ID", raising=False)
    assert script.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PUT https://discord.com/api/v10/applications/42/commands\n")
    assert json.loads(out.partition("\n")[2]) == [command()]
