"""The `/marchlords` command as Discord's API registers it (`scripts/discord_register`).

One global command with a subcommand per action, described in English and French (Discord
shows each user their own language). Registering overwrites the application's commands with
these (`PUT /applications/{id}/commands`, or a server's alone with a guild id, which Discord
updates at once where global commands take a while).
"""

from typing import Any

from app.channels.discord.commands import COMMAND
from app.channels.discord.interactions import SUB_COMMAND
from app.platform.i18n import LANGUAGES, Text, _, say

API = "https://discord.com/api/v10"
STRING = 3  # Discord's option type of a string
CHAT_INPUT = 1  # a slash command

# (subcommand, its description, its string options: (name, description, max length)).
SUBCOMMANDS: tuple[tuple[str, Text, tuple[tuple[str, Text, int], ...]], ...] = (
    (
        "link",
        _("Link your Marchlords account with a code from the web client's settings"),
        (("code", _("The code shown in Settings, e.g. 7KQ2M-XW9DA"), 20),),
    ),
    (
        "bind",
        _("Bind one of your campaigns to this channel (its owner)"),
        (("campaign", _("The campaign's id, from its address in the web client"), 36),),
    ),
    ("unbind", _("Unbind this channel's campaign"), ()),
    ("status", _("The turn, its deadline and who is ready"), ()),
    ("ready", _("Declare yourself ready for this turn"), ()),
    ("orders", _("Your orders of this turn"), ()),
    ("map", _("A link to your map in the web client"), ()),
)


def _described(text: Text) -> dict[str, Any]:
    # Discord's locale for French is `fr`; English is the default description.
    return {
        "description": say(text, "en"),
        "description_localizations": {
            language: say(text, language) for language in LANGUAGES if language != "en"
        },
    }


def command() -> dict[str, Any]:
    """The JSON body that registers `/marchlords`."""
    return {
        "name": COMMAND,
        "type": CHAT_INPUT,
        **_described(_("Play Marchlords from this channel")),
        "options": [
            {
                "type": SUB_COMMAND,
                "name": name,
                **_described(description),
                "options": [
                    {
                        "type": STRING,
                        "name": option,
                        **_described(option_description),
                        "required": True,
                        "max_length": length,
                    }
                    for option, option_description, length in options
                ],
            }
            for name, description, options in SUBCOMMANDS
        ],
    }


def commands_url(application_id: str, guild_id: str | None = None) -> str:
    """Where the application's commands are overwritten: all of them, or one server's."""
    if guild_id:
        return f"{API}/applications/{application_id}/guilds/{guild_id}/commands"
    return f"{API}/applications/{application_id}/commands"
