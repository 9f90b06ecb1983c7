"""Register the `/marchlords` slash command with Discord for an application (docs/operators/
configuration.md, "Discord"): `scripts/discord_register [--dry-run]`.

Reads `MARCHLORDS_DISCORD_APPLICATION_ID` and `MARCHLORDS_DISCORD_BOT_TOKEN` (the application's
id and its bot's token, from Discord's developer portal; the server itself needs neither), and
`MARCHLORDS_DISCORD_GUILD_ID` to register in one server only (at once, for trying it out).
`--dry-run` prints the request instead of sending it.
"""

import json
import os
import sys

import httpx

from app.channels.discord.registration import command, commands_url


def main(argv: list[str]) -> int:
    application_id = os.environ.get("MARCHLORDS_DISCORD_APPLICATION_ID", "")
    token = os.environ.get("MARCHLORDS_DISCORD_BOT_TOKEN", "")
    guild_id = os.environ.get("MARCHLORDS_DISCORD_GUILD_ID") or None
    url = commands_url(application_id or "<application id>", guild_id)
    body = [command()]
    if "--dry-run" in argv:
        print(f"PUT {url}")
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    if not application_id.isdigit() or not token:
        print(
            "set MARCHLORDS_DISCORD_APPLICATION_ID and MARCHLORDS_DISCORD_BOT_TOKEN",
            file=sys.stderr,
        )
        return 2
    # PUT overwrites: the commands registered are exactly these.
    response = httpx.put(url, json=body, headers={"Authorization": f"Bot {token}"}, timeout=30.0)
    if response.is_error:
        print(f"Discord answered {response.status_code}: {response.text}", file=sys.stderr)
        return 1
    names = ", ".join(c["name"] for c in response.json())
    print(f"registered: {names} ({'guild ' + guild_id if guild_id else 'global'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
