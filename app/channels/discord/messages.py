"""What an interaction answers: Discord's message JSON, user text escaped by one function.

Every answer disables mentions (`allowed_mentions: {"parse": []}`): a campaign or player
named `@everyone` pings nobody. Every text a user typed (a campaign's name, a player's) goes
through `escape_markdown` (`app/platform/chat.py`, shared with the webhooks' Discord format),
so it shows as typed and never formats, links or hides the rest.
"""

from typing import Any

from app.platform.chat import cut_escaped, no_mentions

# Discord's interaction response types and message flags (its API reference).
PONG = 1
CHANNEL_MESSAGE = 4
EPHEMERAL = 1 << 6
CONTENT_MAX = 2000


def reply(content: str, *, ephemeral: bool = True) -> dict[str, Any]:
    """An answer in the channel (`ephemeral`: seen by the caller alone)."""
    data: dict[str, Any] = {
        "content": cut_escaped(content, CONTENT_MAX),
        "allowed_mentions": no_mentions(),
    }
    if ephemeral:
        data["flags"] = EPHEMERAL
    return {"type": CHANNEL_MESSAGE, "data": data}


def pong() -> dict[str, Any]:
    """The answer to Discord's PING (type 1), which checks the endpoint."""
    return {"type": PONG}
